"""At a phone's size (390 x 844, touch): nothing scrolls sideways and the sliders work."""

import pytest
from playwright.sync_api import expect

from harness import app_page, stage

pytestmark = pytest.mark.browser

STAGE_KEYS = ("beta", "n")  # on the stage, drawn by the page itself
SERVER_SLIDER_KEYS = ("b", "sigma")  # Streamlit's sliders
PAGE_PATHS = ("", "best-of-n", "kl-penalty", "lesson")
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


def slider_track(page, key: str):
    """The bar a finger drags along (react-aria's track, inside the slider's group)."""
    return page.locator(f".st-key-{key} [data-testid='stSlider'] [role='group'] > div").first


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
    tracks |= {key: slider_track(page, key) for key in SERVER_SLIDER_KEYS}
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
    before_readouts = stage.readouts(page)
    page.touchscreen.tap(box["x"] + TAP_AT * box["width"], box["y"] + box["height"] / 2)
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
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (part, box)
    title = page.locator("h1").first
    assert title.evaluate("(element) => element.scrollWidth <= element.clientWidth + 1")
