"""At a phone's size (390 x 844, touch): nothing scrolls sideways and the sliders work."""

import re

import pytest
from playwright.sync_api import expect

from tests.support import app_page, screen_checks
from tests.support import stage_in_browser as stage
from tests.support.stage_root_js import STAGE_ROOT_JS

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


# No sideways scrolling on any page: checked by test_a_phone_reads_every_text_and_hits_every_target
# on its visit (a test of its own loaded each page a second time; Best-of-n's took 52 s in CI).


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


def test_on_a_phone_the_first_screen_holds_beta_and_its_curve(phone):
    """The first screen says "drag β or n" and the story starts with β: β's slider and its
    curve are on it, unscrolled (behind b, σ and the plane they were at y 985-1,313 of 844)."""
    phone.open()
    page = phone.page
    stage.wait_until_drawn(page)
    assert page.evaluate(SCROLL_TOP_JS) == 0
    height = page.viewport_size["height"]
    slider = stage.slider(page, "beta").bounding_box()
    panel = page.evaluate(PANELS_JS, "beta")
    assert slider["y"] >= 0 and slider["y"] + slider["height"] <= height, slider
    assert panel["top"] > slider["y"] and panel["bottom"] <= height, panel
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
    # German's longer words in the same columns ("Belohnungsmodell" ran into "wahre Qualität").
    "?lang=de&beta=0.3&n=590",
    "poll?lang=de",
)
MIN_TEXT_PX = 14  # the smallest text a phone shows
# Phone-first: the page's own slider, then its main chart, then the rest (Compare has only the
# world's b and σ). Checkers' guess is not a setting: it stays with its Reveal, above the chart.
PHONE_FIRST_CHARTS = {
    "best-of-n": "scores-against-n",
    "kl-penalty": "grid-vs-closed-form",
    "reward-model": "fitted-plane",
    "defenses": "padding_learned",
    "checker": "checker-tasks",
}
# The main chart's top and each setting slider's, in px from the page's top.
CHART_AND_SLIDERS_JS = """
(key) => {
  const top = (element) => element.getBoundingClientRect().top;
  const chart = document.querySelector(`.st-key-${key} .js-plotly-plot`);
  const sliders = [...document.querySelectorAll('[data-testid="stSlider"]')]
    .filter((slider) => !slider.closest('.st-key-checker-guess')).map(top);
  return {chart: chart && top(chart), sliders: sliders.sort((a, b) => a - b)};
}
"""


@pytest.mark.parametrize("path", READABLE_PAGES)
def test_a_phone_reads_every_text_and_hits_every_target(phone, path):
    """At 390 x 844: no visible text under 14 px, no touch target under 24 x 24 px without
    WCAG 2.5.8's spacing, no text cut by the screen or its chart, no two texts overlapping,
    no chart's legend over its plot area; the main chart's top above the page's second setting
    slider (its own slider, then the chart: with 3-7 sliders first, charts were 0.2-39% of
    the first screen). And, as it opens, nothing on the page scrolls sideways."""
    phone.open(path)
    page = phone.page
    page_path = path.split("?")[0]
    name = re.sub(r"\W+", "-", path).strip("-") or "playground"
    assert_no_sideways_scrolling(page, name)
    if page_path == "":
        stage.wait_until_drawn(page)
    if path in PHONE_FIRST_CHARTS:
        order = page.evaluate(CHART_AND_SLIDERS_JS, PHONE_FIRST_CHARTS[path])
        assert order["chart"] is not None and len(order["sliders"]) >= 2, order
        assert order["sliders"][0] < order["chart"] < order["sliders"][1], order
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
    assert thumbs or page_path in ("lesson", ""), "Streamlit's slider thumbs were not found"
    assert all(width >= 23.5 and height >= 23.5 for _, width, height in thumbs), thumbs
    cut = screen_checks.cut_by_the_screen(boxes, page.viewport_size["width"])
    cut_texts = [(box["text"], box["where"]) for box in cut]
    assert cut_texts == [], f"cut: {cut_texts}"
    overlaps = screen_checks.overlapping(boxes)
    assert overlaps == [], f"overlapping: {overlaps}"
    # Text against text misses a legend over the plot's lines (KL penalty's curves did that).
    assert page.evaluate(screen_checks.LEGENDS_OVER_PLOTS_JS) == [], "a legend over a plot"
    app_page.screenshot(page, app_page.SCREENSHOT_DIR / f"phone-{name}.png")
    assert phone.console_errors == []


