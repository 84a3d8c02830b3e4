"""Latency and payload of the Defenses page in a real browser (as bench.browser_latency).

Each of the page's sliders is walked with the keyboard; every change is timed from the key
press to every chart redrawn, and the bytes the page received are counted. Budgets (SPEC §5):
p95 ≤ 400 ms and ≤ 150 KB per change.

    .venv/bin/python -m bench.defenses_latency
    .venv/bin/python -m bench.defenses_latency --presses 4 --keys k,lam
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass

from playwright.sync_api import sync_playwright

from bench import browser as chromium
from bench.browser_latency import DEFAULT_APP, machine_line, measure_app, report
from bench.serve import StreamlitServer, start_streamlit

PAGE_PATH = "defenses?sigma=1"  # σ = 1, so the ensemble has errors to average
PAGE_KEYS = ("k", "rho", "lam", "m", "b")  # the page's own sliders, and b (a whole-page rerun)


@dataclass
class PageServer:
    """The server, addressed at one page: measure_app opens ``url``."""

    server: StreamlitServer
    path: str

    @property
    def url(self) -> str:
        return self.server.url + self.path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.defenses_latency")
    parser.add_argument("--presses", type=int, default=6, help="steps each way per slider")
    parser.add_argument("--fresh-loads", type=int, default=3, help="fresh-context loads to time")
    parser.add_argument("--keys", default=",".join(PAGE_KEYS), help="sliders to move")
    args = parser.parse_args(argv)
    keys = tuple(key for key in args.keys.split(",") if key)
    print(f"bench.defenses_latency: {machine_line()}")
    server = start_streamlit(DEFAULT_APP)
    try:
        with sync_playwright() as playwright:
            browser, choice = chromium.launch_chromium(playwright)
            print(f"browser: Chromium {browser.version}, {choice.reason}")
            try:
                figures = measure_app(
                    browser,
                    PageServer(server, PAGE_PATH),
                    "defenses",
                    args.presses,
                    args.fresh_loads,
                    keys=keys,
                )
                report(figures)
            finally:
                browser.close()
    finally:
        if not server.is_running():
            print(f"the server died; its log:\n{server.log_text()}", file=sys.stderr)
        server.stop()
    print(f"after: {machine_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
