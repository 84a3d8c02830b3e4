"""Accessibility in real Chromium: axe-core finds no serious or critical violation on any page
(the poll's three screens and presenter mode included), headings go h1, h2, ... without a
skipped level, every chart has a text alternative just before it, chart text is at least 4.5:1
on white, and the keyboard reaches every control in page order.

axe-core is the copy that the axe-playwright-python wheel ships (pinned in
requirements-dev.txt); nothing is downloaded while the tests run. axe walks into the
Playground stage's shadow root too. No rule is switched off and no element is excluded.
"""

from __future__ import annotations

import itertools
import re
import time
from collections import Counter

import pytest
from axe_playwright_python.sync_playwright import Axe
from test_browser_pages import MIN_CHARTS

from tests.support import app_page
from tests.support import stage_in_browser as stage
from ui.style import contrast_ratio  # WCAG 2.1's formula
from ui.themes import DARK_BACKGROUND

pytestmark = pytest.mark.browser

AXE = Axe()
BLOCKING = ("serious", "critical")  # docs/design.md §8: zero of these on every page
PAGES = ("", "?present=1", "best-of-n", "kl-penalty", "lesson", "reward-model", "compare", "poll")
PAGES += ("defenses", "checker")
PAGES += ("poll?room=ZZZZZZ", "nonexistent")  # an unknown room's note, the unknown-page page
MIN_TEXT_CONTRAST = 4.5  # WCAG 2.1 AA, 1.4.3
AXE_TIMEOUT_S, AXE_RETRY_MS = 30, 500  # see axe_response
TAB_LIMIT = 80  # key presses: more than any page has controls, so a trap shows as a failure

# Heading levels of the page's own DOM, in order (the stage's shadow root is the stage's own).
HEADING_LEVELS_JS = """
() => [...document.querySelectorAll('[data-testid="stMain"] :is(h1, h2, h3, h4, h5, h6)')]
  .filter((heading) => heading.getBoundingClientRect().height > 0)
  .map((heading) => Number(heading.tagName[1]))
"""
# For each plotly chart: the text just before it in its described-* container.
CHART_TEXTS_JS = """
() => [...document.querySelectorAll('[data-testid="stPlotlyChart"]')].map((chart) => {
  const box = chart.closest('[class*="st-key-described-"]');
  return box ? box.querySelector('[data-testid="stMarkdownContainer"]')?.innerText ?? '' : null;
})
"""
# Every drawn text of every plotly chart, with its fill colour as #rrggbb.
CHART_TEXT_COLOURS_JS = """
() => [...document.querySelectorAll('.js-plotly-plot svg text')]
  .filter((text) => text.textContent.trim() && text.getBoundingClientRect().width > 0)
  .map((text) => {
    const [r, g, b] = getComputedStyle(text).fill.match(/\\d+(\\.\\d+)?/g).map(Number);
    const hex = '#' + [r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
    return { text: text.textContent.slice(0, 40), colour: hex };
  })
"""
# The focused element, looking into shadow roots: how a reader would name it.
FOCUSED_JS = """
() => {
  let element = document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  if (!element) return null;
  return element.getAttribute('aria-label') || (element.innerText || '').trim().slice(0, 60);
}
"""
# Every enabled button, slider and text box in the main area, in document order, shadow roots
# included (a shadow root is drawn in place of its host's children).
CONTROLS_JS = """
() => {
  const found = [];
  const visit = (node) => {
    if (node.matches?.('button:not([disabled]), input:not([disabled])')
        && node.getBoundingClientRect().width > 0) {
      const name = node.getAttribute('aria-label') || (node.innerText || '').trim().slice(0, 60);
      // Streamlit's own chrome, not the page's controls: a label's "Help for ..." tooltip
      // button, st.code's "Copy to clipboard" button, which Streamlit shows only under the
      // mouse and leaves out of the tab order (its text box itself takes focus), and a
      // selectbox's "Open" arrow (the language menu's: its combobox takes focus, the arrow is
      // for the mouse).
      const chrome = ['Copy to clipboard', 'Open'];
      if (!name.startsWith('Help for') && !chrome.includes(name)) found.push(name);
    }
    const children = node.shadowRoot ? node.shadowRoot.children : node.children;
    for (const child of children) visit(child);
  };
  visit(document.querySelector('[data-testid="stMain"]'));
  return found;
}
"""


def axe_response(page) -> dict:
    """axe's full answer for the page, once it has checked the text's contrast.

    On the first page a fresh Chromium draws, axe can find no text on screen for a moment and
    calls its contrast rule "inapplicable": a pass that checked nothing. Ask again
    (AXE_RETRY_MS apart, for up to AXE_TIMEOUT_S: a count of attempts ran out sooner on a loaded
    machine) until the rule ran, and fail if it never does.
    """
    deadline = time.monotonic() + AXE_TIMEOUT_S
    while True:
        response = AXE.run(page).response
        if all(rule["id"] != "color-contrast" for rule in response["inapplicable"]):
            return response
        if time.monotonic() > deadline:
            raise AssertionError(f"axe never checked text contrast on {page.url}")
        page.wait_for_timeout(AXE_RETRY_MS)


def blocking_violations(page) -> list[str]:
    """axe's serious and critical violations on the page, one line per element."""
    response = axe_response(page)
    return [
        f"{violation['id']} ({violation['impact']}): {node['target']} {node['html'][:120]}"
        for violation in response["violations"]
        if violation["impact"] in BLOCKING
        for node in violation["nodes"]
    ]


