"""How far best-of-n's story holds beyond the lesson's one draw of 600 answers.

The lesson's 600 answers were chosen (core/answers.py: the first seed that tells the story) so
that best-of-n peaks at n = 49, falls below the base model from n = 590, and b = 0.2 removes the
decline. Those are that draw's. Here every such claim is counted over a fixed set of fresh
draws, :data:`FRESH_DRAW_SEEDS` (600 answers each, as ``core.answers(seed=...)`` draws them):
best-of-n along n for all of them at once, one matrix product over seeds, no loop over n.

The KL optimum needs none of this: it is solved on the grid, with no draw to be lucky in.
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import world
from core.answers import ANSWER_COUNT, answer_points, draw_answers
from core.validate import (
    ANSWER_SEED,
    AT_LEAST_ONE_NUMBER,
    N_STOPS,
    REWARD_MODEL,
    Numbers,
    validate_params,
)

# Seeds 1-200: the fresh draws every "on this draw" claim is counted over (the Lesson has quoted
# these 200 since turn 5; 200 puts a share's standard error at most 3.5 points).
FRESH_DRAW_SEEDS = tuple(range(1, 201))
# A fall below the running maximum smaller than this is none: docs/design.md §3's test of
# "removes the decline" (best-of-n's gains are told to 0.01).
DECLINE_TOLERANCE = 0.01
GAINS = Numbers(valid="finite numbers")  # true quality gains: any sign, any shape
STRONGEST_N = 10_000  # the n slider's strongest stop, where "below the base" is read
# Whole n per block of the win-chance matrix: 2,000 x 601 floats is ~10 MB (all 10,000 at
# once would be 48 MB).
COUNTS_PER_BLOCK = 2_000


@dataclass(frozen=True)
class FreshCurves:
    """Best-of-n over each fresh draw: ``counts`` (N,), the rest (seeds, N), read-only."""

    counts: np.ndarray  # the n asked for
    gold_gain: np.ndarray  # E[gold of the winner] - the draw's mean gold
    mean_length: np.ndarray | None  # E[length of the winner]; None where not asked for


@dataclass(frozen=True)
class FreshStory:
    """Best-of-n's story on each fresh draw, every whole n from 1 to ``high``: arrays (seeds,).

    Read a count with ``int(field.sum())``; ``seeds`` is how many draws were counted.
    """

    seeds: int
    high: int  # the strongest n looked at
    peak_n: np.ndarray  # the whole n where true quality is highest (the first, if tied)
    declines: np.ndarray  # bool: falls more than DECLINE_TOLERANCE below its running maximum
    fall: np.ndarray  # the largest fall below its running maximum (0 if it never falls)
    below_past_peak: np.ndarray  # bool: below the base model (gain < 0) somewhere past the peak
    first_below: np.ndarray  # the first n past the peak with gain < 0 (nan where none)
    below_at_end: np.ndarray  # bool: gain < 0 at n = high


def _checked_seeds(seeds) -> tuple[int, ...]:
    checked = tuple(ANSWER_SEED.check(seed, "seed") for seed in seeds)
    if not checked or None in checked:
        raise ValueError("seeds must be one or more whole numbers >= 0 (fresh draws, not None)")
    return checked


@lru_cache(maxsize=4)
def _fresh_points(seeds: tuple[int, ...]) -> tuple[np.ndarray, np.ndarray]:
    """(length, substance) of every draw: (seeds, 600) each, read-only."""
    drawn = [draw_answers(seed) for seed in seeds]  # one generator per seed, as answers() draws
    length = np.array([pair[0] for pair in drawn])
    substance = np.array([pair[1] for pair in drawn])
    for array in (length, substance):
        array.flags.writeable = False
    return length, substance


@lru_cache(maxsize=4)
def _fresh_errors(seeds: tuple[int, ...]) -> np.ndarray:
    """ε at every answer of every draw: (seeds, 600), read-only. The slow part (256 cosines at
    120,000 points: ~1.8 s for 200 draws), asked only where σ > 0 and kept: it depends on no
    (b, σ)."""
    errors = world.error_field(*_fresh_points(seeds))
    errors.flags.writeable = False
    return errors


def _tie_means(ranked_key: np.ndarray, values: np.ndarray) -> np.ndarray:
    """Each entry replaced by the mean over its tie group of ``ranked_key`` (rows sorted
    rising): (seeds, K). Tied answers share their group's chance equally (core.best_of_n), so
    the expected value is the win chances by rank against these group means."""
    rows, answer_count = ranked_key.shape
    position = np.broadcast_to(np.arange(answer_count), (rows, answer_count))
    starts = np.ones((rows, answer_count), dtype=bool)
    starts[:, 1:] = ranked_key[:, 1:] != ranked_key[:, :-1]
    below = np.maximum.accumulate(np.where(starts, position, 0), axis=1)
    ends = np.ones((rows, answer_count), dtype=bool)
    ends[:, :-1] = starts[:, 1:]
    top = np.minimum.accumulate(np.where(ends, position, answer_count)[:, ::-1], axis=1)[:, ::-1]
    running = np.zeros((rows, answer_count + 1))
    running[:, 1:] = np.cumsum(values, axis=1)
    rows_index = np.arange(rows)[:, None]
    return (running[rows_index, top + 1] - running[rows_index, below]) / (top + 1 - below)


def _win_chances_by_rank(counts: np.ndarray) -> np.ndarray:
    """(N, 600): the chance that rank i (worst first) wins at each n, (i/K)ⁿ − ((i−1)/K)ⁿ."""
    fraction = np.arange(ANSWER_COUNT + 1) / ANSWER_COUNT
    with np.errstate(divide="ignore"):
        log_fraction = np.log(fraction)
    return np.diff(np.exp(np.outer(counts, log_fraction)), axis=1)


@validate_params({"counts": N_STOPS, **REWARD_MODEL})
def fresh_curves(
    counts, *, b: float = 0.0, sigma: float = 0.0, seeds: tuple[int, ...] = FRESH_DRAW_SEEDS
) -> FreshCurves:
    """Exact best-of-n at each n of ``counts`` over every fresh draw of ``seeds``.

    Parameters
    ----------
    counts : array_like of shape (N,)
        The n to evaluate, each >= 1.
    b, sigma : float
        The reward model's learned padding fraction and error size, as everywhere.
    seeds : tuple of int
        The fresh draws (``core.answers(seed=...)``'s); one row each.

    Returns
    -------
    FreshCurves with ``gold_gain`` and ``mean_length`` of shape (len(seeds), N): row j equals
    ``core.best_of_n(counts, b=b, sigma=sigma, seed=seeds[j])``'s fields to rounding.
    """
    return _fresh_curves(counts, b=b, sigma=sigma, seeds=seeds)


def _fresh_curves(counts, *, b, sigma, seeds, lengths: bool = True) -> FreshCurves:
    seeds = _checked_seeds(seeds)
    errors = (lambda: _fresh_errors(seeds)) if sigma else None
    points = _fresh_points(seeds)
    return _curves_over(counts, *points, errors, b=b, sigma=sigma, lengths=lengths)


def _curves_over(
    counts, length, substance, errors, *, b: float, sigma: float, lengths: bool = True
) -> FreshCurves:
    """:func:`fresh_curves` over any rows of answers: (rows, 600) positions, and a call that
    gives their ε (None at σ = 0, where it is not needed). ``lengths=False`` leaves out the
    mean length (None), half the work, where only true quality is read."""
    proxy = world.proxy(length, substance, b=b)
    if sigma:
        proxy = proxy + sigma * errors()  # world.proxy's own sum, with ε kept across (b, σ)
    gold = world.gold(length, substance)
    order = np.argsort(proxy, axis=1, kind="stable")  # worst first, as core.best_of_n ranks
    ranked_proxy = np.take_along_axis(proxy, order, axis=1)
    centred_gold = gold - gold.mean(axis=1, keepdims=True)
    # Rows: each draw's true quality, then (if asked) its length, in rank order: (rows, 600).
    ranked = np.concatenate(
        [
            _tie_means(ranked_proxy, np.take_along_axis(values, order, axis=1))
            for values in ((centred_gold, length) if lengths else (centred_gold,))
        ]
    )
    means = np.empty((ranked.shape[0], counts.size))
    for start in range(0, counts.size, COUNTS_PER_BLOCK):  # blocks of n, bounding memory
        block = slice(start, start + COUNTS_PER_BLOCK)
        means[:, block] = ranked @ _win_chances_by_rank(counts[block]).T
    rows = length.shape[0]
    gold_gain, mean_length = means[:rows], (means[rows:] if lengths else None)
    shown = counts.astype(float)
    for array in (shown, gold_gain, mean_length):
        if array is not None:
            array.flags.writeable = False
    return FreshCurves(counts=shown, gold_gain=gold_gain, mean_length=mean_length)


@validate_params({**REWARD_MODEL, "high": AT_LEAST_ONE_NUMBER})
def fresh_story(
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    seeds: tuple[int, ...] = FRESH_DRAW_SEEDS,
    high: int = STRONGEST_N,
) -> FreshStory:
    """Best-of-n's story on every fresh draw, read at every whole n from 1 to ``high``.

    Where it peaks, whether it declines (more than DECLINE_TOLERANCE below its running
    maximum, docs/design.md §3's test), whether and where it falls below the base model past
    its peak, and whether it is below it at ``high``. ~0.2 s for 200 draws and n to 10,000
    once ε is kept (the first call ~2.3 s).
    """
    counts = np.arange(1, int(high) + 1)
    curves = _fresh_curves(counts, b=b, sigma=sigma, seeds=seeds, lengths=False)
    return _story(counts, curves.gold_gain)


@validate_params({**REWARD_MODEL, "high": AT_LEAST_ONE_NUMBER})
def lesson_story(*, b: float = 0.0, sigma: float = 0.0, high: int = STRONGEST_N) -> FreshStory:
    """:func:`fresh_story` on the lesson's own 600 answers (``core.answers()``): arrays (1,).

    At b = σ = 0 it peaks at n = 49 and first falls below the base model at n = 590: what its
    seed was chosen for (core/answers.py).
    """
    length, substance = answer_points(None)
    rows = [array[None, :] for array in (length, substance)]
    counts = np.arange(1, int(high) + 1)
    errors = lambda: world.error_field(*rows)  # noqa: E731 (asked only where σ > 0)
    curves = _curves_over(counts, *rows, errors, b=b, sigma=sigma, lengths=False)
    return _story(counts, curves.gold_gain)


@validate_params({"gold_gain": GAINS})
def largest_fall(gold_gain) -> np.ndarray:
    """How far true quality falls below its running maximum at worst, along the last axis
    (pressure gentle to strong): shape (...,) for (..., points); 0 where it never falls. The
    decline of docs/design.md §3 is a largest fall above DECLINE_TOLERANCE."""
    gold = np.asarray(gold_gain, dtype=float)
    return np.max(np.maximum.accumulate(gold, axis=-1) - gold, axis=-1)


def _story(counts: np.ndarray, gold: np.ndarray) -> FreshStory:
    """The story read off gold gains (rows, N) at every whole n of ``counts`` (1 to high)."""
    peak = np.argmax(gold, axis=1)
    fall = largest_fall(gold)
    past_peak = counts[None, :] > counts[peak][:, None]
    below = past_peak & (gold < 0)
    first = np.where(below.any(axis=1), counts[np.argmax(below, axis=1)], np.nan)
    fields = {
        "peak_n": counts[peak].astype(float),
        "declines": fall > DECLINE_TOLERANCE,
        "fall": fall,
        "below_past_peak": below.any(axis=1),
        "first_below": first,
        "below_at_end": gold[:, -1] < 0,
    }
    for array in fields.values():
        array.flags.writeable = False
    return FreshStory(seeds=gold.shape[0], high=int(counts[-1]), **fields)
