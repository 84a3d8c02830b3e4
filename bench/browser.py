"""Drive a real headless Chromium against a Streamlit page, and time what it draws.

Shared by the browser tests (tests/browser/) and the latency benchmark (bench/browser_latency.py).

Definitions used for timing (performance.now() inside the page, so no clock is shared with Python):
- *key press*: the `keydown` event as the page's window sees it (capture phase).
- *rerun finished*: the websocket delivers the ForwardMsg `script_finished` (success) after the
  key press, and `[data-testid="stApp"]` says `data-test-script-state="notRunning"`. (The
  attribute alone is not enough: a fast rerun's running/notRunning can land in one React render,
  so the attribute never changes.)
- *chart redrawn*: the last DOM mutation inside a plotly chart (anything under `.js-plotly-plot`,
  or a plotly chart added or removed) after the key press, once no chart has changed for
  `QUIET_MS`.
- *every chart redrawn*: the later of the two; latency = that time minus the key press.
"""

from __future__ import annotations

import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from bench.serve import REPO_ROOT

# Without the networking flags Chromium keeps calling home, which floods a closed network.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
EXECUTABLE_ENV_VARS = ("CHROMIUM_PATH", "PLAYWRIGHT_CHROMIUM_EXECUTABLE")
SYSTEM_CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
SCREENSHOT_DIR = REPO_ROOT / "artifacts" / "screenshots"  # ignored by git; for people to look at
QUIET_MS = 400  # a redraw is over when no chart has changed for this long
RERUN_TIMEOUT_MS = 30_000  # a single rerun taking longer than this is a failure, not a figure
LOAD_TIMEOUT_MS = 60_000
VALUE_POLLS, VALUE_POLL_SECONDS = 40, 0.025  # up to 1 s for a key press to move a slider

# Installed before any page script: records script-state transitions, key presses and chart
# mutations with performance.now() timestamps. Everything lives under window.__bench.
OBSERVER_INIT_SCRIPT = """
(() => {
  const SCRIPT_FINISHED_FIELD = __SCRIPT_FINISHED_FIELD__;
  const bench = window.__bench = {
    states: [],            // {state, t}: every data-test-script-state the app takes
    keyDownAt: null,       // time of the last keydown
    chartMutations: 0,     // mutations inside plotly charts since the last reset
    lastChartMutationAt: null,
    chartsTouched: new Set(),  // ids of the charts that changed since the last reset
    chartTimes: {},        // id -> {first, last}: its first and last mutation since the reset
    finishes: [],          // {status, t}: every script_finished ForwardMsg received
    receivedBytes: 0,      // websocket payload bytes received since the last reset
    receivedFrames: 0,
    sends: [],             // times the page sent a websocket frame (a BackMsg)
    firstFrameAfterSend: null,  // first frame received after the latest send
    reset() {
      this.chartMutations = 0;
      this.lastChartMutationAt = null;
      this.chartsTouched = new Set();
      this.chartTimes = {};
      this.receivedBytes = 0;
      this.receivedFrames = 0;
    },
  };
  // Streamlit's wire format is one protobuf ForwardMsg per binary frame; script_finished is
  // top-level field SCRIPT_FINISHED_FIELD (an enum, so a varint). Walk the top-level fields.
  const readVarint = (bytes, position) => {
    let value = 0, shift = 0, byte;
    do {
      byte = bytes[position++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && position < bytes.length);
    return [value, position];
  };
  const scriptFinishedStatus = (bytes) => {
    let position = 0;
    while (position < bytes.length) {
      let tag, length, value;
      [tag, position] = readVarint(bytes, position);
      const fieldNumber = Math.floor(tag / 8), wireType = tag & 7;
      if (wireType === 0) {
        [value, position] = readVarint(bytes, position);
        if (fieldNumber === SCRIPT_FINISHED_FIELD) return value;
      } else if (wireType === 2) {
        [length, position] = readVarint(bytes, position);
        position += length;
      } else if (wireType === 1) position += 8;
      else if (wireType === 5) position += 4;
      else return null;
    }
    return null;
  };
  const NativeWebSocket = window.WebSocket;
  window.WebSocket = class extends NativeWebSocket {
    send(data) {
      bench.sends.push(performance.now());
      bench.firstFrameAfterSend = null;
      return super.send(data);
    }
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const now = performance.now();
        if (bench.firstFrameAfterSend === null) bench.firstFrameAfterSend = now;
        if (!(event.data instanceof ArrayBuffer)) return;
        bench.receivedBytes += event.data.byteLength;
        bench.receivedFrames += 1;
        const status = scriptFinishedStatus(new Uint8Array(event.data));
        if (status !== null) bench.finishes.push({ status, t: now });
      });
    }
  };
  window.addEventListener('keydown', () => { bench.keyDownAt = performance.now(); }, true);
  const chartId = (chart) => {
    const keyed = chart.closest('[class*="st-key-"]');
    if (keyed) {
      const keyClass = [...keyed.classList].find((name) => name.startsWith('st-key-'));
      if (keyClass) return keyClass;
    }
    const all = [...document.querySelectorAll('[data-testid="stPlotlyChart"]')];
    return 'chart-' + all.indexOf(chart);
  };
  const touch = (chart, now) => {
    bench.chartMutations += 1;
    bench.lastChartMutationAt = now;
    if (!chart) return;
    const id = chartId(chart);
    bench.chartsTouched.add(id);
    const times = bench.chartTimes[id] || (bench.chartTimes[id] = { first: now, last: now });
    times.last = now;
  };
  const plotlyNodeIn = (nodes) => {
    for (const node of nodes) {
      if (node.nodeType !== 1) continue;
      if (node.matches('.js-plotly-plot, [data-testid="stPlotlyChart"]')) return node;
      const inner = node.querySelector('.js-plotly-plot, [data-testid="stPlotlyChart"]');
      if (inner) return inner;
    }
    return null;
  };
  const observer = new MutationObserver((records) => {
    const now = performance.now();
    for (const record of records) {
      const target = record.target.nodeType === 1 ? record.target : record.target.parentElement;
      if (!target) continue;
      if (record.type === 'attributes' && record.attributeName === 'data-test-script-state') {
        bench.states.push({ state: target.getAttribute('data-test-script-state'), t: now });
        continue;
      }
      if (target.closest('.js-plotly-plot')) {
        touch(target.closest('[data-testid="stPlotlyChart"]'), now);
        continue;
      }
      if (record.type === 'childList') {
        const node = plotlyNodeIn(record.addedNodes) || plotlyNodeIn(record.removedNodes);
        if (node) {
          const chart = node.closest && node.closest('[data-testid="stPlotlyChart"]');
          touch(chart && chart.isConnected ? chart : null, now);
        }
      }
    }
  });
  const start = () => observer.observe(document.documentElement, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
})();
""".replace("__SCRIPT_FINISHED_FIELD__", str(ForwardMsg.SCRIPT_FINISHED_FIELD_NUMBER))
# script_finished statuses that end a run the user asked for (not one cut short for a rerun).
FINISHED_STATUSES = (
    ForwardMsg.FINISHED_SUCCESSFULLY,
    ForwardMsg.FINISHED_WITH_COMPILE_ERROR,
    ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
)

