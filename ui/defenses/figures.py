"""Figures for the Defenses page: data in, plotly figure out (no widgets, no core calls).

Built from plain dicts without plotly's property checks (~10 ms a figure saved);
tests/app/test_defenses_page.py rebuilds each with the checks on.

Colours and fonts come from :mod:`ui.style`, so the page looks like the others.
"""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go

from common import format as fmt
from ui import edge_traces, style
from ui.style import (
    BEST_OF_N,
    BOUND,
    FONT,
    GOLD,
    INK,
    KL_METHOD,
    RULE,
    TITLE_SIZE,
)

CHART_HEIGHT = 330
# The gain axes' most ticks: plotly's own choice for the ~230 px KL plot (-7.6..5.1 at
# defaults) was -5 and 0, no scale to read (3 at least), and at most 6 still was;
# at most 8 it is -8 to 4 in steps of 2 (7 labels), and best-of-n's 0..1.5 keeps its 4.
GAIN_TICKS = 8
# The spot checks' stop axes label at most 3 stops, and only the right plot's %-axis has
# labels: on a phone each plot is ~140 px wide, where 4 labels still met ("100" on "1000")
# and the left plot's "25" sat on the right plot's "−6" (test_browser_phone). A desktop: 3 too.
STOP_LABELS = 3
PERCENT_AXIS = {"range": [0, 100], "tickvals": [0, 25, 50, 75, 100], "showgrid": False}
# Fixed margins: plotly's automargin re-lays a chart out until it fits, which cost the
# browser ~5x more main-thread time per change here (bench.defenses_latency).
MARGIN = {"l": 64, "r": 16, "t": 100, "b": 64}  # top: two titles over a legend of 2 rows
UNDEFENDED_NAME = "undefended reward model"
METHODS = {  # method -> (name, colour, axis title)
    "best_of_n": ("Best-of-n", BEST_OF_N, "n, answers drawn"),
    "kl": ("KL penalty", KL_METHOD, "β (weaker →)"),  # fits a phone's 130 px panel
}
GAIN_TITLE = "true quality gain"
# A line colour's shade for text: the line colours are 3.1-3.4:1 on white, below WCAG AA.
TEXT_SHADES = {BEST_OF_N: style.BEST_OF_N_TEXT, KL_METHOD: style.KL_METHOD_TEXT}
# An empty template as plotly's checks write one (so a checked figure equals this one).
EMPTY_TEMPLATE = {"data": {"scatter": [{"type": "scatter"}]}}
# Two panels side by side are ~130 px wide each on a phone: ticks a decade or so apart fit it
# upright (the lesson's eight n ticks were turned on end and ran into the axis title).
PANEL_N_TICKS = (1, 10, 100, 1000, 10000)
PANEL_BETA_TICKS = (10, 3, 1, 0.25)
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
        "ticklabeloverflow": "allow",
        "tickangle": 0,  # plotly turned crowded labels 90 degrees, into the axis title
        **settings,
    }


def _pressure_axis(method: str) -> dict:
    if method == "best_of_n":
        return _axis(
            METHODS[method][2],
            type="log",
            range=[0, math.log10(10000 * 1.05)],
            tickvals=list(PANEL_N_TICKS),
            ticktext=[fmt.tick(tick, short_from=1000) for tick in PANEL_N_TICKS],
        )
    return _axis(
        METHODS[method][2],
        type="log",
        range=[math.log10(10.5), math.log10(0.24)],
        tickvals=list(PANEL_BETA_TICKS),
        ticktext=[fmt.tick(tick) for tick in PANEL_BETA_TICKS],
    )


GAP = 0.12  # of the width between the two methods' plots: room for the right one's ticks
DOMAINS = {"best_of_n": [0.0, 0.5 - GAP / 2], "kl": [0.5 + GAP / 2, 1.0]}
# The i-th method's axes: x, y for best-of-n; x2, y2 for the KL penalty (spot checks add the
# bars' axes y3 and y4 on top).
AXES = {"best_of_n": ("x", "y"), "kl": ("x2", "y2")}


def _layout() -> dict:
    """Two plots side by side, best-of-n left and the KL penalty right, each titled in its
    method's darker text shade (>= 4.5:1), one legend above both."""
    titles = [
        {
            "text": f"<b>{METHODS[method][0]}</b>",  # short: each plot is ~140 px on a phone
            "font": {"size": TITLE_SIZE, "color": TEXT_SHADES[METHODS[method][1]]},
            "x": DOMAINS[method][0],
            "xref": "paper",
            "xanchor": "left",
            "y": 1,
            "yref": "paper",
            "yanchor": "bottom",
            "yshift": 56,  # above the legend, which wraps to 2 rows on a phone
            "showarrow": False,
        }
        for method in METHODS
    ]
    return {
        "height": CHART_HEIGHT,
        "margin": MARGIN,
        "font": FONT,
        "paper_bgcolor": "white",
        "plot_bgcolor": "white",
        "dragmode": False,
        # No template: every colour and line here is set, and Streamlit's default template
        # (~3.7 KB, its colorscales and colorway unused here) would go with every change.
        "template": EMPTY_TEMPLATE,
        "annotations": titles,
        "showlegend": True,
        "legend": style.legend_above(),
    }


