"""The Playground's layered figures: numbers in, ``go.Figure`` out. They never read widgets.

Being replaced by a client-side component; what the other pages share with these builders
(palette, frames, axes, the score lines) lives in ``ui.style`` and ``ui.best_of_n_charts``.

Charts that must line up exactly (the Playground's layers, drawn on top of each other) are
built on the same frame (``ui.style.Frame``): same height, margins and axis ranges. A layer
drawn on top of another is transparent and shows no axes of its own.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ui import style
from ui.best_of_n_charts import score_lines
from ui.style import (
    ANSWERS,
    BEST_OF_N,
    BOTTOM_PANEL,
    CURRENT_MARKER_SIZE,
    GOLD,
    GOLD_SCALE,
    KL_METHOD,
    PLANE_RANGE,
    PROXY,
    RULE,
    TITLE_SIZE,
    TOP_PANEL,
)

CLOUD_MARKER_SIZE = 10

# --- the Playground's plane --------------------------------------------------------------
PLANE_FRAME = style.Frame(500, {"l": 72, "r": 16, "t": 16, "b": 64})
GOLD_LEVELS = {"start": -8.0, "end": 7.0, "size": 1.0}  # true quality; below -8 is all pale
PROXY_LEVELS = {"start": -10.0, "end": 14.0, "size": 2.0}

# --- the Playground's curves: best-of-n on top, the KL optimum below ----------------------
CURVES_FRAME = style.Frame(500, {"l": 72, "r": 28, "t": 44, "b": 60})
BETA_TICKS = (10, 4, 2, 1, 0.6, 0.4, 0.25)  # the lesson's β values, and the slider's ends


# --- plane: true quality, the reward model, the answers and the moving clouds -------------


def plane_frame(*, visible: bool) -> go.Figure:
    """The frame every layer of the plane shares: length across, substance up."""
    return style.figure(style.plane_layout(PLANE_FRAME, visible=visible))


def plane_base(
    grid: np.ndarray, gold: np.ndarray, answer_length: np.ndarray, answer_substance: np.ndarray
) -> go.Figure:
    """Bottom layer: true quality as filled contours and the base model's answers, faint.

    ``grid`` (m,) is the coarse grid of both axes; ``gold`` (m, m) is indexed
    [substance, length]; the answers are (600,) each.
    """
    figure = plane_frame(visible=True)
    figure.add_trace(
        go.Contour(
            x=grid,
            y=grid,
            z=gold,
            contours={**GOLD_LEVELS, "coloring": "fill"},
            colorscale=GOLD_SCALE,
            zmin=GOLD_LEVELS["start"],
            zmax=GOLD_LEVELS["end"],
            line={"width": 0.6, "color": "rgba(160,110,0,0.45)"},
            showscale=False,
            hoverinfo="skip",
        )
    )
    figure.add_trace(
        go.Scatter(
            x=answer_length,
            y=answer_substance,
            mode="markers",
            marker={"size": 4, "color": ANSWERS, "opacity": 0.45},
            hoverinfo="skip",
        )
    )
    return figure


def edge_crossings(grid: np.ndarray, profile: np.ndarray) -> list[tuple[float, float]]:
    """Where a profile (m,) along ``grid`` (m,) crosses each proxy level inside the plane's
    window: [(position, level)], by linear interpolation between grid points."""
    low, high = PLANE_RANGE
    levels = np.arange(PROXY_LEVELS["start"], PROXY_LEVELS["end"] + 1e-9, PROXY_LEVELS["size"])
    crossings = []
    for level in levels:
        above = profile >= level
        for index in np.flatnonzero(above[1:] != above[:-1]):
            left, right = profile[index], profile[index + 1]
            step = grid[index + 1] - grid[index]
            position = grid[index] + (level - left) / (right - left) * step
            if low + 0.2 <= position <= high - 0.2:  # not under the corner or the other edge
                crossings.append((float(position), float(level)))
    return crossings


def _edge_labels(grid: np.ndarray, proxy: np.ndarray) -> list[dict]:
    """The reward model's levels written where its lines leave the plane at the top: plotly's
    own contour labels cost the browser ~100 ms a redraw, these almost nothing."""
    top_row = int(np.argmin(np.abs(grid - PLANE_RANGE[1])))
    style = {
        "showarrow": False,
        "font": {"size": 12, "color": PROXY},
        "bgcolor": "rgba(255,255,255,0.75)",
        "xref": "x",
        "yref": "y",
    }
    return [
        {**style, "text": f"{level:g}", "x": position, "y": PLANE_RANGE[1], "yanchor": "top"}
        for position, level in edge_crossings(grid, proxy[top_row, :])
    ]


def plane_proxy_lines(grid: np.ndarray, proxy: np.ndarray) -> go.Figure:
    """Layer: the reward model's score as contour lines, their levels written at the edges
    (changes with b and σ). ``proxy`` (m, m) is indexed [substance, length] on ``grid`` (m,)."""
    lines = {
        "type": "contour",
        "x": grid,
        "y": grid,
        "z": proxy,
        "contours": {
            **PROXY_LEVELS,
            "coloring": "lines",
        },
        "colorscale": [[0.0, PROXY], [1.0, PROXY]],
        "line": {"width": 1.6},
        "showscale": False,
        "hoverinfo": "skip",
    }
    layout = {
        **style.plane_layout(PLANE_FRAME, visible=False),
        "annotations": _edge_labels(grid, proxy),
    }
    return style.figure(layout, [lines])


def plane_cloud(length: np.ndarray, substance: np.ndarray, *, best_of_n: bool) -> go.Figure:
    """Layer: one method's moving cloud, (k,) points; circles for KL, diamonds for best-of-n."""
    points = {
        "type": "scatter",
        "x": np.round(length, 3),
        "y": np.round(substance, 3),
        "mode": "markers",
        "marker": {
            "size": CLOUD_MARKER_SIZE,
            "color": BEST_OF_N if best_of_n else KL_METHOD,
            "symbol": "diamond" if best_of_n else "circle",
            "line": {"width": 1, "color": "white"},
            "opacity": 0.9,
        },
        "hoverinfo": "skip",
    }
    return style.figure(style.plane_layout(PLANE_FRAME, visible=False), [points])


