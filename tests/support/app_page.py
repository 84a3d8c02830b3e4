"""Open the app's pages in a real Chromium, wait until they are drawn, and read what they show.

Waits use Playwright's `expect` or `wait_for_function`, which retry until their timeout (no
sleeping from Python). A
Streamlit page has finished a run when `[data-testid="stApp"]` says
data-test-connection-state="CONNECTED" and data-test-script-state="notRunning"; it is drawn
when, besides, no element shows its loading skeleton and every plotly chart has its SVG.
"""

from __future__ import annotations

import contextlib
import time
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from tests.support import observer
from tests.support.server import REPO_ROOT

SCREENSHOT_DIR = REPO_ROOT / "artifacts" / "screenshots"  # ignored by git; for people to look at
# A cold first run imports plotly and fills the caches; at load 40-70 a fresh tab's best-of-n
# page still showed 17 skeletons after 60 s (Playwright polled twice in that time).
LOAD_TIMEOUT_MS = 120_000
SLIDER_MOVE_TIMEOUT_MS = 1_000  # React re-renders the input within a frame or two
MAX_SCREENSHOT_HEIGHT = 12_000  # px; taller pages are cut here

# CSS pixels of the screens the app is shown on.
VIEWPORTS = {
    "desktop": {"width": 1280, "height": 900},  # a laptop
    "projector": {"width": 1280, "height": 720},  # a lecture-hall projector at 720p
    "projector-1080": {"width": 1920, "height": 1080},  # a full-HD projector
    "phone": {"width": 390, "height": 844},  # an iPhone 12-15
}
# What a phone adds to its size: a 2x screen, the mobile layout, touch.
PHONE_OPTIONS = {"device_scale_factor": 2, "is_mobile": True, "has_touch": True}

RUN_FINISHED = (
    '[data-testid="stApp"][data-test-connection-state="CONNECTED"]'
    '[data-test-script-state="notRunning"]'
)
# Not drawn yet: an element still showing its skeleton (Streamlit loads widget code lazily),
# a plotly chart before its first draw has made its SVG, or a main chart drawn before the
# screen's report, which the next run draws again fitted (Checkers' on a phone: stacked; read
# before that rerun, its side-by-side title was cut by the screen).
STILL_DRAWING = (
    '[data-testid="stSkeleton"], .rh-provisional,'
    ' [data-testid="stPlotlyChart"]:not(:has(.js-plotly-plot .main-svg))'
)
# The same two conditions, checked on every animation frame, for the benchmarks' timings.
READY_JS = """
([finished, drawing]) => !!document.querySelector(finished) && !document.querySelector(drawing)
"""


# How often wait_until_ready looks, in ms. Playwright's expect backs off to one retry every
# 500 ms after its first ~270 ms, so each wait that outlasts that lost 250 ms on average; the
# browser tests wait on a page ~150 times (open, reload, rerun), more through stage_in_browser.
READY_POLL_MS = 50


