"""Key press to every plotly chart redrawn, and KB per change, on a page of Streamlit sliders.

The measuring part of the retired bench.browser_latency (the Playground now has its own stage,
timed by bench.stage_latency); bench.beyond_pages uses it for the Reward model and Compare pages.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field

from tests.support import app_page, observer
from tests.support.machine import percentile
from tests.support.server import REPO_ROOT, StreamlitServer

DEFAULT_APP = REPO_ROOT / "app.py"
VIEWPORT = {"width": 1280, "height": 900}
BUDGET_KB_PER_CHANGE = 150.0
BUDGET_P95_MS = 400.0
SLIDER_KEYS = ("beta", "n")  # the default; --keys b,sigma times the whole-page reruns


@dataclass
class Figures:
    """What was measured for one app."""

    name: str
    first_load_ms: float = float("nan")
    fresh_loads_ms: list[float] = field(default_factory=list)
    latencies_ms: dict[str, list[float]] = field(default_factory=dict)
    kilobytes: dict[str, list[float]] = field(default_factory=dict)
    charts_redrawn: dict[str, list[int]] = field(default_factory=dict)
    chart_count: int = 0
    first_load_breakdown: dict = field(default_factory=dict)
    # Per change: when the script_finished arrived, and per chart when its redraw began/ended,
    # all in ms after the key press.
    finished_after_ms: list[float] = field(default_factory=list)
    sent_after_ms: list[float] = field(default_factory=list)
    main_thread_ms: dict[str, list[float]] = field(default_factory=dict)
    first_frame_after_ms: list[float] = field(default_factory=list)
    chart_spans: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    fresh_load_breakdown: dict = field(default_factory=dict)

    def all_latencies(self) -> list[float]:
        return [value for values in self.latencies_ms.values() for value in values]

    def all_kilobytes(self) -> list[float]:
        return [value for values in self.kilobytes.values() for value in values]


# Where a cold load's time goes, from the page's own clock (ms since navigation start).
LOAD_BREAKDOWN_JS = """
() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  const scripts = resources.filter((entry) => entry.initiatorType === 'script'
    || entry.name.endsWith('.js'));
  const states = window.__bench.states;
  const firstRun = states.find((entry) => entry.state === 'running');
  const firstDone = states.find((entry) => entry.state === 'notRunning');
  return {
    domContentLoaded: navigation.domContentLoadedEventEnd,
    scriptKilobytes: scripts.reduce((sum, entry) => sum + entry.decodedBodySize, 0) / 1024,
    lastScriptLoaded: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
    firstRunStarted: firstRun ? firstRun.t : null,
    firstRunFinished: firstDone ? firstDone.t : null,
    ready: performance.now(),
  };
}
"""


def load_page(browser, url: str) -> tuple[float, object, object, dict]:
    """Open `url` in a fresh context; returns (ms to ready, context, page, breakdown)."""
    context = browser.new_context(viewport=VIEWPORT)
    page = observer.new_observed_page(context)
    started = time.perf_counter()
    page.goto(url, wait_until="commit")
    app_page.wait_until_ready_for_timing(page)
    elapsed = (time.perf_counter() - started) * 1000.0
    return elapsed, context, page, page.evaluate(LOAD_BREAKDOWN_JS)


MAIN_THREAD_METRICS = ("TaskDuration", "ScriptDuration", "RecalcStyleDuration", "LayoutDuration")


def main_thread_seconds(cdp) -> dict[str, float]:
    """Chromium's cumulative main-thread times (CDP Performance.getMetrics), in seconds."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return {
        metric["name"]: metric["value"]
        for metric in metrics
        if metric["name"] in MAIN_THREAD_METRICS
    }


