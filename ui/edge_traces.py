"""A KL curve's capped stretch, drawn so it cannot be read as the trade-off (plotly).

Where the grid's edge caps the KL optimum (core's edge check, ``Curve.capped``: 5% or more of
its mass within 0.5 of the edge, or true quality moving by more than 0.1 on a grid twice as
wide; ui.edge_note), its numbers describe the boundary at 6: at σ > 0 the curves turn up again
below β ≈ 0.3, which reads as a recovery. Every chart draws that stretch faded and dotted,
labelled "edge", and the solid line stops where it starts. One helper, used by the KL page,
Reward model, Compare and Defenses figures.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ui import edge_note, style

EDGE_LABEL = "edge"  # the word at the capped stretch's strongest end
EDGE_NAME = "at the grid's edge"  # the capped part's name (hover), after the curve's own
EDGE_OPACITY = 0.45  # faded: still there, plainly not the curve
# The word "edge" in its line's text shade (4.5:1 or more on white; ui.style's line colours are
# 2.2-3.4:1), upper-case keys.
TEXT_SHADES = {
    style.GOLD: style.GOLD_TEXT,
    style.PROXY: style.PROXY_TEXT,
    style.KL_METHOD: style.KL_METHOD_TEXT,
    style.BEST_OF_N: style.BEST_OF_N_TEXT,
}


def capped_points(edge_mass, capped=None) -> np.ndarray:
    """Which points of a curve are capped: (points,) bool; ``capped`` (the curve's edge check,
    ``Curve.capped``) if given, else the 5% rule on ``edge_mass``."""
    return np.array(edge_note.capped_flags(np.ravel(edge_mass), capped), dtype=bool)


def split(
    trace,
    edge_mass,
    *,
    label: bool = False,
    within: tuple[float, float] | None = None,
    capped=None,
) -> list:
    """``trace`` (a KL curve, x and y of shape (points,); a go.Scatter or a dict) as its clear
    part, solid as given, and its capped part, dotted and faded (joined to the clear part at
    the boundary point); ``label`` writes "edge" at the capped part's last point (the last one
    whose x is ``within`` the chart's fixed x range, if given; none if none is). Just [trace]
    if nothing is capped. ``capped``: the curve's edge check (``Curve.capped``), else the 5%
    rule on ``edge_mass``. Returns traces of the kind given.
    """
    capped = capped_points(edge_mass, capped)
    if not capped.any():
        return [trace]
    plain = trace.to_plotly_json() if isinstance(trace, go.Scatter) else dict(trace)
    y = np.asarray(plain["y"], dtype=float)
    # The capped part begins at the last clear point before it, so the two lines meet.
    joined = capped | np.roll(capped, -1) & ~capped
    joined[-1] = capped[-1]
    line = dict(plain.get("line") or {})
    faded = {
        **plain,
        "y": np.where(joined, y, np.nan),
        "name": f"{plain['name']} (at the grid's edge)" if plain.get("name") else EDGE_NAME,
        "showlegend": False,
        "opacity": EDGE_OPACITY,
        "line": {**line, "dash": "dot"},
    }
    parts = [{**plain, "y": np.where(capped, np.nan, y)}, faded]
    x = np.asarray(plain["x"], dtype=float)
    shown = capped if within is None else capped & (x >= within[0]) & (x <= within[1])
    if label and shown.any():  # its own trace: the faded line's opacity would fade the word
        last = int(np.flatnonzero(shown)[-1])
        parts.append(
            {
                "x": [x[last]],
                "y": [y[last]],
                "mode": "text",
                "name": EDGE_LABEL,
                "text": [EDGE_LABEL],
                "textposition": "top left",  # inside the plot: the capped end is its right end
                "textfont": {
                    "size": 14,
                    "color": TEXT_SHADES.get(str(line.get("color")).upper(), style.INK),
                },
                "showlegend": False,
                "hoverinfo": "skip",
                **({"xaxis": plain["xaxis"], "yaxis": plain["yaxis"]} if "xaxis" in plain else {}),
            }
        )
    return [go.Scatter(part) for part in parts] if isinstance(trace, go.Scatter) else parts
