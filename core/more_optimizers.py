"""Three views of selection from the 600 answers beyond best-of-n: Best-of-Poisson, soft
best-of-n, and best-of-n's win rate against a base draw.

- Best-of-Poisson (Khalaf et al., 2025, arXiv 2506.19248): draw n = 1 + Poisson(μ) answers and
  keep the reward model's best. The chance that every draw ranks at most k of K is
  E[(k/K)ⁿ] = (k/K)·e^{μ(k/K − 1)}, so the answer of rank i is kept with chance
  F_i·e^{μ(F_i−1)} − F_{i−1}·e^{μ(F_{i−1}−1)}, F_i = i/K: exact, ties sharing as best-of-n's.
- Soft best-of-n (Verdun et al., 2025, arXiv 2505.03156): draw n answers with replacement and
  keep draw i with chance e^{r_i/λ}/Σ_j e^{r_j/λ}. Exact to quadrature (see
  :func:`soft_best_of_n_over`), not simulated.
- The win rate (Beirami et al., 2024; Gui, Gârbacea & Veitch, 2024): how often best-of-n's
  pick (or the KL optimum's over the same 600) beats one uniform draw from the 600, by the
  reward model (n/(n+1) without ties, for best-of-n) and by true quality; ties count half.
  Exact sums over the 600.
"""

from dataclasses import dataclass

import numpy as np

from core import validate
from core.answers import answers
from core.best_of_n import ANSWER_SETTINGS, win_probabilities
from core.validate import AT_LEAST_ONE, POSITIVE, POSITIVE_NUMBER, Numbers, validate_params

MEAN_EXTRA = Numbers(low=0.0, valid="finite numbers >= 0")  # μ: the Poisson mean of extra draws
# Soft best-of-n's quadrature: the trapezoid rule in s = log t, step 0.25. The integrand is
# smooth and doubly-exponentially small at both ends, so the rule converges geometrically:
# against step 0.05 it differs by 9e-15 at λ = 0.5, n = 2 to 1,000 (1.9e-10 at step 0.5).
QUADRATURE_STEP = 0.25
# The s range: from where t·w_top = e^-40 (its integrand term t·w·e^{-tw} < 5e-18) to where
# the lowest weight's t·w = e^5 (its e^{-tw} < 1e-64).
QUADRATURE_LOW, QUADRATURE_HIGH = -40.0, 5.0
EXPONENT_CAP = 700.0  # t·w above e^700 would overflow; e^{-tw} is 0 there long before


@dataclass(frozen=True)
class SelectionResult:
    """What a selection rule over the answers does, relative to one uniform draw.

    Every field has the shape of the parameter given (a float for a scalar).
    """

    kl: np.ndarray  # exact KL(kept answer ‖ uniform over the K answers), nats; <= log K
    proxy_gain: np.ndarray  # E[proxy of the kept answer] - the answers' mean proxy
    gold_gain: np.ndarray  # E[gold of the kept answer] - the answers' mean gold
    mean_length: np.ndarray  # E[length of the kept answer]
    mean_substance: np.ndarray  # E[substance of the kept answer]


@dataclass(frozen=True)
class WinRates:
    """How often best-of-n's kept answer beats one uniform draw J from the answers (ties half).

    Both fields have the shape of the n given (a float for a scalar n).
    """

    by_reward_model: np.ndarray  # P(proxy_kept > proxy_J) + ½P(equal); n/(n+1) - O(1/K²)
    by_true_quality: np.ndarray  # P(gold_kept > gold_J) + ½P(equal)


@validate_params({"mu": MEAN_EXTRA, **ANSWER_SETTINGS})
def best_of_poisson(
    mu, *, b=0.0, sigma=0.0, seed=None, errors="smooth", error_seed=0
) -> SelectionResult:
    """Exact Best-of-Poisson over the 600 answers: n = 1 + Poisson(μ) draws, keep the best.

    Parameters
    ----------
    mu : float or array_like of shape (...,)
        The mean number of extra draws; every entry finite and >= 0 (0 is one uniform draw).
    b, sigma, seed, errors, error_seed
        The reward model and the answer set, as in :func:`core.best_of_n`.

    Returns
    -------
    SelectionResult whose fields have the shape of ``mu``.
    """
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    return best_of_poisson_over(
        mu, proxy=scored.proxy, gold=scored.gold, length=scored.length, substance=scored.substance
    )


@validate_params({"mu": MEAN_EXTRA})
def best_of_poisson_over(mu, *, proxy, gold, length, substance) -> SelectionResult:
    """Exact Best-of-Poisson over any scored answers (arrays (K,)); fields of ``mu``'s shape."""
    columns = [np.asarray(column, dtype=np.float64) for column in (proxy, gold, length, substance)]
    means = np.ravel(mu)
    chances = best_of_poisson_chances(means, proxy=columns[0])
    return _result(chances, columns, np.shape(mu))


