"""Latency and payload of the Defenses page in a real browser.

One `streamlit run`, one headless Chromium at 1280 x 900. Cold load of the page, then each
slider walked with the keyboard: every change timed from the key press to every chart redrawn
(tests/support/observer.py defines "redrawn"), the bytes the page received over the websocket
counted, and the charts that changed counted; then the CPU the server used over the walk and
its memory after it. Budgets (docs/design.md §5): p95 ≤ 400 ms and ≤ 150 KB per change. Under load,
compare with a peer measured in the same minutes (bench.stage_latency).

    .venv/bin/python -m bench.defenses_latency
    .venv/bin/python -m bench.defenses_latency --presses 4 --keys k,lam
    .venv/bin/python -m bench.defenses_latency --path compare --keys b,sigma   # a peer
    .venv/bin/python -m bench.defenses_latency --open-charts --keys b,sigma    # all 4 charts

The page draws the first defense's chart and opens the other three on request; --open-charts
opens them all first (a reader who did), the page as it was before that choice. The server
reads the results at the sections' defaults from the store when `scripts/build_worlds.py` (or
`make cluster`, or the image) has built it; the first line says how many (b, σ) it holds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from tests.support import app_page, chromium, observer
from tests.support.machine import cpu_seconds, machine_line, memory_kib, percentile
from tests.support.server import REPO_ROOT, start_streamlit
from ui import disk_store

PAGE_PATH = "defenses?sigma=1"  # σ = 1, so the ensemble has errors to average
PAGE_KEYS = ("k", "rho", "lam", "m", "b")  # the page's own sliders, and b (a whole-page rerun)
VIEWPORT = {"width": 1280, "height": 900}


def walk_slider(page, key: str, presses: int) -> list[dict]:
    """Home, then ``presses`` steps right and as many back: one record per change."""
    thumb = app_page.slider_thumb(page, key)
    if thumb.get_attribute("value") != thumb.get_attribute("min"):
        app_page.press_on_slider(page, key, "Home")
    steps = int(float(thumb.get_attribute("max")) - float(thumb.get_attribute("min")))
    walk = min(presses, max(1, steps))
    moves = ["ArrowRight"] * walk + ["ArrowLeft"] * walk
    return [app_page.press_on_slider(page, key, move) for move in moves]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.defenses_latency")
    parser.add_argument("--presses", type=int, default=6, help="steps each way per slider")
    parser.add_argument("--keys", default=",".join(PAGE_KEYS), help="sliders to move")
    parser.add_argument(
        "--path", default=PAGE_PATH, help="page and query to open (a peer: compare)"
    )
    parser.add_argument(
        "--open-charts", action="store_true", help="open every chart drawn on request first"
    )
    args = parser.parse_args(argv)
    keys = tuple(key for key in args.keys.split(",") if key)
    print(f"bench.defenses_latency: {machine_line()}")
    stored = len(list(disk_store.store_folder().glob("defenses-*.json")))
    print(f"  the store holds the Defenses results of {stored} of 441 (b, σ) settings")
    server = start_streamlit(REPO_ROOT / "app.py")
    everything: list[float] = []
    try:
        with sync_playwright() as playwright:
            browser, choice = chromium.launch_chromium(playwright)
            print(f"browser: Chromium {browser.version}, {choice.reason}")
            context = browser.new_context(viewport=VIEWPORT)
            page = observer.new_observed_page(context)
            started = time.perf_counter()
            app_page.open_and_wait(page, server.url + args.path)
            print(f"  cold load (first visitor): {(time.perf_counter() - started) * 1e3:.0f} ms")
            if args.open_charts:
                print(f"  charts opened on request: {app_page.open_every_closed_chart(page)}")
            cpu_before = cpu_seconds(server.pid)
            for key in keys:
                records = walk_slider(page, key, args.presses)
                latencies = [record["latencyMs"] for record in records]
                everything += latencies
                kilobytes = [record["receivedBytes"] / 1024 for record in records]
                charts = [len(record["chartsTouched"]) for record in records]
                print(
                    f"  {key:>4}: {len(records)} changes, p50 {percentile(latencies, 0.5):.0f} "
                    f"ms, p95 {percentile(latencies, 0.95):.0f} ms, median "
                    f"{statistics.median(kilobytes):.1f} KB, charts redrawn "
                    f"{statistics.median(charts):.0f}"
                )
            print(
                f"  all: p50 {percentile(everything, 0.5):.0f} ms, "
                f"p95 {percentile(everything, 0.95):.0f} ms"
            )
            memory = memory_kib(server.pid)["VmRSS"] / 1024
            print(
                f"  server: {cpu_seconds(server.pid) - cpu_before:.1f} s of CPU over the walk, "
                f"{memory:.0f} MB resident after it"
            )
            context.close()
            browser.close()
    finally:
        if not server.is_running():
            print(f"the server died; its log:\n{server.log_text()}", file=sys.stderr)
        server.stop()
    print(f"after: {machine_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
