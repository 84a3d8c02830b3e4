"""The class poll's histogram to take away: its counts as CSV, the picture as SVG and PNG.

The picture is drawn here as plain SVG (the bars, both axes, the true peak once revealed), the
same bins as the chart on screen (``figures.AXES``); the browser turns it into a PNG with the
code the stage's downloads use too (``ui/shared_assets/save_file.js``, joined with
``downloads.js`` by ``ui.js_modules``), so no image library is needed.
"""

from __future__ import annotations

import html
from pathlib import Path

import numpy as np
import streamlit as st

from poll_data.guesses import Question
from ui import js_modules, style
from ui.class_poll import figures
from ui.compute import Curve

WIDTH, HEIGHT = 960, 460  # px: the on-screen chart's shape, at a slide's width
MARGIN = {"left": 80, "right": 30, "top": 70, "bottom": 80}
FONT_PX = 18  # as the chart on screen (figures.TICK_SIZE): a back row reads it
DOWNLOADS_JS = Path(__file__).with_name("downloads.js")
# The stage's button look, in ui/style.py's palette.
DOWNLOADS_CSS = (
    style.css_variables(".downloads") + ".downloads { display: flex; gap: 0.5em; flex-wrap: wrap; }"
    ".downloads button { min-height: 32px; font: inherit; font-size: max(14px, 0.9em);"
    " padding: 0.1em 0.7em; border: 1px solid var(--button-edge); border-radius: 6px;"
    " background: var(--button); color: var(--ink); cursor: pointer; }"
)

_downloads = st.components.v2.component(
    "poll_downloads",
    html='<div class="downloads" role="toolbar" aria-label="Download the histogram"></div>',
    css=DOWNLOADS_CSS,
    # The buttons' module and the shared save_file.js it imports (svgToPng, save), joined as
    # the stage's modules are.
    js=js_modules.joined(DOWNLOADS_JS.parent, DOWNLOADS_JS.name),
)


def counts_csv(guesses: np.ndarray, question: Question) -> str:
    """One row per bar: its range of guesses and how many fell in it."""
    edges = 10 ** figures.AXES[question.key].edges
    counts = figures.guess_counts(guesses, question)
    name = "n" if question.symbol == "n" else "beta"
    rows = [f"{name}_from,{name}_to,guesses"]
    for low, high, count in zip(edges[:-1], edges[1:], counts, strict=True):
        rows.append(f"{low:.6g},{high:.6g},{count}")
    return "\n".join(rows) + "\n"


def histogram_svg(guesses: np.ndarray, question: Question, truth: Curve | None = None) -> str:
    """The histogram as a standalone SVG document (WIDTH x HEIGHT px)."""
    axis = figures.AXES[question.key]
    counts = figures.guess_counts(guesses, question)
    box = {
        "left": MARGIN["left"],
        "right": WIDTH - MARGIN["right"],
        "top": MARGIN["top"],
        "bottom": HEIGHT - MARGIN["bottom"],
    }
    low, high = axis.edges[0] - figures.X_ROOM, axis.edges[-1] + figures.X_ROOM
    span = box["right"] - box["left"]

    def x(log_value: float) -> float:
        share = (log_value - low) / (high - low)
        return box["left"] + span * (1 - share if axis.reversed else share)

    top_count = max(2, int(counts.max(initial=0)))
    step = max(1, int(np.ceil(top_count / 8)))

    def y(count: float) -> float:
        return box["bottom"] - (box["bottom"] - box["top"]) * count / (1.08 * top_count)

    parts = [
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        _text(
            box["left"],
            30,
            f"Class poll: where does true quality peak? {int(np.size(guesses))} "
            f"guesses of {question.symbol}",
            weight="600",
        ),
    ]
    for tick in range(0, top_count + 1, step):
        parts.append(_line(box["left"], y(tick), box["right"], y(tick), style.RULE))
        parts.append(_text(box["left"] - 8, y(tick) + 6, f"{tick}", anchor="end"))
    for left, right, count in zip(axis.edges[:-1], axis.edges[1:], counts, strict=True):
        x0, x1 = sorted((x(left), x(right)))
        gap = 0.04 * (x1 - x0)
        parts.append(
            f'<rect x="{x0 + gap:.1f}" y="{y(count):.1f}" width="{x1 - x0 - 2 * gap:.1f}" '
            f'height="{box["bottom"] - y(count):.1f}" fill="{style.BEST_OF_N}" data-bar="{count}"/>'
        )
    parts.append(_line(box["left"], box["bottom"], box["right"], box["bottom"], style.INK))
    parts.append(_line(box["left"], box["top"], box["left"], box["bottom"], style.INK))
    for tick in axis.ticks:
        parts.append(_text(x(np.log10(tick)), box["bottom"] + 26, question.shown(tick)))
    parts.append(_text((box["left"] + box["right"]) / 2, HEIGHT - 18, axis.title))
    parts.append(_text(22, (box["top"] + box["bottom"]) / 2, "guesses", rotate=True))
    if truth is not None:
        peak = x(np.log10(truth.peak_pressure))
        parts.append(_line(peak, box["top"], peak, box["bottom"], style.GOLD, width=4, dash="8 6"))
        label = f"true peak: {question.symbol} = {question.shown(truth.peak_pressure)}"
        parts.append(_text(peak, box["top"] - 10, label, weight="600"))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="Source Sans Pro, Helvetica, Arial, '
        f'sans-serif" font-size="{FONT_PX}">' + "".join(parts) + "</svg>"
    )


def _text(x: float, y: float, text: str, *, anchor="middle", weight="400", rotate=False) -> str:
    turn = f' transform="rotate(-90 {x:.1f} {y:.1f})"' if rotate else ""
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" font-weight="{weight}" '
        f'fill="{style.INK}"{turn}>{html.escape(text)}</text>'
    )


def _line(x1, y1, x2, y2, colour: str, *, width: float = 1, dash: str | None = None) -> str:
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{colour}" '
        f'stroke-width="{width}"{dashes}/>'
    )


def downloads(guesses: np.ndarray, question: Question, truth: Curve | None, *, key: str) -> None:
    """SVG, PNG and CSV buttons for the histogram as it is now."""
    _downloads(
        key=key,
        data={
            "svg": histogram_svg(guesses, question, truth),
            "width": WIDTH,
            "height": HEIGHT,
            "csv": counts_csv(guesses, question),
            "name": f"class-poll_{question.key}",
        },
        height="content",
    )
