"""The class poll's chart: a histogram of the guesses on a log axis (n or β), and after the
reveal the true peak and both curves of that method drawn over it.

The x axis is log10(n) or log10(β) drawn as a plain axis labelled 1, 10, 100, ...: equal bars
on a logarithmic scale, which plotly's own histogram cannot bin. As on the Playground's
sliders, more optimization pressure is to the right (so β falls from left to right).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import plotly.graph_objects as go

from common import format as fmt
from common.i18n import tr
from poll_data.guesses import QUESTIONS, Question
from ui import style
from ui.class_poll import guess_text
from ui.compute import Curve

HEIGHT = 420  # px: beside the room code, it ends ~600 px down a 1280x720 projector
# Text for a projector's back row: >= 18 px at 1280 wide (docs/design.md §7); plotly's sizes are
# fixed px.
TICK_SIZE = 18
TITLE_SIZE = 19
X_ROOM = 0.35  # decades at both ends (~35 px): the "1" and "10,000" labels clear the y axes
# On the right, where the gains' axis's lowest label sits at the corner: at 18 px on a 1280 px
# projector "10,000" still met "-1.3" with 0.35 (test_browser_projector.py).
X_ROOM_RIGHT = 0.6

# After the reveal: the guesses in the lower panel, the gains' curves in the upper one, each with
# its own y axis (of the plot's height, a gap between for the upper panel's lowest tick).
GUESSES_DOMAIN = (0.0, 0.4)
GAINS_DOMAIN = (0.5, 1.0)

# The legend's line at the very top, above the true peak's label.
LEGEND = {"orientation": "h", "yref": "container", "y": 1, "yanchor": "top", "x": 0}


@dataclass(frozen=True)
class Axis:
    """How one question's guesses are binned and labelled."""

    edges: np.ndarray  # log10 bin edges, shape (bins + 1,), rising
    ticks: tuple[float, ...]
    title: str
    reversed: bool  # β: smaller (more pressure) to the right


AXES = {
    # 24 bars from n = 1 to 10,000: a factor of ~1.5 each.
    "best_of_n": Axis(
        np.linspace(0.0, 4.0, 25),
        (1, 10, 100, 1000, 10000),  # at 18 px, nine ticks (1, 3, 10, ...) collided
        "n (answers per choice, log scale)",
        reversed=False,
    ),
    # 16 bars from β = 10 down to 0.25: a factor of ~1.26 each.
    "kl": Axis(
        np.linspace(np.log10(0.25), 1.0, 17),
        (0.25, 0.5, 1, 2, 4, 10),
        "β (log scale; smaller to the right)",
        reversed=True,
    ),
}


def guess_counts(guesses: np.ndarray, question: Question = QUESTIONS["best_of_n"]) -> np.ndarray:
    """How many guesses fall in each log bin: shape (bins,); both ends' bins are closed."""
    clipped = np.clip(np.asarray(guesses, dtype=float), question.low, question.high)
    counts, _edges = np.histogram(np.log10(clipped), bins=AXES[question.key].edges)
    return counts


def guess_histogram(
    guesses: np.ndarray, *, question: Question = QUESTIONS["best_of_n"], truth: Curve | None = None
) -> go.Figure:
    """The guesses (shape (students,)) as bars; with ``truth``, the peak and curves on top."""
    axis = AXES[question.key]
    counts = guess_counts(guesses, question)
    edges = axis.edges
    # Each bar's hover as the page writes numbers (common.format), not as plotly's d3 would.
    hover = [
        f"{question.symbol} from {fmt.rounded(10**low)} to {fmt.rounded(10**high)}: {count}"
        for low, high, count in zip(edges[:-1], edges[1:], counts, strict=True)
    ]
    figure = go.Figure(
        go.Bar(
            x=(edges[:-1] + edges[1:]) / 2,
            y=counts,
            width=np.diff(edges) * 0.92,
            marker_color=style.BEST_OF_N,
            name="guesses",
            showlegend=False,  # its own panel says "guesses": the legend keeps to one line
            customdata=hover,
            hovertemplate="%{customdata}<extra></extra>",
        )
    )
    if axis.reversed:
        x_range = [edges[-1] + X_ROOM, edges[0] - X_ROOM_RIGHT]
    else:
        x_range = [edges[0] - X_ROOM, edges[-1] + X_ROOM_RIGHT]
    figure.update_layout(
        height=HEIGHT,
        # Top: the legend's line, then the true peak's label (over the plot, it hid the curve).
        margin={"l": 70, "r": 40, "t": 60 if truth is not None else 20, "b": 70},
        plot_bgcolor="white",
        paper_bgcolor="white",
        font={"color": style.INK, "size": TICK_SIZE},
        showlegend=truth is not None,
        legend=LEGEND,
        xaxis={
            "title": {"text": axis.title, "font": {"size": TITLE_SIZE}},
            "range": x_range,
            "tickvals": np.log10(axis.ticks),
            "ticktext": [question.shown(tick) for tick in axis.ticks],
            "tickangle": 0,
            "gridcolor": style.RULE,
        },
        # Whole numbers of guesses: about eight grid lines whatever the class's size.
        yaxis={
            "title": {"text": "guesses", "font": {"size": TITLE_SIZE}},
            # Up to at least 2, so three labelled ticks (0, 1, 2) show even before a guess.
            "range": [0, 1.08 * max(2, int(counts.max(initial=0)))],
            "gridcolor": style.RULE,
            "tick0": 0,
            "dtick": max(1, math.ceil(counts.max(initial=0) / 8)),
        },
    )
    if truth is not None:
        _add_truth(figure, truth, question)
    return figure


