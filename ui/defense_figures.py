"""Figures for the Defenses page: data in, plotly figure out (no widgets, no core calls).

Built from plain dicts without plotly's property checks (~10 ms a figure saved);
tests/app/test_defenses_page.py rebuilds each with the checks on.

Colours and fonts come from :mod:`ui.style`, so the page looks like the others.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from ui import style
from ui.style import (
    BEST_OF_N,
    BETA_TICKS,
    BOUND,
    FONT,
    GOLD,
    INK,
    KL_METHOD,
    N_TICKS,
    RULE,
    TITLE_SIZE,
)

CHART_HEIGHT = 330
# Fixed margins: plotly's automargin re-lays a chart out until it fits, which cost the
# browser ~5x more main-thread time per change here (bench.defenses_latency).
MARGIN = {"l": 64, "r": 16, "t": 78, "b": 64}
UNDEFENDED_NAME = "undefended reward model"
METHODS = {  # method -> (name, colour, axis title)
    "best_of_n": ("Best-of-n", BEST_OF_N, "n, answers drawn (log scale)"),
    "kl": ("KL penalty", KL_METHOD, "β (log scale; weaker penalty →)"),
}
GAIN_TITLE = "true quality gain"
# A line colour's shade for text: the line colours are 3.1-3.4:1 on white, below WCAG AA.
TEXT_SHADES = {BEST_OF_N: style.BEST_OF_N_TEXT, KL_METHOD: style.KL_METHOD_TEXT}
PEAK_MARKER = {"symbol": "star", "size": 15, "line": {"width": 1.5, "color": INK}}


def _axis(title: str, **settings) -> dict:
    return {
        "title": {"text": title, "font": {"size": 14}},
        "fixedrange": True,
        "gridcolor": RULE,
        "zeroline": False,
        "showline": True,
        "linecolor": INK,
        "ticks": "outside",
        **settings,
    }


def _pressure_axis(method: str) -> dict:
    if method == "best_of_n":
        return _axis(
            METHODS[method][2],
            type="log",
            range=[0, math.log10(10000 * 1.05)],
            tickvals=list(N_TICKS),
            ticktext=[f"{t // 1000}k" if t >= 10000 else f"{t:,}" for t in N_TICKS],
        )
    return _axis(
        METHODS[method][2],
        type="log",
        range=[math.log10(10.5), math.log10(0.24)],
        tickvals=list(BETA_TICKS),
        ticktext=[f"{t:g}" for t in BETA_TICKS],
    )


def _layout(title: str, colour: str) -> dict:
    """A chart's layout with a bold title in ``colour``'s darker text shade (>= 4.5:1)."""
    colour = TEXT_SHADES.get(colour, colour)
    return {
        "height": CHART_HEIGHT,
        "margin": MARGIN,
        "font": FONT,
        "paper_bgcolor": "white",
        "plot_bgcolor": "white",
        "dragmode": False,
        "title": {
            "text": f"<b>{title}</b>",
            "font": {"size": TITLE_SIZE, "color": colour},
            "x": 0,
            "xref": "paper",
            "y": 1,
            "yref": "container",
            "yanchor": "top",
            "pad": {"t": 8},
        },
        "showlegend": True,
        "legend": {
            "orientation": "h",
            "x": 0,
            "y": 1.02,
            "xanchor": "left",
            "yanchor": "bottom",
            "font": {"size": 13},
        },
    }


def gold_against_pressure(undefended, defended, *, method: str, defended_name: str) -> go.Figure:
    """True quality along one method's pressure, undefended (dashed) and defended (solid).

    ``undefended`` and ``defended`` have ``pressure`` and ``gold_gain`` (P,) and their peak
    (``peak_pressure``, ``peak_gold_gain``), marked with a star.
    """
    name, colour, _ = METHODS[method]
    traces = []
    for summary, label, line in (
        (undefended, UNDEFENDED_NAME, {"color": BOUND, "width": 2.5, "dash": "dash"}),
        (defended, defended_name, {"color": colour, "width": 3.5}),
    ):
        traces.append(
            {
                "type": "scatter",
                "x": np.round(summary.pressure, 4),
                "y": np.round(summary.gold_gain, 3),
                "mode": "lines",
                "name": label,
                "line": line,
                "hovertemplate": "%{y:+.2f}<extra></extra>",
            }
        )
        traces.append(
            {
                "type": "scatter",
                "x": [summary.peak_pressure],
                "y": [round(summary.peak_gold_gain, 3)],
                "mode": "markers",
                "marker": {**PEAK_MARKER, "color": line["color"]},
                "showlegend": False,
                "hovertemplate": "peak %{y:+.2f}<extra></extra>",
            }
        )
    layout = _layout(f"{name}: true quality", colour)
    layout["xaxis"] = _pressure_axis(method)
    layout["yaxis"] = _axis(GAIN_TITLE)
    return go.Figure({"data": traces, "layout": layout}, _validate=False)


def spot_check_choices(result, *, method: str) -> go.Figure:
    """How often each stop was chosen (bars) against its true quality (line), in slider order.

    ``result`` is a :class:`core.SpotCheckResult`; stops are shown as the slider writes them.
    """
    name, colour, axis_title = METHODS[method]
    labels = [f"{stop:g}" for stop in result.stops]
    traces = [
        {
            "type": "bar",
            "x": labels,
            "y": np.round(100 * result.chosen_share, 1),
            "name": "chosen (% of repeats)",
            "marker": {"color": colour, "opacity": 0.55},
            "yaxis": "y2",
            "hovertemplate": "chosen %{y:.1f}%<extra></extra>",
        },
        {
            "type": "scatter",
            "x": labels,
            "y": np.round(result.gold_gain, 3),
            "mode": "lines+markers",
            "name": GAIN_TITLE,
            "line": {"color": GOLD, "width": 3},
            "marker": {"size": 6, "color": GOLD},
            "hovertemplate": "%{y:+.2f}<extra></extra>",
        },
    ]
    layout = _layout(f"{name}: where the checks stop", colour)
    layout["xaxis"] = _axis(axis_title.split(" (")[0] + " (slider stops)", type="category")
    layout["yaxis"] = _axis(GAIN_TITLE)
    layout["yaxis2"] = _axis(
        "chosen (%)",
        overlaying="y",
        side="right",
        range=[0, 100],
        tickvals=[0, 25, 50, 75, 100],
        showgrid=False,
    )
    layout["margin"] = {**MARGIN, "r": 56}
    return go.Figure({"data": traces, "layout": layout}, _validate=False)
