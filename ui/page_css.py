"""The page's CSS, on every page: the app's own (readouts, captions' contrast, a finger's
targets, the room held for what has not come yet, what waits for the main chart), presenter
mode's larger type, and the Playground's compact projector page; and the page shell's script
(a phone's page menu folds once a page is chosen; a finger on a slider scrolls unless it moves
sideways), which server/serving.py puts in the page's <head>."""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from ui import chart_sketch, js_modules, presenter
from ui.page_frame import FRAME_CSS
from ui.rows import Setting
from ui.settings import SETTINGS

# Every slider's room before its code arrives, as for a slider with a hint (below): keyed by its
# setting. Without it a slider with no hint came in at 40 px and grew to 68, pushing the chart
# under it down (bench.cold_load: the Reward model's sliders on a phone, CLS 0.09).
SLIDER_ROOM_CSS = (
    ", ".join(
        f'[data-testid="stElementContainer"].st-key-{key}'
        for key, row in SETTINGS.items()
        if isinstance(row, Setting)
    )
    + " { min-height: 68px; }\n"
)

# Only fixed text: nothing here ever comes from a URL or a reader.
CSS = (
    "<style>"
    + FRAME_CSS  # also in the page itself, from its first byte
    + """[data-testid="stMetricValue"] { font-size: 1.9rem; }
[data-testid="stMetricLabel"] p { font-size: 0.95rem; white-space: normal; }
[data-testid="stMetricLabel"] div { overflow: visible; white-space: normal; }
/* WCAG AA wants text at >= 4.5:1. Streamlit draws captions as body text at 60% opacity,
   3.9:1 on white, and its code colours at 3.0-3.8:1 on the code block's #FCFCFB; these
   shades, opaque, are 5.1-6.4:1. In the dark theme (light-dark() follows Streamlit's
   color-scheme) the light shades were 3.2:1 on #0E1117; the dark ones are 7.6-9.9:1. */
[data-testid="stCaptionContainer"], [data-testid="stImageCaption"] {
  opacity: 1 !important; color: #5E5E66 !important;
  color: light-dark(#5E5E66, #B8B8B8) !important;
}
[data-testid="stCode"] .token.comment { color: light-dark(#5E5E66, #B8B8B8) !important; }
[data-testid="stCode"] .token.keyword, [data-testid="stCode"] .token.builtin,
[data-testid="stCode"] .token.boolean { color: light-dark(#0B69B7, #79B8F2) !important; }
[data-testid="stCode"] .token.string, [data-testid="stCode"] .token.number
{ color: light-dark(#067D3D, #5FCF8E) !important; }
/* A slider's hint (ui.sliders.slider_caption) takes the place of the slider's 0/1 end labels
   (Streamlit's tick bar, 22 px, shown on hover or focus), which it restates in words: the two
   used to overlap. Not below 14 px, so a phone can read it (test_browser_phone.py). */
[data-testid="stElementContainer"]:has(+ * > [class*="st-key-hint-"])
[data-testid="stSliderTickBar"] { display: none; }
/* A slider's room before its code arrives: Streamlit's placeholder is 40 px, the slider 68 px
   (label and track), so three stacked on a phone pushed the chart down 84 px as they came
   (bench.cold_load: CLS 0.21-0.35 on a phone's first visit to Best-of-n, KL penalty, Compare). */
[data-testid="stElementContainer"]:has(+ * > [class*="st-key-hint-"]) { min-height: 68px; }
[class*="st-key-hint-"] { margin-top: -1rem; }  /* 9 px under the track, clear of its value */
[class*="st-key-hint-"] p { font-size: 0.875rem; line-height: 1.25; }
/* Streamlit's slider thumbs: 24 px, a finger's target (WCAG 2.2 2.5.8; they were 12 px). */
[data-testid="stSlider"] [role="group"] div:has(> div > input[type="range"]) {
  width: 24px; height: 24px;
}
/* Radio options 24 px tall at least (22 px rows were each other's neighbours, WCAG 2.5.8). */
[data-testid="stRadio"] label { min-height: 24px; }
/* A heading's hover-only link icon (16 px) has no hover on a touch screen. */
@media (max-width: 640px) { [data-testid="stHeaderActionElements"] { display: none; } }
/* Code in a sentence: Streamlit's 0.75 em is 12 px; a phone's smallest is 14. */
[data-testid="stMarkdownContainer"] p code { font-size: max(14px, 0.75em); }
/* Typeset maths: its fractions and exponents (0.7 of its size) at 15 px, not 13.5. */
.katex-display > .katex { font-size: 1.35em; }
/* A vertical swipe that starts on a slider scrolls the page: Streamlit's track and thumb set
   touch-action: none in their own style (six tracks were 28% of Checkers' first screen on a
   phone); ui/screen_assets/sliders.js gives the slider a finger only once it moves sideways. */
[data-testid="stSlider"] [data-rac][data-orientation="horizontal"],
[data-testid="stSlider"] [data-rac][data-orientation="horizontal"] [data-rac] {
  touch-action: pan-y !important;
}
/* The page menu on a phone (a drawer): its links and buttons are a finger's 44 px. */
[data-testid="stSidebarNavLink"] { min-height: 44px; align-items: center; }
[data-testid="stExpandSidebarButton"], [data-testid="stSidebarCollapseButton"] button {
  min-width: 44px; min-height: 44px;
}
/* A sideways drag on a slider is the slider's: never the browser's swipe back a page. */
html, body, [data-testid="stMain"] { overscroll-behavior-x: none; }
/* The screen reporter (ui/screen.py) and the scripts in keyed containers named screen-*
   draw nothing and take no gap; nor does a keyed container's wrapper, which in a row kept
   154-203 px of width and pushed the lecturer's Close and New poll onto a second line. */
[class*="st-key-screen-"],
[data-testid="stLayoutWrapper"]:has(> [class*="st-key-screen-"]) { display: none !important; }
/* The rating poll's choice buttons stay on a phone's screen under a long pair (they started
   at y 859 of 844): held at the screen's foot while the pair scrolls under them. */
:is(.st-key-rating_buttons, [data-testid="stLayoutWrapper"]:has(> .st-key-rating_buttons)) {
  position: sticky; bottom: 0; z-index: 3; background: #FFFFFF; padding: 0.5rem 0;
}
/* Focus frames for keyboard users only: a click on the page (to leave a slider) focuses the
   main area, which is a tab stop, and must draw no frame around the whole page. */
[data-testid="stMain"]:focus:not(:focus-visible) { outline: none !important; }
/* A chart's text alternative: read by screen readers, not drawn (the chart is). */
[class*="st-key-described-"] > [data-testid="stElementContainer"]:first-child {
  position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip-path: inset(50%) !important; white-space: nowrap;
}"""
    + chart_sketch.SKETCH_CSS  # a main chart's sketch (ui/chart_sketch.py), before any chart
    + SLIDER_ROOM_CSS
    + "</style>\n"
)
# Presenter mode: the page's own text grows with the screen, for the back of a lecture hall
# (18 px at 1280 px wide, 27 px at 1920, against 16 px; lists too, as the Defenses' slack).
# A metric's value (30 px) is Markdown too: it keeps its own size.
PRESENTER_CSS = """
<style>
/* The Playground's one-sentence intro: a lecturer says it (the charts need the room). */
.st-key-intro { display: none !important; }
[data-testid="stMarkdownContainer"] :is(p, li):not([data-testid="stMetricValue"] *), button p {
  font-size: clamp(18px, 1.4vw, 1.9rem);
}
/* Every page's floor for the back row, as the Playground's (18 px at 1280 px wide, docs/
   design.md §7): the sliders' hints, captions, the values on a slider's thumb, the menu and an
   expander's name were 14-17 px on Best-of-n, KL penalty, Compare, Defenses and Checkers. */
[class*="st-key-hint-"] p, [data-testid="stCaptionContainer"],
[data-testid="stCaptionContainer"] :is(p, li), [data-testid="stSliderThumbValue"],
[data-testid="stTopNavLink"] span, [data-testid="stSidebarNavLink"] span,
[data-testid="stExpander"] summary, [data-testid="stWidgetLabel"] p,
[data-testid="stMarkdownContainer"] :is(p, li) code, [data-testid="stTooltipHoverTarget"] p {
  font-size: clamp(18px, 1.4vw, 1.9rem) !important;
}
/* The menu at that size without its icons, so that every page keeps its link (with them,
   Checkers went into "1 more" at 1280 px wide). */
[data-testid="stTopNavLink"] > span:has([data-testid="stIconMaterial"]) { display: none; }
/* The value over a slider's thumb, at that size, reached up into the slider's label. */
[data-testid="stSlider"] [data-testid="stWidgetLabel"] { margin-bottom: max(0.6rem, 1.4vw - 8px); }
</style>
"""
# Presenter mode on the Playground, whose first screen is the lecture's: no text under 18 px
# (the floor a back row reads, docs/design.md §7: the step bar's buttons and shortcut keys, the
# menu, without its icons so that every page keeps its link), and the story step's line, what
# the lecturer is saying, the largest text after the title (28 px at 1280 px wide against the
# readouts' 27 px and the charts' 22 px), in at most two lines, without its icon.
STORY_PRESENTER_CSS = """
<style>
[data-testid="stMarkdownContainer"] :is(p, li):not([data-testid="stMetricValue"] *), button p,
button kbd { font-size: clamp(18px, 1.4vw, 1.9rem) !important; }
[data-testid="stTopNavLink"] > span:has([data-testid="stIconMaterial"]) { display: none; }
h1 { font-size: clamp(30px, 2.5vw, 3.2rem) !important; }
.st-key-step-line-one [data-testid="stAlertContainer"] { padding: 0.2rem 0.8rem; }
.st-key-step-line-one [data-testid="stMarkdownContainer"] { width: 100% !important; }
.st-key-step-line-one [data-testid="stMarkdownContainer"] p {
  font-size: clamp(28px, 2.2vw, 3rem) !important; line-height: 1.2;
  display: -webkit-box; -webkit-box-orient: vertical; -webkit-line-clamp: 2; overflow: hidden;
}
</style>
"""


