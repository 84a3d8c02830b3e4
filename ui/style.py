"""The look every chart shares: one palette, fonts and sizes, frames, axes, titles, legends.

One palette (Okabe–Ito, safe for colour-blind readers) gives each meaning one colour on every
page: true quality (gold) orange, the reward model (proxy) blue, the KL-penalized optimum
green, best-of-n reddish purple. Text is large enough for a projector.

A chart's *frame* is its fixed height and margins: margins never grow to fit a legend or a
label (``autoexpand`` off), so charts built on the same frame line up exactly, and a layer
drawn on top of another (transparent, no axes of its own) sits exactly over it.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import plotly.graph_objects as go

from common import format as fmt
from ui import themes

# --- palette -----------------------------------------------------------------------------
GOLD = "#E69F00"  # orange: true quality, what we actually want
PROXY = "#0072B2"  # blue: the reward model's score
KL_METHOD = "#009E73"  # bluish green: the KL-penalized optimum
BEST_OF_N = "#CC79A7"  # reddish purple: best-of-n
BOUND = "#444444"  # dark grey: formulas and limits drawn for comparison
ANSWERS = "#8C8C8C"  # grey: the base model's 600 answers
INK = "#1A1A1A"  # text
RULE = "#DDDDDD"  # light grid lines
TRANSPARENT = "rgba(0,0,0,0)"
# Darker shades of the four for text (titles, captions) on white: the line colours above are
# 2.2-3.4:1 against white, below WCAG AA's 4.5:1 for text; these are 4.9-5.3:1. Lines and
# markers keep the brighter shades.
GOLD_TEXT = "#946300"  # 5.19:1 on white
PROXY_TEXT = "#0072B2"  # 5.19:1 (the line colour passes as it is)
KL_METHOD_TEXT = "#007A5A"  # 5.34:1
BEST_OF_N_TEXT = "#A8507F"  # 5.10:1


MIN_TEXT_CONTRAST = 4.5  # WCAG 2.1 AA (1.4.3) for normal-size text
MUTED = "#4D4D4D"  # secondary text on the stage (hints, labels, the glossary): 8.45:1
# The stage's controls and grid (ui/playground/stage_assets/stage.css), and the poll's buttons.
BUTTON = "#F3F3F3"  # a button's face (ink on it: 15.7:1)
BUTTON_PRESSED = "#E6E6E6"  # a toggled button's face (Play while playing)
BUTTON_EDGE = "#8C8C8C"  # a button's border
TRACK = "#BDBDBD"  # a slider's track
STAGE_GRID = "#ECECEC"  # the stage's grid lines, fainter than RULE under its clouds
EDGE_NOTE_RULE = "#B35C00"  # the line beside the note where the grid's edge caps the optimum
# The palette as CSS variables (the stage and the poll's buttons read ``var(--gold-text)``), so
# every colour of the app is written here once: ``css_variables`` puts them before the CSS.
CSS_COLOURS = {
    "ink": INK,
    "muted": MUTED,
    "kl": KL_METHOD,
    "kl-text": KL_METHOD_TEXT,
    "bon": BEST_OF_N,
    "bon-text": BEST_OF_N_TEXT,
    "gold": GOLD,
    "gold-text": GOLD_TEXT,
    "proxy": PROXY,
    "proxy-text": PROXY_TEXT,
    "button": BUTTON,
    "button-pressed": BUTTON_PRESSED,
    "button-edge": BUTTON_EDGE,
    "track": TRACK,
    "grid": STAGE_GRID,
    "edge-note": EDGE_NOTE_RULE,
    "paper": "#FFFFFF",  # the page behind: white, or the dark theme's (ui/themes.py)
}
# Filled contours of true quality: pale (bad) to the gold colour (good).
GOLD_SCALE = [[0.0, "#FFFBF2"], [0.55, "#F8DFA8"], [1.0, GOLD]]
POLICY_SCALE = [[0.0, "#FFFFFF"], [0.25, "#CDEDE3"], [1.0, KL_METHOD]]


def css_variables(selector: str) -> str:
    """The palette as CSS custom properties on ``selector``, light and dark (ui/themes.py)."""
    return themes.palette_css(selector, CSS_COLOURS)


# --- fonts and sizes ---------------------------------------------------------------------
FONT = {"family": "Source Sans Pro, Helvetica, Arial, sans-serif", "size": 15, "color": INK}
TITLE_SIZE = 16
LEGEND_FONT_SIZE = 14  # the smallest text a phone may show
LINE_WIDTH = 3.5
CURRENT_MARKER_SIZE = 13

# --- axes --------------------------------------------------------------------------------
PLANE_RANGE = (-4.0, 6.0)  # standard units shown on both axes of the plane (the grid: -6..6)
LENGTH_AXIS_TITLE = "length (standard units of the base model)"
SUBSTANCE_AXIS_TITLE = "substance (standard units)"
N_AXIS_TITLE = "n, answers drawn (log scale)"  # fits a phone's 260 px plot
N_TICKS = (1, 3, 10, 49, 200, 590, 2000, 10000)  # the lesson's n = 49 and 590 among them
# The plotly charts' n axis: 3, 200 and 2,000 as well made "2005902,000" on a phone.
N_AXIS_TICKS = (1, 10, 49, 590, 10000)
BETA_TICKS = (10, 4, 2, 1, 0.6, 0.4, 0.25)  # the lesson's β values, and the slider's ends
# Predict, then reveal: ticks that know nothing of the peak (decades; 1-2-5 steps for β).
N_TICKS_EVEN = (1, 10, 100, 1000, 10000)
BETA_TICKS_EVEN = (10, 5, 2, 1, 0.5, 0.25)
# While predicting, the stage's curves carry these instead of the lesson's values, by setting.
STAGE_EVEN_TICKS = {"beta": list(BETA_TICKS_EVEN), "n": list(N_TICKS_EVEN)}
GOLD_LEVELS = {"start": -8.0, "end": 7.0, "size": 1.0}  # true quality's bands; below -8 all pale
PROXY_LEVELS = {"start": -10.0, "end": 14.0, "size": 2.0}  # the reward model's contour lines
BETA_AXIS_TITLE = "β, reward per nat (log scale; weaker penalty →)"
GAIN_AXIS_TITLE = "gain over base model"
TOP_PANEL = (0.63, 1.0)  # y domains of two panels stacked in one chart
BOTTOM_PANEL = (0.0, 0.37)


class Frame(NamedTuple):
    """A chart's fixed size and margins, in pixels; its width is the page column's."""

    height: int
    margin: dict  # {"l", "r", "t", "b"}: never grown to fit a legend or a label


def figure(layout: dict, data: list[dict] | tuple = ()) -> go.Figure:
    """A figure from plain dicts, without plotly's property-by-property checks.

    Those checks (and ``update_layout``'s path parsing) cost ~10 ms a figure, most of a
    rerun's server time when b or σ changes; tests/app/test_figures.py validates the
    builders' output instead, once, where it costs nothing.
    """
    return go.Figure({"data": list(data), "layout": layout}, _validate=False)


def frame_layout(frame: Frame, *, visible: bool = True) -> dict:
    """An empty chart's layout on ``frame``: white, or transparent when it is a top layer."""
    background = "white" if visible else TRANSPARENT
    return {
        "height": frame.height,
        "margin": {**frame.margin, "autoexpand": False},
        "font": FONT,
        "paper_bgcolor": background,
        "plot_bgcolor": background,
        "showlegend": False,
        "hovermode": False,
        "dragmode": False,
    }


def axis(*, title: str = "", visible: bool = True, **settings) -> dict:
    """One axis, fixed (no zoom), with a title that says what it is and in which units."""
    return {
        "visible": visible,
        "title": {"text": title if visible else "", "font": {"size": TITLE_SIZE}},
        "fixedrange": True,
        "showgrid": visible,
        "gridcolor": RULE,
        "zeroline": False,
        "showline": visible,
        "linecolor": INK,
        "ticks": "outside" if visible else "",
        "tickangle": 0,  # turned labels ran into the axis title on a phone; these fit upright
        **settings,
    }


def log_range(low: float, high: float) -> list[float]:
    """A plotly log axis range from ``low`` to ``high`` (reversed when low > high)."""
    return [math.log10(low), math.log10(high)]


def n_axis(low: float, high: float, *, visible: bool = True) -> dict:
    """Best-of-n's x axis: n from ``low`` to ``high`` (with 5% room) on a log scale."""
    return axis(
        title=N_AXIS_TITLE,
        visible=visible,
        type="log",
        range=log_range(low, high * 1.05),
        tickvals=list(N_AXIS_TICKS),
        ticktext=[fmt.tick(tick) for tick in N_AXIS_TICKS],
    )


def beta_axis(
    largest: float,
    smallest: float,
    *,
    ticks: tuple[float, ...],
    title: str = BETA_AXIS_TITLE,
    visible: bool = True,
) -> dict:
    """The KL optimum's x axis: β from ``largest`` down to ``smallest`` (with 5% room) on a
    reversed log scale, so the penalty weakens to the right."""
    return axis(
        title=title,
        visible=visible,
        type="log",
        range=log_range(largest * 1.05, smallest / 1.05),
        tickvals=list(ticks),
        ticktext=[fmt.tick(tick) for tick in ticks],
    )


def gain_range(*curves) -> list[float]:
    """A y range holding both scores of every curve given, with a little room.

    Each curve has arrays ``gold_gain`` and ``proxy_gain`` (k,).
    """
    low = min(min(curve.gold_gain.min(), curve.proxy_gain.min()) for curve in curves)
    high = max(max(curve.gold_gain.max(), curve.proxy_gain.max()) for curve in curves)
    room = 0.08 * (high - low) + 0.1
    return [float(low - room), float(high + room)]


def plane_layout(frame: Frame, *, visible: bool) -> dict:
    """The plane's layout on ``frame``: length across, substance up, both over PLANE_RANGE."""
    return {
        **frame_layout(frame, visible=visible),
        "xaxis": axis(title=LENGTH_AXIS_TITLE, visible=visible, range=list(PLANE_RANGE)),
        "yaxis": axis(title=SUBSTANCE_AXIS_TITLE, visible=visible, range=list(PLANE_RANGE)),
    }


TITLE_LINE_CHARACTERS = 30  # a bold 16 px title line that fits a phone's plot (~260 px)


def title_lines(title: str) -> str:
    """``title`` broken (<br>) at the last space before TITLE_LINE_CHARACTERS, once."""
    if len(title) <= TITLE_LINE_CHARACTERS or " " not in title[:TITLE_LINE_CHARACTERS]:
        return title
    cut = title.rindex(" ", 0, TITLE_LINE_CHARACTERS)
    return f"{title[:cut]}<br>{title[cut + 1 :]}"


def titled(chart: go.Figure, title: str, colour: str = INK) -> go.Figure:
    """A bold title in the top margin, on two lines if long (the legend, if any, goes below).

    ``colour`` is a text colour: INK or one of the *_TEXT shades, never a line colour.
    """
    lines = title_lines(title)
    chart.update_layout(
        title={
            "text": f"<b>{lines}</b>",
            "font": {"size": TITLE_SIZE, "color": colour},
            "x": 0,
            "xref": "paper",
            "y": 1,
            "yref": "container",
            "yanchor": "top",
            # plotly puts a two-line title's first line half a line above the anchor
            "pad": {"t": 8 if "<br>" not in lines else 20},
        }
    )
    return chart


def legend_above() -> dict:
    """A one-line legend (two on a phone) just above the plot area, as plain layout (a new
    dict each time: a figure may change its own)."""
    return {
        "orientation": "h",
        "x": 0,
        "y": 1.02,
        "xanchor": "left",
        "yanchor": "bottom",
        "font": {"size": LEGEND_FONT_SIZE},  # no text under 14 px on a phone
    }


def top_legend(chart: go.Figure) -> None:
    """A one-line legend just above the plot area, under the title."""
    chart.update_layout(
        showlegend=True,
        legend={
            "orientation": "h",
            "x": 0,
            "y": 1.01,
            "xanchor": "left",
            "yanchor": "bottom",
            "font": {"size": LEGEND_FONT_SIZE},
        },
    )


def relative_luminance(colour: str) -> float:
    """WCAG 2.1's relative luminance of a ``#RRGGBB`` colour, from 0 (black) to 1 (white)."""
    channels = [int(colour.lstrip("#")[index : index + 2], 16) / 255 for index in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast_ratio(foreground: str, background: str = "#FFFFFF") -> float:
    """WCAG 2.1's contrast ratio of two ``#RRGGBB`` colours, from 1 to 21."""
    lighter, darker = sorted(map(relative_luminance, (foreground, background)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


# --- fitted to the screen (a projector) ---------------------------------------------------
# docs/design.md §7: chart text on a 1280 px wide projector, ~1.4% of the width
PROJECTOR_TEXT_PX = 18
PROJECTOR_WIDTH = 1280  # px: the common floor in lecture halls
SMALLEST_TEXT_PX = LEGEND_FONT_SIZE  # the smallest text a chart is built with
FITTED_MIN_WIDTH = 1024  # px: narrower (a phone, a tablet upright) scrolls to a chart as built
FITTED_ROOM_BELOW = 16  # px left under a fitted chart: its bottom edge stays on the screen
MIN_FITTED_HEIGHT = 300  # px: shorter, a fitted chart keeps its own height (a phone scrolls)
_PIXEL_KEYS = {"l", "r", "t", "b", "pad", "xshift", "yshift", "borderwidth"}


def text_scale(width: float) -> float:
    """How much larger than built a chart's text is drawn on a screen ``width`` px wide: its
    smallest text at PROJECTOR_TEXT_PX x width / 1280, never smaller than built (a phone)."""
    return max(1.0, PROJECTOR_TEXT_PX * width / PROJECTOR_WIDTH / SMALLEST_TEXT_PX)


def fitted_height(screen_height: float, top: float, own_height: float | None) -> float | None:
    """A chart's height that ends FITTED_ROOM_BELOW above the first screen's bottom, for a
    chart that starts ``top`` px down; its ``own_height`` where that leaves too little."""
    room = screen_height - top - FITTED_ROOM_BELOW
    return room if room >= MIN_FITTED_HEIGHT else own_height


def _scaled_sizes(value, scale: float, *, in_font: bool = False, in_margin: bool = False):
    """``value`` (a figure's JSON) with every font size, margin and pixel offset times scale."""
    if isinstance(value, dict):
        scaled = {}
        for name, item in value.items():
            font = name.endswith("font")
            if isinstance(item, int | float) and not isinstance(item, bool):
                pixels = (in_font and name == "size") or (in_margin and name in _PIXEL_KEYS)
                if pixels or name in {"xshift", "yshift"}:
                    item = item * scale
            elif name in {"margin", "pad"} and isinstance(item, dict):
                item = _scaled_sizes(item, scale, in_margin=True)
            elif name == "pad" and isinstance(item, int | float):
                item = item * scale
            else:
                item = _scaled_sizes(item, scale, in_font=font)
            scaled[name] = item
        return scaled
    if isinstance(value, list):
        return [_scaled_sizes(item, scale) for item in value]
    return value


CHARACTER_EM = 0.55  # a character's average width in Source Sans, in em (for long titles)
TITLE_STANDOFF_EM = 0.5  # between an axis's tick labels and its title (plotly's ran to 1 px)


def _fitted_axes(layout: dict, plot_px: float, text_px: float) -> None:
    """Every axis of ``layout`` with room for its labels and its title clear of them; a y
    axis title longer than its panel (a panel of two stacked) becomes a label inside the
    panel's top corner on its side, as it is easier to read there than broken over lines."""
    for name, axis in list(layout.items()):
        if not (name.startswith(("xaxis", "yaxis")) and isinstance(axis, dict)):
            continue
        axis["automargin"] = True
        title = axis.get("title") or {}
        size = (title.get("font") or {}).get("size", text_px)
        title["standoff"] = TITLE_STANDOFF_EM * size
        low, high = axis.get("domain", (0, 1))
        text = title.get("text") or ""
        if name.startswith("x") or len(text) * CHARACTER_EM * size <= 0.9 * (high - low) * plot_px:
            continue
        across = layout.get(f"xaxis{axis.get('anchor', 'x')[1:]}", {})
        right = axis.get("side") == "right"
        layout.setdefault("annotations", []).append(
            {
                "text": text,
                "font": {"size": size},
                "xref": "paper",
                "x": across.get("domain", (0, 1))[1 if right else 0],
                "xanchor": "right" if right else "left",
                "xshift": (-0.3 if right else 0.3) * size,
                "yref": "paper",
                "y": high,
                "yanchor": "top",
                "showarrow": False,
                "bgcolor": "rgba(255,255,255,0.85)",
            }
        )
        title["text"] = ""


def fitted(chart: go.Figure, *, scale: float, height: float | None) -> go.Figure:
    """``chart`` with its text, margins and pixel offsets ``scale`` times larger, and
    ``height`` px tall (None: its own height, scaled with its margins).

    Its margins grow to fit its labels (a fitted chart is a page's main chart, never a layer
    over another), a legend below the plot moves to its right (under it, it ran into the x
    axis's title once the plot was shorter), and a y axis title longer than its panel is
    a label inside the panel (ui.style._fitted_axes).
    """
    plain = _scaled_sizes(chart.to_plotly_json(), scale)
    layout = plain.get("layout", {})
    own = layout.get("height") or 450
    layout["height"] = round(height if height is not None else own * scale)
    text_px = layout.setdefault("font", {}).setdefault("size", 12 * scale)
    margin = layout.setdefault("margin", {})
    margin["autoexpand"] = True
    legend = layout.get("legend") or {}
    if legend.get("y", 1) < 0:
        layout["legend"] = {**legend, "orientation": "v", "x": 1.02, "xanchor": "left"}
        layout["legend"].update(y=1, yanchor="top")
    plot_px = layout["height"] - margin.get("t", 100) - margin.get("b", 80)
    _fitted_axes(layout, plot_px, text_px)
    return figure(layout, plain.get("data", ()))
