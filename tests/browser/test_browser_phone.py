"""At a phone's size (390 x 844, touch): nothing scrolls sideways and the sliders work."""

import pytest

from tests.support import app_page, observer

pytestmark = pytest.mark.browser

SLIDER_KEYS = ("beta", "n", "b", "sigma")
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
    viewport_width = page.viewport_size["width"]
    for key in SLIDER_KEYS:
        track = slider_track(page, key)
        track.scroll_into_view_if_needed()
        box = track.bounding_box()
        assert box is not None, f"slider {key} has no track"
        assert box["width"] >= MIN_TRACK_PX, f"slider {key} is {box['width']:.0f} px wide"
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport_width, key

    # A tap on the β track moves the thumb there and reruns the page.
    thumb = app_page.slider_thumb(page, "beta")
    track = slider_track(page, "beta")
    track.scroll_into_view_if_needed()
    box = track.bounding_box()
    before_value = thumb.get_attribute("value")
    before_readouts = app_page.metric_values(page)
    since = observer.page_now(page)
    page.touchscreen.tap(box["x"] + TAP_AT * box["width"], box["y"] + box["height"] / 2)
    observer.wait_for_rerun(page, since)
    tapped = int(thumb.get_attribute("value"))
    assert tapped != int(before_value), "the tap did not move β"
    expected = round(TAP_AT * int(thumb.get_attribute("max")))
    assert abs(tapped - expected) <= 1, f"tapped at {TAP_AT:.0%}, β went to stop {tapped}"
    assert app_page.metric_values(page) != before_readouts

    # The keyboard still works (a phone with a keyboard, or a screen reader's gestures).
    app_page.press_on_slider(page, "n", "ArrowRight")
    assert_no_sideways_scrolling(page, "after two reruns")
    assert phone.console_errors == []