# The Playground must fit a 1280x720 projector: half of Streamlit's 1rem between elements.
COMPACT_CSS = """
<style>
[data-testid="stMainBlockContainer"] [data-testid="stVerticalBlock"] { gap: 0.45rem; }
/* The step line: a third of Streamlit's 16 px padding gives the charts 20 px at 1280x720. */
[data-testid="stMainBlockContainer"] [data-testid="stAlertContainer"] { padding: 0.35rem 1rem; }
/* Room for the story's step bar before it comes (with the stage, after the sliders): arriving
   late it pushed the page down (CLS 0.08 on a phone). Measured: 40 px high at 1280 px wide;
   at 390 px a line of its own, two rows of buttons, 96 px. The room is held by the title's
   row: the bar's own container is not drawn at all while empty (a phone's CLS was 0.19-0.25
   with the room on it alone). At 390 px the row is the title (29 px), a 32 px gap and the
   bar: 157 px, its items at the top so the title does not move when the bar arrives. */
.st-key-story-steps { min-height: 2.5rem; }
.st-key-title-row { min-height: 2.5rem; }
/* Arrived by a story step's link or with a note about the link, that line says what to look
   at: the intro's line goes, for the charts (at 1280x720 they had 31-33% of the height). The
   note, or else the story's slot with its step line, comes right after the intro's wrapper. */
[data-testid="stLayoutWrapper"]:has(> .st-key-intro):has(+ * [data-testid="stAlertContainer"]) {
  display: none !important;
}
@media (max-width: 640px) {
  .st-key-story-steps { min-width: 100%; min-height: 6rem; }
  .st-key-title-row { min-height: 157px; align-items: flex-start; align-content: flex-start; }
  /* "Ask the room" (a lecturer's, from the projector) put the bar on a third row: 132 px. */
  .st-key-ask-room { display: none; }
}
</style>
"""


