"""Figures for the pages beyond the lesson: the core's new work, and each page in a browser.

Core (one process, best of 5 after a first call): comparisons and the Bradley–Terry fit for
200,000 pairs; best-of-n averaged over 100 error seeds (the Compare page's tails); Gao's fits.
Reruns: every slider stop in AppTest, cold then warm caches (server time only).
Browser (one `streamlit run`, one headless Chromium, as bench.browser_latency measures the
Playground): cold load of each page, then per slider change the time from the key press to
every chart redrawn and the bytes received.

    .venv/bin/python -m bench.beyond_pages
    .venv/bin/python -m bench.beyond_pages --presses 4 --core-only
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

import numpy as np
from playwright.sync_api import sync_playwright

import core
from bench.page_latency import measure_app, report
from harness import chromium as browsers
from harness.machine import machine_line
from harness.server import REPO_ROOT, start_streamlit

PAGE_KEYS = {"reward-model": ("pairs", "spread", "noise", "prior"), "compare": ("b", "sigma")}
REPEATS = 5


@dataclass
class PageServer:
    """A server's address narrowed to one page (measure_app reads only ``url``)."""

    url: str


def best_seconds(call, repeats: int = REPEATS) -> float:
    call()
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        times.append(time.perf_counter() - started)
    return min(times)


def core_figures() -> None:
    pairs = core.comparisons(200_000)
    draw = best_seconds(lambda: core.comparisons(200_000))
    fit = best_seconds(lambda: core.fit_bradley_terry(pairs))
    result = core.fit_bradley_terry(pairs)
    low, high = result.b_interval
    print(
        f"core: 200,000 comparisons drawn in {draw * 1000:.0f} ms, fitted in {fit * 1000:.0f} ms "
        f"({result.steps} Newton steps): b = {result.b:.3f}, 90% interval {low:.3f}-{high:.3f}"
    )
    ns = np.unique(np.round(np.geomspace(1, 10_000, 60)))
    for errors in ("light", "heavy"):
        seconds = best_seconds(
            lambda errors=errors: [
                core.best_of_n(ns, b=1.0, sigma=1.0, errors=errors, error_seed=seed)
                for seed in range(100)
            ],
            repeats=2,
        )
        print(f"core: best-of-n, {errors} tails, 100 error seeds x 60 n: {seconds * 1000:.0f} ms")
    betas = np.geomspace(10, 0.5, 200)
    curve = core.kl_optimum(betas)
    gao = best_seconds(lambda: core.fit_gao(curve.kl, curve.gold_gain, form="rl"))
    print(f"core: one Gao fit on 200 points: {gao * 1e6:.0f} µs")


def rerun_figures() -> None:
    """Server-side reruns in AppTest: every stop of every slider, first visit (cold caches)
    and a second pass over the same stops (warm caches)."""
    from streamlit.testing.v1 import AppTest

    from ui import state
    from ui.beyond import settings as beyond_settings

    for path, keys in PAGE_KEYS.items():
        app = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=120)
        app.run().switch_page(f"pages/{path.replace('-', '_')}.py").run()
        for label in ("cold", "warm"):
            times = []
            for key in keys:
                setting = beyond_settings.SETTINGS.get(key) or state.SETTINGS[key]
                for stop in (*setting.stops, setting.default):
                    app.select_slider(key=key).set_value(stop)
                    started = time.perf_counter()
                    app.run()
                    times.append((time.perf_counter() - started) * 1000.0)
            times.sort()
            print(
                f"rerun {path} ({label}, {len(times)} changes, AppTest): median "
                f"{statistics.median(times):.0f} ms, p95 {times[int(0.95 * len(times))]:.0f} ms, "
                f"max {times[-1]:.0f} ms"
            )


def browser_figures(presses: int, fresh: int) -> None:
    server = start_streamlit(REPO_ROOT / "app.py")
    try:
        with sync_playwright() as playwright:
            browser, choice = browsers.launch_chromium(playwright)
            print(f"browser: Chromium {browser.version}, {choice.reason}")
            for path, keys in PAGE_KEYS.items():
                figures = measure_app(
                    browser, PageServer(server.url + path), path, presses, fresh, keys=keys
                )
                report(figures)
                print(
                    f"  {path}: median fresh load "
                    f"{statistics.median(figures.fresh_loads_ms):.0f} ms"
                )
            browser.close()
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.beyond_pages", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--presses", type=int, default=6, help="steps each way per slider")
    parser.add_argument("--fresh-loads", type=int, default=3, help="fresh-context loads to time")
    parser.add_argument("--core-only", action="store_true", help="skip reruns and the browser")
    parser.add_argument("--skip-browser", action="store_true", help="skip the browser")
    args = parser.parse_args(argv)
    print(f"bench.beyond_pages: {machine_line()}")
    core_figures()
    if not args.core_only:
        rerun_figures()
    if not (args.core_only or args.skip_browser):
        browser_figures(args.presses, args.fresh_loads)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