def test_every_page_is_read_on_a_phone():
    """The walk above covers every page (it also checks the sideways scrolling)."""
    assert sorted(path for path in READABLE_PAGES if "lang=" not in path) == sorted(PAGE_PATHS)


INTRO = "Each dot is an answer a model might write, placed by its length and substance"


@pytest.mark.parametrize("screen", ["phone", "projector", {"width": 1440, "height": 900}])
def test_the_first_screen_says_what_a_dot_is(new_tab, screen):
    """A phone's and a laptop's first screen (390x844, 1280x720, 1440x900) say what the picture
    is in one sentence; presenter mode leaves it to the lecturer."""
    tab = new_tab(screen)
    tab.open()
    intro = tab.page.locator(".st-key-intro")
    expect(intro).to_contain_text(INTRO)
    box = intro.bounding_box()
    assert box is not None and box["y"] + box["height"] <= tab.page.viewport_size["height"]
    if screen == "projector":
        tab.open("?present=1")
        expect(tab.page.locator(".st-key-intro")).to_be_hidden()


# How much of a panel of the curves (or any box) lies on the screen, 0..1.
VISIBLE_SHARE_JS = f"""
(key) => {{
  const root = ({STAGE_ROOT_JS})();
  const box = root.querySelector(`g[data-panel="${{key}}"]`).getBoundingClientRect();
  const seen = Math.min(box.bottom, innerHeight) - Math.max(box.top, 0);
  return Math.max(0, seen) / box.height;
}}
"""
MIN_CURVE_SHARE = 0.6  # of a slider's curve on screen while the slider is
# The page menu (Streamlit's navigation folded into a drawer) lies over the page.
MENU_OPEN_JS = """() => {
  const menu = document.querySelector('[data-testid="stSidebar"]');
  return Boolean(menu) && menu.getBoundingClientRect().right > 1;
}"""
SCROLL_TOP_JS = "() => document.querySelector('[data-testid=\"stMain\"]').scrollTop"


# The page's scroll unchanged over 5 frames: a swipe's glide has ended.
STEADY_SCROLL_JS = """() => new Promise((resolve) => {
  const main = document.querySelector('[data-testid="stMain"]');
  let last = main.scrollTop, still = 0;
  const frame = () => {
    still = main.scrollTop === last ? still + 1 : 0;
    last = main.scrollTop;
    if (still >= 5) resolve(true); else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})"""
SWIPE_STEPS = 12  # touch moves in a finger's swipe or drag


