"""Figures of the pages beyond the lesson: data in, ``go.Figure`` out; no widgets read here.

Colours are the app's (ui.style): orange true quality, blue the reward model, green the KL
optimum, purple best-of-n.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ui import edge_note, edge_traces
from ui import format as fmt
from ui.style import (
    BEST_OF_N,
    BETA_TICKS,
    FONT,
    GOLD,
    GOLD_LEVELS,
    GOLD_SCALE,
    INK,
    KL_METHOD,
    N_TICKS,
    PLANE_RANGE,
    PROXY,
    RULE,
    TITLE_SIZE,
)

HEIGHT = 400
MARGIN = {"l": 64, "r": 16, "t": 88, "b": 56}
PLANE_STEP = 4  # every 4th grid point (0.2 units): smooth contours, a 16th of the data
FIELD_DECIMALS = 2  # contour heights to 0.01: far below a contour step of 1
CURVE_DECIMALS = 4  # curve values to 1e-4: below a pixel on any of these charts
FIT_LEVELS = {"start": -10.0, "end": 14.0, "size": 2.0}  # the fitted model's contour lines
LENGTH_BAND = 2.0  # compared lengths drawn to ±2 spreads: where 95% of them fall
WIDTH = 3.0


def _base(title: str, *, x_title: str, y_title: str, height: int = HEIGHT) -> go.Figure:
    """A still figure with the app's font, a bold title and a one-line legend under it."""
    axis = {"fixedrange": True, "gridcolor": RULE, "showline": True, "linecolor": INK}
    axis |= {"ticks": "outside", "zeroline": False}
    return go.Figure(
        layout={
            "height": height,
            "margin": MARGIN,
            "font": FONT,
            "paper_bgcolor": "white",
            "plot_bgcolor": "white",
            "title": {
                "text": f"<b>{title}</b>",
                "font": {"size": TITLE_SIZE},
                "x": 0,
                "y": 1,
                "yref": "container",
                "yanchor": "top",
                "pad": {"t": 8},
            },
            "legend": {
                "orientation": "h",
                "x": 0,
                "y": 1.02,
                "yanchor": "bottom",
                "font": {"size": 14},  # no text under 14 px on a phone
            },
            "xaxis": {**axis, "title": {"text": x_title}},
            "yaxis": {**axis, "title": {"text": y_title}},
            "hovermode": "x unified",
        }
    )


def _line(
    x,
    y,
    *,
    name: str,
    colour: str,
    dash: str = "solid",
    width: float = WIDTH,
    suffixes=None,
    **kw,
):
    """A gain curve (x, y of shape (k,)); its hover is each gain as the readouts write it
    (ui.format: -0.0014 is "-0.001", never plotly's "-0.00"), then ``suffixes`` (k,) if given."""
    gains = np.asarray(y, dtype=float)
    ends = [""] * gains.size if suffixes is None else suffixes
    return go.Scatter(
        x=x,
        y=y,
        name=name,
        mode="lines",
        line={"color": colour, "dash": dash, "width": width},
        customdata=[fmt.signed(gain) + end for gain, end in zip(gains, ends, strict=True)],
        hovertemplate="%{customdata}",
        **kw,
    )


