"""Best-of-n over the fixed answers, computed exactly from order statistics.

Draw n answers with replacement and keep the one the reward model scores highest. Ranked by
proxy (rank 1 = worst of 600), the answer of rank i wins with chance (i/600)ⁿ - ((i-1)/600)ⁿ;
answers with equal proxy share their group's chance equally.
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import validate
from core.answers import ANSWER_COUNT, answers
from core.validate import (
    ANSWER_SEED,
    AT_LEAST_ONE,
    ERROR_KIND,
    REWARD_MODEL,
    SEED,
    validate_params,
)

# The answers best-of-n chooses among: the reward model, and which set of 600 answers.
ANSWER_SETTINGS = {**REWARD_MODEL, "seed": ANSWER_SEED, "errors": ERROR_KIND, "error_seed": SEED}


@dataclass(frozen=True)
class BestOfNResult:
    """What best-of-n does, relative to one answer drawn at random (n = 1).

    Every field has the shape of the n given (a float for a scalar n).
    """

    kl: np.ndarray  # exact KL(best-of-n ‖ uniform over the answers), nats; <= log 600
    proxy_gain: np.ndarray  # E[proxy of the winner] - mean proxy of the answers
    gold_gain: np.ndarray  # E[gold of the winner] - mean gold of the answers
    mean_length: np.ndarray  # E[length of the winner]
    mean_substance: np.ndarray  # E[substance of the winner]
    kl_bound: np.ndarray  # log n - (n - 1)/n, the continuous formula: an upper bound on kl


@validate_params({"n": AT_LEAST_ONE, **ANSWER_SETTINGS})
def best_of_n(
    n,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    seed: int | None = None,
    errors: str = "smooth",
    error_seed: int = 0,
) -> BestOfNResult:
    """Exact best-of-n for a scalar n or an array of n (one numpy pass).

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Answers drawn per choice; every entry finite and >= 1 (whole numbers in practice).
    b, sigma : float
        The reward model's learned padding fraction (in [0, 1]) and error size (>= 0).
    seed : int or None
        None for the lesson's fixed 600 answers, an integer for 600 fresh draws.
    errors, error_seed : str, int
        The reward model's other errors: "smooth" (the lesson's field), or "light" / "heavy"
        independent per-answer errors drawn from ``error_seed`` (see :func:`core.answers`).

    Returns
    -------
    BestOfNResult whose fields have the shape of ``n``.
    """
    return _outcome(n, _ranking(*_ranking_key(b, sigma, seed, errors, error_seed)))


@validate_params({"n": AT_LEAST_ONE})
def best_of_n_over(n, *, proxy, gold, length, substance) -> BestOfNResult:
    """Exact best-of-n over any scored answers: the engine behind every best-of-n here.

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Answers drawn per choice; every entry finite and >= 1.
    proxy, gold, length, substance : array_like of shape (K,)
        Each answer's reward-model score (the ranking key), true quality and position.

    Returns
    -------
    BestOfNResult whose fields have the shape of ``n``: gains from the answers' average, the
    exact KL from the uniform choice over the K answers (at most log K).
    """
    return _outcome(n, _rank(proxy, gold, length, substance))


@validate_params({"n": AT_LEAST_ONE, **ANSWER_SETTINGS})
def win_probabilities(
    n,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    seed: int | None = None,
    errors: str = "smooth",
    error_seed: int = 0,
) -> np.ndarray:
    """Each answer's chance of being the one best-of-n keeps.

    Returns an array of shape ``np.shape(n) + (600,)``, answers in the order of
    :func:`core.answers`; each row sums to 1.
    """
    ranking = _ranking(*_ranking_key(b, sigma, seed, errors, error_seed))
    return _chances_in_answer_order(n.ravel(), ranking).reshape(n.shape + (-1,))


@validate_params({"n": AT_LEAST_ONE})
def median_kept_rank(n, *, answer_count: int = ANSWER_COUNT):
    """The rank (1 the worst, ``answer_count`` the best) that best-of-n keeps or beats half the
    time: the smallest i with (i/K)ⁿ >= 1/2, so 300 of 600 at n = 1, 592 at n = 49, 600 at
    n = 590. An int for a scalar n, else an int array of n's shape."""
    # 1e-9: a float error just above a whole rank (300.00000000000006) must not add one.
    ranks = np.ceil(answer_count * 0.5 ** (1.0 / n) - 1e-9).astype(np.int64)
    return int(ranks) if ranks.ndim == 0 else ranks