READY_JS = """
() => {
  const app = document.querySelector('[data-testid="stApp"]');
  return !!app
    && app.getAttribute('data-test-connection-state') === 'CONNECTED'
    && app.getAttribute('data-test-script-state') === 'notRunning';
}
"""

# Every element has replaced its loading skeleton (Streamlit loads widget code lazily) and
# every plotly chart on the page has finished its first draw (its SVG exists).
CHARTS_DRAWN_JS = """
() => !document.querySelector('[data-testid="stSkeleton"]')
  && [...document.querySelectorAll('[data-testid="stPlotlyChart"]')]
    .every((chart) => chart.querySelector('.js-plotly-plot .main-svg'))
"""

# Resolves once a rerun asked for after `since` has finished and no chart has changed for
# `quiet` ms; returns the timings, or null while waiting.
RERUN_SETTLED_JS = """
([since, quiet, finishedStatuses]) => {
  const bench = window.__bench;
  const finish = bench.finishes.find(
    (entry) => entry.t >= since && finishedStatuses.includes(entry.status));
  const app = document.querySelector('[data-testid="stApp"]');
  if (!finish || app.getAttribute('data-test-script-state') !== 'notRunning') return null;
  const states = bench.states.filter((entry) => entry.t >= since);
  const lastState = states.length ? states[states.length - 1].t : finish.t;
  const finishedAt = Math.max(finish.t, lastState);
  const now = performance.now();
  const lastChart = bench.lastChartMutationAt;
  if (now - finishedAt < quiet || (lastChart !== null && now - lastChart < quiet)) return null;
  return {
    rerunFinishedAt: finishedAt,
    finishStatus: finish.status,
    lastChartMutationAt: lastChart,
    chartMutations: bench.chartMutations,
    chartsTouched: [...bench.chartsTouched].sort(),
    chartTimes: bench.chartTimes,
    sentAt: bench.sends.filter((t) => t >= since)[0] ?? null,
    firstFrameAt: bench.firstFrameAfterSend,
    receivedBytes: bench.receivedBytes,
    receivedFrames: bench.receivedFrames,
  };
}
"""


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


class BrowserNotFound(RuntimeError):
    """No Chromium to drive: Playwright's own is not installed and no system one was found."""


@dataclass(frozen=True)
class ChromiumChoice:
    """Which Chromium to launch: `executable` None means Playwright's own build."""

    executable: str | None
    reason: str


