"""Figures of the page "Rewards you can check": data in, ``go.Figure`` out; no widgets read here.

Colours are the app's (ui.style): blue the checker's score (the proxy), orange the task truly
solved (gold), grey the hack. Shares are drawn in percent, against β (reversed log, so more
optimization is to the right) or against KL in nats.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

from ui import style
from ui.checker.guess_text import highest
from ui.checker.text import ABSENT, rate
from ui.style import BOUND, GOLD, INK, KL_METHOD, PROXY

TASKS_HEIGHT = 420
MONITOR_HEIGHT = 360
MARGIN = {"l": 56, "r": 16, "t": 96, "b": 60}  # top: the panels' titles over a 2-row legend
GAP = 0.16  # of the width between the two tasks' plots: room for the right one's ticks
DOMAINS = ([0.0, 0.5 - GAP / 2], [0.5 + GAP / 2, 1.0])
# On a phone (narrower than STACK_BELOW_PX) the two tasks stacked, each as wide as the screen:
# side by side each plot was ~170 px wide under a crammed title. Each plot's height share and
# the gap that holds the lower one's title and the upper one's x axis.
STACK_BELOW_PX = 640
STACKED_HEIGHT = 640
STACKED_GAP = 0.2  # of the plots' height: the upper x axis's ticks and title, the lower's title
STACKED_DOMAINS = ([0.5 + STACKED_GAP / 2, 1.0], [0.0, 0.5 - STACKED_GAP / 2])
BETA_TICKS = (3, 1, 0.1)  # far apart: a phone's ~130 px panel ends where the next one's 100 is
PERCENT_AXIS = {"range": [-3, 103], "tickvals": [0, 25, 50, 75, 100]}
SHARE_DECIMALS = 2  # percent to 0.01: below a pixel
EMPTY_TEMPLATE = {"data": {"scatter": [{"type": "scatter"}]}}  # no theme, as plotly writes it
PEAK_MARKER = {"symbol": "star", "size": 16, "line": {"width": 1.5, "color": INK}}
CURRENT_MARKER = {"size": 11, "line": {"width": 2, "color": "white"}}
# (field, legend name, line): what each task's plot draws.
TASK_LINES = (
    ("pass_rate", "checker passes", {"color": PROXY, "width": 3.5}),
    ("solve_rate", "task solved", {"color": GOLD, "width": 3.5}),
    ("hack_share", "hacks", {"color": BOUND, "width": 2.5, "dash": "dash"}),
)
MONITOR_LINES = (
    ("open_share", "open hacks", {"color": BOUND, "width": 2.5, "dash": "dash"}),
    ("hidden_share", "hidden hacks", {"color": INK, "width": 3.0, "dash": "dot"}),
    ("catch_rate", "hacks caught", {"color": KL_METHOD, "width": 3.5}),
    ("solve_rate", "task solved", {"color": GOLD, "width": 3.5}),
)
BETA_TITLE = "β (weaker →)"
HIGHEST_NAME = "solve rate's highest"
KL_TITLE = "KL (nats)"


def _x_axis(against: str, kl_high: float, **settings) -> dict:
    if against == "kl":
        return style.axis(title=KL_TITLE, range=[0, kl_high * 1.04], **settings)
    return style.beta_axis(3.0, 0.02, ticks=BETA_TICKS, title=BETA_TITLE, **settings)


def _x(curve, against: str) -> np.ndarray:
    return np.round(curve.kl if against == "kl" else curve.beta, 4)


def _percent(values) -> np.ndarray:
    return np.round(100 * np.asarray(values), SHARE_DECIMALS)


def _layout(height: int) -> dict:
    """A still layout of ``height`` px without a theme, its legend above the plots."""
    frame = style.frame_layout(style.Frame(height, MARGIN))
    return {**frame, "template": EMPTY_TEMPLATE, "showlegend": True, "legend": style.legend_above()}


def _panel_title(text: str, x: float, *, y: float = 1, yshift: float = 60) -> dict:
    return {
        "text": f"<b>{text}</b>",
        "font": {"size": style.TITLE_SIZE, "color": INK},
        "x": x,
        "xref": "paper",
        "xanchor": "left",
        "y": y,
        "yref": "paper",
        "yanchor": "bottom",
        "yshift": yshift,  # 60: above the legend, which wraps to 2 rows on a phone
        "showarrow": False,
    }


def _lines(curve, lines, *, against: str, current: int | None, axes: tuple[str, str], legend: bool):
    """Each line of ``lines`` along the curve, with the slider's point (index ``current``;
    None: none) marked on it."""
    x = _x(curve, against)
    traces = []
    for field, name, line in lines:
        y = _percent(getattr(curve, field))
        if field == "catch_rate":  # a share of hacks is drawn only where there are hacks to share
            y = np.where(curve.hack_share >= ABSENT, y, np.nan)
        common = {"type": "scatter", "xaxis": axes[0], "yaxis": axes[1]}
        traces.append(
            {
                **common,
                "x": x,
                "y": y,
                "mode": "lines",
                "line": line,
                "name": name,
                "showlegend": legend,
                "legendgroup": field,
            }
        )
        if current is None:
            continue
        traces.append(
            {
                **common,
                "x": [x[current]],
                "y": [y[current]],
                "mode": "markers",
                "marker": {**CURRENT_MARKER, "color": line["color"]},
                "showlegend": False,
            }
        )
    return traces


def tasks_chart(
    views, titles: tuple[str, str], *, against: str, reveal: bool, stacked: bool = False
) -> go.Figure:
    """Two tasks side by side (``stacked``: one above the other, for a phone): the checker's
    pass rate, the solve rate and the hacks' share.

    ``views`` are two ``ui.checker.compute.TaskView``; ``titles`` their plots' titles;
    ``against`` "beta" or "kl"; ``reveal`` False leaves the solve rate out (a guess first).
    The solve rate's highest point is starred where it is a tenth above the base model's.
    """
    lines = TASK_LINES if reveal else tuple(line for line in TASK_LINES if line[0] != "solve_rate")
    layout = _layout(STACKED_HEIGHT if stacked else TASKS_HEIGHT)
    kl_high = max(float(np.max(view.curve.kl)) for view in views)
    traces = []
    starred = False  # the star's legend entry goes with the first star drawn
    for index, view in enumerate(views):
        domain = DOMAINS[index]
        axes = ("x", "y") if index == 0 else ("x2", "y2")
        traces += _lines(
            view.curve, lines, against=against, current=view.current, axes=axes, legend=index == 0
        )
        top = highest(view) if reveal else None
        if top is not None:  # starred only where it is a tenth above the base model's
            x = _x(view.curve, against)
            traces.append(
                {
                    "type": "scatter",
                    "xaxis": axes[0],
                    "yaxis": axes[1],
                    "x": [x[top]],
                    "y": [_percent(view.curve.solve_rate[top])],
                    "mode": "markers",
                    "marker": {**PEAK_MARKER, "color": GOLD},
                    "name": HIGHEST_NAME,
                    "legendgroup": "highest",
                    "showlegend": not starred,
                }
            )
            starred = True
        suffix = "" if index == 0 else "2"
        layout[f"xaxis{suffix}"] = {
            **_x_axis(against, kl_high),
            "domain": [0.0, 1.0] if stacked else domain,
            "anchor": axes[1],
        }
        y_title = "% of attempts" if index == 0 or stacked else ""
        layout[f"yaxis{suffix}"] = {
            **style.axis(title=y_title, **PERCENT_AXIS),
            "anchor": axes[0],
            **({"domain": STACKED_DOMAINS[index]} if stacked else {}),
        }
    layout["annotations"] = _task_titles(titles, stacked=stacked)
    return style.figure(layout, traces)


def _task_titles(titles: tuple[str, str], *, stacked: bool) -> list[dict]:
    """The two tasks' titles: each over its plot, the first above the legend."""
    if stacked:  # each just above its own plot
        return [
            _panel_title(titles[0], 0.0, y=STACKED_DOMAINS[0][1]),
            _panel_title(titles[1], 0.0, y=STACKED_DOMAINS[1][1], yshift=4),
        ]
    return [_panel_title(title, domain[0]) for title, domain in zip(titles, DOMAINS, strict=True)]


