"""Figures for the pages beyond the lesson: each page's reruns, and each page in a browser.

(The core's work behind them is timed by pytest-benchmark in bench/beyond_core.py.)
Reruns: every slider stop in AppTest, cold then warm caches (server time only).
Browser (one `streamlit run`, one headless Chromium, as bench.browser_latency measures the
Playground): cold load of each page, then per slider change the time from the key press to
every chart redrawn and the bytes received.

    .venv/bin/python -m bench.beyond_pages
    .venv/bin/python -m bench.beyond_pages --presses 4 --skip-browser
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from playwright.sync_api import sync_playwright

from bench.page_latency import measure_app, report
from tests.support import chromium as browsers
from tests.support.machine import machine_line, percentile
from tests.support.server import REPO_ROOT, start_streamlit
from ui.settings import SETTINGS

PAGE_KEYS = {"reward-model": ("pairs", "spread", "noise", "prior"), "compare": ("b", "sigma")}


@dataclass
class PageServer:
    """A server's address narrowed to one page (measure_app reads only ``url``)."""

    url: str


def rerun_figures(page_keys: dict[str, tuple[str, ...]] = PAGE_KEYS) -> None:
    """Server-side reruns in AppTest: every stop of every slider, first visit (cold caches)
    and a second pass over the same stops (warm caches); ``page_keys``: {page: its sliders}."""
    from streamlit.testing.v1 import AppTest

    for path, keys in page_keys.items():
        app = AppTest.from_file(str(REPO_ROOT / "app.py"), default_timeout=120)
        app.run().switch_page(f"pages/{path.replace('-', '_')}.py").run()
        for label in ("cold", "warm"):
            times = []
            for key in keys:
                setting = SETTINGS[key]
                for stop in (*setting.stops, setting.default):
                    app.select_slider(key=key).set_value(stop)
                    started = time.perf_counter()
                    app.run()
                    times.append((time.perf_counter() - started) * 1000.0)
            print(
                f"rerun {path} ({label}, {len(times)} changes, AppTest): median "
                f"{statistics.median(times):.0f} ms, p95 {percentile(times, 0.95):.0f} ms, "
                f"max {max(times):.0f} ms"
            )


def browser_figures(
    presses: int, fresh: int, page_keys: dict[str, tuple[str, ...]] = PAGE_KEYS
) -> None:
    """Each page of ``page_keys`` in one server and one Chromium: its loads, and per slider
    change the time to every chart redrawn and the bytes received."""
    server = start_streamlit(REPO_ROOT / "app.py")
    try:
        with sync_playwright() as playwright:
            browser, choice = browsers.launch_chromium(playwright)
            print(f"browser: Chromium {browser.version}, {choice.reason}")
            for path, keys in page_keys.items():
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


def main(
    argv: list[str] | None = None,
    *,
    module: str = "bench.beyond_pages",
    doc: str = __doc__,
    page_keys: dict[str, tuple[str, ...]] = PAGE_KEYS,
    presses: int = 6,
    fresh_loads: int = 3,
) -> int:
    """Reruns, then (unless --skip-browser) the browser, for each page of ``page_keys``;
    ``module`` and ``doc`` name the command (bench.checker_page runs this too)."""
    parser = argparse.ArgumentParser(prog=f"python -m {module}", description=doc.split("\n")[0])
    parser.add_argument("--presses", type=int, default=presses, help="steps each way per slider")
    parser.add_argument(
        "--fresh-loads", type=int, default=fresh_loads, help="fresh-context loads to time"
    )
    parser.add_argument("--skip-browser", action="store_true", help="skip the browser")
    args = parser.parse_args(argv)
    print(f"{module}: {machine_line()}")
    rerun_figures(page_keys)
    if not args.skip_browser:
        browser_figures(args.presses, args.fresh_loads, page_keys)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