def choose_chromium(playwright_chromium_path: str | None = None) -> ChromiumChoice:
    """Pick the browser: an environment variable, else Playwright's own, else a system Chromium.

    `playwright_chromium_path` is `playwright.chromium.executable_path` (where Playwright's own
    build would be); pass it when a Playwright instance is at hand.
    """
    for variable in EXECUTABLE_ENV_VARS:
        chosen = os.environ.get(variable)
        if chosen:
            if not Path(chosen).exists():
                raise BrowserNotFound(f"{variable}={chosen} does not exist")
            return ChromiumChoice(chosen, f"from ${variable}")
    if playwright_chromium_path and Path(playwright_chromium_path).exists():
        return ChromiumChoice(None, f"Playwright's own ({playwright_chromium_path})")
    for name in SYSTEM_CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return ChromiumChoice(found, f"system {name} ({found})")
    raise BrowserNotFound(
        "no Chromium found: set CHROMIUM_PATH, run `playwright install chromium`, "
        "or install Debian's chromium"
    )


def launch_chromium(playwright):
    """Launch headless Chromium with the flags this project needs; returns (browser, choice)."""
    choice = choose_chromium(playwright.chromium.executable_path)
    browser = playwright.chromium.launch(
        executable_path=choice.executable, headless=True, args=list(CHROMIUM_ARGS)
    )
    return browser, choice


def new_observed_page(context):
    """A page with the timing observer installed before any of the app's scripts run."""
    page = context.new_page()
    page.add_init_script(OBSERVER_INIT_SCRIPT)
    return page


def wait_until_ready(page, *, timeout_ms: float = LOAD_TIMEOUT_MS) -> None:
    """Wait until the app is connected, its script has run, and every chart has drawn."""
    page.wait_for_function(READY_JS, timeout=timeout_ms)
    page.wait_for_function(CHARTS_DRAWN_JS, timeout=timeout_ms)


def page_now(page) -> float:
    """performance.now() in the page, in ms."""
    return page.evaluate("performance.now()")


def reset_chart_record(page) -> None:
    page.evaluate("window.__bench.reset()")


def wait_for_rerun(page, since_ms: float, *, quiet_ms: float = QUIET_MS) -> dict:
    """Wait for the rerun started after `since_ms` (page time) to finish and charts to settle.

    Returns the page's record: rerunFinishedAt, finishStatus, lastChartMutationAt,
    chartMutations, chartsTouched (ids of the charts that changed), chartTimes (id ->
    {first, last} mutation times), receivedBytes and
    receivedFrames (websocket payloads since the last `reset_chart_record`).
    """
    handle = page.wait_for_function(
        RERUN_SETTLED_JS,
        arg=[since_ms, quiet_ms, list(FINISHED_STATUSES)],
        timeout=RERUN_TIMEOUT_MS,
        polling=50,
    )
    return handle.json_value()


def slider_thumb(page, key: str):
    """The focusable `<input type=range>` (role "slider") of the Streamlit slider `key=`."""
    return page.locator(f".st-key-{key} input[type='range']").first


def press_on_slider(page, key: str, keyboard_key: str) -> dict:
    """Focus the slider `key`, press `keyboard_key`, and wait for the rerun and redraw.

    Returns the page's record (see `wait_for_rerun`) plus `keyDownAt` and `latencyMs`.
    """
    thumb = slider_thumb(page, key)
    thumb.focus()
    value_before = thumb.get_attribute("value")
    reset_chart_record(page)
    before = page_now(page)
    thumb.press(keyboard_key)
    for _ in range(VALUE_POLLS):  # React re-renders the input within a frame or two
        if thumb.get_attribute("value") != value_before:
            break
        time.sleep(VALUE_POLL_SECONDS)
    else:
        raise SliderDidNotMove(
            f"{keyboard_key} left slider {key!r} at {value_before} "
            f"(min {thumb.get_attribute('min')}, max {thumb.get_attribute('max')})"
        )
    record = wait_for_rerun(page, before)
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
CHARTS_QUIET_JS = """
([since, quiet]) => {
  const last = window.__bench.lastChartMutationAt;
  const now = performance.now();
  return now - since >= quiet && (last === null || now - last >= quiet);
}
"""
MAX_SCREENSHOT_HEIGHT = 12_000  # px; taller pages are cut here


def wait_for_charts_quiet(page, *, quiet_ms: float = QUIET_MS) -> None:
    """Wait until no plotly chart has changed for `quiet_ms` (e.g. after a resize)."""
    page.wait_for_function(
        CHARTS_QUIET_JS, arg=[page_now(page), quiet_ms], timeout=RERUN_TIMEOUT_MS, polling=50
    )


def screenshot(page, path: Path, *, full_page: bool = True) -> Path:
    """Save a PNG of the page (all of its content when `full_page`), creating its folder."""
    path.parent.mkdir(parents=True, exist_ok=True)
    viewport = page.viewport_size
    height = min(MAX_SCREENSHOT_HEIGHT, page.evaluate(CONTENT_HEIGHT_JS))
    if full_page and viewport and height > viewport["height"]:
        page.set_viewport_size({"width": viewport["width"], "height": height})
        wait_for_charts_quiet(page)
        page.screenshot(path=str(path))
        page.set_viewport_size(viewport)
        wait_for_charts_quiet(page)
    else:
        page.screenshot(path=str(path))
    return path


def monotonic_ms() -> float:
    return time.monotonic() * 1000.0
