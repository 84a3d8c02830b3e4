"""The page "Rewards you can check" against the Compare page, in one run: a slider change's
server time (AppTest reruns over every stop) and, in one `streamlit run` and one headless
Chromium, the key press to every chart redrawn and the bytes received per change.

Budgets: at most 150 KB per change, p95 at most 400 ms (bench.page_latency's).

    .venv/bin/python -m bench.checker_page
    .venv/bin/python -m bench.checker_page --presses 3 --skip-browser
"""

from __future__ import annotations

import argparse

from bench.beyond_pages import browser_figures, rerun_figures
from harness.machine import machine_line

# The checker page's sliders (its second pass@1 moves the same curve as the first), and the
# Compare page's as the peer measured in the same run.
PAGE_KEYS = {"checker": ("check_beta", "pass1", "h", "q"), "compare": ("b", "sigma")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.checker_page", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--presses", type=int, default=4, help="steps each way per slider")
    parser.add_argument("--fresh-loads", type=int, default=2, help="fresh-context loads to time")
    parser.add_argument("--skip-browser", action="store_true", help="skip the browser")
    args = parser.parse_args(argv)
    print(f"bench.checker_page: {machine_line()}")
    rerun_figures(PAGE_KEYS)
    if not args.skip_browser:
        browser_figures(args.presses, args.fresh_loads, PAGE_KEYS)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