def plane_legend() -> go.Figure:
    """Top layer: the plane's legend alone, in the empty lower-left corner."""
    figure = plane_frame(visible=False)
    entries = (
        ("true quality (filled: darker is better)", {"symbol": "square", "color": GOLD}),
        ("reward model (blue lines, levels at the top)", {"symbol": "line-ew", "color": PROXY}),
        ("the base model's 600 answers", {"symbol": "circle", "color": ANSWERS}),
        ("KL penalty: samples at β", {"symbol": "circle", "color": KL_METHOD}),
        ("best-of-n: winners at n", {"symbol": "diamond", "color": BEST_OF_N}),
    )
    for name, marker in entries:
        figure.add_trace(
            go.Scatter(
                x=[None],
                y=[None],
                mode="markers",
                name=name,
                marker={**marker, "size": 12, "line": {"width": 2, "color": marker["color"]}},
            )
        )
    figure.update_layout(
        showlegend=True,
        legend={
            "x": 0.01,
            "y": 0.01,
            "xanchor": "left",
            "yanchor": "bottom",
            "bgcolor": "rgba(255,255,255,0.88)",
            "bordercolor": RULE,
            "borderwidth": 1,
            "font": {"size": 13},
        },
    )
    return figure


# --- curves: both methods' scores against their pressure ----------------------------------


def _best_of_n_panel(curve, *, visible: bool) -> tuple[dict, dict]:
    """The top panel's axes (x, y): n on a log scale, gains."""
    x_axis = style.n_axis(curve.pressure[0], curve.pressure[-1], visible=visible)
    y_axis = style.axis(
        title=style.GAIN_AXIS_TITLE,
        visible=visible,
        range=style.gain_range(curve),
        domain=list(TOP_PANEL),
    )
    return x_axis, y_axis


def _kl_panel(curve, *, visible: bool) -> tuple[dict, dict]:
    """The bottom panel's axes (x, y): β on a reversed log scale, gains."""
    x_axis = style.beta_axis(
        curve.pressure[0], curve.pressure[-1], ticks=BETA_TICKS, visible=visible
    )
    y_axis = style.axis(
        title=style.GAIN_AXIS_TITLE,
        visible=visible,
        range=style.gain_range(curve),
        domain=list(BOTTOM_PANEL),
    )
    return x_axis, y_axis