def monitor_chart(view, title: str, *, against: str) -> go.Figure:
    """The monitored optimum: open and hidden hacks, the share of hacks caught, the solve rate.

    ``view`` is a ``ui.checker.compute.MonitorView``; ``title`` says which mode is drawn. No
    mark of the slider's β (the sentence under it gives those numbers): a β change leaves the
    figure as it was, so the browser neither receives it again nor redraws it.
    """
    layout = _layout(MONITOR_HEIGHT)
    layout["xaxis"] = _x_axis(against, float(np.max(view.curve.kl)))
    layout["yaxis"] = style.axis(title="%", **PERCENT_AXIS)
    layout["annotations"] = [_panel_title(title, 0.0)]
    traces = _lines(
        view.curve, MONITOR_LINES, against=against, current=None, axes=("x", "y"), legend=True
    )
    return style.figure(layout, traces)


def task_title(pass_rate: float, side: str = "") -> str:
    """A task plot's title: "Left task: pass@1 = 1.5%" (``side`` "Left"; none: "pass@1 =
    1.5%"), the name its slider and sentences give it."""
    return f"{side} task: pass@1 = {rate(pass_rate)}" if side else f"pass@1 = {rate(pass_rate)}"


CURRICULUM_HEIGHT = 320
# (which numbers, legend name, line): what the curriculum chart draws against the mix.
CURRICULUM_LINES = (
    ("real_solving", "solved, both tasks", {"color": GOLD, "width": 3.5}),
    ("left", "left task solved", {"color": GOLD, "width": 1.5, "dash": "dot"}),
    ("right", "right task solved", {"color": GOLD, "width": 1.5, "dash": "dash"}),
    ("hack_share", "hacks", {"color": BOUND, "width": 2.5, "dash": "dash"}),
)


