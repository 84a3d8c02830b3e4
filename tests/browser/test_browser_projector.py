"""A projector shows the whole Playground: at 1280x720 and 1920x1080, normal and presenter
mode, the sliders, readouts, both charts and their legend lie on the first screen, and chart
text is at least 18 px on a 1280 px wide screen (scaled with the viewport)."""

import pytest

from harness import app_page, stage

pytestmark = pytest.mark.browser

MIN_CHART_TEXT_PX = 18  # SPEC §7: ~1.4% of a 1280 px wide projector

# Every piece of text in the stage's charts and legend, with its font size on screen.
TEXT_SIZES_JS = """
(root) => [...root.querySelectorAll('svg.chart text, .legend span, .readouts dd, .control label')]
  .filter((element) => element.getBoundingClientRect().width > 0)
  .map((element) => ({
    text: element.textContent.slice(0, 40),
    px: parseFloat(getComputedStyle(element).fontSize),
  }))
"""


@pytest.mark.parametrize("present", [False, True], ids=["normal", "presenter"])
@pytest.mark.parametrize("screen", ["projector", "projector-1080"])
def test_the_playground_fits_a_projector(new_tab, screen, present):
    tab = new_tab(screen)
    tab.open("?present=1" if present else "")
    page = tab.page
    stage.wait_until_drawn(page)
    viewport = page.viewport_size
    parts = {
        "curves": page.locator('svg[data-chart="curves"]'),
        "plane": page.locator('svg[data-chart="plane"]'),
        "legend": stage.root(page).locator(".legend"),
        "β slider": stage.slider(page, "beta"),
        "n slider": stage.slider(page, "n"),
        "readouts": stage.root(page).locator(".readouts").last,
    }
    for name, part in parts.items():
        box = part.bounding_box()
        assert box is not None, f"{name} is not drawn"
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, (name, box)
        assert box["height"] > 20, (name, box)
    sizes = stage.root(page).evaluate(TEXT_SIZES_JS)
    smallest = min(sizes, key=lambda size: size["px"])
    wanted = MIN_CHART_TEXT_PX * viewport["width"] / 1280
    assert smallest["px"] >= MIN_CHART_TEXT_PX, smallest
    assert smallest["px"] >= 0.95 * wanted, f"text does not scale with the screen: {smallest}"
    mode = "presenter" if present else "normal"
    app_page.screenshot(page, app_page.SCREENSHOT_DIR / f"{screen}-{mode}.png", full_page=False)
    assert tab.console_errors == []


def test_presenter_mode_hides_the_words_and_the_b_sigma_sliders_but_keeps_them(new_tab):
    tab = new_tab("projector")
    tab.open("?present=1&b=0.2&sigma=0.5&n=49")
    page = tab.page
    stage.wait_until_drawn(page)
    assert page.get_by_role("slider", name="b · padding penalty learned").count() == 0
    assert page.get_by_text("Link to this setting").count() == 0
    assert stage.root(page).get_attribute("data-world") == "0.2,0.5", "b and σ still apply"
    stage.slider(page, "beta").press("End")
    stage.expect_url_holds(page, "beta", "0.25")
    for key, value in (("present", "1"), ("b", "0.2"), ("sigma", "0.5")):
        assert stage.url_value(page, key) == value, page.url


@pytest.mark.parametrize("width", [390, 768, 1024, 1440, 1920])
def test_the_legend_is_seen_and_covers_no_chart_at_every_width(new_tab, width):
    tab = new_tab({"width": width, "height": 900})
    tab.open()
    page = tab.page
    stage.wait_until_drawn(page)
    legend = stage.root(page).locator(".legend")
    legend.scroll_into_view_if_needed()
    box = legend.bounding_box()
    assert box is not None and box["height"] > 10, "the legend is drawn"
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
    items = legend.locator("span").evaluate_all(
        "(items) => items.map((item) => { const r = item.getBoundingClientRect(); "
        "return [r.left, r.right]; })"
    )
    assert all(left >= 0 and right <= width + 0.5 for left, right in items), items
    for chart in ("curves", "plane"):
        other = page.locator(f'svg[data-chart="{chart}"]').bounding_box()
        overlap_x = min(box["x"] + box["width"], other["x"] + other["width"]) - max(
            box["x"], other["x"]
        )
        overlap_y = min(box["y"] + box["height"], other["y"] + other["height"]) - max(
            box["y"], other["y"]
        )
        assert overlap_x <= 0 or overlap_y <= 0, f"the legend covers the {chart} chart"
