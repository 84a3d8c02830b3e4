"""The class poll's chart: a histogram of the guesses on a log n axis, and after the reveal
the true peak and both curves of best-of-n drawn over it.

The x axis is log10(n) drawn as a plain axis labelled 1, 10, 100, ...: equal bars on a
logarithmic scale, which plotly's own histogram cannot bin.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from poll.guesses import GUESS_HIGH, GUESS_LOW
from ui import figures
from ui.compute import Curve

BINS_PER_DECADE = 6  # 24 bars from n = 1 to 10,000: a factor of ~1.5 each
DECADES = int(round(np.log10(GUESS_HIGH / GUESS_LOW)))
LOG_EDGES = np.linspace(np.log10(GUESS_LOW), np.log10(GUESS_HIGH), DECADES * BINS_PER_DECADE + 1)
TICKS = [1, 3, 10, 30, 100, 300, 1000, 3000, 10000]
HEIGHT = 380  # px: fits a projector beside the room code


def guess_counts(guesses: np.ndarray) -> np.ndarray:
    """How many guesses fall in each log bin: shape (bins,); the last bin includes 10,000."""
    logs = np.log10(np.clip(np.asarray(guesses, dtype=float), GUESS_LOW, GUESS_HIGH))
    counts, _edges = np.histogram(logs, bins=LOG_EDGES)
    return counts


def guess_histogram(guesses: np.ndarray, *, truth: Curve | None = None) -> go.Figure:
    """The guesses (shape (students,)) as bars; with ``truth``, the peak and curves on top."""
    counts = guess_counts(guesses)
    centers = (LOG_EDGES[:-1] + LOG_EDGES[1:]) / 2
    low_n, high_n = np.round(10 ** LOG_EDGES[:-1]), np.round(10 ** LOG_EDGES[1:])
    figure = go.Figure(
        go.Bar(
            x=centers,
            y=counts,
            width=np.diff(LOG_EDGES) * 0.92,
            marker_color=figures.BEST_OF_N,
            name="guesses",
            customdata=np.stack([low_n, high_n], axis=1),
            hovertemplate=(
                "n from %{customdata[0]:.0f} to %{customdata[1]:.0f}: %{y}<extra></extra>"
            ),
        )
    )
    figure.update_layout(
        height=HEIGHT,
        margin={"l": 60, "r": 90, "t": 30, "b": 60},
        plot_bgcolor="white",
        paper_bgcolor="white",
        font={"color": figures.INK, "size": 14},
        showlegend=truth is not None,
        legend={"orientation": "h", "y": 1.12, "x": 0},
        xaxis={
            "title": "n (answers drawn per choice, log scale)",
            "range": [LOG_EDGES[0], LOG_EDGES[-1]],
            "tickvals": np.log10(TICKS),
            "ticktext": [f"{tick:,}" for tick in TICKS],
            "gridcolor": figures.RULE,
        },
        # Whole numbers of guesses: about eight grid lines whatever the class's size.
        yaxis={
            "title": "guesses",
            "rangemode": "tozero",
            "gridcolor": figures.RULE,
            "tick0": 0,
            "dtick": max(1, math.ceil(counts.max(initial=0) / 8)),
        },
    )
    if truth is not None:
        _add_truth(figure, truth)
    return figure


def _add_truth(figure: go.Figure, truth: Curve) -> None:
    """The true peak as a line, and gold and proxy gains against n on a right-hand axis."""
    logs = np.log10(truth.pressure)
    for values, name, colour in (
        (truth.gold_gain, "true quality", figures.GOLD),
        (truth.proxy_gain, "reward model", figures.PROXY),
    ):
        figure.add_trace(
            go.Scatter(x=logs, y=values, yaxis="y2", name=name, line={"color": colour, "width": 3})
        )
    peak = np.log10(truth.peak_pressure)
    figure.add_vline(x=peak, line={"color": figures.GOLD, "width": 4, "dash": "dash"})
    figure.add_annotation(
        x=peak,
        y=1.0,
        yref="paper",
        text=f"true peak: n = {truth.peak_pressure:,.0f}",
        showarrow=False,
        xanchor="left",
        font={"color": figures.INK, "size": 15},
        bgcolor="rgba(255,255,255,0.8)",
    )
    figure.update_layout(
        yaxis2={
            "title": {"text": "gain over the base model", "standoff": 12},
            "overlaying": "y",
            "side": "right",
            "showgrid": False,
            "tickformat": "+.1f",
            "zeroline": False,
        }
    )


def describe(guesses: np.ndarray, *, truth: Curve | None = None) -> str:
    """The chart in words, for a screen reader and for the back row."""
    count = int(np.size(guesses))
    if count == 0:
        text = "No answers yet."
    else:
        median = float(np.median(guesses))
        text = (
            f"{count} answer{'s' if count != 1 else ''}: median guess n = {median:,.0f}, "
            f"from n = {np.min(guesses):,.0f} to n = {np.max(guesses):,.0f}."
        )
    if truth is not None:
        text += f" True quality peaks at n = {truth.peak_pressure:,.0f}."
        if count:
            share = np.mean(np.abs(np.log(guesses / truth.peak_pressure)) <= np.log(2))
            text += f" {share:.0%} of the guesses were within a factor 2 of it."
    return text
