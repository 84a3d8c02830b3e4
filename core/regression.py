"""Regression to the mean: what noise alone does to best-of-n, exactly over the 600 answers.

Score each draw by its true quality plus independent Gaussian noise, proxy = gold + σ·Z (a
reward model with no flaw b, only noise), and keep the best of n draws. The kept answer's
expected true quality given its score r is E[gold | r], which for Gaussian gold of variance v
is the mean plus (r − mean)·v/(v + σ²): the score regresses to the mean by that factor. Over
any answers, E[gold | r] is the posterior mean under a Gaussian likelihood, which rises with r
(the likelihood ratio is monotone), and a larger n keeps a stochastically larger score: so
noise shrinks best-of-n's true-quality gain but never turns it down. The turn needs a flaw.

Each draw is a uniform answer j and a fresh Z, so the n scores are independent draws from the
mixture with tail S(r) = (1/K)·Σ_j ½·erfc((r − g_j)/(σ√2)); the best of n lies in a cell
[r_m, r_{m+1}] with chance (1 − S(r_{m+1}))ⁿ − (1 − S(r_m))ⁿ, exactly, and is answer j with the
posterior weight at the cell's middle (error O(h²), h = σ/CELLS_PER_SIGMA: see the tests).
"""

import numpy as np

from core.answers import answers
from core.validate import ANSWER_SEED, AT_LEAST_ONE, NON_NEGATIVE, validate_params

# Cells per σ of score: the middle-point posterior errs by O((1/16)²) of its curvature; against
# 256 per σ the gain differs by < 5e-5 at σ = 0.1 to 2, n = 1 to 10,000; ~0.1 s at σ = 0.1.
CELLS_PER_SIGMA = 16
TAIL_SIGMAS = 9.0  # the score range reaches 9σ past the extreme answers: a tail of 1e-19
# Numerical Recipes' erfcc Chebyshev fit (fractional error < 1.2e-7 everywhere): numpy has no erfc.
_ERFC_COEFFICIENTS = (
    -1.26551223,
    1.00002368,
    0.37409196,
    0.09678418,
    -0.18628806,
    0.27886807,
    -1.13520398,
    1.48851587,
    -0.82215223,
    0.17087277,
)


def erfc(values) -> np.ndarray:
    """The complementary error function, elementwise, to a fractional error below 1.2e-7."""
    values = np.asarray(values, dtype=np.float64)
    t = 1.0 / (1.0 + 0.5 * np.abs(values))
    polynomial = np.polynomial.polynomial.polyval(t, _ERFC_COEFFICIENTS)
    upper = t * np.exp(-values * values + polynomial)
    return np.where(values >= 0, upper, 2.0 - upper)


@validate_params({"sigma": NON_NEGATIVE})
def regression_factor(sigma, *, gold_variance: float) -> float:
    """v/(v + σ²): how far a Gaussian score's excess over the mean carries to true quality."""
    return float(gold_variance / (gold_variance + sigma**2))


@validate_params({"n": AT_LEAST_ONE, "sigma": NON_NEGATIVE, "seed": ANSWER_SEED})
def noisy_best_of_n(n, *, sigma, seed=None) -> np.ndarray:
    """Best-of-n's expected true-quality gain when the score is gold + σ·(fresh Gaussian noise).

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Answers drawn per choice; every entry finite and >= 1.
    sigma : float
        The noise's standard deviation, >= 0 (0: the score is true quality itself).
    seed : int or None
        None for the lesson's 600 answers, an integer for a fresh set (:func:`core.answers`).

    Returns
    -------
    ndarray of ``n``'s shape (a float for a scalar): E[gold of the kept answer] minus the
    answers' mean gold; nondecreasing in n and, at each n, nonincreasing in σ.
    """
    return noisy_best_of_n_over(n, sigma=sigma, gold=answers(seed=seed).gold)


@validate_params({"n": AT_LEAST_ONE, "sigma": NON_NEGATIVE})
def noisy_best_of_n_over(n, *, sigma, gold) -> np.ndarray:
    """:func:`noisy_best_of_n` over any answers' true quality ``gold`` (K,)."""
    gold = np.asarray(gold, dtype=np.float64)
    counts = np.ravel(n)
    if sigma == 0:  # the score is gold: exact best-of-n on the ranked gold
        ranked = np.sort(gold)
        fraction = np.arange(gold.size + 1) / gold.size
        chances = np.diff(fraction[None, :] ** counts[:, None], axis=1)  # (N, K), ranked
        gains = chances @ ranked - gold.mean()
    else:
        step = sigma / CELLS_PER_SIGMA
        edges = np.arange(gold.min() - TAIL_SIGMAS * sigma, gold.max() + TAIL_SIGMAS * sigma, step)
        # (M,): the chance one draw scores above each edge, from the K answers' Gaussians.
        tail = 0.5 * erfc((edges[:, None] - gold[None, :]) / (sigma * np.sqrt(2.0))).mean(axis=1)
        # P(the best of n scores at most r) = (1 − S)ⁿ, in logs: S ~ 1e-5 at the top matters.
        with np.errstate(divide="ignore"):  # S = 1 at the lowest edge: log 0, chance 0
            below = np.exp(np.outer(counts, np.log1p(-tail)))  # (N, M)
        cell_chances = np.diff(below, axis=1)  # (N, M−1)
        middles = 0.5 * (edges[1:] + edges[:-1])
        log_likelihood = -0.5 * ((middles[:, None] - gold[None, :]) / sigma) ** 2  # (M−1, K)
        weights = np.exp(log_likelihood - log_likelihood.max(axis=1, keepdims=True))
        posterior_mean = weights @ gold / weights.sum(axis=1)  # E[gold | r] at each middle
        gains = cell_chances @ posterior_mean - gold.mean()
    return gains.reshape(np.shape(n)) if np.ndim(n) else float(gains[0])