@validate_params({"mu": MEAN_EXTRA})
def best_of_poisson_chances(mu, *, proxy) -> np.ndarray:
    """Each answer's chance of being kept by Best-of-Poisson: shape ``np.shape(mu) + (K,)``,
    answers in the order of ``proxy`` (K,); answers with equal proxy share their group's."""
    proxy = np.asarray(proxy, dtype=np.float64)
    fraction = np.arange(proxy.size + 1) / proxy.size  # F_k = k/K, k = 0..K
    means = np.ravel(mu)[:, None]
    # P(every draw ranks at most k) = E[F_kⁿ] over n = 1 + Poisson(μ): F_k·e^{μ(F_k − 1)}.
    at_most = fraction[None, :] * np.exp(means * (fraction[None, :] - 1.0))
    return _shared_by_ties(at_most, proxy).reshape(np.shape(mu) + (proxy.size,))


@validate_params({"n": AT_LEAST_ONE, "lam": POSITIVE_NUMBER, **ANSWER_SETTINGS})
def soft_best_of_n(
    n, *, lam, b=0.0, sigma=0.0, seed=None, errors="smooth", error_seed=0
) -> SelectionResult:
    """Soft best-of-n over the 600 answers at temperature ``lam``, for a scalar or array n.

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Draws per choice, with replacement; every entry finite and >= 1.
    lam : float
        The temperature λ > 0: λ → 0 is best-of-n, λ → ∞ one uniform draw, and n → ∞ the tilt
        π ∝ e^{proxy/λ} (:func:`core.answer_tilt` at β = λ).
    b, sigma, seed, errors, error_seed
        The reward model and the answer set, as in :func:`core.best_of_n`.

    Returns
    -------
    SelectionResult whose fields have the shape of ``n``.
    """
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    return soft_best_of_n_over(
        n,
        lam=lam,
        proxy=scored.proxy,
        gold=scored.gold,
        length=scored.length,
        substance=scored.substance,
    )


@validate_params({"n": AT_LEAST_ONE, "lam": POSITIVE_NUMBER})
def soft_best_of_n_over(n, *, lam, proxy, gold, length, substance) -> SelectionResult:
    """Soft best-of-n over any scored answers (arrays (K,)); fields of ``n``'s shape."""
    columns = [np.asarray(column, dtype=np.float64) for column in (proxy, gold, length, substance)]
    chances = soft_best_of_n_chances(np.ravel(n), lam=lam, proxy=columns[0])
    return _result(chances, columns, np.shape(n))


@validate_params({"n": AT_LEAST_ONE, "lam": POSITIVE_NUMBER})
def soft_best_of_n_chances(n, *, lam, proxy) -> np.ndarray:
    """Each answer's chance of being kept by soft best-of-n: shape ``np.shape(n) + (K,)``.

    With weights w_j = e^{(r_j − max r)/λ} and one draw's Laplace transform
    φ(t) = (1/K)·Σ_j e^{−t·w_j}, the identity 1/x = ∫₀^∞ e^{−tx} dt turns the keep chance
    n·(1/K)·E[w_i/(w_i + S_{n−1})], S_{n−1} the weights of the other n − 1 draws, into

        P_i = (n/K)·∫₀^∞ w_i·e^{−t·w_i}·φ(t)^{n−1} dt,

    one integral, taken by the trapezoid rule in s = log t (QUADRATURE_STEP): exact to ~1e-14,
    not a simulation (tests/core/test_more_optimizers.py checks it against a seeded Monte Carlo,
    enumeration at small K and n, best-of-n as λ → 0 and the tilt as n → ∞). Its cost grows as
    the proxies' spread over λ (the s range): ~10 ms for the 600 at λ = 0.5, ~0.2 s and three
    (600, 3,100) arrays at λ = 0.01.
    """
    proxy = np.asarray(proxy, dtype=np.float64)
    counts = np.ravel(n)
    log_weight = (proxy - proxy.max()) / lam  # (K,) <= 0
    s = np.arange(QUADRATURE_LOW, QUADRATURE_HIGH - log_weight.min(), QUADRATURE_STEP)
    # (K, S): t·w_j at each s, capped where e^{-t·w} is 0 to float precision anyway.
    scaled = np.exp(np.minimum(s[None, :] + log_weight[:, None], EXPONENT_CAP))
    survive = np.exp(-scaled)
    # φ >= e^{-e^5}/K > 0 on the whole range (QUADRATURE_HIGH), so its log is finite.
    log_transform = np.log(survive.mean(axis=0))  # (S,)
    powers = np.exp(np.outer(log_transform, counts - 1.0))  # (S, N): φ^{n−1}
    # dt = t·ds: the integrand w_i·e^{−t w_i}·φ^{n−1}·t, summed with the trapezoid's weights
    # (both ends are ~0, so the plain sum times the step is the trapezoid rule).
    chances = (counts / proxy.size)[:, None] * (QUADRATURE_STEP * (scaled * survive) @ powers).T
    return chances.reshape(np.shape(n) + (proxy.size,))