def _place(layout: dict, method: str, x_axis: dict, y_axis: dict) -> None:
    """Put one method's axes into a two-plot layout."""
    x_name, y_name = AXES[method]
    layout[x_name.replace("x", "xaxis")] = {**x_axis, "domain": DOMAINS[method], "anchor": y_name}
    layout[y_name.replace("y", "yaxis")] = {**y_axis, "anchor": x_name}


def _legend_entry(name: str, line: dict) -> dict:
    """A legend-only line (no points): one entry stands for the same line in both plots."""
    return {
        "type": "scatter",
        "x": [None],
        "y": [None],
        "mode": "lines",
        "name": name,
        "line": line,
    }


def gold_against_pressure(pairs: dict, *, defended_name: str) -> go.Figure:
    """True quality along each method's pressure, undefended (dashed) and defended (solid).

    ``pairs`` maps "best_of_n" and "kl" to (undefended, defended): objects with ``pressure``
    and ``gold_gain`` (P,) and their peak (``peak_pressure``, ``peak_gold_gain``), marked with
    a star. Best-of-n is drawn on the left, the KL penalty on the right.
    """
    undefended_line = {"color": BOUND, "width": 2.5, "dash": "dash"}
    traces = [
        _legend_entry(UNDEFENDED_NAME, undefended_line),
        _legend_entry(defended_name, {"color": INK, "width": 3.5}),
    ]
    layout = _layout()
    for method, (undefended, defended) in pairs.items():
        x_name, y_name = AXES[method]
        defended_line = {"color": METHODS[method][1], "width": 3.5}
        for summary, line in ((undefended, undefended_line), (defended, defended_line)):
            common = {"type": "scatter", "xaxis": x_name, "yaxis": y_name, "showlegend": False}
            curve = {
                **common,
                "x": np.round(summary.pressure, 4),
                "y": np.round(summary.gold_gain, 3),
                "mode": "lines",
                "line": line,
            }
            # The KL curve's stretch capped by the grid's edge: dotted, faded, marked "edge".
            edge = getattr(summary, "edge_mass", None)
            labelled = summary is defended  # one "edge" a plot
            traces += [curve] if edge is None else edge_traces.split(curve, edge, label=labelled)
            traces.append(
                {
                    **common,
                    "x": [summary.peak_pressure],
                    "y": [round(summary.peak_gold_gain, 3)],
                    "mode": "markers",
                    "marker": {**PEAK_MARKER, "color": line["color"]},
                }
            )
        y_title = GAIN_TITLE if method == "best_of_n" else ""
        _place(layout, method, _pressure_axis(method), _axis(y_title, nticks=GAIN_TICKS))
    return go.Figure({"data": traces, "layout": layout}, _validate=False)


def spot_check_choices(results: dict) -> go.Figure:
    """Per method, how often each stop was chosen (bars) against its true quality (line).

    ``results`` maps "best_of_n" and "kl" to a :class:`core.SpotCheckResult`; stops are shown
    in slider order as the slider writes them, best-of-n on the left.
    """
    traces = [
        {
            "type": "bar",
            "x": [None],
            "y": [None],
            "name": "chosen (% of repeats)",
            "marker": {"color": BOUND, "opacity": 0.55},
        },
        _legend_entry(GAIN_TITLE, {"color": GOLD, "width": 3}),
    ]
    layout = _layout()
    bar_axes = {"best_of_n": "y3", "kl": "y4"}
    for method, result in results.items():
        _, colour, axis_title = METHODS[method]
        x_name, y_name = AXES[method]
        labels = [fmt.stop(stop) for stop in result.stops]
        traces.append(
            {
                "type": "bar",
                "x": labels,
                "y": np.round(100 * result.chosen_share, 1),
                "marker": {"color": colour, "opacity": 0.55},
                "xaxis": x_name,
                "yaxis": bar_axes[method],
                "showlegend": False,
            }
        )
        traces.append(
            {
                "type": "scatter",
                "x": labels,
                "y": np.round(result.gold_gain, 3),
                # A line without markers: the bars already mark every stop (~0.5 ms a marker).
                "mode": "lines",
                "line": {"color": GOLD, "width": 3},
                "xaxis": x_name,
                "yaxis": y_name,
                "showlegend": False,
            }
        )
        y_title = GAIN_TITLE if method == "best_of_n" else ""
        x_title = axis_title.split(" (")[0].split(",")[0] + " (slider stops)"  # n or β
        _place(layout, method, _axis(x_title, type="category", nticks=STOP_LABELS), _axis(y_title))
        layout[bar_axes[method].replace("y", "yaxis")] = _axis(
            "chosen (%)" if method == "kl" else "",
            overlaying=y_name,
            side="right",
            anchor=x_name,
            **PERCENT_AXIS,
            showticklabels=method == "kl",  # one 0-100 scale for both: see STOP_LABELS
        )
    layout["margin"] = {**MARGIN, "r": 56}
    return go.Figure({"data": traces, "layout": layout}, _validate=False)
