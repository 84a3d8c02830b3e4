"""Whole curves of both optimizers against their pressure, and where true quality peaks.

A curve is one vectorized call of :func:`core.kl_optimum` (along β) or :func:`core.best_of_n`
(along n); the peak of the gold gain is then looked up on it. For best-of-n the log-spaced
curve only finds the peak's neighbourhood, and every whole n there finds the exact peak.
"""

from dataclasses import dataclass

import numpy as np

from core.best_of_n import best_of_n, best_of_n_over
from core.grid_edge import edge_check
from core.kl import EDGE_CAPPED_MASS, KLProblem, kl_optimum
from core.peaks import peak_among_uncapped
from core.validate import (
    ANSWER_SEED,
    AT_LEAST_ONE_NUMBER,
    BETA_STOPS,
    N_STOPS,
    POINTS,
    POSITIVE_NUMBER,
    POSITIVE_NUMBER_OR_NONE,
    REWARD_MODEL,
    validate_params,
)

CURVE_POINTS = 200  # points along a KL curve; a best-of-n curve asks for twice as many
FRESH_SEEDS = tuple(range(1, 31))  # the 30 fresh answer sets compared with the lesson's


@dataclass(frozen=True)
class Curve:
    """A method's scores along its pressure axis, with the peak of true quality.

    Every array has shape (points,) and is read-only: ``pressure`` is β (falling) or n
    (rising). The peak fields are floats.
    """

    pressure: np.ndarray
    kl: np.ndarray  # nats
    proxy_gain: np.ndarray
    gold_gain: np.ndarray
    peak_pressure: float  # β or n where true quality peaks
    peak_gold_gain: float
    peak_proxy_gain: float
    kl_bound: np.ndarray | None = None  # best-of-n only: log n − (n − 1)/n, (points,)
    edge_mass: np.ndarray | None = None  # KL only: mass within 0.5 of the grid's edge, (points,)
    # KL only, (points,) bool: the edge check (core/grid_edge.py): the grid's edge, not the
    # trade-off, makes the point's numbers; drawn as the capped stretch, never read as a peak.
    capped: np.ndarray | None = None
    # KL only, (points,): true quality on a ±12 grid where the check solved it, else the grid's.
    wide_gold_gain: np.ndarray | None = None


@validate_params({"high": POSITIVE_NUMBER, "low": POSITIVE_NUMBER, "points": POINTS})
def log_spaced_betas(*, high: float, low: float, points: int = CURVE_POINTS) -> np.ndarray:
    """``points`` values of β from ``high`` down to ``low``, evenly spaced in log β: (points,)."""
    if not high > low:
        raise ValueError(f"need high > low > 0, got high = {high}, low = {low}")
    return np.geomspace(high, low, points)


@validate_params({"high": AT_LEAST_ONE_NUMBER, "points": POINTS})
def log_spaced_counts(*, high: int, points: int = 2 * CURVE_POINTS) -> np.ndarray:
    """Whole numbers n from 1 to ``high``, about evenly spaced in log n: (at most points,).

    Rounding merges the close values at small n, so fewer than ``points`` come back, rising.
    """
    return np.unique(np.round(np.geomspace(1.0, high, points)))


@validate_params({"betas": BETA_STOPS, **REWARD_MODEL, "lowest_peak_beta": POSITIVE_NUMBER_OR_NONE})
def kl_curve(
    betas, *, b: float = 0.0, sigma: float = 0.0, lowest_peak_beta: float | None = None
) -> Curve:
    """The KL-penalized optimum along β, with the β where true quality peaks.

    Parameters
    ----------
    betas : array_like of shape (points,)
        The pressure axis, every entry finite and > 0 (usually falling).
    b, sigma : float
        The reward model's learned padding fraction (in [0, 1]) and error size (>= 0).
    lowest_peak_beta : float or None
        The peak is looked for only at β >= this (where a slider goes; past it the grid's
        edge, not the lesson, bends the curve: see ``edge_mass``); None looks everywhere.

    Returns
    -------
    Curve with ``pressure`` a copy of ``betas``, ``edge_mass``, ``capped`` and
    ``wide_gold_gain`` set, arrays of shape (points,). The peak is looked for among points
    that pass the edge check (:func:`core.grid_edge.edge_check`), if there are any.
    """

    def solve(pressure):
        result = kl_optimum(pressure, b=b, sigma=sigma)
        return result, edge_check(pressure, b=b, sigma=sigma, result=result)

    return _kl_curve(betas.copy(), solve, lowest_peak_beta)