def curriculum_chart(view) -> go.Figure:
    """Real solving against the left task's share of training, at one KL (the curriculum
    question); the best mix starred, the base model's real solving as a dotted line.
    ``view`` is a ``ui.checker.compute.CurriculumView``."""
    mixes = view.mixes
    values = {
        "real_solving": mixes.real_solving,
        "left": mixes.solve_rates[:, 0],
        "right": mixes.solve_rates[:, 1],
        "hack_share": mixes.hack_share,
    }
    share = np.round(100 * mixes.mix, 2)
    layout = _layout(CURRICULUM_HEIGHT)
    layout["margin"] = {**MARGIN, "t": 72}  # no panel titles: the legend alone, 2 rows on a phone
    layout["xaxis"] = style.axis(title="left task's share of training (%)", range=[-2, 102])
    layout["yaxis"] = style.axis(title="%", **PERCENT_AXIS)
    traces = [
        go.Scatter(x=share, y=_percent(values[field]), name=name, mode="lines", line=line)
        for field, name, line in CURRICULUM_LINES
    ]
    traces.append(
        go.Scatter(
            x=[0, 100],
            y=[_percent(view.base_solving)] * 2,
            name="base model, both tasks",
            mode="lines",
            line={"color": INK, "width": 1.5, "dash": "dot"},
        )
    )
    traces.append(
        go.Scatter(
            x=[share[view.best]],
            y=[_percent(mixes.real_solving[view.best])],
            name="the most solved",
            mode="markers",
            marker={**PEAK_MARKER, "color": GOLD},
        )
    )
    return style.figure(layout, traces)
