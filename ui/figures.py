"""Small figure builders: numbers in, ``go.Figure`` out. They never read widgets or call core.

One palette (Okabe–Ito, safe for colour-blind readers) gives each meaning one colour on every
page: true quality (gold) orange, the reward model (proxy) blue, the KL-penalized optimum
green, best-of-n reddish purple. Text is large enough for a projector.

Charts that must line up exactly (the Playground's layers, drawn on top of each other) are
built on the same *frame*: same height, margins and axis ranges, with margins that never grow
to fit a legend or a label (``autoexpand`` off). A layer drawn on top of another is
transparent and shows no axes of its own.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

# --- palette -----------------------------------------------------------------------------
GOLD = "#E69F00"  # orange: true quality, what we actually want
PROXY = "#0072B2"  # blue: the reward model's score
KL_METHOD = "#009E73"  # bluish green: the KL-penalized optimum
BEST_OF_N = "#CC79A7"  # reddish purple: best-of-n
BOUND = "#444444"  # dark grey: formulas and limits drawn for comparison
ANSWERS = "#8C8C8C"  # grey: the base model's 600 answers
INK = "#1A1A1A"  # text
RULE = "#DDDDDD"  # light grid lines
TRANSPARENT = "rgba(0,0,0,0)"
# Filled contours of true quality: pale (bad) to the gold colour (good).
GOLD_SCALE = [[0.0, "#FFFBF2"], [0.55, "#F8DFA8"], [1.0, GOLD]]
POLICY_SCALE = [[0.0, "#FFFFFF"], [0.25, "#CDEDE3"], [1.0, KL_METHOD]]

FONT = {"family": "Source Sans Pro, Helvetica, Arial, sans-serif", "size": 15, "color": INK}
TITLE_SIZE = 16
LINE_WIDTH = 3.5
CURRENT_MARKER_SIZE = 13
CLOUD_MARKER_SIZE = 10

# --- the Playground's plane --------------------------------------------------------------
PLANE_RANGE = (-4.0, 6.0)  # standard units shown on both axes (the grid spans -6..6)
PLANE_HEIGHT = 500
PLANE_MARGIN = {"l": 72, "r": 16, "t": 16, "b": 64}
GOLD_LEVELS = {"start": -8.0, "end": 7.0, "size": 1.0}  # true quality; below -8 is all pale
PROXY_LEVELS = {"start": -10.0, "end": 14.0, "size": 2.0}

# --- the Playground's curves: best-of-n on top, the KL optimum below ----------------------
CURVES_HEIGHT = 500
CURVES_MARGIN = {"l": 72, "r": 28, "t": 44, "b": 60}
TOP_PANEL = (0.63, 1.0)  # y domains of the two panels
BOTTOM_PANEL = (0.0, 0.37)
N_AXIS_TITLE = "n, answers drawn per choice (log scale)"
BETA_AXIS_TITLE = "β, reward per nat (log scale; weaker penalty →)"
N_TICKS = (1, 3, 10, 49, 200, 590, 2000, 10000)  # the lesson's n = 49 and 590 among them
BETA_TICKS = (10, 4, 2, 1, 0.6, 0.4, 0.25)  # the lesson's β values, and the slider's ends
GAIN_AXIS_TITLE = "gain over base model"


def _figure(layout: dict, data: list[dict] | tuple = ()) -> go.Figure:
    """A figure from plain dicts, without plotly's property-by-property checks.

    Those checks (and ``update_layout``'s path parsing) cost ~10 ms a figure, most of a
    rerun's server time when b or σ changes; tests/app/test_figures.py validates every
    builder's output instead, once, where it costs nothing.
    """
    return go.Figure({"data": list(data), "layout": layout}, _validate=False)


def _frame_layout(height: int, margin: dict, *, visible: bool = True) -> dict:
    """A layout with fixed size and margins; transparent when it is a top layer."""
    background = "white" if visible else TRANSPARENT
    return {
        "height": height,
        "margin": {**margin, "autoexpand": False},
        "font": FONT,
        "paper_bgcolor": background,
        "plot_bgcolor": background,
        "showlegend": False,
        "hovermode": False,
        "dragmode": False,
    }


def _frame(height: int, margin: dict, *, visible: bool = True) -> go.Figure:
    """An empty figure with fixed size and margins; transparent when it is a top layer."""
    return _figure(_frame_layout(height, margin, visible=visible))


def _axis(*, title: str = "", visible: bool = True, **settings) -> dict:
    """One axis, fixed (no zoom), with a title that says what it is and in which units."""
    return {
        "visible": visible,
        "title": {"text": title if visible else "", "font": {"size": TITLE_SIZE}},
        "fixedrange": True,
        "showgrid": visible,
        "gridcolor": RULE,
        "zeroline": False,
        "showline": visible,
        "linecolor": INK,
        "ticks": "outside" if visible else "",
        **settings,
    }


def _log_range(low: float, high: float) -> list[float]:
    """A plotly log axis range from ``low`` to ``high`` (reversed when low > high)."""
    return [math.log10(low), math.log10(high)]


# --- plane: true quality, the reward model, the answers and the moving clouds -------------


def _plane_layout(*, visible: bool) -> dict:
    """The layout every layer of the plane shares: length across, substance up."""
    return {
        **_frame_layout(PLANE_HEIGHT, PLANE_MARGIN, visible=visible),
        "xaxis": _axis(
            title="length (standard units of the base model)",
            visible=visible,
            range=list(PLANE_RANGE),
        ),
        "yaxis": _axis(
            title="substance (standard units)", visible=visible, range=list(PLANE_RANGE)
        ),
    }


def plane_frame(*, visible: bool) -> go.Figure:
    """The frame every layer of the plane shares: length across, substance up."""
    return _figure(_plane_layout(visible=visible))


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
    layout = {**_plane_layout(visible=False), "annotations": _edge_labels(grid, proxy)}
    return _figure(layout, [lines])


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
    return _figure(_plane_layout(visible=False), [points])


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


def gain_range(*curves) -> list[float]:
    """A y range holding both scores of every curve given, with a little room."""
    low = min(min(curve.gold_gain.min(), curve.proxy_gain.min()) for curve in curves)
    high = max(max(curve.gold_gain.max(), curve.proxy_gain.max()) for curve in curves)
    room = 0.08 * (high - low) + 0.1
    return [float(low - room), float(high + room)]


def _best_of_n_panel(curve, *, visible: bool) -> tuple[dict, dict]:
    """The top panel's axes (x, y): n on a log scale, gains."""
    x_axis = _axis(
        title=N_AXIS_TITLE,
        visible=visible,
        type="log",
        range=_log_range(curve.pressure[0], curve.pressure[-1] * 1.05),
        tickvals=list(N_TICKS),
        ticktext=[f"{tick // 1000}k" if tick >= 10000 else f"{tick:,}" for tick in N_TICKS],
    )
    y_axis = _axis(
        title=GAIN_AXIS_TITLE, visible=visible, range=gain_range(curve), domain=list(TOP_PANEL)
    )
    return x_axis, y_axis


def _kl_panel(curve, *, visible: bool) -> tuple[dict, dict]:
    """The bottom panel's axes (x, y): β on a reversed log scale, gains."""
    x_axis = _axis(
        title=BETA_AXIS_TITLE,
        visible=visible,
        type="log",
        range=_log_range(curve.pressure[0] * 1.05, curve.pressure[-1] / 1.05),
        tickvals=list(BETA_TICKS),
        ticktext=[f"{tick:g}" for tick in BETA_TICKS],
    )
    y_axis = _axis(
        title=GAIN_AXIS_TITLE, visible=visible, range=gain_range(curve), domain=list(BOTTOM_PANEL)
    )
    return x_axis, y_axis


def _curves_layout(bon_curve, kl_curve) -> dict:
    """Both panels: best-of-n against n on top (x, y), the KL optimum against β below (x2, y2)."""
    top_x, top_y = _best_of_n_panel(bon_curve, visible=True)
    bottom_x, bottom_y = _kl_panel(kl_curve, visible=True)
    return {
        **_frame_layout(CURVES_HEIGHT, CURVES_MARGIN, visible=True),
        "xaxis": {**top_x, "anchor": "y"},
        "yaxis": {**top_y, "anchor": "x"},
        "xaxis2": {**bottom_x, "anchor": "y2"},
        "yaxis2": {**bottom_y, "anchor": "x2"},
    }


def _panel_layout(panel_axes: tuple[dict, dict]) -> dict:
    """A see-through layer holding one panel of the curves, placed exactly over it."""
    x_axis, y_axis = panel_axes
    return {
        **_frame_layout(CURVES_HEIGHT, CURVES_MARGIN, visible=False),
        "xaxis": {**x_axis, "anchor": "y"},
        "yaxis": {**y_axis, "anchor": "x"},
    }


def _score_lines(curve, *, axes: tuple[str, str], legend: bool) -> tuple[list, list]:
    """The reward model's and true quality's gain along one curve, and the peak of the latter:
    (traces, shapes)."""
    x_axis, y_axis = axes
    traces = [
        {
            "type": "scatter",
            "x": curve.pressure,
            "y": np.round(values, 4),
            "mode": "lines",
            "name": name,
            "line": {"color": colour, "width": LINE_WIDTH, "dash": "solid"},
            "xaxis": x_axis,
            "yaxis": y_axis,
            "showlegend": legend,
            "hoverinfo": "skip",
        }
        for name, values, colour in (
            ("reward model's score", curve.proxy_gain, PROXY),
            ("true quality", curve.gold_gain, GOLD),
        )
    ]
    traces.append(
        {
            "type": "scatter",
            "x": [curve.peak_pressure],
            "y": [curve.peak_gold_gain],
            "mode": "markers",
            "name": "peak of true quality",
            "marker": {
                "symbol": "star",
                "size": 18,
                "color": GOLD,
                "line": {"width": 1.5, "color": INK},
            },
            "xaxis": x_axis,
            "yaxis": y_axis,
            "showlegend": legend,
            "hoverinfo": "skip",
        }
    )
    # The base model's level: below this line the chosen answers are worse than doing nothing.
    base_level = {
        "type": "line",
        "xref": f"{x_axis} domain",
        "x0": 0,
        "x1": 1,
        "yref": y_axis,
        "y0": 0,
        "y1": 0,
        "line": {"color": INK, "width": 1.2, "dash": "dot"},
    }
    return traces, [base_level]


def curves_base(bon_curve, kl_curve) -> go.Figure:
    """Bottom layer of the curves: both methods' whole curves, their peaks, and labels."""
    bon_traces, bon_shapes = _score_lines(bon_curve, axes=("x", "y"), legend=True)
    kl_traces, kl_shapes = _score_lines(kl_curve, axes=("x2", "y2"), legend=False)
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
    return _figure(layout, bon_traces + kl_traces)


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
    return _figure(layout, [scores])


def best_of_n_marks(curve, point, n: float) -> go.Figure:
    """Layer over the top panel: the current n on best-of-n's curves."""
    return _current_marks(_best_of_n_panel(curve, visible=False), n, point, BEST_OF_N, f"n = {n:g}")


def kl_marks(curve, point, beta: float) -> go.Figure:
    """Layer over the bottom panel: the current β on the KL optimum's curves."""
    return _current_marks(_kl_panel(curve, visible=False), beta, point, KL_METHOD, f"β = {beta:g}")


# --- Best-of-n page ----------------------------------------------------------------------

PAGE_CHART_HEIGHT = 380
PAGE_MARGIN = {"l": 72, "r": 24, "t": 84, "b": 60}
RANK_AXIS_TITLE = "rank by the reward model (600 = its favourite)"


def _titled(figure: go.Figure, title: str, colour: str = INK) -> go.Figure:
    """A bold title in the top margin's first line (the legend, if any, goes below it)."""
    figure.update_layout(
        title={
            "text": f"<b>{title}</b>",
            "font": {"size": TITLE_SIZE, "color": colour},
            "x": 0,
            "xref": "paper",
            "y": 1,
            "yref": "container",
            "yanchor": "top",
            "pad": {"t": 8},
        }
    )
    return figure


def _top_legend(figure: go.Figure) -> None:
    """A one-line legend just above the plot area, under the title."""
    figure.update_layout(
        showlegend=True,
        legend={
            "orientation": "h",
            "x": 0,
            "y": 1.01,
            "xanchor": "left",
            "yanchor": "bottom",
            "font": {"size": 13},
        },
    )


def ranked_scores(ranked_proxy: np.ndarray, ranked_gold: np.ndarray) -> go.Figure:
    """Every answer's two scores, answers sorted by the reward model: (600,) each, worst first."""
    ranks = np.arange(1, ranked_proxy.size + 1)
    figure = _frame(PAGE_CHART_HEIGHT, PAGE_MARGIN)
    figure.add_trace(
        go.Scatter(
            x=ranks,
            y=np.round(ranked_gold, 3),
            mode="markers",
            name="true quality",
            marker={"size": 5, "color": GOLD, "opacity": 0.7},
        )
    )
    figure.add_trace(
        go.Scatter(
            x=ranks,
            y=np.round(ranked_proxy, 3),
            mode="lines",
            name="reward model's score",
            line={"color": PROXY, "width": LINE_WIDTH},
        )
    )
    figure.update_layout(
        xaxis=_axis(title=RANK_AXIS_TITLE, range=[0, ranks.size + 1]),
        yaxis=_axis(title="score (reward units)"),
    )
    _top_legend(figure)
    return _titled(figure, "The 600 answers, ranked by the reward model")


def win_chances(ranked_chances: np.ndarray, n: int) -> go.Figure:
    """Each ranked answer's chance of being the one best-of-n keeps: (600,), worst first."""
    ranks = np.arange(1, ranked_chances.size + 1)
    top_ten = float(ranked_chances[-10:].sum())
    figure = _frame(PAGE_CHART_HEIGHT, PAGE_MARGIN)
    figure.add_trace(
        go.Scatter(
            x=ranks,
            y=np.round(100 * ranked_chances, 4),
            mode="lines",
            fill="tozeroy",
            line={"color": BEST_OF_N, "width": 2.5},
            fillcolor="rgba(204,121,167,0.35)",
        )
    )
    figure.update_layout(
        xaxis=_axis(title=RANK_AXIS_TITLE, range=[0, ranks.size + 1]),
        yaxis=_axis(title="chance of being kept (%)", rangemode="tozero"),
    )
    figure.add_annotation(
        text=f"the 10 best-ranked answers are kept {100 * top_ten:.0f}% of the time",
        x=0.02,
        y=0.95,
        xref="paper",
        yref="paper",
        xanchor="left",
        yanchor="top",
        showarrow=False,
        font={"size": 14},
    )
    return _titled(figure, f"Each answer's chance of being kept, at n = {n:g}", BEST_OF_N)


def _current_n(figure: go.Figure, n: float) -> None:
    figure.add_shape(
        type="line",
        xref="x",
        x0=n,
        x1=n,
        yref="y domain",
        y0=0,
        y1=1,
        line={"color": BEST_OF_N, "width": 2.5, "dash": "dash"},
    )


def _n_axis() -> dict:
    return _axis(
        title=N_AXIS_TITLE,
        type="log",
        range=_log_range(1, 10000 * 1.05),
        tickvals=list(N_TICKS),
        ticktext=[f"{tick // 1000}k" if tick >= 10000 else f"{tick:,}" for tick in N_TICKS],
    )


def scores_against_n(curve, point, n: float) -> go.Figure:
    """Both scores' gain along n, the peak of true quality and the current n."""
    traces, shapes = _score_lines(curve, axes=("x", "y"), legend=True)
    figure = _figure({**_frame_layout(PAGE_CHART_HEIGHT, PAGE_MARGIN), "shapes": shapes}, traces)
    figure.add_trace(
        go.Scatter(
            x=[n, n],
            y=[point.proxy_gain, point.gold_gain],
            mode="markers",
            marker={
                "size": CURRENT_MARKER_SIZE,
                "color": [PROXY, GOLD],
                "line": {"width": 2.5, "color": BEST_OF_N},
            },
            showlegend=False,
        )
    )
    _current_n(figure, n)
    figure.update_layout(xaxis=_n_axis(), yaxis=_axis(title=GAIN_AXIS_TITLE))
    _top_legend(figure)
    return _titled(
        figure, f"Gain against n (true quality peaks at n = {curve.peak_pressure:.0f})", BEST_OF_N
    )


def kl_against_bound(curve, n: float, kl_at_n: float) -> go.Figure:
    """Best-of-n's exact KL along n beside the continuous formula, which bounds it."""
    ceiling = math.log(600)
    figure = _frame(PAGE_CHART_HEIGHT, PAGE_MARGIN)
    figure.add_trace(
        go.Scatter(
            x=curve.pressure,
            y=np.round(curve.kl_bound, 4),
            mode="lines",
            name="log n − (n − 1)/n, the bound",
            line={"color": BOUND, "width": 2.5, "dash": "dash"},
        )
    )
    figure.add_trace(
        go.Scatter(
            x=curve.pressure,
            y=np.round(curve.kl, 4),
            mode="lines",
            name="exact KL over the 600 answers",
            line={"color": BEST_OF_N, "width": LINE_WIDTH},
        )
    )
    figure.add_trace(
        go.Scatter(
            x=[n],
            y=[kl_at_n],
            mode="markers",
            marker={"size": CURRENT_MARKER_SIZE, "color": BEST_OF_N, "line": {"width": 2}},
            showlegend=False,
        )
    )
    figure.add_shape(
        type="line",
        xref="x domain",
        x0=0,
        x1=1,
        yref="y",
        y0=ceiling,
        y1=ceiling,
        line={"color": INK, "width": 1.2, "dash": "dot"},
    )
    figure.add_annotation(
        text="ceiling: log 600 = 6.40 nats",
        x=0.02,
        y=ceiling,
        xref="x domain",
        yref="y",
        xanchor="left",
        yanchor="bottom",
        showarrow=False,
        font={"size": 13},
    )
    _current_n(figure, n)
    figure.update_layout(
        xaxis=_n_axis(),
        yaxis=_axis(title="KL from the base model (nats)", range=[0, 9.5]),
    )
    _top_legend(figure)
    return _titled(figure, "How far best-of-n moves from the base model")


def peak_spread(peaks: np.ndarray, lesson_peak: float, current_peak: float) -> go.Figure:
    """Where true quality peaks for many fresh answer sets (k,), the lesson's and the shown one."""
    figure = _frame(170, {"l": 72, "r": 24, "t": 40, "b": 56})
    figure.add_trace(
        go.Scatter(
            x=peaks,
            y=np.zeros_like(peaks, dtype=float),
            mode="markers",
            name="a fresh set of 600",
            marker={"size": 12, "color": "rgba(204,121,167,0.45)", "line": {"width": 1}},
        )
    )
    figure.add_trace(
        go.Scatter(
            x=[lesson_peak],
            y=[0],
            mode="markers",
            name="the lesson's set",
            marker={"size": 18, "symbol": "star", "color": GOLD, "line": {"width": 1.5}},
        )
    )
    figure.add_trace(
        go.Scatter(
            x=[current_peak],
            y=[0],
            mode="markers",
            name="the set shown",
            marker={"size": 20, "symbol": "circle-open", "color": INK, "line": {"width": 3}},
        )
    )
    figure.update_layout(
        xaxis=_n_axis() | {"title": {"text": "n where true quality peaks (log scale)"}},
        yaxis=_axis(visible=False, range=[-1, 1]),
    )
    _top_legend(figure)
    return figure


# --- KL penalty page ---------------------------------------------------------------------

HEATMAP_HEIGHT = 520
CLOSED_FORM_DASH = "dash"


def policy_heatmap(
    grid: np.ndarray, relative_density: np.ndarray, ellipses: list[tuple[np.ndarray, np.ndarray]]
) -> go.Figure:
    """π_β on the grid as a heat map, with closed-form contours drawn over it.

    ``grid`` (m,); ``relative_density`` (m, m), [substance, length], scaled so its maximum
    is 1; ``ellipses`` are (length, substance) outlines of the closed-form Gaussian (may be
    empty when there is no closed form).
    """
    figure = plane_frame(visible=True)
    figure.update_layout(height=HEATMAP_HEIGHT, hovermode="closest")
    figure.add_trace(
        go.Heatmap(
            x=grid,
            y=grid,
            z=relative_density,
            colorscale=POLICY_SCALE,
            zmin=0,
            zmax=1,
            colorbar={"title": {"text": "π_β / its peak", "side": "right"}, "thickness": 14},
            hovertemplate="length %{x}<br>substance %{y}<br>π_β / peak %{z:.2f}<extra></extra>",
        )
    )
    for index, (length, substance) in enumerate(ellipses):
        figure.add_trace(
            go.Scatter(
                x=np.round(length, 3),
                y=np.round(substance, 3),
                mode="lines",
                name="closed form: 1 and 2 standard deviations",
                showlegend=index == 0,
                line={"color": INK, "width": 2, "dash": CLOSED_FORM_DASH},
                hoverinfo="skip",
            )
        )
    base = np.linspace(0, 2 * np.pi, 90)
    figure.add_trace(
        go.Scatter(
            x=np.round(np.cos(base), 3),
            y=np.round(np.sin(base), 3),
            mode="lines",
            name="base model π_ref: 1 standard deviation",
            line={"color": ANSWERS, "width": 2, "dash": "dot"},
            hoverinfo="skip",
        )
    )
    figure.update_layout(
        margin={**PLANE_MARGIN, "r": 90, "t": 40, "autoexpand": False},
        showlegend=True,
        legend={"x": 0.01, "y": 0.01, "bgcolor": "rgba(255,255,255,0.88)", "font": {"size": 13}},
    )
    return figure


def grid_against_closed_form(curve, closed_form, beta: float, slider_low: float, edge: float):
    """KL and both gains along β, on the grid (solid) and in closed form (dashed, if any).

    ``curve`` runs past the slider's end so the grid's edge shows; ``closed_form`` has
    arrays kl, proxy_gain, gold_gain matching ``curve.pressure``, or is None.
    """
    figure = _frame(HEATMAP_HEIGHT, CURVES_MARGIN)
    beta_high, beta_low = curve.pressure[0], curve.pressure[-1]
    x_range = _log_range(beta_high * 1.05, beta_low / 1.05)
    ticks = [10, 4, 2, 1, 0.6, 0.3, 0.15]
    for axis in ("xaxis", "xaxis2"):
        figure.update_layout(
            {
                axis: _axis(
                    title=BETA_AXIS_TITLE if axis == "xaxis2" else "",
                    type="log",
                    range=x_range,
                    tickvals=ticks,
                    ticktext=[f"{tick:g}" for tick in ticks],
                    anchor="y" if axis == "xaxis" else "y2",
                )
            }
        )
    figure.update_layout(
        yaxis=_axis(title="KL (nats, log scale)", type="log", domain=list(TOP_PANEL)),
        # The closed form's true quality dives far below; the range follows the grid's curves.
        yaxis2=_axis(
            title=GAIN_AXIS_TITLE, domain=list(BOTTOM_PANEL), anchor="x2", range=gain_range(curve)
        ),
    )
    lines = (
        ("KL", curve.kl, KL_METHOD, "x", "y"),
        ("reward model's score", curve.proxy_gain, PROXY, "x2", "y2"),
        ("true quality", curve.gold_gain, GOLD, "x2", "y2"),
    )
    for name, values, colour, x_axis, y_axis in lines:
        figure.add_trace(
            go.Scatter(
                x=curve.pressure,
                y=np.round(values, 4),
                mode="lines",
                name=f"{name}, on the grid",
                line={"color": colour, "width": LINE_WIDTH},
                xaxis=x_axis,
                yaxis=y_axis,
            )
        )
    if closed_form is not None:
        for name, values, x_axis, y_axis in (
            ("KL", closed_form.kl, "x", "y"),
            ("proxy", closed_form.proxy_gain, "x2", "y2"),
            ("gold", closed_form.gold_gain, "x2", "y2"),
        ):
            figure.add_trace(
                go.Scatter(
                    x=curve.pressure,
                    y=np.round(values, 4),
                    mode="lines",
                    name="closed form" if name == "KL" else None,
                    showlegend=name == "KL",
                    line={"color": INK, "width": 1.8, "dash": CLOSED_FORM_DASH},
                    xaxis=x_axis,
                    yaxis=y_axis,
                )
            )
    for x_axis in ("x", "x2"):
        # Past the slider's end, shaded: there the grid's edge starts to shape the optimum.
        figure.add_shape(
            type="rect",
            xref=x_axis,
            x0=slider_low,
            x1=beta_low / 1.05,
            yref=f"{'y' if x_axis == 'x' else 'y2'} domain",
            y0=0,
            y1=1,
            fillcolor="rgba(0,0,0,0.07)",
            line={"width": 0},
            layer="below",
        )
        figure.add_shape(
            type="line",
            xref=x_axis,
            x0=beta,
            x1=beta,
            yref=f"{'y' if x_axis == 'x' else 'y2'} domain",
            y0=0,
            y1=1,
            line={"color": KL_METHOD, "width": 2.5, "dash": "dash"},
        )
    figure.add_annotation(
        text=f"beyond the slider:<br>the grid's edge<br>bites below {edge:g}",
        x=math.log10(slider_low),
        y=0.03,
        xref="x2",
        yref="y2 domain",
        xanchor="left",
        yanchor="bottom",
        xshift=3,
        showarrow=False,
        font={"size": 12},
        align="left",
    )
    figure.update_layout(
        margin={**CURVES_MARGIN, "t": 64, "autoexpand": False},
        showlegend=True,
        legend={
            "orientation": "h",
            "x": 0,
            "y": 1,
            "yref": "container",
            "xanchor": "left",
            "yanchor": "top",
            "font": {"size": 13},
        },
    )
    return figure


def gaussian_ellipses(mean_length: float, sd_length: float, mean_substance: float):
    """Outlines at 1 and 2 standard deviations of a Gaussian with unit substance spread."""
    angle = np.linspace(0, 2 * np.pi, 90)
    return [
        (mean_length + k * sd_length * np.cos(angle), mean_substance + k * np.sin(angle))
        for k in (1, 2)
    ]