@dataclass(frozen=True)
class RankedAnswers:
    """The answers sorted by the reward model's score, worst first: arrays (600,), read-only."""

    proxy: np.ndarray  # the reward model's scores, rising
    gold: np.ndarray  # the true quality of the same answers
    order: np.ndarray  # answer indices in answers() order, worst proxy first


@validate_params({**REWARD_MODEL, "seed": ANSWER_SEED})
def ranked_answers(*, b: float = 0.0, sigma: float = 0.0, seed: int | None = None) -> RankedAnswers:
    """The answers in the order best-of-n ranks them (by proxy, worst first; ties keep their
    order in :func:`core.answers`), with both scores."""
    order = _ranking(b, sigma, seed).order
    scored = answers(b=b, sigma=sigma, seed=seed)
    proxy, gold = scored.proxy[order], scored.gold[order]
    for array in (proxy, gold):
        array.flags.writeable = False
    return RankedAnswers(proxy=proxy, gold=gold, order=order)


@dataclass(frozen=True)
class _Ranking:
    """The answers sorted by proxy, worst first, with their tie groups."""

    order: np.ndarray  # (600,) answer indices, worst proxy first
    group_below: np.ndarray  # (600,) how many answers score strictly lower
    group_top: np.ndarray  # (600,) how many answers score lower or equal
    centered_scores: np.ndarray  # (600, 4) proxy, gold minus their means; length; substance


def _ranking_key(b, sigma, seed, errors, error_seed) -> tuple:
    """The cache key of checked settings; the lesson's smooth errors keep a three-part key."""
    return (b, sigma, seed) if errors == "smooth" else (b, sigma, seed, errors, error_seed)


@lru_cache(maxsize=64)
def _ranking(
    b: float, sigma: float, seed: int | None, errors: str = "smooth", error_seed: int = 0
) -> _Ranking:
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    return _rank(scored.proxy, scored.gold, scored.length, scored.substance)


def _rank(proxy, gold, length, substance) -> _Ranking:
    """The answers (arrays (K,)) sorted by proxy, worst first; ties keep their given order."""
    proxy, gold, length, substance = (
        np.asarray(column, dtype=np.float64) for column in (proxy, gold, length, substance)
    )
    order = np.argsort(proxy, kind="stable")
    order.flags.writeable = False  # shared with every caller of ranked_answers
    ranked_proxy = proxy[order]
    group_below = np.searchsorted(ranked_proxy, ranked_proxy, side="left")
    group_top = np.searchsorted(ranked_proxy, ranked_proxy, side="right")
    centered = np.column_stack([proxy - proxy.mean(), gold - gold.mean(), length, substance])[order]
    return _Ranking(order, group_below, group_top, centered)


def _outcome(counts: np.ndarray, ranking: _Ranking) -> BestOfNResult:
    """The result fields for the n in ``counts`` (any shape) over one ranking of K answers."""
    flat = counts.ravel()
    answer_count = ranking.order.size
    chance = _chances_in_rank_order(flat, ranking)
    with np.errstate(divide="ignore", invalid="ignore"):
        surprise = np.where(chance > 0, chance * np.log(answer_count * chance), 0.0)
    # Rounding leaves the KL a hair below 0 at n = 1 (-7e-19 at b = σ = 0); above log K it
    # never lands (a top chance of 1 - ε gives log K - ε(log K + 1); none of 3,000 n up to 1e30
    # did, for K = 2 to 999), so only the floor is clamped.
    kl = np.maximum(surprise.sum(axis=1), 0.0)
    means = chance @ ranking.centered_scores
    fields = (kl, *means.T, np.log(flat) - (flat - 1.0) / flat)
    return BestOfNResult(*(validate.shaped(field, counts.shape) for field in fields))


def _chances_in_rank_order(counts: np.ndarray, ranking: _Ranking) -> np.ndarray:
    """(len(counts), K): chance that each ranked answer wins, for each n; ties share equally."""
    answer_count = ranking.order.size
    # The chance that all n draws rank at most k is (k/K)ⁿ, for k = 0..K.
    fraction = np.arange(answer_count + 1) / answer_count
    with np.errstate(divide="ignore"):
        log_fraction = np.log(fraction)
    at_most = np.exp(np.outer(counts, log_fraction))
    group_size = ranking.group_top - ranking.group_below
    return (at_most[:, ranking.group_top] - at_most[:, ranking.group_below]) / group_size


def _chances_in_answer_order(counts: np.ndarray, ranking: _Ranking) -> np.ndarray:
    """(len(counts), K): each answer's chance of winning, answers in their given order."""
    chance = np.empty((counts.size, ranking.order.size))
    chance[:, ranking.order] = _chances_in_rank_order(counts, ranking)
    return chance
