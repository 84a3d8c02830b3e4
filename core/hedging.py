"""HedgeTune (Khalaf et al., 2025, arXiv 2506.19248): choose best-of-n's n once, from m base
answers checked against true quality, instead of checking at every n.

Best-of-n keeps the answer whose reward-model quantile u is the top of n uniform draws:
u ∼ Beta(n, 1), density n·u^{n−1}. With ĝ(u) = E[gold | reward-model quantile u], the kept
answer's expected true quality is G(n) = ∫ n·u^{n−1}·ĝ(u) du, and its slope in n is

    G′(n) = E_{u∼Beta(n,1)}[ĝ(u)·(1/n + ln u)],

so the best n, n*, is where that expectation crosses 0. HedgeTune estimates ĝ from m checked
base answers: ranked by the reward model, ĝ is the step that takes the k-th answer's gold on
((k−1)/m, k/m]. Since d/du[u^n·ln u] = n·u^{n−1}·(1/n + ln u), the expectation is then exact:

    G′(n) = Σ_k gold_(k)·[c_k^n·ln c_k − a_k^n·ln a_k],   c_k = k/m, a_k = (k−1)/m, 0·ln 0 = 0,

and n* is its root, found by bisection over log n. With all 600 answers it is the peak of the
exact best-of-n curve (49 on the lesson's draw).
"""

import numpy as np

from core.answers import answers
from core.validate import (
    AT_LEAST_ONE,
    AT_LEAST_ONE_NUMBER,
    N_STOPS,
    REWARD_MODEL,
    SEED,
    Whole,
    validate_params,
)

# Bisection halvings in log n: the bracket [0, ln 10,000] is 9.2 wide, so 40 halvings leave
# 8e-12 in log n, far below any n a reader sees.
BISECTION_STEPS = 40
N_MAX = 10_000.0  # the n slider's strongest stop: n* is sought in [1, N_MAX]
FACTOR = 2.0  # "lands within a factor 2": n*/n_true in [1/2, 2]
TRIALS = Whole(1, 10_000)


@validate_params({"n": AT_LEAST_ONE})
def hedge_slope(n, *, proxy, gold) -> np.ndarray:
    """E_{u∼Beta(n,1)}[ĝ(u)·(1/n + ln u)] for the step ĝ of checked answers, exactly.

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Best-of-n's n; every entry finite and >= 1.
    proxy, gold : array_like of shape (m,) or (S, m)
        The checked answers' reward-model scores and true quality: one set, or S sets.

    Returns
    -------
    ndarray of shape ``np.shape(n)`` for one set, ``(S,) + np.shape(n)`` for S sets: the
    slope of best-of-n's expected true quality in n (its sign says whether more n helps).
    """
    ranked_gold = _ranked(proxy, gold)  # (S, m)
    slopes = _slopes(np.log(np.ravel(n)), ranked_gold)  # (S, N)
    shape = ranked_gold.shape[:1] + np.shape(n) if np.ndim(proxy) == 2 else np.shape(n)
    return slopes.reshape(shape) if shape else float(slopes[0, 0])


@validate_params({"n_max": AT_LEAST_ONE_NUMBER})
def hedge_tune(*, proxy, gold, n_max: float = N_MAX):
    """HedgeTune's n*: the root of :func:`hedge_slope` in [1, n_max], by bisection in log n.

    Parameters
    ----------
    proxy, gold : array_like of shape (m,) or (S, m)
        The checked answers (one set, or S sets of m each).
    n_max : float
        The largest n considered (>= 1); n* = n_max where the slope is still >= 0 there, 1
        where it is already <= 0 at n = 1.

    Returns
    -------
    float for one set, ndarray (S,) for S sets.
    """
    steps = _steps(_ranked(proxy, gold))
    rows = steps[0].shape[0]
    low, high = np.zeros(rows), np.full(rows, np.log(n_max))
    rising_at_one = _at(low, steps) > 0
    rising_at_end = _at(high, steps) >= 0
    for _ in range(BISECTION_STEPS):  # halvings, every set at once
        middle = 0.5 * (low + high)
        rising = _at(middle, steps) > 0
        low, high = np.where(rising, middle, low), np.where(rising, high, middle)
    root = np.exp(0.5 * (low + high))
    root = np.where(rising_at_end, n_max, np.where(rising_at_one, root, 1.0))
    return root if np.ndim(proxy) == 2 else float(root[0])


