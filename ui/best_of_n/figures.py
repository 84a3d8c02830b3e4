"""What the Best-of-n page draws: ranked scores, win chances, scores and KL along n, peaks.

Each chart comes in two parts, side by side: ``<chart>_figure`` builds the figure from plain
numbers (it never reads widgets or calls core), and ``<chart>`` is the cached function the
page calls with its settings. The cached one builds the figure once per rounded setting
(``ui.compute.cached``) and shares it, never mutated, with every session, so the same setting
always gives the *same* figure and Streamlit sends it unchanged.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from common import format as fmt
from ui import compute, style
from ui.best_of_n import text
from ui.compute import cached
from ui.style import (
    BEST_OF_N,
    BEST_OF_N_TEXT,
    BOUND,
    CURRENT_MARKER_SIZE,
    GOLD,
    INK,
    LINE_WIDTH,
    PROXY,
)

# Top: a title of up to two lines and a legend of up to three rows (a phone wraps both).
CHART_FRAME = style.Frame(420, {"l": 72, "r": 24, "t": 128, "b": 60})
STRIP_FRAME = style.Frame(200, {"l": 72, "r": 24, "t": 72, "b": 56})  # a 3-row legend, peaks
RANK_AXIS_TITLE = "reward model's rank (600 = best)"  # fits a phone's 260 px plot
RANKED_GOLD_MARKER = {"size": 5, "color": GOLD, "opacity": 0.7}  # 600 points, see-through
RANKED_PROXY_LINE = {"color": PROXY, "width": LINE_WIDTH}
KL_CEILING = math.log(600)  # best-of-n over 600 answers never moves further (nats)
# A plotly Figure holds Python objects far bigger than its JSON: 57-76 KB each here (measured
# with tracemalloc), so these bounds (160 figures) keep the page's worst case near 11 MB.
SETTING_ENTRIES = 8  # figures that change with (b, σ, seed) only
MOVING_ENTRIES = 64  # figures that also move with n
HEAVY_ENTRIES = 16  # 600-point figures that move with n


def score_lines(curve, *, axes: tuple[str, str], legend: bool) -> tuple[list, list]:
    """The reward model's and true quality's gain along one curve, and the peak of the latter:
    (traces, shapes) as plain dicts on ``axes`` (e.g. ("x", "y")).

    ``curve`` has arrays ``pressure``, ``proxy_gain``, ``gold_gain`` (k,) and floats
    ``peak_pressure``, ``peak_gold_gain``.
    """
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
            ("reward model", curve.proxy_gain, PROXY),  # short: a phone's legend, two rows
            ("true quality", curve.gold_gain, GOLD),
        )
    ]
    traces.append(
        {
            "type": "scatter",
            "x": [curve.peak_pressure],
            "y": [curve.peak_gold_gain],
            "mode": "markers",
            "name": "its peak",
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


def ranked_scores_figure(ranked_proxy: np.ndarray, ranked_gold: np.ndarray) -> go.Figure:
    """Every answer's two scores, answers sorted by the reward model: (600,) each, worst first."""
    ranks = np.arange(1, ranked_proxy.size + 1)
    figure = style.figure(style.frame_layout(CHART_FRAME))
    looks = (  # true quality as scattered points, the reward model as the line it makes
        (ranked_gold, "true quality", {"mode": "markers", "marker": RANKED_GOLD_MARKER}),
        (ranked_proxy, "reward model", {"mode": "lines", "line": RANKED_PROXY_LINE}),
    )
    for scores, name, look in looks:
        figure.add_trace(go.Scatter(x=ranks, y=np.round(scores, 3), name=name, **look))
    figure.update_layout(
        xaxis=style.axis(title=RANK_AXIS_TITLE, range=[0, ranks.size + 1]),
        yaxis=style.axis(title="score (reward units)"),
    )
    style.top_legend(figure)
    return style.titled(figure, "The 600 answers, ranked by the reward model")


def win_chances_figure(ranked_chances: np.ndarray, n: int) -> go.Figure:
    """Each ranked answer's chance of being the one best-of-n keeps: (600,), worst first."""
    ranks = np.arange(1, ranked_chances.size + 1)
    top_ten = float(ranked_chances[-10:].sum())
    figure = style.figure(style.frame_layout(CHART_FRAME))
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
        xaxis=style.axis(title=RANK_AXIS_TITLE, range=[0, ranks.size + 1]),
        yaxis=style.axis(title="chance of being kept (%)", rangemode="tozero"),
    )
    figure.add_annotation(
        text=f"the 10 best-ranked answers<br>are kept {fmt.percent(top_ten)} of the time",
        x=0.02,
        y=0.95,
        xref="paper",
        yref="paper",
        xanchor="left",
        yanchor="top",
        showarrow=False,
        font={"size": 14},
    )
    return style.titled(
        figure, f"Each answer's chance of being kept, at {fmt.named('n', n)}", BEST_OF_N_TEXT
    )


def _mark_current_n(figure: go.Figure, n: float) -> None:
    """A dashed vertical line at the current n."""
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


def scores_against_n_figure(curve, point, n: float) -> go.Figure:
    """Both scores' gain along n, the peak of true quality and the current n.

    ``curve`` as for :func:`score_lines`; ``point`` has floats ``proxy_gain``, ``gold_gain``.
    """
    traces, shapes = score_lines(curve, axes=("x", "y"), legend=True)
    figure = style.figure({**style.frame_layout(CHART_FRAME), "shapes": shapes}, traces)
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
    _mark_current_n(figure, n)
    figure.update_layout(
        xaxis=style.n_axis(1, 10000), yaxis=style.axis(title=style.GAIN_AXIS_TITLE)
    )
    style.top_legend(figure)
    return style.titled(
        figure,
        f"Gain against n (true quality peaks at {fmt.named('n', curve.peak_pressure)})",
        BEST_OF_N_TEXT,
    )


