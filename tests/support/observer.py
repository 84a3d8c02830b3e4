"""Record, inside the page, when a Streamlit rerun finished and when its charts were redrawn.

Used by the browser tests (which charts a key press redrew) and by the latency benchmark
(bench/stage_latency.py, which times it against the release it replaces).

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

The waits here poll inside the page (every 50 ms), not from Python: "nothing changed for
400 ms" is not something Playwright's `expect` can state.
"""

from __future__ import annotations

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

QUIET_MS = 400  # a redraw is over when no chart has changed for this long
# A hang guard: a single rerun taking longer is a failure, not a figure. 60 s: with the browser
# tests on two processes and another job running (load 9), a cold first visit to Best-of-n took
# over 30 s.
RERUN_TIMEOUT_MS = 60_000
POLL_MS = 50  # how often the page checks its record while a wait is on

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

# True once no chart has changed for `quiet` ms, counting from `since`.
CHARTS_QUIET_JS = """
([since, quiet]) => {
  const last = window.__bench.lastChartMutationAt;
  const now = performance.now();
  return now - since >= quiet && (last === null || now - last >= quiet);
}
"""


def new_observed_page(context):
    """A page with the timing observer installed before any of the app's scripts run."""
    page = context.new_page()
    page.add_init_script(OBSERVER_INIT_SCRIPT)
    return page


def page_now(page) -> float:
    """performance.now() in the page, in ms."""
    return page.evaluate("performance.now()")


def reset_chart_record(page) -> None:
    """Zero the chart and websocket counts, so the next record covers one key press."""
    page.evaluate("window.__bench.reset()")


def wait_for_rerun(page, since_ms: float, *, quiet_ms: float = QUIET_MS) -> dict:
    """Wait for the rerun started after `since_ms` (page time) to finish and charts to settle.

    Returns the page's record: rerunFinishedAt, finishStatus, lastChartMutationAt,
    chartMutations, chartsTouched (ids of the charts that changed), chartTimes (id ->
    {first, last} mutation times), sentAt, firstFrameAt, receivedBytes and receivedFrames
    (websocket payloads since the last `reset_chart_record`).
    """
    handle = page.wait_for_function(
        RERUN_SETTLED_JS,
        arg=[since_ms, quiet_ms, list(FINISHED_STATUSES)],
        timeout=RERUN_TIMEOUT_MS,
        polling=POLL_MS,
    )
    return handle.json_value()


def wait_for_charts_quiet(page, *, quiet_ms: float = QUIET_MS) -> None:
    """Wait until no plotly chart has changed for `quiet_ms` (e.g. after a resize)."""
    page.wait_for_function(
        CHARTS_QUIET_JS, arg=[page_now(page), quiet_ms], timeout=RERUN_TIMEOUT_MS, polling=POLL_MS
    )