def wait_until_ready(page, *, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    """Wait until the app is connected, its script has run, and every chart has drawn.

    Both conditions are checked together in the page every READY_POLL_MS; if they do not hold
    in time (or the page navigates meanwhile), Playwright's expect checks them one by one for
    what is left of the time and its failure says which one never held.
    """
    started = time.monotonic()
    # A frame inside another page (tests/browser/test_browser_embed.py) is a FrameLocator, which
    # has no wait_for_function: expect alone checks it.
    with contextlib.suppress(PlaywrightError, AttributeError):
        page.wait_for_function(
            READY_JS, arg=[RUN_FINISHED, STILL_DRAWING], timeout=timeout_ms, polling=READY_POLL_MS
        )
        return
    timeout_ms = max(1_000.0, timeout_ms - 1_000 * (time.monotonic() - started))
    finished = page.locator(RUN_FINISHED)
    expect(finished, "the app never finished a run while connected").to_be_attached(
        timeout=timeout_ms
    )
    drawing = page.locator(STILL_DRAWING)
    expect(drawing, "skeletons or undrawn charts remain").to_have_count(0, timeout=timeout_ms)


def wait_until_ready_for_timing(page, *, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    """`wait_until_ready`, checked on every frame so that a benchmark can time it.

    (`expect` backs off to one retry every 500 ms, which would add up to that to a load time.)
    """
    page.wait_for_function(READY_JS, arg=[RUN_FINISHED, STILL_DRAWING], timeout=timeout_ms)


def open_and_wait(page, url: str, *, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    """Go to `url` and wait until the run it starts has finished and its charts are drawn."""
    page.goto(url)
    wait_until_ready(page, timeout_ms=timeout_ms)


def open_every_closed_chart(page) -> int:
    """Click open every expander holding a chart on request ("Chart: ..."), one at a time,
    waiting for each rerun and drawing; how many were opened."""
    opened = 0
    closed = page.locator('[data-testid="stExpander"] details:not([open]) > summary')
    while (summary := closed.filter(has_text="Chart:")).count():
        since = observer.page_now(page)
        summary.first.click()
        observer.wait_for_rerun(page, since)
        wait_until_ready(page)
        opened += 1
    return opened


# For each plotly chart (by its st-key-* class, else its position): a hash of the figure it
# shows (traces, shapes and annotations), so a test can tell which figures changed.
CHART_FINGERPRINTS_JS = """
() => {
  const hash = (text) => {
    let value = 2166136261;
    for (let index = 0; index < text.length; index++) {
      value ^= text.charCodeAt(index);
      value = Math.imul(value, 16777619) >>> 0;
    }
    return value.toString(16);
  };
  const result = {};
  document.querySelectorAll('[data-testid="stPlotlyChart"]').forEach((chart, index) => {
    const keyed = chart.closest('[class*="st-key-"]');
    const keyClass = keyed && [...keyed.classList].find((name) => name.startsWith('st-key-'));
    const plot = chart.querySelector('.js-plotly-plot');
    const figure = plot ? {
      data: plot.data,
      shapes: plot.layout && plot.layout.shapes,
      annotations: plot.layout && plot.layout.annotations,
    } : null;
    result[keyClass || 'chart-' + index] = figure ? hash(JSON.stringify(figure)) : null;
  });
  return result;
}
"""

# The text of every st.metric value on the page, in order.
METRIC_VALUES_JS = """
() => [...document.querySelectorAll('[data-testid="stMetricValue"]')]
  .map((element) => element.innerText.trim())
"""


def chart_fingerprints(page) -> dict[str, str | None]:
    """{chart id: hash of its figure} for every plotly chart on the page."""
    return page.evaluate(CHART_FINGERPRINTS_JS)


def metric_values(page) -> list[str]:
    """The text of every st.metric value on the page, in page order."""
    return page.evaluate(METRIC_VALUES_JS)


class SliderDidNotMove(AssertionError):
    """A key press did not change the slider's value, so no rerun will follow."""


def slider_thumb(page, key: str):
    """The focusable `<input type=range>` (role "slider") of the Streamlit slider `key=`."""
    return page.locator(f".st-key-{key} input[type='range']").first


def press_on_slider(page, key: str, keyboard_key: str) -> dict:
    """Focus the slider `key`, press `keyboard_key`, and wait for the rerun and redraw.

    Needs a page from `observer.new_observed_page`. Returns the page's record (see
    `observer.wait_for_rerun`) plus `keyDownAt` and `latencyMs`.

    Raises
    ------
    SliderDidNotMove if the slider's value has not changed within SLIDER_MOVE_TIMEOUT_MS.
    """
    thumb = slider_thumb(page, key)
    thumb.focus()
    value_before = thumb.get_attribute("value")
    observer.reset_chart_record(page)
    before = observer.page_now(page)
    thumb.press(keyboard_key)
    try:
        expect(thumb).not_to_have_attribute("value", value_before, timeout=SLIDER_MOVE_TIMEOUT_MS)
    except AssertionError as error:
        raise SliderDidNotMove(
            f"{keyboard_key} left slider {key!r} at {value_before} "
            f"(min {thumb.get_attribute('min')}, max {thumb.get_attribute('max')})"
        ) from error
    record = observer.wait_for_rerun(page, before)
    key_down_at = page.evaluate("window.__bench.keyDownAt")
    finished = max(record["rerunFinishedAt"], record["lastChartMutationAt"] or 0.0)
    record["keyDownAt"] = key_down_at
    record["latencyMs"] = finished - key_down_at
    return record


# Streamlit scrolls inside <main data-testid="stMain">, not the document, so a "full page"
# screenshot needs a viewport as tall as that content.
CONTENT_HEIGHT_JS = """
() => {
  const main = document.querySelector('[data-testid="stMain"]');
  if (!main) return document.documentElement.scrollHeight;
  return Math.ceil(main.getBoundingClientRect().top + main.scrollHeight);
}
"""


def screenshot(page, path: Path, *, full_page: bool = True) -> Path:
    """Save a PNG of the page (all of its content when `full_page`), creating its folder.

    Needs a page from `observer.new_observed_page` (a full-page shot resizes and waits for the
    charts to settle).
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size
    height = min(MAX_SCREENSHOT_HEIGHT, page.evaluate(CONTENT_HEIGHT_JS))
    if full_page and viewport and height > viewport["height"]:
        page.set_viewport_size({"width": viewport["width"], "height": height})
        observer.wait_for_charts_quiet(page)
        page.screenshot(path=str(path))
        page.set_viewport_size(viewport)
        observer.wait_for_charts_quiet(page)
    else:
        page.screenshot(path=str(path))
    return path


# Whether the page's address holds exactly these query values ({key: [values]}), in any order.
QUERY_IS_JS = """
(wanted) => {
  const held = {};
  for (const [key, value] of new URLSearchParams(location.search)) (held[key] ||= []).push(value);
  const text = (query) => JSON.stringify(Object.keys(query).sort().map((key) => [key, query[key]]));
  return text(held) === text(wanted);
}
"""
ADDRESS_TIMEOUT_MS = 30_000  # a hang guard: the address follows a run within one rerun


def expect_query(page, wanted: dict[str, list[str]]) -> None:
    """Wait until the address's query is exactly `wanted` (parse_qs's form), then check it:
    an address read once, right after an action, may be the one before the run that writes it."""
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what is off
        page.wait_for_function(QUERY_IS_JS, arg=wanted, timeout=ADDRESS_TIMEOUT_MS)
    assert parse_qs(urlsplit(page.url).query) == wanted, page.url


def offered_links(page) -> list[str]:
    """The links the page offers to copy (ui/link_box.py's boxes), in page order."""
    return page.locator(".rh-link input").evaluate_all("(boxes) => boxes.map((box) => box.value)")
