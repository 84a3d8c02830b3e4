"""An independent solve of the KL optimum on the ±12 grid, for the edge check's tests.

Float64 throughout, ε evaluated point by point (core.world.error_field at each of the 481²
points, not core's angle-sum path on an axis), π_ref in the exponent, one β at a time: slow
(~1 s to build the field, ~5 ms a β) and plain, so it can stand against core/grid_edge.py.
"""

from functools import lru_cache

import numpy as np

from core import world

LIMIT, POINTS = 12.0, 481  # twice the lesson's grid at its spacing (0.05)
TOLERANCE = 0.1  # |Δ true quality| the edge check allows (core.EDGE_SHIFT_TOLERANCE)
CAPPED_MASS = 0.05  # the edge mass's first sign (core.EDGE_CAPPED_MASS)


@lru_cache(maxsize=1)
def _grid():
    axis = np.linspace(-LIMIT, LIMIT, POINTS)
    length, substance = np.meshgrid(axis, axis)
    # In slabs of 37 rows (~37 MB of angles each), not all 481² x 256 angles at once (~470 MB).
    error = np.concatenate(
        [
            world.error_field(length[rows], substance[rows])
            for rows in np.array_split(np.arange(POINTS), 13)
        ]
    )
    return length, substance, error


def wide_solve(beta: float, b: float, sigma: float) -> tuple[float, float]:
    """True quality gain and mass within 0.5 of ±12 of π_β on the ±12 grid (float64)."""
    length, substance, error = _grid()
    log_base = -(length**2 + substance**2) / 2
    base = np.exp(log_base - log_base.max())
    base /= base.sum()
    proxy = substance + length - b * (length**2 - 1) + sigma * error
    gold = substance + length - (length**2 - 1)
    log_weight = proxy / beta + log_base
    policy = np.exp(log_weight - log_weight.max())
    policy /= policy.sum()
    edge = np.maximum(np.abs(length), np.abs(substance)) > LIMIT - 0.5 + 1e-9
    return float((policy * gold).sum() - (base * gold).sum()), float(policy[edge].sum())


def passes(beta: float, b: float, sigma: float, grid_gold: float, grid_edge: float) -> bool:
    """Whether the grid's optimum (its true quality and edge mass given) passes the edge
    check, decided from the direct ±12 solve."""
    wide_gold, wide_edge = wide_solve(beta, b, sigma)
    return bool(
        grid_edge < CAPPED_MASS and abs(wide_gold - grid_gold) <= TOLERANCE and wide_edge < 1e-4
    )
