"""Whether the grid's edge, not the trade-off, makes a KL optimum's numbers: the edge check.

The lesson's world ends at ±6, so an optimum pressed against that edge describes the boundary.
The first sign is mass near the edge (``KLResult.edge_mass``, capped from EDGE_CAPPED_MASS, 5%);
but at large σ the optimum's true target can be an error peak beyond 6 while the grid's optimum
settles elsewhere with little mass at the edge: at β = 0.3, b = 0.05, σ = 2 only 3.3% sits there,
and true quality is +0.29 on the grid against +3.82 on a ±12 grid. So the check asks the wider
grid itself: the same spacing (0.05), the same ε (defined everywhere: core/world.py), the same
π_ref formula, on [−12, 12]² (481² cells), and calls an optimum capped where its true quality
moves by more than EDGE_SHIFT_TOLERANCE there, or its edge mass is 5% or more, or the wider grid
is itself pressed against its own edge.

The wider grid is solved only where the grid's edge mass is at least EDGE_CHECK_MASS (1e-4)
and under EDGE_CAPPED_MASS (from there the optimum is capped whatever the wider grid says):
below 1e-4 true quality moved by at most 5e-4 at every β stop of every (b, σ) stop, and by
at most 2e-3 at the 4 points nearest the gate along each of the 441 KL page curves down to
β = 0.1 (tests/core/test_edge_mass.py checks a sample), so the β ≥ 0.6 stops of most settings
cost nothing. :func:`core.kl_optimum`'s own path is untouched: callers that
decide capped-ness call :func:`edge_check` (or read ``Curve.capped``: core/curves.py).
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import validate, world
from core.kl import BETA_BLOCK, EDGE_CAPPED_MASS, KLResult, _pool, kl_optimum
from core.validate import POSITIVE, REWARD_MODEL, validate_params

# Twice the lesson's grid at its spacing: 481 points a side. At every β stop (>= 0.25) of every
# (b, σ) stop the ±12 optimum holds at most 5e-14 of its mass within 0.5 of ±12, so it has the
# room the ±6 grid lacks (where it does not, EdgeCheck.wide_edge_mass says so and caps it).
WIDE_GRID_LIMIT = 2 * world.GRID_LIMIT
WIDE_GRID_POINTS = 2 * world.GRID_POINTS - 1
# A move of true quality up to this on the wider grid is the same number: a readout's first
# decimal holds, and the lesson's own last row stays the grid's uncapped answer (β = 0.3, σ = 0:
# 2.1% at the edge, −4.37 on the grid, −4.44 with room, a move of 0.07; a tolerance of 0.05
# would cap the lesson's table). Of the 615 β <= 0.35 stops under 5% at the edge, 362 move more.
EDGE_SHIFT_TOLERANCE = 0.1
# Below this edge mass the wider grid is not solved: at all 8,820 β stops × (b, σ) stops below
# it, true quality moved at most 5e-4 (0.5% of the tolerance), along the KL page's curves at
# most 2e-3; below 1e-3 it moved up to 0.03.
EDGE_CHECK_MASS = 1e-4


@dataclass(frozen=True)
class EdgeCheck:
    """The edge check at each β: every field has the shape of the β given (a float or bool for
    a scalar β)."""

    edge_mass: np.ndarray  # on the grid: π_β's mass within 0.5 of ±6 (KLResult.edge_mass)
    gold_gain: np.ndarray  # on the grid (KLResult.gold_gain)
    wide_gold_gain: np.ndarray  # on the ±12 grid where solved (checked), else the grid's
    wide_edge_mass: np.ndarray  # the ±12 optimum's mass within 0.5 of ±12 (0 where not solved)
    # bool: the wider grid was solved (EDGE_CHECK_MASS <= edge mass < EDGE_CAPPED_MASS)
    checked: np.ndarray
    # bool: the grid's edge, not the trade-off, makes this optimum's numbers
    capped: np.ndarray

    @property
    def gold_shift(self):
        """True quality on the ±12 grid minus on the grid (0 where not solved)."""
        return self.wide_gold_gain - self.gold_gain


@validate_params({"beta": POSITIVE, **REWARD_MODEL})
def edge_check(beta, *, b: float = 0.0, sigma: float = 0.0, result: KLResult | None = None):
    """The edge check of the KL optimum at a scalar β or an array of β.

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        Strength of the KL penalty, every entry finite and > 0.
    b, sigma : float
        The reward model, as in :func:`core.kl_optimum` (its smooth error field ε).
    result : KLResult or None
        :func:`core.kl_optimum` at the same β, b and σ if the caller has it (a curve does);
        None solves it here.

    Returns
    -------
    EdgeCheck whose fields have the shape of ``beta``.
    """
    if result is None:
        result = kl_optimum(beta, b=b, sigma=sigma)
    edge = np.asarray(result.edge_mass, dtype=np.float64).ravel()
    gold = np.asarray(result.gold_gain, dtype=np.float64).ravel()
    betas = beta.ravel()
    if edge.size != betas.size:
        raise ValueError("result must be kl_optimum at the same beta")
    # From 5% the optimum is capped whatever the wider grid says: no need to solve it there
    # (along the KL page's curve down to β = 0.1, 25-35 of 200 points are solved, not 75).
    checked = (edge >= EDGE_CHECK_MASS) & (edge < EDGE_CAPPED_MASS)
    wide_gold, wide_edge = gold.copy(), np.zeros_like(gold)
    if checked.any():
        wide_gold[checked], wide_edge[checked] = wide_optimum(betas[checked], b=b, sigma=sigma)
    capped = (
        (edge >= EDGE_CAPPED_MASS)
        | (np.abs(wide_gold - gold) > EDGE_SHIFT_TOLERANCE)
        | (wide_edge >= EDGE_CHECK_MASS)
    )
    shape = beta.shape
    return EdgeCheck(
        edge_mass=validate.shaped(edge, shape),
        gold_gain=validate.shaped(gold, shape),
        wide_gold_gain=validate.shaped(wide_gold, shape),
        wide_edge_mass=validate.shaped(wide_edge, shape),
        checked=checked.reshape(shape) if shape else bool(checked[0]),
        capped=capped.reshape(shape) if shape else bool(capped[0]),
    )


@validate_params({"betas": POSITIVE, **REWARD_MODEL})
def wide_optimum(betas, *, b: float = 0.0, sigma: float = 0.0) -> tuple[np.ndarray, np.ndarray]:
    """True quality gain and edge mass of the KL optimum on the ±12 grid: two (k,) arrays.

    ``betas`` (k,); the reward model as in :func:`core.kl_optimum`. Gains are over the ±12
    grid's own π_ref (its mean gold differs from the ±6 grid's by ~1e-8). Float32 exponentials
    in blocks of BETA_BLOCK β over both cores, summed in float32: within 1e-3 of float64
    (5e-4 at β = 0.3, b = 0.05, σ = 2; tests/core/test_edge_mass.py), under 1% of the tolerance.
    """
    flat = betas.ravel()
    proxy = _wide_proxy(b, sigma)
    blocks = [flat[start : start + BETA_BLOCK] for start in range(0, flat.size, BETA_BLOCK)]
    sums = np.concatenate(list(_pool().map(lambda block: _wide_sums(block, proxy), blocks)))
    return sums[:, 1] / sums[:, 0], sums[:, 2] / sums[:, 0]


def _wide_sums(betas: np.ndarray, proxy: np.ndarray) -> np.ndarray:
    """(k, 3) float64: Σ w, Σ w·gold, Σ w·edge with w ∝ π_ref·exp(proxy/β) on the ±12 grid."""
    grid = _wide_grid()
    # π_ref goes into the exponent: at ±12 it is e^-144, below float32's range, and the
    # optimum at small β can sit where π_ref alone would underflow.
    log_weight = np.multiply.outer((1.0 / betas).astype(np.float32), proxy)
    log_weight += grid["log_base"]
    log_weight -= log_weight.max(axis=1, keepdims=True)
    np.exp(log_weight, out=log_weight)
    return (log_weight @ grid["features"]).astype(np.float64)


def _wide_proxy(b: float, sigma: float) -> np.ndarray:
    """The reward model on the ±12 grid, flat (481²,) float32."""
    grid = _wide_grid()
    length, substance = grid["length"], grid["substance"]
    score = substance + length - b * world.padding_penalty(length)
    if sigma:
        score = score + sigma * grid["error"]
    return score.astype(np.float32)


@lru_cache(maxsize=1)
def _wide_grid() -> dict:
    """The ±12 grid's fixed parts, flat (481²,): coordinates, ε, log π_ref (unnormalized),
    and the features [1, gold − its π_ref mean, edge band] (481², 3) float32. ~9 MB, kept."""
    axis = np.linspace(-WIDE_GRID_LIMIT, WIDE_GRID_LIMIT, WIDE_GRID_POINTS)
    length, substance = np.meshgrid(axis, axis)
    log_base = -(np.square(length) + np.square(substance)) / 2.0
    base = np.exp(log_base)
    base /= base.sum()
    gold = world.gold(length, substance)
    outer = np.zeros(WIDE_GRID_POINTS, dtype=bool)
    outer[: world.EDGE_BAND_POINTS] = outer[-world.EDGE_BAND_POINTS :] = True
    edge = outer[:, None] | outer[None, :]
    features = np.stack([np.ones_like(gold), gold - np.sum(base * gold), edge], axis=-1)
    return {
        "length": length.ravel(),
        "substance": substance.ravel(),
        "error": world.error_field_on_axis(axis).ravel(),
        "log_base": log_base.ravel().astype(np.float32),
        "features": features.reshape(-1, 3).astype(np.float32),
    }