def _mark_kl_ceiling(figure: go.Figure) -> None:
    """A dotted line at log 600, labelled: best-of-n's KL never goes above it."""
    figure.add_shape(
        type="line",
        xref="x domain",
        x0=0,
        x1=1,
        yref="y",
        y0=KL_CEILING,
        y1=KL_CEILING,
        line={"color": INK, "width": 1.2, "dash": "dot"},
    )
    figure.add_annotation(
        text=f"ceiling: log 600 = {fmt.number(KL_CEILING)} nats",
        x=0.02,
        y=KL_CEILING,
        xref="x domain",
        yref="y",
        xanchor="left",
        yanchor="bottom",
        showarrow=False,
        font={"size": 14},  # no text under 14 px on a phone
    )


def kl_against_bound_figure(curve, n: float, kl_at_n: float) -> go.Figure:
    """Best-of-n's exact KL along n beside the continuous formula, which bounds it.

    ``curve`` has arrays ``pressure``, ``kl``, ``kl_bound`` (k,); ``kl_at_n`` is the exact
    KL at the current n.
    """
    figure = style.figure(style.frame_layout(CHART_FRAME))
    lines = (  # the bound first, dashed, so the exact KL is drawn over it
        (
            curve.kl_bound,
            "log n − (n − 1)/n, the bound",
            {"color": BOUND, "width": 2.5, "dash": "dash"},
        ),
        (curve.kl, "exact KL over the 600 answers", {"color": BEST_OF_N, "width": LINE_WIDTH}),
    )
    for kl, name, line in lines:
        figure.add_trace(
            go.Scatter(x=curve.pressure, y=np.round(kl, 4), mode="lines", name=name, line=line)
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
    _mark_kl_ceiling(figure)
    _mark_current_n(figure, n)
    figure.update_layout(
        xaxis=style.n_axis(1, 10000),
        yaxis=style.axis(title="KL from the base model (nats)", range=[0, 9.5]),
    )
    style.top_legend(figure)
    return style.titled(figure, "How far best-of-n moves from the base model")


def peak_spread_figure(peaks: np.ndarray, lesson_peak: float, current_peak: float) -> go.Figure:
    """Where true quality peaks for many fresh answer sets (k,), the lesson's and the shown one."""
    figure = style.figure(style.frame_layout(STRIP_FRAME))
    marks = (
        (peaks, "a fresh set of 600", {"size": 12, "color": "rgba(204,121,167,0.45)"}, 1),
        ([lesson_peak], "the lesson's set", {"size": 18, "symbol": "star", "color": GOLD}, 1.5),
        ([current_peak], "the set shown", {"size": 20, "symbol": "circle-open", "color": INK}, 3),
    )
    for x, name, marker, line_width in marks:
        figure.add_trace(
            go.Scatter(
                x=x,
                y=np.zeros(len(x)),
                mode="markers",
                name=name,
                marker=marker | {"line": {"width": line_width}},
            )
        )
    figure.update_layout(
        xaxis=style.n_axis(1, 10000) | {"title": {"text": "n at true quality's peak (log)"}},
        yaxis=style.axis(visible=False, range=[-1, 1]),
    )
    style.top_legend(figure)
    return figure


# --- cached: the page's settings in, a shared figure out ---------------------------------


@cached(SETTING_ENTRIES)
def ranked_scores(b: float, sigma: float, seed: int | None) -> go.Figure:
    """The answer set's two scores, ranked by the reward model."""
    ranked = compute.ranked_answers(b, sigma, seed)
    return ranked_scores_figure(ranked.proxy, ranked.gold)


@cached(SETTING_ENTRIES)
def ranked_scores_description(b: float, sigma: float, seed: int | None) -> str:
    """The ranked-scores chart in words, computed from the same answers it draws."""
    ranked = compute.ranked_answers(b, sigma, seed)
    length = compute.answers(b, sigma, seed).length[ranked.order]
    return text.ranked_scores_words(ranked.proxy, ranked.gold, length)


@cached(HEAVY_ENTRIES)
def win_chances(n: int, b: float, sigma: float, seed: int | None) -> go.Figure:
    """Each ranked answer's chance of being kept at n."""
    ranked = compute.ranked_answers(b, sigma, seed)
    return win_chances_figure(compute.win_chances(n, b, sigma, seed)[ranked.order], n)


@cached(MOVING_ENTRIES)
def scores_against_n(n: int, b: float, sigma: float, seed: int | None) -> go.Figure:
    """Both gains along n, the current n marked."""
    return scores_against_n_figure(
        compute.best_of_n_curve(b, sigma, seed), compute.best_of_n_point(n, b, sigma, seed), n
    )


@cached(MOVING_ENTRIES)
def kl_against_bound(n: int, b: float, sigma: float, seed: int | None) -> go.Figure:
    """The exact KL along n beside log n − (n − 1)/n, the current n marked."""
    point = compute.best_of_n_point(n, b, sigma, seed)
    return kl_against_bound_figure(compute.best_of_n_curve(b, sigma, seed), n, point.kl)


@cached(SETTING_ENTRIES)
def peak_spread(b: float, sigma: float, seed: int | None) -> go.Figure:
    """Where true quality peaks for 30 fresh answer sets, the lesson's and the one shown."""
    return peak_spread_figure(
        compute.fresh_set_peaks(b, sigma),
        compute.best_of_n_curve(b, sigma).peak_pressure,
        compute.best_of_n_curve(b, sigma, seed).peak_pressure,
    )