@validate_params({"m": N_STOPS, **REWARD_MODEL, "trials": TRIALS, "seed": SEED})
def hedge_tune_trials(m, *, b=0.0, sigma=0.0, trials: int = 200, seed: int = 0) -> np.ndarray:
    """n* from m checked base answers, drawn with replacement from the lesson's 600.

    Parameters
    ----------
    m : array_like of shape (M,)
        How many base answers are checked against true quality (whole numbers >= 1).
    b, sigma : float
        The reward model (:func:`core.answers`).
    trials : int
        Independent draws of the checked answers per m (1 to 10,000).
    seed : int
        The generator's seed: trial t of every m uses the same stream, so rows share draws.

    Returns
    -------
    ndarray of shape (M, trials): each trial's n*, in [1, N_MAX].
    """
    scored = answers(b=b, sigma=sigma)
    sizes = np.rint(m).astype(int)
    largest = int(sizes.max())
    picks = np.random.default_rng(seed).integers(0, scored.proxy.size, (trials, largest))
    # One (M·trials, largest) batch: set (i, t) is the first m_i picks of trial t; the unused
    # places score -inf, so they rank at the bottom with zero weight (see _slopes' masks).
    used = np.arange(largest)[None, :] < sizes[:, None]  # (M, largest)
    proxy = np.where(used[:, None, :], scored.proxy[picks][None], -np.inf)
    gold = np.where(used[:, None, :], scored.gold[picks][None], 0.0)
    roots = hedge_tune(proxy=proxy.reshape(-1, largest), gold=gold.reshape(-1, largest))
    return roots.reshape(sizes.size, trials)


@validate_params({**REWARD_MODEL})
def true_peak(*, b=0.0, sigma=0.0) -> float:
    """n* from all 600 answers, each once: the peak of the exact best-of-n curve in [1, N_MAX]."""
    scored = answers(b=b, sigma=sigma)
    return hedge_tune(proxy=scored.proxy, gold=scored.gold)


def within_factor(estimates, truth: float, factor: float = FACTOR) -> np.ndarray:
    """Whether each estimate is within ``factor`` of ``truth`` (ratio in [1/factor, factor])."""
    ratio = np.asarray(estimates, dtype=np.float64) / truth
    return (ratio >= 1.0 / factor) & (ratio <= factor)


def _ranked(proxy, gold) -> np.ndarray:
    """(S, m) gold in order of rising proxy; padding (proxy -inf) first, with gold 0."""
    proxy = np.atleast_2d(np.asarray(proxy, dtype=np.float64))
    gold = np.atleast_2d(np.asarray(gold, dtype=np.float64))
    order = np.argsort(proxy, axis=1, kind="stable")
    ranked = np.take_along_axis(gold, order, axis=1)
    counts = np.isfinite(proxy).sum(axis=1)  # m of each set
    return _with_sizes(ranked, counts)


def _with_sizes(ranked: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Keep the set sizes beside the ranked gold (the last column holds each set's m)."""
    return np.column_stack([ranked, counts])


def _steps(ranked_with_sizes: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Ranked gold (S, width) and the logs of each rank's step ends c = k/m, a = (k−1)/m,
    with ln 0 taken as 0: then c^n·ln c is exactly 0 there, as 0·ln 0 = 0 (and 1·ln 1 = 0)."""
    ranked, counts = ranked_with_sizes[:, :-1], ranked_with_sizes[:, -1:]
    width = ranked.shape[1]
    # Rank k of a set of m sits at column width − m + k (padding first, k <= 0: a = c = 0).
    k = np.arange(1, width + 1)[None, :] - (width - counts)
    ends = [np.clip(rank / counts, 0, 1) for rank in (k, k - 1)]
    with np.errstate(divide="ignore"):
        logs = [np.where(end > 0, np.log(np.maximum(end, 1e-300)), 0.0) for end in ends]
    return ranked, logs[0], logs[1]


def _slopes(log_n: np.ndarray, ranked_with_sizes: np.ndarray) -> np.ndarray:
    """(S, N): every set's slope at every n = e^{log_n} (N,); see the module's formula."""
    ranked, log_upper, log_lower = _steps(ranked_with_sizes)
    n = np.exp(log_n)[None, None, :]
    upper, lower = log_upper[..., None], log_lower[..., None]
    terms = np.exp(n * upper) * upper - np.exp(n * lower) * lower  # (S, width, N)
    return np.einsum("sw,swn->sn", ranked, terms)


def _at(log_n: np.ndarray, steps: tuple) -> np.ndarray:
    """(S,): each set's slope at its own n = e^{log_n} (S,), from :func:`_steps`."""
    ranked, log_upper, log_lower = steps
    n = np.exp(log_n)[:, None]
    return np.sum(
        ranked * (np.exp(n * log_upper) * log_upper - np.exp(n * log_lower) * log_lower), axis=1
    )
