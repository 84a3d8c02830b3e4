"""A fitted reward model drawn: its plane over true quality, and both optimizers' curves on it
(data in, ``go.Figure`` out; no widgets read here). The Reward model page draws them for the
lesson's model, the class poll's rating screens for the room's: shared, so it sits below both
page packages.

Colours are the app's (ui.style): orange true quality, blue the reward model, green the KL
optimum, purple best-of-n.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from common import format as fmt
from ui import edge_traces
from ui.gain_charts import gain_line, still_figure
from ui.style import (
    BEST_OF_N,
    BETA_TICKS,
    GOLD,
    GOLD_LEVELS,
    GOLD_SCALE,
    INK,
    KL_METHOD,
    N_TICKS,
    PLANE_RANGE,
    PROXY,
)

PLANE_STEP = 4  # every 4th grid point (0.2 units): smooth contours, a 16th of the data
FIELD_DECIMALS = 2  # contour heights to 0.01: far below a contour step of 1
FIT_LEVELS = {"start": -10.0, "end": 14.0, "size": 2.0}  # the fitted model's contour lines
LENGTH_BAND = 2.0  # compared lengths drawn to ±2 spreads: where 95% of them fall


def fitted_plane(
    grid: np.ndarray,
    gold: np.ndarray,
    fitted: np.ndarray,
    *,
    length_spread: float,
) -> go.Figure:
    """True quality (filled) and the fitted reward model (lines) on the plane.

    ``grid`` is (G,), ``gold`` and ``fitted`` are (G, G) indexed [substance, length].
    """
    step = slice(None, None, PLANE_STEP)
    x, y = grid[step], grid[step]
    figure = still_figure(
        "The learned model against the truth",
        x_title="length (standard units)",
        y_title="substance",
        height=460,
    )
    figure.add_trace(
        go.Contour(
            x=x,
            y=y,
            z=np.round(gold[step, step], FIELD_DECIMALS),
            colorscale=GOLD_SCALE,
            contours={**GOLD_LEVELS, "coloring": "fill", "showlines": False},
            showscale=False,
            name="true quality",
            showlegend=True,
            hoverinfo="skip",
        )
    )
    figure.add_trace(
        go.Contour(
            x=x,
            y=y,
            z=np.round(fitted[step, step], FIELD_DECIMALS),
            contours={**FIT_LEVELS, "coloring": "none", "showlabels": True},
            line={"color": PROXY, "width": 2},
            showscale=False,
            name="learned reward model",
            showlegend=True,
            hoverinfo="skip",
        )
    )
    _mark_compared_lengths(figure, length_spread)
    figure.update_xaxes(range=list(PLANE_RANGE))
    figure.update_yaxes(range=list(PLANE_RANGE))
    figure.update_layout(hovermode=False)
    return figure


def _mark_compared_lengths(figure: go.Figure, length_spread: float) -> None:
    """Dotted lines at ±2 spreads of length: where 95% of the compared answers' lengths fall."""
    edge = LENGTH_BAND * length_spread
    for side in (-edge, edge):
        if PLANE_RANGE[0] < side < PLANE_RANGE[1]:
            figure.add_vline(x=side, line={"color": INK, "dash": "dot", "width": 1.5})
    # Named in the legend, not by words in the plot: at 1280 px wide, the words (18 px on a
    # projector) ran over the learned model's "−2" contour label (test_browser_projector.py).
    figure.add_trace(
        go.Scatter(
            x=[None],
            y=[None],
            mode="lines",
            line={"color": INK, "dash": "dot", "width": 1.5},
            name="95% of compared lengths",
            showlegend=True,
            hoverinfo="skip",
        )
    )


def pressure_named(pressure: float, *, best_of_n: bool) -> str:
    """A curve point's n or β: "n = 49", "β = 3.81" (a β between the slider's stops: 3 digits)."""
    if best_of_n:
        return fmt.named("n", pressure)
    return fmt.named("β", pressure, digits=3)


def with_pessimistic_line(figure: go.Figure, beta, gold_gain, *, kappa: float) -> go.Figure:
    """Add the KL optimum of the pessimistic reward r_LCB (core.pessimism) to a KL figure:
    its true quality along ``beta`` (points,), dotted in true quality's colour."""
    figure.add_trace(
        gain_line(
            beta,
            gold_gain,
            name=f"true quality, pessimistic reward ({fmt.named('κ', kappa)})",
            colour=GOLD,
            dash="dot",
        )
    )
    return figure


def overoptimization(curve, *, best_of_n: bool, b: float, model: str | None = None) -> go.Figure:
    """A method's gains against its pressure at the learned b, with the gold peak marked.

    ``curve`` is a ui.compute.Curve: pressure, proxy_gain, gold_gain of shape (points,).
    ``model`` names the reward model in the title ("Best-of-n on the room's model"); by
    default the title says the b it is drawn at, in its slider form ("drawn at b = 0.6").
    """
    drawn_at = f" on {model}" if model else f", drawn at {fmt.named('b', b)}"
    colour = BEST_OF_N if best_of_n else KL_METHOD
    if best_of_n:
        title, x_title, ticks = (
            f"Best-of-n{drawn_at}",
            "n (log scale)",
            N_TICKS,
        )
        x_range = [0, 4]
    else:
        title, x_title, ticks = (
            f"KL optimum{drawn_at}",
            "β (log; weaker →)",
            BETA_TICKS,
        )
        x_range = [math.log10(10), math.log10(0.25)]
    figure = still_figure(title, x_title=x_title, y_title="gain over base model")
    # True quality first and the reward model dashed over it: at b = 1 they are the same line.
    # The KL curve's stretch capped by the grid's edge: dotted, faded, marked "edge".
    edge = None if best_of_n else getattr(curve, "edge_mass", None)
    gold = gain_line(curve.pressure, curve.gold_gain, name="true quality", colour=GOLD)
    proxy = gain_line(
        curve.pressure, curve.proxy_gain, name="reward model", colour=PROXY, dash="dash"
    )
    for trace, label in ((gold, True), (proxy, False)):
        figure.add_traces([trace] if edge is None else edge_traces.split(trace, edge, label=label))
    peak_label = pressure_named(curve.peak_pressure, best_of_n=best_of_n)
    figure.add_trace(
        go.Scatter(
            x=[curve.peak_pressure],
            y=[curve.peak_gold_gain],
            mode="markers",
            marker={"color": colour, "size": 12, "line": {"color": INK, "width": 1.5}},
            name=f"true quality peaks ({peak_label})",
            customdata=[fmt.signed(curve.peak_gold_gain)],
            hovertemplate="%{customdata}",
        )
    )
    figure.update_xaxes(type="log", range=x_range, tickvals=list(ticks))
    return figure