def _add_truth(figure: go.Figure, truth: Curve, question: Question) -> None:
    """The true peak as a line, and gold and proxy gains in a panel above the guesses'."""
    inside = (truth.pressure >= question.low) & (truth.pressure <= question.high)
    logs = np.log10(truth.pressure[inside])
    for values, name, colour in (
        (truth.gold_gain, "true quality", style.GOLD),
        (truth.proxy_gain, "reward model", style.PROXY),
    ):
        hover = [
            f"{question.symbol} = {question.shown(pressure)}: {name} {fmt.signed(gain)}"
            for pressure, gain in zip(truth.pressure[inside], values[inside], strict=True)
        ]
        figure.add_trace(
            go.Scatter(
                x=logs,
                y=values[inside],
                yaxis="y2",
                name=name,
                line={"color": colour, "width": 3},
                customdata=hover,  # the x axis is log10 of n or β: plotly's hover said "1.69"
                hovertemplate="%{customdata}<extra></extra>",
            )
        )
    shown = np.concatenate([truth.gold_gain[inside], truth.proxy_gain[inside], [0.0]])
    gain_range, gain_ticks = _gain_axis(shown)
    _add_peak(figure, truth, question)
    # The curves in a panel of their own above the guesses, one y axis each: drawn over the
    # bars on a second axis, the gains' 0 sat at about 0.6 guesses.
    figure.update_layout(
        yaxis={"domain": list(GUESSES_DOMAIN)},
        yaxis2={
            # Short enough to stand beside the axis: a longer title became a label inside the
            # plot (ui.style's fitting) and ran over the reward model's curve.
            "title": {"text": "gain", "standoff": 12, "font": {"size": TITLE_SIZE}},
            "domain": list(GAINS_DOMAIN),
            "anchor": "x",
            "gridcolor": style.RULE,
            # Whole steps from a zero line: "+1, 0, -1", where plotly's own said "+3.4, -1.3".
            "range": gain_range,
            "tickvals": gain_ticks,
            "ticktext": [fmt.signed(tick, decimals=0) if tick else "0" for tick in gain_ticks],
            "zeroline": True,
            "zerolinecolor": style.INK,
            "zerolinewidth": 1,
        },
    )


def _add_peak(figure: go.Figure, truth: Curve, question: Question) -> None:
    """The true peak: a dashed line through both panels and its label above them."""
    peak = np.log10(truth.peak_pressure)
    # Through both panels: the guesses' and the curves'.
    figure.add_shape(
        type="line",
        x0=peak,
        x1=peak,
        xref="x",
        y0=0,
        y1=1,
        yref="paper",
        line={"color": style.GOLD, "width": 4, "dash": "dash"},
    )
    figure.add_annotation(
        x=peak,
        y=1.0,
        yref="paper",
        yanchor="bottom",  # in the top margin, above the curves
        text=guess_text.chart_label(truth, question),
        showarrow=False,
        xanchor="center",
        font={"color": style.INK, "size": TITLE_SIZE},
    )


def _gain_axis(shown: np.ndarray) -> tuple[list[float], list[int]]:
    """The gains' panel's range and ticks for the gains ``shown`` (0 among them): whole steps
    from whole ends, three to five ticks. In its own panel (~130 px on a 720 px projector) five
    ticks a step apart at 18 px touched ("+3 +2 +1 0 -1"); the lesson's gains from about -1.3
    to +3.4 read -2, 0, +2, +4."""
    step = max(1, math.ceil((shown.max() - shown.min()) / 3))
    low, high = math.floor(shown.min() / step) * step, math.ceil(shown.max() / step) * step
    room = 0.05 * (high - low)  # the curves and the end ticks clear of the frame's edges
    return [low - room, high + room], list(range(low, high + 1, step))


def describe(
    guesses: np.ndarray, *, question: Question = QUESTIONS["best_of_n"], truth: Curve | None = None
) -> str:
    """The chart in words, for a screen reader and for the back row."""
    count = int(np.size(guesses))
    symbol, shown = question.symbol, question.shown
    if count == 0:
        text = tr("No answers yet.")
    else:
        spread = {
            "count": str(count),
            "median": f"{symbol} = {shown(float(np.median(guesses)))}",
            "low": f"{symbol} = {shown(np.min(guesses))}",
            "high": f"{symbol} = {shown(np.max(guesses))}",
        }
        text = (
            tr("{count} answer: median guess {median}, from {low} to {high}.", **spread)
            if count == 1
            else tr("{count} answers: median guess {median}, from {low} to {high}.", **spread)
        )
    if truth is not None:
        words = guess_text.truth_words(truth, question)
        text += f" {words[0].upper()}{words[1:]}."
        if count:
            # As the reveal scores a guess: a factor 2 from the truth, a plateau's whole stretch
            # counting as the truth where true quality levels off (guess_text.distance_to_truth).
            off = [guess_text.distance_to_truth(truth, question, float(g)) for g in guesses]
            share = np.mean(np.asarray(off) <= 2.0)
            text += " " + tr(
                "{share} of the guesses were within a factor 2 of it.", share=fmt.percent(share)
            )
    return text