# --- Reward model page -------------------------------------------------------------------


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
    figure = _base(
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


def overoptimization(curve, *, best_of_n: bool, b: float) -> go.Figure:
    """A method's gains against its pressure at the learned b, with the gold peak marked.

    ``curve`` is a ui.compute.Curve: pressure, proxy_gain, gold_gain of shape (points,).
    """
    colour = BEST_OF_N if best_of_n else KL_METHOD
    if best_of_n:
        title, x_title, ticks = (
            f"Best-of-n, drawn at {fmt.named('b', b)}",
            "n (log scale)",
            N_TICKS,
        )
        x_range = [0, 4]
    else:
        title, x_title, ticks = (
            f"KL optimum, drawn at {fmt.named('b', b)}",
            "β (log; weaker →)",
            BETA_TICKS,
        )
        x_range = [math.log10(10), math.log10(0.25)]
    figure = _base(title, x_title=x_title, y_title="gain over base model")
    # True quality first and the reward model dashed over it: at b = 1 they are the same line.
    # The KL curve's stretch capped by the grid's edge: dotted, faded, marked "edge".
    edge = None if best_of_n else getattr(curve, "edge_mass", None)
    gold = _line(curve.pressure, curve.gold_gain, name="true quality", colour=GOLD)
    proxy = _line(curve.pressure, curve.proxy_gain, name="reward model", colour=PROXY, dash="dash")
    for trace, label in ((gold, True), (proxy, False)):
        figure.add_traces([trace] if edge is None else edge_traces.split(trace, edge, label=label))
    peak_label = fmt.named("n" if best_of_n else "β", curve.peak_pressure)
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


# --- Compare page ------------------------------------------------------------------------

FORM_TEXT = {"best_of_n": "d(α − βd)", "rl": "d(α − β ln d)"}


def fit_label(fit) -> str:
    """A fit in words: 'd(2.00 − 1.00d)' with its α and β filled in."""
    alpha, beta = fmt.number(fit.alpha), fmt.number(abs(fit.beta))
    sign = "−" if fit.beta >= 0 else "+"
    inner = "d" if fit.form == "best_of_n" else " ln d"
    return f"d({alpha} {sign} {beta}{inner})"


def fit_name(name: str, fit) -> str:
    """A fit's legend entry, on two lines (one ran past a 390 px phone)."""
    return f"{name}, Gao fit<br>{fit_label(fit)}, R² = {fmt.number(fit.r_squared, decimals=3)}"


def better_fit(panel, method: str):
    """The law (of Gao's two) that fits ``method``'s gold curve better, by R²."""
    return max((panel.fits[method, form] for form in FORM_TEXT), key=lambda fit: fit.r_squared)


def _add_gains(figure, distance, proxy, gold, *, name: str, colour: str, edge_mass) -> None:
    """One method's reward-model (dashed) and true-quality gains against d. For the KL optimum
    (``edge_mass`` (points,), else None) the hover says where the grid's edge caps it (5% of it
    or more within 0.5 of the boundary), and that stretch is drawn dotted and faded."""
    hover = {"suffixes": None if edge_mass is None else edge_note.hover_suffixes(edge_mass)}
    lines = (
        _line(
            distance,
            proxy,
            name=f"{name}: reward model",
            colour=colour,
            dash="dash",
            width=2,
            **hover,
        ),
        _line(distance, gold, name=f"{name}: true quality", colour=colour, **hover),
    )
    for line, label in zip(lines, (False, True), strict=True):
        parts = [line] if edge_mass is None else edge_traces.split(line, edge_mass, label=label)
        figure.add_traces(parts)


def gao_chart(panel) -> go.Figure:
    """Both methods' gains against d = √KL, each gold curve with the better of Gao's two laws
    (dotted, over the range it was fitted on).

    ``panel`` is a ui.beyond.compute.GaoPanel.
    """
    figure = _base(
        "Both methods against d = √KL",
        x_title="d = √KL (√nats)",
        y_title="gain over base model",
        height=480,
    )
    # Six legend entries wrap to six lines on a phone: below the axis, where plotly grows the
    # margin to fit them, rather than over the title.
    figure.update_layout(
        margin={**MARGIN, "t": 40},
        legend={"orientation": "h", "x": 0, "y": -0.24, "yanchor": "top"},  # -0.18 met the x title
        height=560,
    )
    sides = (
        ("KL optimum", KL_METHOD, "kl", panel.kl_distance, panel.kl_proxy, panel.kl_gold),
        ("best-of-n", BEST_OF_N, "best_of_n", panel.bon_distance, panel.bon_proxy, panel.bon_gold),
    )
    for name, colour, method, distance, proxy, gold in sides:
        edge = panel.kl_edge_mass if method == "kl" else None
        _add_gains(figure, distance, proxy, gold, name=name, colour=colour, edge_mass=edge)
    for name, colour, method, *_ in sides:
        fit = better_fit(panel, method)
        smooth = np.linspace(0.0, panel.fitted_until[method], 120)
        figure.add_trace(
            _line(
                smooth,
                fit.gold(smooth**2),
                name=fit_name(name, fit),
                colour=colour,
                dash="dot",
                width=4,
            )
        )
    figure.update_xaxes(range=[0.0, 3.0])
    figure.update_yaxes(range=[-3.0, 5.0])
    return figure


def tails_chart(shown, other, *, heavy: bool) -> go.Figure:
    """Averaged best-of-n gains against n for one kind of tail, the other kind faint.

    ``shown`` and ``other`` are ui.beyond.compute.AveragedTails.
    """
    kind, other_kind = ("heavy", "light") if heavy else ("light", "heavy")
    figure = _base(
        f"Best-of-n, {kind} tails, b = σ = 1",
        x_title="n (log scale)",
        y_title="gain over base model",
    )
    figure.add_trace(_line(shown.n, shown.proxy_gain, name="reward model", colour=PROXY))
    figure.add_trace(_line(shown.n, shown.gold_gain, name="true quality", colour=GOLD))
    figure.add_trace(
        _line(
            other.n,
            other.gold_gain,
            name=f"true quality, {other_kind} tails",
            colour=GOLD,
            dash="dot",
            width=1.5,
            opacity=0.6,
        )
    )
    figure.update_xaxes(type="log", range=[0, 4], tickvals=list(N_TICKS))
    top = float(max(shown.proxy_gain.max(), other.gold_gain.max()))
    figure.update_yaxes(range=[-0.5, top * 1.05 + 0.5])
    return figure


def kl_tails_chart(shown, other, *, heavy: bool) -> go.Figure:
    """The KL optimum's true quality against d = √KL with errors in every grid cell: the mean
    over error draws, the draws' 10-90% band, and the other kind of tail's mean faint.

    ``shown`` and ``other`` are ui.beyond.compute.KLTails; d is √ of the mean KL at each β.
    """
    kind, other_kind = ("heavy", "light") if heavy else ("light", "heavy")
    figure = _base(
        f"KL optimum, {kind} tails in every grid cell, b = σ = 1",
        x_title="d = √KL (√nats)",
        y_title="true quality gain",
    )
    distance = np.round(np.sqrt(shown.mean_kl), CURVE_DECIMALS)
    low, high = np.round(np.percentile(shown.gold_gain, [10, 90], axis=0), CURVE_DECIMALS)
    figure.add_trace(_line(distance, high, name="", colour=GOLD, width=0, showlegend=False))
    figure.add_trace(
        _line(
            distance,
            low,
            name="10-90% of the draws",
            colour=GOLD,
            width=0,
            fill="tonexty",
            fillcolor="rgba(230, 159, 0, 0.2)",
        )
    )
    mean = _line(distance, np.round(shown.mean_gold, CURVE_DECIMALS), name="mean", colour=GOLD)
    # Where the draws' optimum sits on the grid's edge on average: dotted, marked "edge".
    figure.add_traces(edge_traces.split(mean, shown.mean_edge, label=True))
    figure.add_trace(
        _line(
            np.round(np.sqrt(other.mean_kl), CURVE_DECIMALS),
            np.round(other.mean_gold, CURVE_DECIMALS),
            name=f"mean, {other_kind} tails",
            colour=GOLD,
            dash="dot",
            width=1.5,
            opacity=0.6,
        )
    )
    figure.update_xaxes(range=[0.0, 4.2])
    figure.update_yaxes(range=[-10.0, 7.0])
    return figure
