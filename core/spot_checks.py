"""Early stopping from spot checks: check a few answers by hand at each pressure, stop at the best.

At every stop of a slider (β stops for the KL-penalized optimum, n stops for best-of-n), m
answers are drawn from what the method produces there and their true quality is checked; the
mean of those m checks estimates the true quality at that stop. The stop with the best
estimate is chosen. With few checks the estimates are noisy and the choice strays from the
real peak; what it costs is the true quality lost, returned as a spread over seeded repeats.

The m checks are exact draws (inverse CDF) for m <= EXACT_CHECKS; above that their mean is
drawn from its normal law (mean and variance exact), which the central limit theorem makes
indistinguishable at that size, and which keeps 10,000 checks as cheap as one.

For the KL optimum, β stops capped by the grid's edge (edge mass >= EDGE_CAPPED_MASS) are left
out of both the real peak and the choice, as in core.slack and core.curves: their true quality
describes the boundary, not the trade-off (b = 0.2, σ = 1 caps β = 0.3 at 8.3% and β = 0.25 at
46%, and the uncapped real peak would sit on β = 0.25). If every stop is capped, all are kept.
"""

from dataclasses import dataclass

import numpy as np

from core import world
from core.answers import answers
from core.best_of_n import win_probabilities
from core.kl import kl_policies
from core.peaks import peak_among_uncapped, uncapped_stops
from core.validate import (
    BETA_STOPS,
    CHECKS,
    N_STOPS,
    REPEATS,
    REWARD_MODEL,
    SEED,
    validate_params,
)

EXACT_CHECKS = 100  # up to this many checks per stop are drawn one by one
DEFAULT_REPEATS = 200  # seeded repeats of the whole procedure
# How the checks are made: per stop, repeated, from one seed.
PROCEDURE = {"m": CHECKS, "repeats": REPEATS, "seed": SEED}


@dataclass(frozen=True)
class SpotCheckResult:
    """Stopping where m spot checks look best, over ``repeats`` seeded repeats.

    Arrays of shape (S,) follow the stops as given; arrays of shape (R,) the repeats.
    """

    stops: np.ndarray  # (S,) the pressures checked (β or n)
    gold_gain: np.ndarray  # (S,) true quality gain at each stop, exact
    peak_pressure: float  # the stop where true quality is highest
    peak_gold_gain: float  # true quality gain there
    chosen_pressure: np.ndarray  # (R,) the stop each repeat's checks chose
    chosen_gold_gain: np.ndarray  # (R,) the true quality gain there
    quality_lost: np.ndarray  # (R,) peak_gold_gain - chosen_gold_gain, >= 0
    chosen_share: np.ndarray  # (S,) fraction of repeats that chose each stop; sums to 1
    left_out: int = 0  # stops capped by the grid's edge, never the peak nor chosen (KL only)


@validate_params({"n_stops": N_STOPS, **REWARD_MODEL, **PROCEDURE})
def spot_check_best_of_n(
    n_stops,
    *,
    m: int,
    b: float = 0.0,
    sigma: float = 0.0,
    repeats: int = DEFAULT_REPEATS,
    seed: int = 0,
) -> SpotCheckResult:
    """Stop best-of-n (the lesson's 600 answers) where m checked answers look best.

    Parameters
    ----------
    n_stops : array_like of shape (S,)
        The n values to choose from (e.g. the slider's stops), each >= 1.
    m : int
        Answers checked against true quality at each stop, 1 to 10,000.
    b, sigma : float
        The reward model: padding fraction in [0, 1], error size >= 0.
    repeats : int
        Independent repeats of the whole procedure, 1 to 10,000.
    seed : int
        Seed of the random generator (a whole number >= 0): the same seed, the same result.
    """
    chances = win_probabilities(n_stops, b=b, sigma=sigma)
    gold = answers().gold
    return _stop_early(n_stops, chances, gold - gold.mean(), m=m, repeats=repeats, seed=seed)


