"""At a phone's size (390 x 844, touch): nothing scrolls sideways and the sliders work."""

import re

import pytest
from playwright.sync_api import expect

from harness import app_page, screen_checks
from harness import stage_in_browser as stage
from harness.stage_root_js import STAGE_ROOT_JS

pytestmark = pytest.mark.browser

STAGE_KEYS = ("beta", "n", "b", "sigma")  # all four on the stage, drawn by the page itself
METHOD_KEYS = ("beta", "n")  # the two with a gain curve of their own
PAGE_PATHS = (
    "",
    "best-of-n",
    "kl-penalty",
    "lesson",
    "reward-model",
    "compare",
    "poll",
    "defenses",
    "checker",
)
MIN_TRACK_PX = 120  # narrower than this and a thumb cannot be placed with a finger
TAP_AT = 0.8  # where along the β track the finger lands

# The page's width against the viewport, and every element (Streamlit's element containers)
# that pokes out of the viewport or scrolls sideways. A wide table or code line may still
# scroll inside its own widget, as tables do on phones; the page and the layout may not.
OVERFLOW_JS = """
() => {
  const width = window.innerWidth;
  const offenders = [];
  const containers = '[data-testid="stMain"] [data-testid="stElementContainer"]';
  document.querySelectorAll(containers).forEach((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return;
    const name = [...element.classList].find((c) => c.startsWith('st-key-'))
      || (element.firstElementChild && element.firstElementChild.getAttribute('data-testid'))
      || 'element';
    if (box.left < -1 || box.right > width + 1) {
      offenders.push(`${name} spans x = ${Math.round(box.left)}..${Math.round(box.right)}`);
    }
    const overflowX = getComputedStyle(element).overflowX;
    const scrollable = overflowX === 'auto' || overflowX === 'scroll';
    if (scrollable && element.scrollWidth > element.clientWidth + 1) {
      offenders.push(`${name} scrolls sideways (${element.scrollWidth} > ${element.clientWidth})`);
    }
  });
  const main = document.querySelector('[data-testid="stMain"]');  // Streamlit's scroller
  if (main.scrollWidth > main.clientWidth + 1) {
    offenders.push(`the page scrolls sideways (${main.scrollWidth} > ${main.clientWidth})`);
  }
  return {
    pageWidth: document.scrollingElement.scrollWidth,
    viewportWidth: width,
    offenders,
  };
}
"""


def assert_no_sideways_scrolling(page, where: str) -> None:
    layout = page.evaluate(OVERFLOW_JS)
    assert layout["pageWidth"] <= layout["viewportWidth"], f"{where}: {layout}"
    assert layout["offenders"] == [], f"{where}: {layout['offenders']}"


@pytest.mark.parametrize("path", PAGE_PATHS)
def test_no_sideways_scrolling_on_a_phone(phone, path):
    phone.open(path)
    assert_no_sideways_scrolling(phone.page, path or "playground")
    app_page.screenshot(phone.page, app_page.SCREENSHOT_DIR / f"phone-{path or 'playground'}.png")
    assert phone.console_errors == []