# The page shell's script, on every page (it draws nothing): a phone's page menu folds once a
# page is chosen (menu.js, the entry); a finger on a slider scrolls unless it moves sideways
# (sliders.js, by finger_intent.js's rule). ES modules, joined as the stage's are.
_SHELL_JS = js_modules.joined(Path(__file__).with_name("screen_assets"), "menu.js")
_SHELL_EXPORT = "export default module_menu_js.default;"


def shell_script() -> bytes:
    """The page shell's script as a plain script for the page's <head> (server/serving.py), run
    once per document. Mounted as a component by every run of every page, it installed nothing
    more (it installs itself once) and cost every first page an element and 3 KB to deflate
    (bench.first_page)."""
    body = _SHELL_JS.replace(_SHELL_EXPORT, "module_menu_js.default();")
    return f"<script>(() => {{\n{body}\n}})();</script>".encode()


def page_style(*, present: bool | None = None, compact: bool = False) -> None:
    """Add the app's CSS to the page (once per run; it takes no space); ``present`` (default:
    the session's presenter mode, so call it after ``ui.state.settle_url``) enlarges the type.
    The page shell's script is in the page's <head> (:func:`shell_script`)."""
    present = presenter.presenter_mode() if present is None else present
    st.html(
        CSS
        + (PRESENTER_CSS if present else "")
        + (COMPACT_CSS if compact else "")
        + (STORY_PRESENTER_CSS if present and compact else "")
    )
