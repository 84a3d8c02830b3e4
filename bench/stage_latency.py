"""The live stage against the release it replaces, in real Chromium, in one run.

Two `streamlit run` servers on loopback, with the same virtualenv: this tree's app, and the
current release's (commit b32791d by default, exported with `git archive` into a temporary
folder that is removed afterwards). For each, in one headless Chromium:

- cold load: bytes transferred (every HTTP response, as Chromium counts it with headers, plus
  every websocket frame both ways; CDP Network events) and time from navigation to fully drawn
  (the stage drawn / every plotly chart drawn); the first visitor after the server started,
  then the median of fresh browser contexts (empty cache, warm server);
- a mouse drag of β across its range, the button held (60 steps over ~2 s): animation frames
  per second in the page, and the share of the steps that moved the slider's stop which showed
  the new readouts and a redrawn cloud before release; websocket frames the page sent during
  the drag and after it (a rerun request is one);
- key presses (ArrowRight, then ArrowLeft) on β and on n: stage, keydown to the first frame
  after both its readouts and its cloud changed; release, keydown to every chart redrawn (its
  rerun finished and no plotly chart changed for 400 ms, as bench.browser_latency, retired
  with this, measured it).
  KB received per settle: stage, the settle report's fragment rerun; release, each key press;
- key presses on b and σ (the stage's own sliders; the release's Streamlit sliders): stage,
  keydown to the first frame after the stage's data-world changed (the world from the
  browser's shelf or fetched from /worlds/); release, to every chart redrawn; KB received per
  change (stage: the world over HTTP, if fetched, and the settle's websocket bytes);
- a fresh visitor's whole b drag (0 to 1 in ~2 s): KB received from load to the settled
  rerun, the worlds fetched ahead included.

The machine is shared: the load average is printed beside every figure.

    .venv/bin/python -m bench.stage_latency
    .venv/bin/python -m bench.stage_latency --presses 6 --world-presses 3 --fresh-loads 1
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys

from playwright.sync_api import sync_playwright

from bench import stage_measure
from bench.stage_pages import RELEASE_PAGE, STAGE_PAGE
from bench.stage_report import print_table
from tests.support import chromium
from tests.support.machine import machine_line
from tests.support.release import beside_release
from tests.support.server import REPO_ROOT
from ui.playground import world_store

RELEASE = "b32791d"  # the Playground of plotly layers and Streamlit sliders for β and n
RAW_FIGURES = REPO_ROOT / "artifacts" / "bench-stage.json"  # ignored by git


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.stage_latency", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--release", default=RELEASE, help="commit of the page to compare with")
    parser.add_argument("--presses", type=int, default=10, help="β/n steps each way per slider")
    parser.add_argument("--world-presses", type=int, default=5, help="b/σ steps each way")
    parser.add_argument("--fresh-loads", type=int, default=2, help="fresh-context loads to time")
    parser.add_argument("--drag-steps", type=int, default=60, help="mouse moves in the drag")
    parser.add_argument("--drag-seconds", type=float, default=2.0, help="how long the drag lasts")
    return parser.parse_args(argv)


def write_figures(results: dict) -> None:
    RAW_FIGURES.parent.mkdir(parents=True, exist_ok=True)
    RAW_FIGURES.write_text(
        json.dumps({name: dataclasses.asdict(figures) for name, figures in results.items()})
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    print(f"bench.stage_latency: {machine_line()}")
    results = {}
    release = beside_release(args.release, this_name="stage")
    with release as servers, sync_playwright() as playwright:
        browser, choice = chromium.launch_chromium(playwright)
        print(f"browser: Chromium {browser.version}, {choice.reason}")
        print(f"stage: this tree ({REPO_ROOT}); release: {args.release}")
        print(f"worlds built (this code's store): {world_store.stored_count()} of 441")
        try:
            for kind in (STAGE_PAGE, RELEASE_PAGE):
                results[kind.name] = stage_measure.measure_page(
                    browser, servers[kind.name].url, kind, args
                )
                print(f"  measured {kind.name}: {machine_line()}", flush=True)
                write_figures(results)  # kept, should the next page fail on a loaded machine
        finally:
            browser.close()
    print(f"after: {machine_line()}")
    print(f"every figure: {RAW_FIGURES}")
    return 0 if print_table(results["stage"], results["release"]) else 1


if __name__ == "__main__":
    sys.exit(main())