def test_sliders_work_by_touch_and_keyboard_on_a_phone(phone):
    phone.open()
    page = phone.page
    stage.wait_until_drawn(page)
    viewport_width = page.viewport_size["width"]
    tracks = {key: stage.slider(page, key) for key in STAGE_KEYS}
    for key, track in tracks.items():
        track.scroll_into_view_if_needed()
        box = track.bounding_box()
        assert box is not None, f"slider {key} has no track"
        assert box["width"] >= MIN_TRACK_PX, f"slider {key} is {box['width']:.0f} px wide"
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport_width, key

    # A tap on the stage's β track moves β there at once, and the address follows.
    track = stage.slider(page, "beta")
    track.scroll_into_view_if_needed()
    box = track.bounding_box()
    before_readouts, before_beta = stage.readouts(page), stage.shown(page, "beta")
    page.touchscreen.tap(box["x"] + TAP_AT * box["width"], box["y"] + box["height"] / 2)
    # The tap's input event may come after tap() returns: wait for the stage to move.
    expect(stage.root(page)).not_to_have_attribute("data-beta", before_beta)
    stops = stage.world()["beta"]["stops"]
    tapped = stops.index(stage.shown(page, "beta"))
    expected = round(TAP_AT * (len(stops) - 1))
    assert abs(tapped - expected) <= 1, f"tapped at {TAP_AT:.0%}, β went to stop {tapped}"
    assert stage.readouts(page) != before_readouts
    stage.expect_url_holds(page, "beta", stops[tapped])

    # The keyboard still works (a phone with a keyboard, or a screen reader's gestures).
    stage.slider(page, "n").press("ArrowRight")
    expect(stage.root(page)).to_have_attribute("data-n", "2")
    assert_no_sideways_scrolling(page, "after the stage moved")
    assert phone.console_errors == []


def test_on_a_phone_the_plane_and_the_sliders_that_move_it_fit_one_screen(phone):
    phone.open()
    page = phone.page
    stage.wait_until_drawn(page)
    plane = page.locator('svg[data-chart="plane"]')
    plane.evaluate("(element) => element.scrollIntoView({block: 'start'})")
    height = page.viewport_size["height"]
    for part in (plane, stage.slider(page, "beta"), stage.slider(page, "n")):
        box = part.bounding_box()
        # scrollIntoView may leave a quarter pixel above the top (fractional text heights)
        assert box["y"] >= -0.5 and box["y"] + box["height"] <= height, (part, box)
    title = page.locator("h1").first
    assert title.evaluate("(element) => element.scrollWidth <= element.clientWidth + 1")


# Pages a phone reads whole (charts in closed expanders opened first).
READABLE_PAGES = (
    "",
    "best-of-n",
    "kl-penalty",
    "reward-model",
    "compare",
    "lesson",
    "poll",
    "defenses",
    "checker",
)
MIN_TEXT_PX = 14  # the smallest text a phone shows


@pytest.mark.parametrize("path", READABLE_PAGES)
def test_a_phone_reads_every_text_and_hits_every_target(phone, path):
    """At 390 x 844: no visible text under 14 px, no touch target under 24 x 24 px without
    WCAG 2.5.8's spacing, no text cut by the screen or its chart, no two texts overlapping,
    no chart's legend over its plot area."""
    phone.open(path)
    page = phone.page
    if path == "":
        stage.wait_until_drawn(page)
    app_page.open_every_closed_chart(page)
    boxes = page.evaluate(screen_checks.TEXT_BOXES_JS)
    assert len(boxes) > 40, "the page's text was not found"
    small = sorted(
        {(box["text"], box["px"], box["where"]) for box in boxes if box["px"] < MIN_TEXT_PX - 0.05}
    )
    assert small == [], f"text under {MIN_TEXT_PX} px: {small}"
    targets = page.evaluate(screen_checks.TARGETS_JS)
    assert len(targets) > 5, "the page's controls were not found"
    assert screen_checks.undersized_targets(targets) == []
    # Slider thumbs are dragged, not only tapped: 24 px whatever the spacing (12 px).
    thumbs = [(t["what"], t["width"], t["height"]) for t in targets if t["thumb"]]
    # The Playground's four sliders are the stage's (their thumbs: test_browser_stage).
    assert thumbs or path in ("lesson", ""), "Streamlit's slider thumbs were not found"
    assert all(width >= 23.5 and height >= 23.5 for _, width, height in thumbs), thumbs
    cut = screen_checks.cut_by_the_screen(boxes, page.viewport_size["width"])
    cut_texts = [(box["text"], box["where"]) for box in cut]
    assert cut_texts == [], f"cut: {cut_texts}"
    overlaps = screen_checks.overlapping(boxes)
    assert overlaps == [], f"overlapping: {overlaps}"
    # Text against text misses a legend over the plot's lines (KL penalty's curves did that).
    assert page.evaluate(screen_checks.LEGENDS_OVER_PLOTS_JS) == [], "a legend over a plot"
    assert phone.console_errors == []


