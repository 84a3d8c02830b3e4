"""What the KL penalty page draws: π_β as a heat map, the grid against the closed form.

Each chart comes in two parts, side by side: ``<chart>_figure`` builds the figure from plain
numbers (it never reads widgets or calls core), and ``<chart>`` is the cached function the
page calls with its settings. The cached one builds the figure once per rounded setting
(``ui.compute.cached``) and shares it, never mutated, with every session, so the same setting
always gives the *same* figure and Streamlit sends it unchanged.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import numpy as np
import plotly.graph_objects as go

import core
from common import format as fmt
from ui import compute, edge_note, edge_traces, style
from ui.compute import cached
from ui.settings import SETTINGS
from ui.style import ANSWERS, GOLD, INK, KL_METHOD, LINE_WIDTH, PROXY

HEATMAP_FRAME = style.Frame(520, {"l": 72, "r": 90, "t": 40, "b": 64})  # room for a colour bar
CURVES_FRAME = style.Frame(520, {"l": 72, "r": 28, "t": 64, "b": 60})  # a two-line legend on top
CURVES_BETA_TICKS = (10, 4, 2, 1, 0.6, 0.3, 0.15)  # the lesson's β, and past the slider's end
CLOSED_FORM_DASH = "dash"
HEATMAP_STEP = 2  # every 2nd grid point (0.1 standard units) for the policy heat map
SHARE_UNITS = 1000  # the heat map's z: π_β / its peak in thousandths
SHARE_TICKS = (0, 0.2, 0.4, 0.6, 0.8, 1)  # its colour bar's labels
# A plotly Figure holds Python objects far bigger than its JSON: ~130 KB for the heat map and
# ~90 KB for the curves (measured with tracemalloc), so these bounds cap the page near 8 MB.
HEATMAP_ENTRIES = 16
CURVES_ENTRIES = 64


def gaussian_ellipses(mean_length: float, sd_length: float, mean_substance: float):
    """Outlines at 1 and 2 standard deviations of a Gaussian with unit substance spread:
    [(length, substance)], two pairs of (90,) arrays."""
    angle = np.linspace(0, 2 * np.pi, 90)
    return [
        (mean_length + k * sd_length * np.cos(angle), mean_substance + k * np.sin(angle))
        for k in (1, 2)
    ]


def policy_heatmap_figure(
    grid: np.ndarray, relative_density: np.ndarray, ellipses: list[tuple[np.ndarray, np.ndarray]]
) -> go.Figure:
    """π_β on the grid as a heat map, with closed-form contours drawn over it.

    ``grid`` (m,); ``relative_density`` (m, m), [substance, length], scaled so its maximum
    is 1; ``ellipses`` are (length, substance) outlines of the closed-form Gaussian (may be
    empty when there is no closed form).
    """
    figure = style.figure(style.plane_layout(HEATMAP_FRAME, visible=True))
    figure.update_layout(hovermode="closest")
    figure.add_trace(_policy_trace(grid, relative_density))
    for index, (length, substance) in enumerate(ellipses):
        figure.add_trace(
            go.Scatter(
                x=np.round(length, 3),
                y=np.round(substance, 3),
                mode="lines",
                name="closed form:<br>1 and 2 standard<br>deviations",  # 390 px: 3 lines
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
            name="base model π_ref:<br>1 standard deviation",
            line={"color": ANSWERS, "width": 2, "dash": "dot"},
            hoverinfo="skip",
        )
    )
    figure.update_layout(
        showlegend=True,
        legend={
            "x": 0.01,
            "y": 0.01,
            "bgcolor": "rgba(255,255,255,0.88)",
            "font": {"size": style.LEGEND_FONT_SIZE},
        },
    )
    return figure


def _policy_trace(grid: np.ndarray, relative_density: np.ndarray) -> go.Heatmap:
    """π_β / its peak, (m, m) on ``grid`` (m,), as a heat map whose hover writes the share."""
    return go.Heatmap(
        x=grid,
        y=grid,
        # In thousandths as 2-byte integers: the 3 decimals it had, in 27 KB where float64
        # took 113 KB, room for the hover's text (85 KB for the 101² cells).
        z=np.round(relative_density * SHARE_UNITS).astype(np.uint16),
        colorscale=style.POLICY_SCALE,
        zmin=0,
        zmax=SHARE_UNITS,
        colorbar={
            "title": {"text": "π_β / its peak", "side": "right"},
            "thickness": 14,
            "tickvals": [SHARE_UNITS * tick for tick in SHARE_TICKS],
            "ticktext": [fmt.stop(tick) for tick in SHARE_TICKS],
        },
        # The share as the page writes numbers (common.format); only z: a whole text per cell
        # ("length …<br>substance …") would be ~500 KB.
        customdata=[[fmt.number(share) for share in row] for row in relative_density],
        hovertemplate="length %{x}<br>substance %{y}<br>π_β / peak %{customdata}<extra></extra>",
    )


def _beta_panels(curve) -> go.Figure:
    """Two panels sharing β across: KL on a log scale above (x, y), both gains below (x2, y2)."""
    figure = style.figure(style.frame_layout(CURVES_FRAME))
    largest, smallest = curve.pressure[0], curve.pressure[-1]
    for axis in ("xaxis", "xaxis2"):
        # One title, under both: style.BETA_AXIS_TITLE (48 characters) ran past a phone's edge.
        title = "β (log scale; weaker penalty →)" if axis == "xaxis2" else ""
        beta = style.beta_axis(largest, smallest, ticks=CURVES_BETA_TICKS, title=title)
        figure.update_layout({axis: {**beta, "anchor": "y" if axis == "xaxis" else "y2"}})
    figure.update_layout(
        yaxis=style.axis(title="KL (nats, log scale)", type="log", domain=list(style.TOP_PANEL)),
        # The range follows the grid's curves where the edge does not cap them: with the
        # capped stretch in it (−20…+10 at the defaults) true quality's peak was a flat line;
        # past it the curves and the closed form run on out of the panel.
        yaxis2=style.axis(
            title=style.GAIN_AXIS_TITLE,
            domain=list(style.BOTTOM_PANEL),
            anchor="x2",
            range=style.gain_range(_clear_of_the_edge(curve)),
        ),
    )
    return figure


def _clear_of_the_edge(curve) -> SimpleNamespace:
    """``curve``'s gains (k,) where the grid's edge does not cap them (core's edge check,
    ``curve.capped``; at least the first)."""
    clear = ~np.asarray(edge_note.capped_flags(curve.edge_mass, curve.capped), dtype=bool)
    clear[0] = True
    return SimpleNamespace(gold_gain=curve.gold_gain[clear], proxy_gain=curve.proxy_gain[clear])


def _mark_peak(figure: go.Figure, curve) -> None:
    """True quality's peak on the gain panel, clear of the edge: a star and its value."""
    gains = _clear_of_the_edge(curve).gold_gain
    peak = int(np.argmax(gains))
    figure.add_trace(
        go.Scatter(
            x=[curve.pressure[peak]],
            y=[round(float(gains[peak]), 4)],
            mode="markers+text",
            marker={
                "symbol": "star",
                "size": 16,
                "color": GOLD,
                "line": {"color": INK, "width": 1},
            },
            text=[f"peak {fmt.signed(gains[peak])}"],
            textposition="top center",
            textfont={"size": 14, "color": INK},
            name="peak",
            showlegend=False,
            hovertemplate=f"true quality's peak: {fmt.signed(gains[peak])} at "
            f"{fmt.named('β', curve.pressure[peak])}<extra></extra>",
            xaxis="x2",
            yaxis="y2",
        )
    )