@validate_params({"betas": BETA_STOPS, "lowest_peak_beta": POSITIVE_NUMBER_OR_NONE})
def kl_curve_of_field(
    betas, *, proxy_field: np.ndarray, lowest_peak_beta: float | None = None
) -> Curve:
    """:func:`kl_curve` for any reward model given by its score on the grid.

    ``proxy_field`` has shape (241, 241) (rows substance), as :func:`core.world.proxy_field`;
    ``betas`` and ``lowest_peak_beta`` and the Curve returned are as in :func:`kl_curve`, but
    a field known only on the grid has no wider grid to check against: ``capped`` is the edge
    mass's first sign alone (>= EDGE_CAPPED_MASS) and ``wide_gold_gain`` is None.
    """
    problem = KLProblem(proxy_field)

    def solve(pressure):
        result = problem.optimum(pressure)
        return result, None

    return _kl_curve(betas.copy(), solve, lowest_peak_beta)


def _kl_curve(pressure: np.ndarray, solve, lowest_peak_beta: float | None) -> Curve:
    """The curve of ``solve(pressure)`` (a KLResult and its EdgeCheck or None) with its peak
    (see :func:`kl_curve`)."""
    searched = None if lowest_peak_beta is None else pressure >= lowest_peak_beta
    if searched is not None and not searched.any():
        raise ValueError(f"no β in betas is >= lowest_peak_beta = {lowest_peak_beta!r}")
    result, check = solve(pressure)
    capped = result.edge_mass >= EDGE_CAPPED_MASS if check is None else check.capped
    # A point capped by the grid's edge tells of the edge, so the peak is not looked for there.
    peak = peak_among_uncapped(result.gold_gain, searched=searched, capped=capped)
    return _read_only_curve(
        pressure=pressure,
        kl=result.kl,
        proxy_gain=result.proxy_gain,
        gold_gain=result.gold_gain,
        peak_pressure=float(pressure[peak]),
        peak_gold_gain=float(result.gold_gain[peak]),
        peak_proxy_gain=float(result.proxy_gain[peak]),
        edge_mass=result.edge_mass,
        capped=np.asarray(capped, dtype=bool).copy(),
        wide_gold_gain=None if check is None else check.wide_gold_gain,
    )


PEAK_ROUNDS = 3  # refinements of the KL peak, each 64 β between the last peak's neighbours
PEAK_POINTS = 64  # (200 points, then 64, 64, 64: β to ~1e-7 relative, far below any printing)


@validate_params({**REWARD_MODEL, "high": POSITIVE_NUMBER, "low": POSITIVE_NUMBER})
def kl_peak_beta(*, b: float = 0.0, sigma: float = 0.0, high: float = 10.0, low: float = 0.25):
    """The β in [low, high] where the KL optimum's true quality peaks, to ~1e-7 (a float).

    The peak of a 200-point curve lies between two of its points (β = 1.00399 at b = 0,
    where the exact peak is 1: gold = 2/β − 1/β² on the grid); this narrows it by refining
    between the neighbours of each round's peak, among stops clear of the grid's edge.
    """
    betas = log_spaced_betas(high=high, low=low)
    for _ in range(PEAK_ROUNDS + 1):
        curve = kl_curve(betas, b=b, sigma=sigma)
        peak = int(np.flatnonzero(betas == curve.peak_pressure)[0])
        gentler, stronger = betas[max(peak - 1, 0)], betas[min(peak + 1, betas.size - 1)]
        betas = np.geomspace(gentler, stronger, PEAK_POINTS)
    return curve.peak_pressure


