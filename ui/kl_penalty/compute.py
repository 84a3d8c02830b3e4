"""The KL penalty page's numbers beyond the shared curves (``ui.compute``'s), cached per
rounded setting: where the grid's edge caps the KL curve, for the edge's caption (its words are
``ui.kl_penalty.text``'s, which calls no core).
"""

from __future__ import annotations

from dataclasses import dataclass

import core
from ui import compute, edge_note
from ui.compute import cached
from ui.settings import SETTINGS

CAPTION_ENTRIES = 64  # one edge reading per (b, σ), as many as the curves' figures keep


@dataclass(frozen=True)
class EdgeReading:
    """Where the grid's edge caps the KL curve (β falling) at (b, σ)."""

    b: float
    sigma: float
    start: float | None  # the weakest β the edge check caps, None if none down to the end
    lowest_drawn: float  # the curve's last (smallest) β
    lowest: float  # the β slider's last stop
    at_lowest: float  # the optimum's mass within 0.5 of the edge there (0…1)
    tolerance: float  # how far true quality may move on a grid twice as wide (core's)


@cached(CAPTION_ENTRIES)
def edge_reading(b: float, sigma: float) -> EdgeReading:
    """The edge caption's numbers at (b, σ): the curve past the edge, the slider's last stop."""
    curve = compute.kl_curve(b, sigma, past_edge=True)
    lowest = SETTINGS["beta"].low
    return EdgeReading(
        b=b,
        sigma=sigma,
        start=edge_note.capped_from(curve.pressure, curve.edge_mass, curve.capped),
        lowest_drawn=float(curve.pressure[-1]),
        lowest=lowest,
        at_lowest=float(core.kl_optimum(lowest, b=b, sigma=sigma).edge_mass),
        tolerance=core.EDGE_SHIFT_TOLERANCE,
    )
