"""The reader's screen, as the browser reports it: for charts fitted to a projector.

Plotly's text sizes and a chart's height are numbers in the figure Python builds, and Python
cannot see the window. A tiny component (``screen_assets/screen.js``), mounted just before a
fitted chart, reports the window's size and where the chart starts on the page; the first run
draws the chart as built, the next (on that report) fits it. The last report is kept for the
session, so the next page knows it from its first run.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

import streamlit as st

_SCREEN = "_screen"  # session key: the last report, {"width", "height", "top"}, in px
KEY_PREFIX = "screen-"  # the component's key is screen-<chart key> (hidden by ui/page_css.py's CSS)

_reporter = st.components.v2.component(
    "screen_size",
    js=(Path(__file__).with_name("screen_assets") / "screen.js").read_text(encoding="utf-8"),
)


class Screen(NamedTuple):
    """The browser's window and a chart's place in it, in CSS px."""

    width: int
    height: int
    top: int  # where the chart starts, from the top of the page (not of what is scrolled to)


def measure(chart_key: str) -> Screen | None:
    """Mount the reporter for the chart keyed ``chart_key``; the screen last reported for it
    (None until the browser has reported once)."""
    known = st.session_state.get(_SCREEN, {}).get(chart_key)
    _reporter(
        key=f"{KEY_PREFIX}{chart_key}",
        data={"chart": chart_key, "known": known},
        default={"screen": None},
        on_screen_change=lambda: _keep(chart_key),
        height=0,
    )
    return Screen(**known) if known else None


def known(chart_key: str) -> Screen | None:
    """The screen last reported for the chart keyed ``chart_key`` (None: not yet), without
    mounting the reporter: for a figure built before its chart is drawn (a phone's layout)."""
    report = st.session_state.get(_SCREEN, {}).get(chart_key)
    return Screen(**report) if report else None


def last_width() -> int | None:
    """The window's width in the session's latest report for any chart (None: none yet)."""
    reports = st.session_state.get(_SCREEN, {})
    return max((report["width"] for report in reports.values()), default=None)


def _keep(chart_key: str) -> None:
    """Callback: keep the browser's report for the session (a widget's state goes with it)."""
    report = (st.session_state.get(f"{KEY_PREFIX}{chart_key}") or {}).get("screen")
    if isinstance(report, dict) and all(
        isinstance(report.get(name), int | float) for name in Screen._fields
    ):
        reports = dict(st.session_state.get(_SCREEN, {}))
        reports[chart_key] = {name: int(report[name]) for name in Screen._fields}
        st.session_state[_SCREEN] = reports
