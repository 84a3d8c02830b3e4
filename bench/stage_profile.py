"""Where a b/σ world swap's time goes in real Chromium: each key press traced and split.

One `streamlit run` of this tree and one headless Chromium (1280x900, as bench.stage_latency).
With the stage's row and column of worlds fetched ahead (so no press waits for the network),
each b or σ key press is traced (CDP Tracing, the DevTools timeline categories) from its keydown
to the first animation frame after the new world is drawn. The renderer's main thread in that
window is split by what it was doing (self time of each traced event): JavaScript, garbage
collection, style, layout, paint and compositing, HTML parsing, the rest; the raster and
image-decode workers beside it. The stage's own steps come from its `performance.measure`
entries ("stage:parse", "stage:plane", ..., ui/playground/stage_assets/profile.js), which it
makes only when the page sets `window.__stageProfile` (this benchmark does).

The machine is shared: the load average is printed with the figures.

    .venv/bin/python -m bench.stage_profile
    .venv/bin/python -m bench.stage_profile --presses 4
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections import defaultdict

from playwright.sync_api import sync_playwright

from bench.stage_measure import TRAILING_MS, VIEWPORT
from bench.stage_pages import STAGE_PAGE, stage_slider
from tests.support import chromium, observer
from tests.support.machine import machine_line
from tests.support.server import REPO_ROOT, start_streamlit
from tests.support.trace_split import split_trace

CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "toplevel",
    "blink.user_timing",
    "v8",
]
AHEAD_KEPT = 41  # the stage's own world and the 40 others of its b row and σ column
AHEAD_TIMEOUT_MS = 120_000  # a server with an empty store builds them on request
WORLD_KEYS = ("sigma", "b")
# Arm before a key press: marks the keydown, then the first frame after data-world changed.
ARM_JS = """
() => {
  performance.clearMeasures();
  performance.clearMarks();
  const root = window.__stageRoot();
  const before = root.dataset.world;
  window.__swap = { drawn: false };
  window.addEventListener('keydown', () => performance.mark('bench:keydown'),
    { capture: true, once: true });
  const tick = () => {
    if (root.dataset.world === before) return requestAnimationFrame(tick);
    requestAnimationFrame(() => {
      performance.mark('bench:drawn');
      window.__swap.drawn = true;
    });
  };
  requestAnimationFrame(tick);
}
"""
STAGE_MEASURES_JS = """() => {
  const marks = Object.fromEntries(
    performance.getEntriesByType('mark').map((mark) => [mark.name, mark.startTime]));
  return {
    wall: marks['bench:drawn'] - marks['bench:keydown'],
    steps: performance.getEntriesByType('measure').filter((m) => m.name.startsWith('stage:'))
      .map((m) => [m.name.slice(6), m.duration]),
  };
}"""


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.stage_profile", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--presses", type=int, default=5, help="b/σ steps each way per slider")
    return parser.parse_args(argv)


def walk(slider_max: int, presses: int) -> list[str]:
    steps = min(presses, slider_max)
    return ["ArrowRight"] * steps + ["ArrowLeft"] * steps


def profile_presses(browser, page, presses: int) -> list[dict]:
    results = []
    for key in WORLD_KEYS:
        slider = stage_slider(page, key)
        slider.focus()
        slider.press("Home")
        page.wait_for_timeout(500)
        for keyboard_key in walk(int(slider.get_attribute("max")), presses):
            page.evaluate(ARM_JS)
            browser.start_tracing(page=page, categories=CATEGORIES)
            slider.press(keyboard_key)
            page.wait_for_function("() => window.__swap.drawn", timeout=10_000, polling=20)
            trace = json.loads(browser.stop_tracing())
            measured = page.evaluate(STAGE_MEASURES_JS)
            steps: dict[str, float] = defaultdict(float)
            for name, duration in measured["steps"]:
                steps[name] += duration
            results.append({"wall": measured["wall"], "trace": split_trace(trace), "steps": steps})
            page.wait_for_timeout(400)  # its settle report leaves 350 ms after the press
    return results


def print_split(results: list[dict]) -> None:
    def row(label: str, values: list[float]) -> None:
        values = sorted(values)
        p90 = values[min(len(values) - 1, round(0.9 * (len(values) - 1)))]
        print(f"  {label:<34} {statistics.median(values):8.1f} {p90:8.1f}")

    print(f"{len(results)} b/σ key presses, ms   {'median':>8} {'p90':>8}")
    row("keydown to drawn (wall)", [r["wall"] for r in results])
    kinds = sorted({kind for r in results for kind in r["trace"]}, key=lambda k: (k[0] != "b", k))
    for kind in kinds:
        row(f"main thread: {kind}", [r["trace"].get(kind, 0.0) for r in results])
    steps = sorted({step for r in results for step in r["steps"]})
    for step in steps:
        row(f"stage: {step}", [r["steps"].get(step, 0.0) for r in results])


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    print(f"bench.stage_profile: {machine_line()}")
    server = start_streamlit(REPO_ROOT / "app.py")
    try:
        with sync_playwright() as playwright:
            browser, choice = chromium.launch_chromium(playwright)
            print(f"browser: Chromium {browser.version}, {choice.reason}")
            context = browser.new_context(viewport=VIEWPORT)
            context.add_init_script("window.__stageProfile = true;")
            page = observer.new_observed_page(context)
            page.goto(server.url, wait_until="commit")
            STAGE_PAGE.wait_drawn(page)
            page.wait_for_timeout(TRAILING_MS)
            STAGE_PAGE.install_probe(page)
            page.wait_for_function(
                f"() => Number(window.__stageRoot().dataset.worldsKept || 0) >= {AHEAD_KEPT}",
                timeout=AHEAD_TIMEOUT_MS,
            )
            results = profile_presses(browser, page, args.presses)
            browser.close()
    finally:
        server.stop()
    print(f"after: {machine_line()}")
    print_split(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
