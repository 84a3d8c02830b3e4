"""The page "Rewards you can check" against the Compare page, in one run: a slider change's
server time (AppTest reruns over every stop) and, in one `streamlit run` and one headless
Chromium, the key press to every chart redrawn and the bytes received per change.

Budgets: at most 150 KB per change, p95 at most 400 ms (bench.page_latency's).

    .venv/bin/python -m bench.checker_page
    .venv/bin/python -m bench.checker_page --presses 3 --skip-browser
"""

from __future__ import annotations

from bench import beyond_pages

# The checker page's sliders (its second pass@1 moves the same curve as the first), and the
# Compare page's as the peer measured in the same run.
PAGE_KEYS = {"checker": ("check_beta", "pass1", "h", "q"), "compare": ("b", "sigma")}


def main(argv: list[str] | None = None) -> int:
    return beyond_pages.main(
        argv,
        module="bench.checker_page",
        doc=__doc__,
        page_keys=PAGE_KEYS,
        presses=4,
        fresh_loads=2,
    )


if __name__ == "__main__":
    raise SystemExit(main())
