"""The browser's own work for a first visit of each page: this tree against a git ref, in one run.

    python -m bench.browser_cpu [--baseline b70f58f] [--pages best-of-n,kl-penalty] [--rounds 2]

Two servers side by side (this tree and ``--baseline`` exported with ``git archive``), each
warmed by one visit to every page. Then, per round and page, alternated between the two, a
fresh browser context (1280x900, empty cache) opens the page and waits until its run has
finished and every chart is drawn; Chromium's own counters (CDP ``Performance.getMetrics``) say
how long its main thread spent recalculating style, in layout and in scripts, and in tasks in
all, for that visit. A rule that restyles a chart's whole subtree at each step of plotly's
drawing shows here, not in the server's figures: Best-of-n's first visit took 37.8 s of style
recalculation (load 5) before the page CSS's :has() rules were rewritten, 1.4 s after. The
machine's load is printed beside each visit.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from playwright.sync_api import sync_playwright

from tests.support import app_page, chromium
from tests.support.machine import machine_line
from tests.support.release import beside_release

PAGES = ("best-of-n", "kl-penalty", "reward-model", "compare", "defenses", "checker", "")
COUNTERS = ("RecalcStyleDuration", "LayoutDuration", "ScriptDuration", "TaskDuration")
READY_MS = 240_000  # Best-of-n took 42 s at load 5 before the fix


def visit(browser, url: str) -> dict[str, float]:
    """One first visit of ``url``: the seconds of each counter, and the wall time to ready."""
    context = browser.new_context(viewport=app_page.VIEWPORTS["desktop"])
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        started = time.monotonic()
        page.goto(url)
        app_page.wait_until_ready_for_timing(page, timeout_ms=READY_MS)
        figures = {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}
        return {"ready": time.monotonic() - started} | {name: figures[name] for name in COUNTERS}
    finally:
        context.close()


def line(figures: dict[str, float]) -> str:
    return (
        f"ready {figures['ready']:.1f} s, style {figures['RecalcStyleDuration']:.2f} s, "
        f"layout {figures['LayoutDuration']:.2f} s, script {figures['ScriptDuration']:.2f} s, "
        f"tasks {figures['TaskDuration']:.2f} s"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.browser_cpu", description=__doc__)
    parser.add_argument("--baseline", default="b70f58f", help="a git ref to compare with")
    parser.add_argument("--pages", default=",".join(PAGES), help="page paths, comma-separated")
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args(argv)
    pages = [page.strip() for page in args.pages.split(",")]
    print(f"bench.browser_cpu: {machine_line()}")
    results: dict[tuple[str, str], list[dict[str, float]]] = {}
    release = {"this_name": "this tree", "release_name": args.baseline}
    with beside_release(args.baseline, **release) as servers, sync_playwright() as playwright:
        browser, _choice = chromium.launch_chromium(playwright)
        for server in servers.values():  # warm: every page once, not timed
            for page in pages:
                visit(browser, server.url + page)
        for round_number in range(args.rounds):
            order = list(servers.items())
            if round_number % 2:
                order.reverse()  # A B, then B A
            for page in pages:
                for name, server in order:
                    figures = visit(browser, server.url + page)
                    results.setdefault((page, name), []).append(figures)
                    where = page or "playground"
                    print(f"  {where} [{name}]: {line(figures)} [{machine_line()}]", flush=True)
        browser.close()
    print("medians:")
    for (page, name), runs in results.items():
        median = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
        print(f"  {page or 'playground'} [{name}]: {line(median)}")
    print(f"after: {machine_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