def _curves_layout(bon_curve, kl_curve) -> dict:
    """Both panels: best-of-n against n on top (x, y), the KL optimum against β below (x2, y2)."""
    top_x, top_y = _best_of_n_panel(bon_curve, visible=True)
    bottom_x, bottom_y = _kl_panel(kl_curve, visible=True)
    return {
        **style.frame_layout(CURVES_FRAME, visible=True),
        "xaxis": {**top_x, "anchor": "y"},
        "yaxis": {**top_y, "anchor": "x"},
        "xaxis2": {**bottom_x, "anchor": "y2"},
        "yaxis2": {**bottom_y, "anchor": "x2"},
    }


def _panel_layout(panel_axes: tuple[dict, dict]) -> dict:
    """A see-through layer holding one panel of the curves, placed exactly over it."""
    x_axis, y_axis = panel_axes
    return {
        **style.frame_layout(CURVES_FRAME, visible=False),
        "xaxis": {**x_axis, "anchor": "y"},
        "yaxis": {**y_axis, "anchor": "x"},
    }


def curves_base(bon_curve, kl_curve) -> go.Figure:
    """Bottom layer of the curves: both methods' whole curves, their peaks, and labels."""
    bon_traces, bon_shapes = score_lines(bon_curve, axes=("x", "y"), legend=True)
    kl_traces, kl_shapes = score_lines(kl_curve, axes=("x2", "y2"), legend=False)
    titles = (
        (f"Best-of-n · true quality peaks at n = {bon_curve.peak_pressure:.0f}", BEST_OF_N),
        (f"KL penalty · true quality peaks at β = {kl_curve.peak_pressure:.2f}", KL_METHOD),
    )
    annotations = [
        {
            "text": f"<b>{text}</b>",
            "x": 0,
            "y": top,
            "xref": "paper",
            "yref": "paper",
            "xanchor": "left",
            "yanchor": "bottom",
            "yshift": 4,
            "showarrow": False,
            "font": {"size": TITLE_SIZE, "color": colour},
        }
        for (text, colour), top in zip(titles, (TOP_PANEL[1], BOTTOM_PANEL[1]), strict=True)
    ]
    layout = {
        **_curves_layout(bon_curve, kl_curve),
        "shapes": bon_shapes + kl_shapes,
        "annotations": annotations,
        "showlegend": True,
        "legend": {
            "orientation": "h",
            "x": 1,
            "y": 1,
            "xanchor": "right",
            "yanchor": "bottom",
            "yref": "container",
            "font": {"size": 13},
        },
    }
    return style.figure(layout, bon_traces + kl_traces)


def _current_marks(
    panel_axes: tuple[dict, dict], pressure: float, point, colour: str, label: str
) -> go.Figure:
    """A layer over one panel: a dashed line at the current n or β, and where both scores
    stand there. The label goes right of the line, or left of it near the axis's right end."""
    low, high = panel_axes[0]["range"]
    near_right_end = (math.log10(pressure) - low) / (high - low) > 0.8
    line = {
        "type": "line",
        "xref": "x",
        "x0": pressure,
        "x1": pressure,
        "yref": "y domain",
        "y0": 0,
        "y1": 1,
        "line": {"color": colour, "width": 2.5, "dash": "dash"},
    }
    scores = {
        "type": "scatter",
        "x": [pressure, pressure],
        "y": [round(point.proxy_gain, 4), round(point.gold_gain, 4)],
        "mode": "markers",
        "marker": {
            "size": CURRENT_MARKER_SIZE,
            "color": [PROXY, GOLD],
            "line": {"width": 2.5, "color": colour},
        },
        "hoverinfo": "skip",
    }
    caption = {
        "text": f"<b>{label}</b>",
        "x": math.log10(pressure),
        "y": 1,
        "xref": "x",
        "yref": "y domain",
        "yanchor": "top",
        "xanchor": "right" if near_right_end else "left",
        "xshift": -4 if near_right_end else 4,
        "showarrow": False,
        "font": {"size": 14, "color": colour},
        "bgcolor": "rgba(255,255,255,0.8)",
    }
    layout = {**_panel_layout(panel_axes), "shapes": [line], "annotations": [caption]}
    return style.figure(layout, [scores])


def best_of_n_marks(curve, point, n: float) -> go.Figure:
    """Layer over the top panel: the current n on best-of-n's curves."""
    return _current_marks(_best_of_n_panel(curve, visible=False), n, point, BEST_OF_N, f"n = {n:g}")


def kl_marks(curve, point, beta: float) -> go.Figure:
    """Layer over the bottom panel: the current β on the KL optimum's curves."""
    return _current_marks(_kl_panel(curve, visible=False), beta, point, KL_METHOD, f"β = {beta:g}")