def _add_grid_and_closed_form(figure: go.Figure, curve, closed_form) -> None:
    """KL and both gains along β: the grid's solid and coloured, the closed form's dashed."""
    lines = (
        ("KL", curve.kl, KL_METHOD, "x", "y"),
        ("reward model", curve.proxy_gain, PROXY, "x2", "y2"),
        ("true quality", curve.gold_gain, GOLD, "x2", "y2"),
    )
    for name, values, colour, x_axis, y_axis in lines:
        line = go.Scatter(
            x=curve.pressure,
            y=np.round(values, 4),
            mode="lines",
            name=name,  # the grid's, solid (the heading says so); short: 2 a line at 390 px
            line={"color": colour, "width": LINE_WIDTH},
            xaxis=x_axis,
            yaxis=y_axis,
        )
        # Capped by the grid's edge: dotted and faded, "edge" at the end of KL's. Not on the
        # gain panel, whose range leaves the capped gains out: the word was cut off there on a
        # phone, and moved into view it ran into the slider's note.
        figure.add_traces(
            edge_traces.split(line, curve.edge_mass, label=name == "KL", capped=curve.capped)
        )
    if closed_form is None:
        return
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


def _mark_beta_and_edge(
    figure: go.Figure, *, beta: float, slider_low: float, smallest: float
) -> None:
    """On both panels: the current β (dashed) and, shaded, β past the slider's end."""
    for x_axis in ("x", "x2"):
        # Past the slider's end, shaded (the capped stretch, wherever it starts, is dotted).
        figure.add_shape(
            type="rect",
            xref=x_axis,
            x0=slider_low,
            x1=smallest / 1.05,
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
        text="beyond the<br>slider →",
        x=math.log10(slider_low),
        y=0.03,
        xref="x2",
        yref="y2 domain",
        # Left of the slider's end: to its right the note ran past a phone's edge (390 px).
        xanchor="right",
        yanchor="bottom",
        xshift=-3,
        showarrow=False,
        font={"size": 14},  # no text under 14 px on a phone
        align="left",
    )


