"""Accessibility that needs no browser: every text colour is at least 4.5:1 on white (WCAG AA),
every page explains its symbols in visible text (not only in tooltips), every chart is given a
text alternative, and the alternatives say what the figure shows."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from tests.app.app_pages import assert_clean, open_page
from ui import charts, glossary, style
from ui.best_of_n import figures as best_of_n_figures
from ui.class_poll import export as poll_export
from ui.defenses import cached_figures
from ui.kl_penalty import figures as kl_penalty_figures
from ui.playground import stage

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / ".streamlit" / "config.toml"
PAGES_DIR = Path(__file__).resolve().parents[2] / "pages"
WHITE, EXPANDER_GREY = "#FFFFFF", "#F0F2F6"  # the page, and Streamlit's secondary background

# The terms each page must explain in visible text (docs/design.md §8), by page file.
TERMS = {
    "pages/best_of_n.py": ("reward model", "true quality", "n", "KL", "nats", "b", "σ"),
    "pages/kl_penalty.py": ("reward model", "true quality", "β", "KL", "nats", "π_ref", "b", "σ"),
    "pages/compare.py": ("true quality", "reward model", "best-of-n", "KL", "nats", "d", "b", "σ"),
    "pages/reward_model.py": ("sigmoid", "Bradley–Terry", "reward model", "true quality", "b", "β"),
    "pages/defenses.py": ("reward model", "true quality", "best-of-n", "n", "β", "b", "σ"),
    "pages/lesson.py": ("best-of-n", "PPO", "DPO", "Bradley–Terry", "sigmoid", "KL", "β"),
    "pages/checker.py": ("pass@1", "sigmoid", "KL", "nats", "β", "π_ref", "GRPO"),
}
# A slider's symbol may be explained by the hint under the slider instead (ui.state).
SLIDER_HINTS = {"b": "padding penalty the reward model learned", "σ": "unmapped errors"}


def test_the_themes_text_colours_pass_aa_on_white_and_grey():
    theme = tomllib.loads(CONFIG.read_text())["theme"]
    text_colours = {name: value for name, value in theme.items() if name.endswith("TextColor")}
    assert {"orangeTextColor", "blueTextColor", "greenTextColor", "violetTextColor"} <= set(
        text_colours
    )
    for name, colour in text_colours.items():
        for background in (WHITE, EXPANDER_GREY):
            assert style.contrast_ratio(colour, background) >= style.MIN_TEXT_CONTRAST, name
    # True quality reads in the same colour in the page's text and in the charts' titles.
    assert theme["orangeTextColor"] == style.GOLD_TEXT


def test_the_contrast_formula_matches_wcag():
    assert style.contrast_ratio("#000000") == pytest.approx(21.0)
    assert style.contrast_ratio("#FFFFFF") == pytest.approx(1.0)
    assert style.contrast_ratio("#767676") == pytest.approx(4.54, abs=0.01)  # WebAIM's grey
    assert style.contrast_ratio("#B57A00") < style.MIN_TEXT_CONTRAST  # the old orange text


@pytest.mark.parametrize(
    "colour",
    [style.INK, style.GOLD_TEXT, style.PROXY_TEXT, style.KL_METHOD_TEXT, style.BEST_OF_N_TEXT],
)
def test_every_text_shade_passes_aa(colour):
    assert style.contrast_ratio(colour) >= style.MIN_TEXT_CONTRAST


def test_chart_titles_use_text_shades_not_line_colours():
    for figure in (
        best_of_n_figures.win_chances(49, 0.0, 0.0, None),
        best_of_n_figures.scores_against_n(49, 0.0, 0.0, None),
        kl_penalty_figures.grid_against_closed_form(0.6, 0.0, 0.0),
        cached_figures.padding_learned(0.0, 0.2, 0.0),  # both methods: a plot title each
        cached_figures.spot_checks(10, 0.2, 0.0),
    ):
        # A title, and the titles of a figure's plots (annotations), in text shades.
        colours = [figure.layout.title.font.color or style.INK]
        colours += [note.font.color or style.INK for note in figure.layout.annotations]
        for colour in colours:
            assert style.contrast_ratio(colour) >= style.MIN_TEXT_CONTRAST, colour


def test_a_figure_outline_names_its_title_axes_and_lines():
    outline = charts.figure_outline(best_of_n_figures.scores_against_n(49, 0.0, 0.0, None))
    assert outline.startswith("Gain against n (true quality peaks at n = 49).")
    assert style.N_AXIS_TITLE in outline and style.GAIN_AXIS_TITLE in outline
    assert "true quality" in outline and "reward model" in outline
    assert "<b>" not in outline


def test_every_chart_on_every_page_is_given_a_description():
    calls = 0
    for page in PAGES_DIR.glob("*.py"):
        source = page.read_text()
        assert "st.plotly_chart" not in source, f"{page.name}: use charts.chart"
        for call in re.findall(r"charts\.chart\((.*?)\n\s*\)", source, flags=re.S):
            calls += 1
            assert "description=" in call, f"{page.name}: {call[:80]}"
    assert calls >= 10


@pytest.mark.slow  # opens the page in AppTest: make test-fast leaves it out
@pytest.mark.parametrize("page", TERMS)
def test_every_page_explains_its_symbols_in_visible_text(page):
    app = open_page(page)
    assert_clean(app)
    shown = "\n".join(caption.value for caption in app.caption)
    for term in TERMS[page]:
        explained = glossary.line(term) in shown
        assert explained or SLIDER_HINTS.get(term, "\0") in shown, (page, term)
    # A chart's text alternative is markdown that starts "Chart:"; one per chart.
    charts = app.get("plotly_chart")
    described = [text for text in app.markdown if text.value.startswith("Chart: ")]
    assert len(described) == len(charts)


def test_the_glossary_says_which_way_beta_weakens_the_penalty():
    assert "smaller β (right" in glossary.GLOSSARY["β"] and "weaker" in glossary.GLOSSARY["β"]
    assert "nat" in glossary.GLOSSARY["nats"] and "π" in glossary.GLOSSARY["π_ref"]


# --- one palette: the stage's and the poll's CSS take ui/style.py's colours ------------------

BROWSER_ASSETS = sorted(
    path
    for folder in ("ui/playground/stage_assets", "ui/class_poll", "ui/shared_assets")
    for suffix in ("*.css", "*.js", "*.html")
    for path in (REPO / folder).glob(suffix)
)
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}\b|#[0-9a-fA-F]{3}\b")
OWN_VARIABLES = {"font", "thumb"}  # the stage's text size and a slider thumb's colour


def test_the_browsers_files_write_no_colour_of_their_own():
    assert len(BROWSER_ASSETS) > 10  # stage.css, the stage's modules, downloads.js
    for path in BROWSER_ASSETS:
        assert HEX_COLOUR.findall(path.read_text(encoding="utf-8")) == [], path.name


def test_every_colour_variable_they_read_is_in_the_palette():
    used = set()
    for path in BROWSER_ASSETS:
        text = path.read_text(encoding="utf-8")
        used |= set(re.findall(r"var\(--([a-z-]+)", text))
        used |= set(re.findall(r'colour\("--([a-z-]+)"\)', text))
    assert {"gold-text", "kl-text", "bon-text", "proxy-text", "grid", "button"} <= used
    assert used - OWN_VARIABLES <= set(style.CSS_COLOURS)


def test_the_stage_and_the_polls_buttons_open_with_style_pys_colours():
    assert stage.STAGE_CSS.startswith(
        ":host, .stage { --ink: #1A1A1A; --muted: #4D4D4D; --kl: #009E73; --kl-text: #007A5A; "
        "--bon: #CC79A7; --bon-text: #A8507F; --gold: #E69F00; --gold-text: #946300; "
        "--proxy: #0072B2; --proxy-text: #0072B2; --button: #F3F3F3; "
    )  # --gold-text was the stage's own #8a5a00, --kl-text #00704f (style.py: #946300, #007A5A)
    assert poll_export.DOWNLOADS_CSS.startswith(".downloads { --ink: #1A1A1A; ")
    assert "var(--button-edge)" in poll_export.DOWNLOADS_CSS


@pytest.mark.parametrize("name", ["ink", "muted", "kl-text", "bon-text", "gold-text", "proxy-text"])
def test_the_stages_text_colours_pass_aa_on_white_and_on_its_buttons(name):
    for background in (WHITE, style.BUTTON):
        assert style.contrast_ratio(style.CSS_COLOURS[name], background) >= 4.5, background