@validate_params({"beta_stops": BETA_STOPS, **REWARD_MODEL, **PROCEDURE})
def spot_check_kl(
    beta_stops,
    *,
    m: int,
    b: float = 0.0,
    sigma: float = 0.0,
    repeats: int = DEFAULT_REPEATS,
    seed: int = 0,
) -> SpotCheckResult:
    """Stop the KL-penalized optimum where m answers drawn from π_β, checked, look best.

    ``beta_stops``: array_like of shape (S,), each > 0; the rest as in
    :func:`spot_check_best_of_n`. Answers are grid cells drawn from π_β.
    """
    stops = beta_stops
    policies = kl_policies(stops, b=b, sigma=sigma).reshape(stops.size, -1)  # (S, cells)
    gold = world.gold_field().ravel()
    gold_centered = gold - world.base_density().ravel() @ gold
    edge_mass = policies @ world.edge_band().ravel().astype(np.float64)
    return _stop_early(
        stops, policies, gold_centered, m=m, repeats=repeats, seed=seed, edge_mass=edge_mass
    )


def _stop_early(
    stops: np.ndarray,
    chances: np.ndarray,
    gold_gains: np.ndarray,
    *,
    m,
    repeats,
    seed,
    edge_mass: np.ndarray | None = None,
) -> SpotCheckResult:
    """The procedure for any method: ``chances`` (S, K) over K answers with gains (K,); ``m``,
    ``repeats`` and ``seed`` already checked. Only stops clear of the grid's edge (``edge_mass``
    (S,) below EDGE_CAPPED_MASS; all stops when it is None or every one is capped) may be the
    peak or be chosen."""
    clear = uncapped_stops(np.zeros(stops.size) if edge_mass is None else edge_mass)
    rng = np.random.default_rng(seed)
    true_gain = chances @ gold_gains  # (S,)
    if m <= EXACT_CHECKS:
        estimates = _exact_check_means(chances, gold_gains, m, repeats, rng)
    else:
        spread = np.sqrt(np.maximum(chances @ np.square(gold_gains) - np.square(true_gain), 0.0))
        noise = rng.standard_normal((repeats, stops.size))
        estimates = true_gain + noise * spread / np.sqrt(m)
    # Capped stops are drawn all the same, so the clear stops' draws do not depend on them.
    estimates[:, ~clear] = -np.inf
    chosen = np.argmax(estimates, axis=1)  # (R,); a tie goes to the gentler stop
    peak = peak_among_uncapped(true_gain, edge_mass=edge_mass)
    return SpotCheckResult(
        stops=stops,
        gold_gain=true_gain,
        peak_pressure=float(stops[peak]),
        peak_gold_gain=float(true_gain[peak]),
        chosen_pressure=stops[chosen],
        chosen_gold_gain=true_gain[chosen],
        quality_lost=true_gain[peak] - true_gain[chosen],
        chosen_share=np.bincount(chosen, minlength=stops.size) / repeats,
        left_out=int(np.count_nonzero(~clear)),
    )


def _exact_check_means(chances, gold_gains, m, repeats, rng) -> np.ndarray:
    """(R, S): the mean gain of m answers drawn at each stop, for each repeat (inverse CDF).

    Every stop's cumulative chances are lifted by the stop's index, so one sorted array and
    one searchsorted serve all stops at once.
    """
    stop_count, answer_count = chances.shape
    lifted = np.cumsum(chances, axis=1)
    lifted /= lifted[:, -1:]  # exactly 1 at the end of each stop
    offsets = np.arange(stop_count, dtype=np.float64)
    lifted += offsets[:, None]
    lifted = lifted.ravel()
    uniforms = (rng.random((repeats, stop_count, m)) + offsets[:, None]).ravel()
    # Searched in sorted order, each search starts where the last ended (numpy does so for
    # sorted keys): ~3x faster over 58,081 cells a stop; the draws go back to their places.
    order = np.argsort(uniforms, kind="stable")
    drawn = np.empty(uniforms.size, dtype=np.int64)
    drawn[order] = np.searchsorted(lifted, uniforms[order], side="right")
    drawn = drawn.reshape(repeats, stop_count, m)
    # A uniform within rounding of a stop's top may land one past its row: keep it inside.
    row_end = (offsets.astype(np.int64)[:, None] + 1) * answer_count - 1
    drawn = np.minimum(drawn, row_end)
    return gold_gains[drawn % answer_count].mean(axis=2)