@validate_params({"n": AT_LEAST_ONE, **ANSWER_SETTINGS})
def win_rates(n, *, b=0.0, sigma=0.0, seed=None, errors="smooth", error_seed=0) -> WinRates:
    """How often best-of-n's kept answer beats one uniform draw from the 600, exactly.

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Answers drawn per choice; every entry finite and >= 1.
    b, sigma, seed, errors, error_seed
        The reward model and the answer set, as in :func:`core.best_of_n`.

    Returns
    -------
    WinRates whose fields have the shape of ``n``: Σ_i p_i·P(score_i beats score_J), J uniform
    over the answers, ties counted half, for the reward model's score and for true quality.
    """
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    kept = win_probabilities(
        np.ravel(n), b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed
    )  # (N, K)
    rates = [kept @ _beats_a_draw(score) for score in (scored.proxy, scored.gold)]
    return WinRates(*(validate.shaped(rate, np.shape(n)) for rate in rates))


@validate_params({"beta": POSITIVE, **ANSWER_SETTINGS})
def tilt_win_rates(beta, *, b=0.0, sigma=0.0, seed=None, errors="smooth", error_seed=0) -> WinRates:
    """How often the KL optimum over the 600, π_i ∝ e^{proxy_i/β}, beats one uniform draw.

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        The KL penalty; every entry finite and > 0.
    b, sigma, seed, errors, error_seed
        The reward model and the answer set, as in :func:`core.best_of_n`.

    Returns
    -------
    WinRates whose fields have the shape of ``beta``: Σ_i π_i·P(score_i beats score_J), J
    uniform over the answers, ties counted half, by the reward model and by true quality. The
    tilt's by the reward model is not n/(n+1): it spreads its weight over the top answers.
    """
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    betas = np.ravel(np.asarray(beta, dtype=np.float64))
    # (B, K) weights shifted by the top proxy: no overflow down to β = 1e-6 (e^0 at the top).
    weight = np.exp((scored.proxy[None, :] - scored.proxy.max()) / betas[:, None])
    kept = weight / weight.sum(axis=1, keepdims=True)
    rates = [kept @ _beats_a_draw(score) for score in (scored.proxy, scored.gold)]
    return WinRates(*(validate.shaped(rate, np.shape(beta)) for rate in rates))


def _beats_a_draw(score: np.ndarray) -> np.ndarray:
    """(K,): each answer's chance of beating one uniform draw of the K by ``score``, ties half."""
    ranked = np.sort(score)
    below = np.searchsorted(ranked, score, side="left")
    at_or_below = np.searchsorted(ranked, score, side="right")
    return (below + at_or_below) / (2.0 * score.size)


def _shared_by_ties(at_most: np.ndarray, proxy: np.ndarray) -> np.ndarray:
    """(P, K) keep chances in ``proxy``'s order from (P, K+1) chances that the best of the
    draws ranks at most k = 0..K; answers with equal proxy share their group's chance."""
    ranked = np.sort(proxy)
    below = np.searchsorted(ranked, proxy, side="left")
    top = np.searchsorted(ranked, proxy, side="right")
    return (at_most[:, top] - at_most[:, below]) / (top - below)


def _result(chances: np.ndarray, columns: list, shape: tuple) -> SelectionResult:
    """The fields from keep chances (..., K) over scored answers, in the parameter's shape."""
    flat = chances.reshape(-1, chances.shape[-1])
    answer_count = flat.shape[1]
    with np.errstate(divide="ignore", invalid="ignore"):
        surprise = np.where(flat > 0, flat * np.log(answer_count * flat), 0.0)
    # Rounding leaves the KL a hair below 0 at a uniform choice: floored, as best-of-n's is.
    kl = np.maximum(surprise.sum(axis=1), 0.0)
    proxy, gold, length, substance = columns
    scores = np.column_stack([proxy - proxy.mean(), gold - gold.mean(), length, substance])
    fields = (kl, *(flat @ scores).T)
    return SelectionResult(*(validate.shaped(field, shape) for field in fields))
