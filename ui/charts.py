"""A chart on a page: drawn lean (no Streamlit theme, a still picture unless its values are
worth hovering), its room held before plotly's code comes, a page's main chart fitted to the
screen and sketched until plotly has drawn it, and a text alternative that screen readers reach
just before it (:func:`figure_outline`: its title, axes and traces in words)."""

from __future__ import annotations

import contextlib
import re

import plotly.graph_objects as go
import streamlit as st

from ui import chart_sketch, presenter, screen, style, themes

PLOTLY_DEFAULT_HEIGHT = 450  # px: plotly's height for a figure that names none
LEGEND_LINE_EM = 1.4  # a legend's or title's line, in its font's size

# Charts nobody needs to zoom or hover: drawn as a still picture, which is cheapest to draw.
STILL = {"staticPlot": True, "displayModeBar": False, "responsive": True}
# Charts worth reading values from: hover only, no tool bar.
HOVER = {"displayModeBar": False, "scrollZoom": False, "responsive": True}


def main_chart_slot():
    """The container for a page's main chart (keyed main-chart: ui/page_frame.py's FRAME_CSS
    keeps what follows it unseen until the chart is drawn at its final size), drawn from the
    start. Streamlit draws no empty container, so before the chart's first element came there
    was nothing for the rule to hold, and what the page sent meanwhile was seen in the chart's
    place, then pushed down by it (Checkers' task sliders at y 303 on a phone, dropped to 447:
    CLS 0.109). An empty slot (display: none, no room) makes it drawn."""
    slot = st.container(key="main-chart")
    slot.empty()
    return slot


def chart(
    figure: go.Figure,
    *,
    key: str,
    description: str,
    hover: bool = False,
    container=None,
    fit: bool = False,
    provisional: bool = False,
) -> None:
    """Draw a figure at its own height and the container's width, without Streamlit's theme,
    with a text alternative that screen readers reach just before it.

    ``key`` names the chart (CSS class st-key-<key>); ``description`` says in a sentence or two
    what the chart shows (its numbers, not its look); ``hover`` keeps tooltips on; ``fit``
    (a page's main chart) scales its text with the screen's width and ends it on the first
    screen, once the browser has said how large that is (ui/screen.py). ``provisional``: the
    page will draw it again in another shape once the screen is known (Checkers' tasks, stacked
    on a phone), so what follows it waits for that one.
    """
    target = container if container is not None else st
    dark = theme_type() == "dark"  # Streamlit's theme, as the browser reports it
    if dark:
        figure = dark_figure(figure)
    if fit:
        with container if container is not None else contextlib.nullcontext():
            measured = screen.measure(key)
        if measured is not None and measured.width >= style.FITTED_MIN_WIDTH:
            figure = style.fitted(
                figure,
                scale=style.text_scale(measured.width),
                height=style.fitted_height(measured.height, measured.top, None),
            )
    elif presenter.presenter_mode():
        # Presenter mode: every chart's text at the back row's 18 px at 1280 px wide, scaled
        # with the window (the session's last report), not only the main chart's (Reward
        # model's legends were 14 px); its height and margins with it (at its own height, a
        # legend of four lines ran into the title).
        figure = _legend_listed(style.fitted(figure, scale=presenter_scale(), height=None))
    box = target.container(key=f"described-{key}")
    box.markdown(f"Chart: {figure_outline(figure)} {description}")
    # The chart's room before plotly's 1.4 MB of code arrives (a first visit: 8-60 s at a
    # lecture hall's 1.5 Mbit/s), not Streamlit's 40 px placeholder, so what follows the
    # chart does not move down when it comes. The key is ours, never a URL's.
    height = round(figure.layout.height or PLOTLY_DEFAULT_HEIGHT)
    # The page's main chart is also drawn before plotly's code arrives (ui/chart_sketch.py).
    sketch = chart_sketch.sketch_or_nothing(figure) if fit else ""
    if sketch and dark:
        sketch = themes.dark_text(sketch)  # its own frame and card colours, darkened too
    if fit and (measured is None or provisional):  # drawn again: what follows waits
        sketch = sketch.replace('class="rh-sketch"', 'class="rh-sketch rh-provisional"', 1)
    box.html(f"<style>.st-key-{key} {{ min-height: {height}px; }}</style>")
    if sketch:
        box.container(key=f"sketch-{key}").html(sketch)
    box.plotly_chart(figure, theme=None, key=key, config=HOVER if hover else STILL, width="stretch")


def theme_type() -> str | None:
    """ "light" or "dark": Streamlit's theme in the visitor's browser (None before it says)."""
    with contextlib.suppress(AttributeError, RuntimeError):
        return st.context.theme.type
    return None


def dark_figure(figure: go.Figure) -> go.Figure:
    """The figure in the dark theme's colours (ui/themes.py): the figures are built and cached
    once, light; this copies one for a dark page (~1-3 ms a chart)."""
    return go.Figure(themes.dark_figure_json(figure.to_plotly_json()), _validate=False)


def presenter_scale() -> float:
    """How much presenter mode enlarges a chart that is not fitted to the screen: its
    smallest text to 18 px at 1280 px wide, scaled with the window last reported."""
    return style.text_scale(screen.last_width() or style.PROJECTOR_WIDTH)


def _legend_listed(figure: go.Figure) -> go.Figure:
    """A legend above the plot as a list, one entry a line, with the top margin to hold it
    under the title: wrapped at presenter mode's size in a column its width did not grow
    with (1920 px wide), its lines ran up into the title."""
    legend, margin = figure.layout.legend, figure.layout.margin
    if not (figure.layout.showlegend is not False and (legend.y or 0) >= 1):
        return figure
    shown = {trace.name for trace in figure.data if trace.name and trace.showlegend is not False}
    if figure.layout.showlegend is not True and len(figure.data) < 2:
        return figure
    line = LEGEND_LINE_EM * (legend.font.size or figure.layout.font.size or 14)
    title = (figure.layout.title.font.size or 0) * LEGEND_LINE_EM if figure.layout.title.text else 0
    figure.update_layout(
        legend={"orientation": "v", "yanchor": "bottom"},
        margin={"t": max(margin.t or 0, title + len(shown) * line + 12)},
    )
    return figure


def _plain(text: str | None) -> str:
    """Plotly's text without its HTML tags (<b>, <br>) or Markdown's special characters."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text or "")).strip().replace("*", "\\*")


def figure_outline(figure: go.Figure) -> str:
    """A figure's title, axes and named traces in words, e.g. "Gain against n. Across: n ..."."""
    layout = figure.layout
    parts = [_plain(layout.title.text) + "." if layout.title.text else ""]
    axes = [
        (name, _plain(axis.get("title", {}).get("text")))
        for name, axis in layout.to_plotly_json().items()
        if name.startswith(("xaxis", "yaxis")) and axis.get("visible", True)
    ]
    across = sorted({title for name, title in axes if name.startswith("x") and title})
    up = sorted({title for name, title in axes if name.startswith("y") and title})
    if across:
        parts.append(f"Across: {'; '.join(across)}.")
    if up:
        parts.append(f"Up: {'; '.join(up)}.")
    names = list(dict.fromkeys(_plain(trace.name) for trace in figure.data if trace.name))
    if names:
        parts.append(f"Shown: {', '.join(names)}.")
    return " ".join(part for part in parts if part)