def touch_along(cdp, points: list[tuple[float, float]]) -> None:
    """A finger down on the first point, moved through the rest, lifted (CDP touch events:
    each is handled before the next is sent)."""
    send = cdp.send
    send(
        "Input.dispatchTouchEvent",
        {"type": "touchStart", "touchPoints": [dict(zip("xy", points[0], strict=True))]},
    )
    for x, y in points[1:]:
        send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_a_phone_keeps_each_slider_with_its_curve_and_lets_a_swipe_scroll(phone):
    """At 390x844 by touch: with β (then n) centred on the screen, >= 60% of the curve it moves
    is on screen too; a vertical swipe that starts on a track scrolls the page and leaves the
    value alone, while a sideways drag moves it; a tap on a chart shows a card inside the
    screen and marks the point; predicting, a tap inspects and places no guess; choosing a page
    in the menu closes the menu."""
    page = phone.page
    cdp = page.context.new_cdp_session(page)
    phone.open()
    stage.wait_until_drawn(page)
    height = page.viewport_size["height"]
    width = page.viewport_size["width"]
    for key in METHOD_KEYS:
        slider = stage.slider(page, key)
        slider.evaluate("(input) => input.scrollIntoView({block: 'center'})")
        share = page.evaluate(VISIBLE_SHARE_JS, key)
        assert share >= MIN_CURVE_SHARE, f"{key} centred: {share:.0%} of its curve on screen"

    # A vertical swipe starting on the n track: the page scrolls, n stays.
    slider = stage.slider(page, "n")
    slider.evaluate("(input) => input.scrollIntoView({block: 'center'})")
    box = slider.bounding_box()
    before_n, before_top = stage.shown(page, "n"), page.evaluate(SCROLL_TOP_JS)
    x, y = box["x"] + 0.6 * box["width"], box["y"] + box["height"] / 2
    touch_along(cdp, [(x, y - 20 * step) for step in range(SWIPE_STEPS + 1)])  # 240 px up
    page.wait_for_function(f"() => ({SCROLL_TOP_JS})() > {before_top + 100}")
    assert stage.shown(page, "n") == before_n, "a vertical swipe moved n"
    # A sideways drag along the same track moves n (and the page stays: no swipe back), once
    # the swipe's scroll has come to rest.
    page.wait_for_function(STEADY_SCROLL_JS)
    slider.evaluate("(input) => input.scrollIntoView({block: 'center'})")
    address = page.url
    box = slider.bounding_box()
    y = box["y"] + box["height"] / 2
    left, right = box["x"] + 14, box["x"] + box["width"] - 14
    touch_along(
        cdp, [(left + (right - left) * step / SWIPE_STEPS, y) for step in range(SWIPE_STEPS + 1)]
    )
    expect(stage.root(page)).not_to_have_attribute("data-n", before_n)
    assert page.url.split("?")[0] == address.split("?")[0]

    # A tap on each chart: the card inside the screen, the tapped point marked.
    tooltip, mark = stage.root(page).locator(".tooltip"), stage.root(page).locator(".tap-mark")
    for chart, at in (("curves", 0.9), ("plane", 0.85)):
        svg = page.locator(f'svg[data-chart="{chart}"]')
        svg.evaluate("(element) => element.scrollIntoView({block: 'center'})")
        box = svg.bounding_box()
        x, y = box["x"] + at * box["width"], box["y"] + 0.3 * box["height"]
        page.touchscreen.tap(x, y)
        expect(tooltip).to_be_visible()
        card = tooltip.bounding_box()
        assert card["x"] >= 0 and card["x"] + card["width"] <= width + 0.5, (chart, card)
        assert card["y"] >= 0 and card["y"] + card["height"] <= height + 0.5, (chart, card)
        spot = mark.bounding_box()
        assert (
            abs(spot["x"] + spot["width"] / 2 - x) <= 3
            and abs(spot["y"] + spot["height"] / 2 - y) <= 3
        )

    # A tap near the bottom of the screen: the card opens above the finger, on the screen
    # (it opened below it, at y 854-1,002 of 844).
    plane = page.locator('svg[data-chart="plane"]')
    plane.evaluate("(element) => element.scrollIntoView({block: 'end'})")
    box = plane.bounding_box()
    y = min(box["y"] + box["height"], height) - 40
    page.touchscreen.tap(box["x"] + 0.5 * box["width"], y)
    expect(tooltip).to_be_visible()
    card = tooltip.bounding_box()
    assert card["y"] >= 0 and card["y"] + card["height"] <= y, ("tap at", y, card)

    # Predicting: a tap on the curves inspects; no guess is placed.
    phone.open("?predict=1")
    stage.wait_until_drawn(page)
    curves = page.locator('svg[data-chart="curves"]')
    curves.evaluate("(element) => element.scrollIntoView({block: 'center'})")
    box = curves.bounding_box()
    page.touchscreen.tap(box["x"] + 0.6 * box["width"], box["y"] + 0.25 * box["height"])
    expect(tooltip).to_be_visible()
    expect(stage.root(page).locator("[data-guess-mark]")).to_have_count(0)
    assert stage.url_value(page, "guess_n") is None and stage.url_value(page, "guess_beta") is None

    # The menu: open it, choose a page; it closes over the new page.
    page.get_by_test_id("stExpandSidebarButton").tap()
    page.wait_for_function(MENU_OPEN_JS)
    page.get_by_test_id("stSidebarNavLink").filter(has_text="Lesson").tap()
    expect(page).to_have_url(re.compile(r"/lesson"))
    app_page.wait_until_ready(page)
    page.wait_for_function(f"() => !({MENU_OPEN_JS})()")
    app_page.screenshot(page, app_page.SCREENSHOT_DIR / "phone-after-menu.png", full_page=False)
    assert phone.console_errors == []


# Streamlit's own slider (React Aria): its track, its thumb and the thumb's value.
ST_TRACK = '[data-testid="stSlider"] [role="group"] > [data-rac]'
ST_THUMB_JS = """(track) => {
  const thumb = track.querySelector(':scope > [data-rac]');
  return `${thumb.textContent} at ${thumb.style.left}`;
}"""
MIN_MENU_TARGET_PX = 44  # a finger's target in the page menu (Apple's HIG; they were 28 px)