def measure_app(
    browser,
    server: StreamlitServer,
    name: str,
    presses: int,
    fresh: int,
    css: str | None = None,
    keys: tuple[str, ...] = SLIDER_KEYS,
) -> Figures:
    figures = Figures(name)
    first_ms, context, page, figures.first_load_breakdown = load_page(browser, server.url)
    figures.first_load_ms = first_ms
    context.close()
    for _ in range(fresh):
        load_ms, context, page, figures.fresh_load_breakdown = load_page(browser, server.url)
        figures.fresh_loads_ms.append(load_ms)
        context.close()

    _, context, page, _ = load_page(browser, server.url)
    if css:
        page.add_style_tag(content=css)
        observer.wait_for_charts_quiet(page)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    figures.chart_count = page.locator('[data-testid="stPlotlyChart"]').count()
    for key in keys:
        thumb = app_page.slider_thumb(page, key)
        if thumb.get_attribute("value") != thumb.get_attribute("min"):
            app_page.press_on_slider(page, key, "Home")  # an end, so ArrowRight can walk
        steps = int(float(thumb.get_attribute("max")) - float(thumb.get_attribute("min")))
        walk = min(presses, max(1, steps))
        sequence = ["ArrowRight"] * walk + ["ArrowLeft"] * walk
        latencies, kilobytes, redrawn = [], [], []
        for keyboard_key in sequence:
            before = main_thread_seconds(cdp)
            record = app_page.press_on_slider(page, key, keyboard_key)
            after = main_thread_seconds(cdp)
            for metric in MAIN_THREAD_METRICS:
                figures.main_thread_ms.setdefault(metric, []).append(
                    (after[metric] - before[metric]) * 1000.0
                )
            latencies.append(record["latencyMs"])
            pressed = record["keyDownAt"]
            figures.finished_after_ms.append(record["rerunFinishedAt"] - pressed)
            if record["sentAt"] is not None and record["firstFrameAt"] is not None:
                figures.sent_after_ms.append(record["sentAt"] - pressed)
                figures.first_frame_after_ms.append(record["firstFrameAt"] - pressed)
            for chart, times in record["chartTimes"].items():
                figures.chart_spans.setdefault(chart, []).append(
                    (times["first"] - pressed, times["last"] - pressed)
                )
            kilobytes.append(record["receivedBytes"] / 1024.0)
            redrawn.append(len(record["chartsTouched"]))
        figures.latencies_ms[key] = latencies
        figures.kilobytes[key] = kilobytes
        figures.charts_redrawn[key] = redrawn
    app_page.screenshot(page, app_page.SCREENSHOT_DIR / f"bench-{name}.png")
    context.close()
    return figures


def report(figures: Figures) -> None:
    latencies = figures.all_latencies()
    kilobytes = figures.all_kilobytes()
    print(f"{figures.name}: {figures.chart_count} plotly charts on the page")
    print(
        f"  cold load: first visitor {figures.first_load_ms:.0f} ms; fresh browser, warm server "
        f"median {statistics.median(figures.fresh_loads_ms or [float('nan')]):.0f} ms"
    )
    for label, parts in (
        ("first visitor", figures.first_load_breakdown),
        ("last fresh load", figures.fresh_load_breakdown),
    ):
        if parts:
            print(
                f"    {label}: DOM ready {parts['domContentLoaded']:.0f} ms, "
                f"{parts['scriptKilobytes']:.0f} KB of JavaScript (last at "
                f"{parts['lastScriptLoaded']:.0f} ms), script run "
                f"{parts['firstRunStarted'] or float('nan'):.0f}-"
                f"{parts['firstRunFinished'] or float('nan'):.0f} ms, "
                f"every chart drawn {parts['ready']:.0f} ms"
            )
    for key in figures.latencies_ms:
        print(
            f"  {key:>5}: {len(figures.latencies_ms[key])} changes, "
            f"p50 {percentile(figures.latencies_ms[key], 0.5):.0f} ms, "
            f"p95 {percentile(figures.latencies_ms[key], 0.95):.0f} ms, "
            f"median {statistics.median(figures.kilobytes[key]):.1f} KB, "
            f"charts redrawn per change: median "
            f"{statistics.median(figures.charts_redrawn[key]):.0f}"
        )
    if figures.finished_after_ms:
        print(
            f"  after the key press (medians): BackMsg sent "
            f"{statistics.median(figures.sent_after_ms or [float('nan')]):.0f} ms, first "
            f"reply {statistics.median(figures.first_frame_after_ms or [float('nan')]):.0f} ms, "
            f"script_finished {statistics.median(figures.finished_after_ms):.0f} ms"
        )
    if figures.main_thread_ms:
        print(
            "  browser main thread per change (medians; the 400 ms quiet wait is idle): "
            + ", ".join(
                f"{metric.removesuffix('Duration').lower()} {statistics.median(values):.0f} ms"
                for metric, values in figures.main_thread_ms.items()
            )
            + " (task = all main-thread work, paint included)"
        )
    for chart, spans in sorted(figures.chart_spans.items()):
        starts = [start for start, _ in spans]
        ends = [end for _, end in spans]
        print(
            f"    {chart}: redrawn in {len(spans)} changes; drawing from "
            f"{statistics.median(starts):.0f} to {statistics.median(ends):.0f} ms (medians), "
            f"p95 end {percentile(ends, 0.95):.0f} ms"
        )
    print(
        f"  all: p50 {percentile(latencies, 0.5):.0f} ms, "
        f"p95 {percentile(latencies, 0.95):.0f} ms, "
        f"max {max(latencies):.0f} ms; median {statistics.median(kilobytes):.1f} KB, "
        f"max {max(kilobytes):.1f} KB per change"
    )