def grid_against_closed_form_figure(
    curve, closed_form, beta: float, slider_low: float
) -> go.Figure:
    """KL and both gains along β, on the grid (solid; dotted and faded where capped by the
    grid's edge) and in closed form (dashed, if any).

    ``curve`` has arrays ``pressure`` (β, falling), ``kl``, ``proxy_gain``, ``gold_gain``,
    ``edge_mass`` and ``capped`` (core's edge check; None: the 5% rule), each (k,), and runs
    past the slider's end (``slider_low``) so the grid's edge shows; ``closed_form`` has
    arrays kl, proxy_gain, gold_gain matching ``curve.pressure``, or is None.
    """
    figure = _beta_panels(curve)
    _add_grid_and_closed_form(figure, curve, closed_form)
    _mark_peak(figure, curve)
    _mark_beta_and_edge(figure, beta=beta, slider_low=slider_low, smallest=curve.pressure[-1])
    figure.update_layout(
        showlegend=True,
        legend={
            "orientation": "h",
            "x": 0,
            "y": 1,
            "yref": "container",
            "xanchor": "left",
            "yanchor": "top",
            "font": {"size": style.LEGEND_FONT_SIZE},
            # Two entries a line at every width, so two lines, as CURVES_FRAME's top margin
            # holds: left to wrap by their text, at 390 px they took three and ran 31 px over
            # the KL panel (test_browser_phone's legend check).
            "entrywidth": 0.5,
            "entrywidthmode": "fraction",
        },
    )
    return figure


# --- cached: the page's settings in, a shared figure out ---------------------------------


@cached(HEATMAP_ENTRIES)
def policy_heatmap(beta: float, b: float, sigma: float) -> go.Figure:
    """π_β as a heat map; over it the closed-form Gaussian when σ = 0."""
    low, high = style.PLANE_RANGE
    grid = core.GRID[::HEATMAP_STEP]
    inside = (grid >= low - 0.2) & (grid <= high + 0.2)
    policy = compute.kl_policy(beta, b, sigma)[::HEATMAP_STEP, ::HEATMAP_STEP]
    relative = policy[np.ix_(inside, inside)] / policy.max()
    ellipses = []
    if sigma == 0:
        gaussian = compute.gaussian_optimum(beta, b)
        ellipses = gaussian_ellipses(
            float(gaussian.mean_length),
            float(np.sqrt(gaussian.variance_length)),
            float(gaussian.mean_substance),
        )
    return policy_heatmap_figure(np.round(grid[inside], 2), relative, ellipses)


@cached(CURVES_ENTRIES)
def grid_against_closed_form(beta: float, b: float, sigma: float) -> go.Figure:
    """The grid's KL and gains along β, past the slider's end, beside the closed form."""
    curve = compute.kl_curve(b, sigma, past_edge=True)
    closed_form = compute.gaussian_optimum(curve.pressure, b) if sigma == 0 else None
    return grid_against_closed_form_figure(curve, closed_form, beta, SETTINGS["beta"].low)