@validate_params({"counts": N_STOPS, **REWARD_MODEL, "seed": ANSWER_SEED})
def best_of_n_curve(
    counts, *, b: float = 0.0, sigma: float = 0.0, seed: int | None = None
) -> Curve:
    """Best-of-n along n, with the exact whole-number n where true quality peaks.

    Parameters
    ----------
    counts : array_like of shape (points,)
        Whole numbers n >= 1, strictly rising (e.g. :func:`log_spaced_counts`).
    b, sigma : float
        The reward model's learned padding fraction (in [0, 1]) and error size (>= 0).
    seed : int or None
        None for the lesson's fixed 600 answers, an integer for 600 fresh draws.

    Returns
    -------
    Curve with ``pressure`` a copy of ``counts``, ``kl_bound`` set, arrays (points,). The peak
    is the best whole n between the neighbours of the curve's own best point, so it is exact
    when the gold gain rises then falls at that scale.
    """
    return _best_of_n_curve(
        counts.copy(), lambda pressure: best_of_n(pressure, b=b, sigma=sigma, seed=seed)
    )


@validate_params({"counts": N_STOPS})
def best_of_n_curve_over(counts, *, proxy, gold, length, substance) -> Curve:
    """:func:`best_of_n_curve` over any scored answers (arrays of shape (K,), as
    :func:`core.best_of_n_over` takes them): the reward model ``proxy`` ranks them."""
    return _best_of_n_curve(
        counts.copy(),
        lambda pressure: best_of_n_over(
            pressure, proxy=proxy, gold=gold, length=length, substance=substance
        ),
    )


def _best_of_n_curve(pressure: np.ndarray, solve) -> Curve:
    """The curve of ``solve(pressure)`` (a BestOfNResult) with its exact whole-number peak."""
    if np.any(pressure != np.round(pressure)) or np.any(np.diff(pressure) <= 0):
        raise ValueError("counts must be whole numbers >= 1, strictly rising")
    result = solve(pressure)
    rough = int(np.argmax(result.gold_gain))
    low = pressure[max(rough - 1, 0)]
    high = pressure[min(rough + 1, pressure.size - 1)]
    around = np.arange(low, high + 1)
    fine = solve(around)
    peak = int(np.argmax(fine.gold_gain))
    return _read_only_curve(
        pressure=pressure,
        kl=result.kl,
        proxy_gain=result.proxy_gain,
        gold_gain=result.gold_gain,
        peak_pressure=float(around[peak]),
        peak_gold_gain=float(fine.gold_gain[peak]),
        peak_proxy_gain=float(fine.proxy_gain[peak]),
        kl_bound=result.kl_bound,
    )


@validate_params({"counts": N_STOPS, **REWARD_MODEL})  # checked even with no seeds
def fresh_set_peaks(
    counts, *, b: float = 0.0, sigma: float = 0.0, seeds: tuple[int, ...] = FRESH_SEEDS
) -> np.ndarray:
    """The whole n where true quality peaks for each fresh answer set: (len(seeds),), read-only.

    ``counts`` is the curve each peak is searched along, as in :func:`best_of_n_curve`.
    """
    seeds = tuple(ANSWER_SEED.check(seed, "seed") for seed in seeds)
    peaks = np.array(
        [best_of_n_curve(counts, b=b, sigma=sigma, seed=seed).peak_pressure for seed in seeds]
    )
    peaks.flags.writeable = False
    return peaks


def _read_only_curve(**fields) -> Curve:
    for value in fields.values():
        if isinstance(value, np.ndarray):
            value.flags.writeable = False
    return Curve(**fields)