def test_streamlit_sliders_scroll_under_a_vertical_swipe_and_slide_sideways(phone):
    """At 390x844 by touch, on Checkers and KL penalty (Streamlit's own st.slider, whose track
    set touch-action: none): a vertical swipe that starts on a track scrolls the page and
    leaves the value (one swipe moved β from 0.1 to 1.5); a sideways drag and a tap move it.
    /poll shows the students' room-code box on the first screen; the menu's links are 44 px."""
    page = phone.page
    cdp = page.context.new_cdp_session(page)
    for path in ("checker", "kl-penalty"):
        phone.open(path)
        track = page.locator(ST_TRACK).first
        track.evaluate("(element) => element.scrollIntoView({block: 'center'})")
        before, before_top = track.evaluate(ST_THUMB_JS), page.evaluate(SCROLL_TOP_JS)
        box = track.bounding_box()
        at_left = float(before.split(" at ")[1].rstrip("%")) < 50
        x = box["x"] + (0.85 if at_left else 0.15) * box["width"]  # away from the thumb
        y = box["y"] + box["height"] / 2
        touch_along(cdp, [(x, y - 20 * step) for step in range(SWIPE_STEPS + 1)])  # 240 px up
        page.wait_for_function(f"() => ({SCROLL_TOP_JS})() > {before_top + 100}")
        page.wait_for_function(STEADY_SCROLL_JS)
        app_page.wait_until_ready(page)
        assert track.evaluate(ST_THUMB_JS) == before, f"{path}: a vertical swipe moved it"
        # Sideways along the track, from the thumb: the value follows the finger.
        track.evaluate("(element) => element.scrollIntoView({block: 'center'})")
        box = track.bounding_box()
        thumb = track.locator(":scope > [data-rac]").bounding_box()
        start, end = (
            thumb["x"] + thumb["width"] / 2,
            box["x"] + (0.9 if at_left else 0.1) * box["width"],
        )
        y = box["y"] + box["height"] / 2
        touch_along(
            cdp, [(start + (end - start) * k / SWIPE_STEPS, y) for k in range(SWIPE_STEPS + 1)]
        )
        page.wait_for_function(
            f"(track) => ({ST_THUMB_JS})(track) !== {before!r}", arg=track.element_handle()
        )
        dragged = track.evaluate(ST_THUMB_JS)
        app_page.wait_until_ready(page)
        # A tap halfway: the thumb goes there.
        page.touchscreen.tap(box["x"] + box["width"] / 2, y)
        page.wait_for_function(
            f"(track) => ({ST_THUMB_JS})(track) !== {dragged!r}", arg=track.element_handle()
        )
        left = float(track.evaluate(ST_THUMB_JS).split(" at ")[1].rstrip("%"))
        assert abs(left - 50) <= 10, f"{path}: a tap halfway put the thumb at {left}%"
        app_page.wait_until_ready(page)

    phone.open("poll")
    room = page.get_by_label("Room code")
    box = room.bounding_box()
    assert box["y"] + box["height"] <= page.viewport_size["height"], f"room code at {box}"
    page.get_by_test_id("stExpandSidebarButton").tap()
    page.wait_for_function(MENU_OPEN_JS)
    links = page.get_by_test_id("stSidebarNavLink")
    heights = [links.nth(i).bounding_box()["height"] for i in range(links.count())]
    assert len(heights) == 9 and min(heights) >= MIN_MENU_TARGET_PX, heights
    assert phone.console_errors == []


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


PANELS_JS = f"""
(key) => {{
  const root = ({STAGE_ROOT_JS})();
  const box = root.querySelector(`g[data-panel="${{key}}"]`).getBoundingClientRect();
  return {{ top: box.top, bottom: box.bottom }};
}}
"""


@pytest.mark.parametrize("key", METHOD_KEYS)
def test_a_sliders_curve_stays_in_view_while_it_is_dragged(phone, key):
    """A slider dragged in the middle of the phone's screen: its gain curve (under β's slider,
    above n's) is on the screen, and moves."""
    phone.open()
    page = phone.page
    stage.wait_until_drawn(page)
    slider = stage.slider(page, key)
    slider.evaluate("(input) => input.scrollIntoView({block: 'center'})")
    box = slider.bounding_box()
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
