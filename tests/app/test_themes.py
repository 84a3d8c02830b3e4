"""The dark theme (ui/themes.py, .streamlit/config.toml): every dark text colour reads on
Streamlit's dark backgrounds, lines and marks stand out, a figure is recoloured whole (and its
numbers untouched), and the stage's CSS follows the theme through light-dark()."""

import tomllib
from pathlib import Path

import pytest

from ui import chart_sketch, charts, style, themes

CONFIG = Path(__file__).resolve().parents[2] / ".streamlit" / "config.toml"
DARK_PAGES = (themes.DARK_BACKGROUND, "#262730")  # the page, and the secondary background
TEXT = (style.INK, style.MUTED, style.GOLD_TEXT, style.PROXY_TEXT, style.KL_METHOD_TEXT)
TEXT += (style.BEST_OF_N_TEXT, style.BOUND)
MARKS = (style.GOLD, style.PROXY, style.KL_METHOD, style.BEST_OF_N, style.ANSWERS)
MIN_MARK_CONTRAST = 3.0  # WCAG 2.1 1.4.11, non-text contrast


@pytest.mark.parametrize("colour", TEXT)
def test_every_text_colour_has_a_dark_counterpart_that_passes_aa(colour):
    dark = themes.dark(colour)
    assert dark != colour
    for page in DARK_PAGES:
        assert style.contrast_ratio(dark, page) >= style.MIN_TEXT_CONTRAST, (colour, page)


@pytest.mark.parametrize("colour", MARKS)
def test_every_line_colour_stands_out_on_the_dark_page(colour):
    assert style.contrast_ratio(themes.dark(colour), themes.DARK_BACKGROUND) >= MIN_MARK_CONTRAST


def test_the_dark_theme_is_configured_and_nothing_pins_light():
    theme = tomllib.loads(CONFIG.read_text())["theme"]
    assert "base" not in theme  # the system's setting, and Streamlit's menu, choose
    assert set(theme) >= {"light", "dark"}
    dark = theme["dark"]
    assert dark["backgroundColor"] == themes.DARK_BACKGROUND
    text = {
        name: value for name, value in dark.items() if name.endswith(("TextColor", "textColor"))
    }
    assert len(text) == 5
    for name, colour in [*text.items(), ("linkColor", dark["linkColor"])]:
        for page in (dark["backgroundColor"], dark["secondaryBackgroundColor"]):
            assert style.contrast_ratio(colour, page) >= style.MIN_TEXT_CONTRAST, name
    # True quality's text: the same orange in the dark page's words and its charts' titles.
    assert dark["orangeTextColor"] == themes.dark(style.GOLD_TEXT)


def test_a_figure_is_darkened_whole_and_its_numbers_kept():
    layout = style.frame_layout(style.Frame(300, {"l": 40, "r": 10, "t": 30, "b": 40}))
    layout["xaxis"] = style.axis(title="n")
    trace = {"type": "scatter", "x": [1, 2, 3], "y": [0.5, 1.0, 0.2]}
    trace["line"] = {"color": style.PROXY}
    light = style.titled(style.figure(layout, [trace]), "A title", style.GOLD_TEXT)
    dark = charts.dark_figure(light).to_plotly_json()
    assert dark["layout"]["paper_bgcolor"] == dark["layout"]["plot_bgcolor"] == "#0E1117"
    assert dark["layout"]["font"]["color"] == themes.dark(style.INK)
    assert dark["layout"]["title"]["font"]["color"] == themes.dark(style.GOLD_TEXT)
    assert dark["layout"]["xaxis"]["gridcolor"] == themes.dark(style.RULE)
    assert dark["data"][0]["line"]["color"] == themes.dark(style.PROXY)
    assert list(dark["data"][0]["y"]) == [0.5, 1.0, 0.2]
    assert light.layout.paper_bgcolor == "white"  # the cached light figure is untouched
    sketch = themes.dark_text(chart_sketch.sketch_or_nothing(charts.dark_figure(light)))
    assert "#1A1A1A" not in sketch.upper() and "white" not in sketch


def test_the_stage_css_pairs_each_colour_for_light_and_dark():
    css = style.css_variables(":host, .stage")
    assert f"--ink: {style.INK};" in css  # browsers without light-dark() keep the light ones
    assert f"--ink: light-dark({style.INK}, {themes.dark(style.INK)});" in css
    assert "--paper: light-dark(#FFFFFF, #0E1117);" in css
    assert f"--kl: {style.KL_METHOD};" in css.split("@supports")[1]  # a line colour for both
    # The marks drawn in the palette's ink (from the world's palette) follow the theme too.
    assert f'.stage svg [stroke="{style.INK}" i]' in css
    assert f':host svg [stroke="{style.INK}" i]' in css