def test_a_phones_first_screen_says_what_it_shows(phone):
    phone.open()
    intro = phone.page.locator(".st-key-phone-intro")
    expect(intro).to_contain_text("Each dot is an answer; drag β or n to push harder")
    box = intro.bounding_box()
    assert box is not None and box["y"] + box["height"] <= phone.page.viewport_size["height"]


def test_a_desktop_has_no_phone_intro(desktop):
    desktop.open()
    expect(desktop.page.locator(".st-key-phone-intro")).to_be_hidden()


def test_a_tap_on_a_stage_chart_shows_what_hover_shows(phone):
    phone.open()
    page = phone.page
    stage.wait_until_drawn(page)
    tooltip = stage.root(page).locator(".tooltip")
    for chart, pattern in (
        ("curves", r"^(β|n) ≈ [\d.,]+ · reward model [+-]\d+\.\d\d · true quality [+-]\d+\.\d\d$"),
        ("plane", r"^length -?\d\.\d\d, substance -?\d\.\d\d · true quality [+-]\d+\.\d\d"),
    ):
        svg = page.locator(f'svg[data-chart="{chart}"]')
        svg.scroll_into_view_if_needed()
        box = svg.bounding_box()
        page.touchscreen.tap(box["x"] + 0.55 * box["width"], box["y"] + 0.3 * box["height"])
        expect(tooltip).to_be_visible()
        expect(tooltip).to_have_text(re.compile(pattern))
    # A tap outside the charts puts it away.
    legend = stage.root(page).locator(".legend")
    # Mid-screen: scrolled just into view it sat under Streamlit's header, which took the tap.
    legend.evaluate("(element) => element.scrollIntoView({block: 'center'})")
    legend_box = legend.bounding_box()
    page.touchscreen.tap(legend_box["x"] + 5, legend_box["y"] + 5)
    expect(tooltip).to_be_hidden()
    assert phone.console_errors == []


DRAG_AT_PX = 200  # where on the phone's screen the finger drags: the top third
PANELS_JS = f"""
(key) => {{
  const root = ({STAGE_ROOT_JS})();
  const box = root.querySelector(`g[data-panel="${{key}}"]`).getBoundingClientRect();
  return {{ top: box.top, bottom: box.bottom }};
}}
"""


@pytest.mark.parametrize("key", METHOD_KEYS)
def test_a_sliders_curve_stays_in_view_while_it_is_dragged(phone, key):
    """A slider dragged in the phone's top third: its gain curve is on the screen, and moves."""
    phone.open()
    page = phone.page
    stage.wait_until_drawn(page)
    slider = stage.slider(page, key)
    slider.evaluate("(input) => input.scrollIntoView({block: 'start'})")
    page.locator('[data-testid="stMain"]').evaluate(f"(main) => main.scrollBy(0, -{DRAG_AT_PX})")
    box = slider.bounding_box()
    assert abs(box["y"] - DRAG_AT_PX) < 40, box
    height = page.viewport_size["height"]
    y = box["y"] + box["height"] / 2
    page.mouse.move(box["x"] + 14, y)
    page.mouse.down()
    marks = stage.root(page).locator(f'[data-mark="{key}-proxy_gain"]')
    before = marks.get_attribute("cx")
    for step in range(1, 6):
        page.mouse.move(box["x"] + step * box["width"] / 6, y)
        panel = page.evaluate(PANELS_JS, key)
        assert panel["top"] >= 0 and panel["bottom"] <= height, f"{key}: {panel} off the screen"
    expect(marks).not_to_have_attribute("cx", before)
    page.mouse.up()
    assert phone.console_errors == []