def check_page(page) -> None:
    """Every check of this module that holds on any page, on what `page` shows now."""
    assert blocking_violations(page) == []
    levels = page.evaluate(HEADING_LEVELS_JS)
    assert levels and levels[0] == 1 and levels.count(1) == 1, levels
    assert all(later <= earlier + 1 for earlier, later in itertools.pairwise(levels)), levels
    for text in page.evaluate(CHART_TEXTS_JS):
        assert text is not None and text.startswith("Chart: ") and len(text) > 40, text
    for drawn in page.evaluate(CHART_TEXT_COLOURS_JS):
        assert contrast_ratio(drawn["colour"]) >= MIN_TEXT_CONTRAST, drawn


@pytest.mark.parametrize("path", PAGES, ids=[path or "playground" for path in PAGES])
def test_every_page_passes_axe_headings_chart_texts_and_contrast(new_tab, path):
    tab = new_tab("desktop")
    tab.open(path)
    if path == "defenses":  # its charts on request: every one open, to check them all
        assert app_page.open_every_closed_chart(tab.page) == 3
    check_page(tab.page)
    if path in ("best-of-n", "kl-penalty", "reward-model", "compare", "defenses", "checker"):
        assert tab.page.locator('[data-testid="stPlotlyChart"]').count() >= 2
    # The page opened from its address: no exception, its charts each with a figure, no
    # console errors (this page load serves test_browser_pages' list of charts a page has).
    assert tab.page.locator('[data-testid="stException"]').count() == 0
    if path in MIN_CHARTS:
        if path == "":
            stage.wait_until_drawn(tab.page)
        charts = app_page.chart_fingerprints(tab.page)
        assert len(charts) >= MIN_CHARTS[path] and all(charts.values()), charts
        assert tab.console_errors == []


# The stage's pages, a plotly page with captions (ui/page_css.py's light-dark() shades: the light
# #5E5E66 alone was 3.2:1 on the dark page) and the Lesson's code blocks.
DARK_PAGES = ("", "?present=1", "best-of-n", "lesson")
DARK_PAGE_JS = """() => getComputedStyle(document.querySelector('[data-testid="stApp"]'))
  .backgroundColor"""


@pytest.mark.parametrize("path", DARK_PAGES, ids=[path or "playground" for path in DARK_PAGES])
def test_the_dark_theme_passes_axe_and_its_chart_text_reads(new_tab, path):
    # The system's dark mode (config.toml pins no base): Streamlit, its charts (ui/charts.py)
    # and the stage (light-dark() in ui/themes.py's CSS) follow it.
    tab = new_tab("desktop", color_scheme="dark")
    tab.open(path)
    assert tab.page.evaluate(DARK_PAGE_JS) == "rgb(14, 17, 23)"  # themes.DARK_BACKGROUND
    if path in ("", "?present=1"):
        stage.wait_until_drawn(tab.page)
    assert blocking_violations(tab.page) == []
    for drawn in tab.page.evaluate(CHART_TEXT_COLOURS_JS):
        assert contrast_ratio(drawn["colour"], DARK_BACKGROUND) >= MIN_TEXT_CONTRAST, drawn
    assert tab.console_errors == []


def test_the_playground_on_a_phone_passes_axe(new_tab):
    tab = new_tab("phone")
    tab.open("")
    assert blocking_violations(tab.page) == []


def test_the_polls_lecturer_and_student_screens_pass_too(new_tab, app_server):
    lecturer = new_tab("desktop")
    lecturer.open("poll")
    lecturer.page.get_by_role("button", name="Start a poll").click()
    heading = lecturer.page.get_by_text(re.compile(r"Room code: [A-Z0-9]{6}")).first
    heading.wait_for()
    app_page.wait_until_ready(lecturer.page)
    check_page(lecturer.page)
    assert (
        lecturer.page.locator('[data-testid="stImage"] img')
        .get_attribute("alt")
        .startswith("QR code that opens " + app_server.url + "poll?room=")
    )
    room = re.search(r"[A-Z0-9]{6}", heading.inner_text()).group(0)
    student = new_tab("phone")
    student.open(f"poll?room={room}")
    check_page(student.page)


def tab_through(page) -> list[str]:
    """Names of what Tab focuses, from the page's start until focus comes round again."""
    page.locator("body").focus()
    names: list[str] = []
    for _ in range(TAB_LIMIT):
        page.keyboard.press("Tab")
        name = page.evaluate(FOCUSED_JS)
        if names and name == names[0]:
            return names
        names.append(name)
    raise AssertionError(f"focus never came round in {TAB_LIMIT} presses: {names}")


@pytest.mark.parametrize(
    ("path", "in_order"),
    [
        (
            "",
            (
                "b · padding penalty learned",
                "σ · other reward-model errors",
                "β · KL penalty strength",
                "n · answers drawn (best-of-n)",
            ),
        ),
        (
            "best-of-n",
            (
                "n · answers drawn (best-of-n)",
                "b · padding penalty learned",
                "σ · other reward-model errors",
                "Draw another 600 answers",
            ),
        ),
    ],
    ids=["playground", "best-of-n"],
)
def test_the_keyboard_reaches_every_control_in_page_order(new_tab, path, in_order):
    tab = new_tab("desktop")
    tab.open(path)
    focused = tab_through(tab.page)
    controls = tab.page.evaluate(CONTROLS_JS)
    assert len(controls) >= len(in_order)
    # Each control once, in the order the page lays them out (nothing skipped or trapped).
    assert [name for name in focused if name in controls] == controls, focused
    assert Counter(controls)[in_order[0]] == 1
    positions = [controls.index(name) for name in in_order]
    assert positions == sorted(positions), controls
