"""Where true quality peaks along a slider's stops, among the stops clear of the grid's edge.

A KL optimum is capped where the grid's edge, not the trade-off, makes its numbers: its numbers
describe the boundary at 6 (at σ = 1, β = 0.25 holds 17% of its mass within 0.5 of the edge and
its true quality turns back up, which reads as a recovery). So a peak, a "strongest setting" or
a slack is read only among the uncapped stops. This is the one place that rule is applied;
curves, slack, spot checks and the Defenses page all ask here. Which stops are capped is the
edge check's (core/grid_edge.py: ``EdgeCheck.capped``, ``Curve.capped``), passed as ``capped``;
a caller that passes only ``edge_mass`` gets the first sign alone, edge mass >=
EDGE_CAPPED_MASS (5%), which misses optimums whose target lies beyond 6 (β = 0.3, b = 0.05,
σ = 2: 3.3% at the edge, true quality +0.29 on the grid, +3.82 on a ±12 grid).

Every function works along the last axis, so a whole table of settings (e.g. every (b, σ) of
the sliders, shape (B, S)) is one call.
"""

import numpy as np

from core.kl import EDGE_CAPPED_MASS
from core.validate import POSITIVE, validate_params


def uncapped_stops(edge_mass=None, *, searched=None, capped=None) -> np.ndarray:
    """Which stops a peak may be read at: searched and clear of the grid's edge.

    Parameters
    ----------
    edge_mass : array_like of shape (..., S), or None
        Each stop's mass within 0.5 of the grid's edge (0 for best-of-n, which has no edge);
        read only when ``capped`` is None.
    searched : array_like of bool, broadcastable to (..., S), or None
        The stops to look among (None: all of them).
    capped : array_like of bool of shape (..., S), or None
        Each stop's edge check (``core.edge_check(...).capped``, core/grid_edge.py); None:
        edge mass >= 5% alone.

    Returns
    -------
    Boolean array (..., S). Where no searched stop is clear (every one capped), every searched
    stop is kept, so a peak can still be read; the caller's edge note then says it is capped.
    """
    if capped is None:
        capped = np.asarray(edge_mass, dtype=float) >= EDGE_CAPPED_MASS
    capped = np.asarray(capped, dtype=bool)
    looked = np.ones(capped.shape, dtype=bool)
    if searched is not None:
        looked = np.broadcast_to(np.asarray(searched, dtype=bool), capped.shape)
    clear = looked & ~capped
    return np.where(clear.any(axis=-1, keepdims=True), clear, looked)


def peak_among_uncapped(gold_gain, *, edge_mass=None, searched=None, tie_break=None, capped=None):
    """The index of the stop where true quality peaks, among the uncapped stops.

    Parameters
    ----------
    gold_gain : array_like of shape (..., S)
        True quality gain at each stop.
    edge_mass : array_like of shape (..., S), or None
        As in :func:`uncapped_stops`; None for a method with no edge (best-of-n).
    searched, capped : array_like of bool, or None
        As in :func:`uncapped_stops`.
    tie_break : array_like of shape (..., S), or None
        Among stops tied at the peak, the one where this is largest (the slack passes the
        proxy gain: the least score given up for the same true quality); None: the first.

    Returns
    -------
    int for one curve (S,), else an integer array of shape (...).
    """
    gold = np.asarray(gold_gain, dtype=float)
    edge = np.zeros(gold.shape) if edge_mass is None else edge_mass
    looked = np.where(uncapped_stops(edge, searched=searched, capped=capped), gold, -np.inf)
    if tie_break is not None:
        tied = looked >= looked.max(axis=-1, keepdims=True)
        looked = np.where(tied, np.asarray(tie_break, dtype=float), -np.inf)
    peak = np.argmax(looked, axis=-1)
    return int(peak) if peak.ndim == 0 else peak


@validate_params({"betas": POSITIVE})  # finite and > 0, any shape (..., S)
def strongest_uncapped(betas, *, edge_mass=None, capped=None):
    """The index of the strongest KL stop (smallest β) clear of the grid's edge.

    ``betas`` and ``edge_mass`` (or ``capped``, the edge check's, as in :func:`uncapped_stops`)
    have shape (..., S); returns int for (S,), else (...). If every stop is capped, the
    smallest β of all.
    """
    beta = np.asarray(betas, dtype=float)
    flags = np.shape(edge_mass if capped is None else capped)
    beta = np.broadcast_to(beta, flags) if len(flags) > beta.ndim else beta
    clear = uncapped_stops(edge_mass, capped=capped)
    strongest = np.argmin(np.where(clear, beta, np.inf), axis=-1)
    return int(strongest) if strongest.ndim == 0 else strongest


def peak_at_end(
    pressure, peak_pressure: float, *, edge_mass=None, searched=None, capped=None
) -> bool:
    """Whether a curve's peak is its strongest point looked at: true quality never turns down
    before the end of the stretch searched, so its "peak" is that end, not a maximum inside.

    Parameters
    ----------
    pressure : array_like of shape (points,)
        The curve's pressure, gentle to strong (n rising, or β falling).
    peak_pressure : float
        Where the curve's peak was read.
    edge_mass, searched, capped : array_like of shape (points,), or None
        As in :func:`uncapped_stops` (the KL curve's mass near the grid's edge; the points a
        peak was looked for among; the KL curve's edge check, ``Curve.capped``).

    Returns
    -------
    bool. Best-of-n at b = 0.2, σ = 0 still rises at n = 10,000 (+3.72): True; at b = 0 it
    peaks at n = 49: False.
    """
    points = np.asarray(pressure, dtype=float)
    edge = np.zeros(points.shape) if edge_mass is None else edge_mass
    looked = points[uncapped_stops(edge, searched=searched, capped=capped)]
    return bool(peak_pressure == looked[-1])
