"""A first visit over a lecture hall's network: this tree against the release, in one run.

    python -m bench.cold_load [--release 4ed5e53] [--rounds 2]

Two servers side by side (this tree, and the release exported with `git archive`), each warmed
by one visit that is not timed (a warm server, as a lecture finds it). Then, per round, per
server, per screen (1280x720 desktop, 390x844 phone): a fresh browser context (empty cache)
opens the Playground under Chromium's emulated network (CDP Network.emulateNetworkConditions:
1.5 Mbit/s down, 0.75 up, 300 ms latency) and reports, in seconds since navigation start:

- first text: the first frame with any visible text;
- title: the first frame showing the app's title (the page's h1, or the first paint's title);
- stage: the first frame with the stage drawn (no skeleton, its charts drawn once);

and the bytes over HTTP (CDP encodedDataLength, every request; the websocket is not HTTP),
whether Streamlit's syntax highlighter bundle was fetched, and CLS (PerformanceObserver
layout-shift, buffered: the largest session window, 1 s gap / 5 s cap, as Chromium defines
it), read 2 s after the stage is drawn. Medians over the rounds; the machine's load before,
between and after.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass, field

from playwright.sync_api import sync_playwright

from harness import app_page, chromium
from harness.machine import machine_line
from harness.release import beside_release
from harness.server import REPO_ROOT
from harness.stage_root import STAGE_ROOT_JS

RELEASE = "4ed5e53"  # main before the first-visit work: 4.6 MB, blank for ~14 s at 1.5 Mbit/s
NETWORK = {  # a lecture hall's share of a busy Wi-Fi
    "offline": False,
    "latency": 300,  # ms added to every request
    "downloadThroughput": 1.5e6 / 8,  # bytes per second
    "uploadThroughput": 0.75e6 / 8,
}
SCREENS = {"desktop": app_page.VIEWPORTS["projector"], "phone": app_page.VIEWPORTS["phone"]}
LOAD_TIMEOUT_MS = 120_000  # the release's stage took ~20 s; room for a loaded machine
SETTLE_MS = 2_000  # after the stage is drawn, shifts still counted before CLS is read
HIGHLIGHTER = "StreamlitSyntaxHighlighter"  # the bundle st.code pulls in (1.56 MB)

# Every frame until all three are seen: when text, the title and the stage first appear.
# CLS: Chromium's session windows over layout-shift entries without recent input.
MARKS_JS = f"""
(() => {{
  const marks = window.__firstVisit = {{ text: null, title: null, stage: null, shifts: [] }};
  new PerformanceObserver((list) => {{
    for (const entry of list.getEntries()) {{
      if (!entry.hadRecentInput) marks.shifts.push([entry.startTime, entry.value]);
    }}
  }}).observe({{ type: 'layout-shift', buffered: true }});
  const stageRoot = {STAGE_ROOT_JS};
  const visible = (element) => element && element.offsetParent !== null
    && element.innerText.trim().length > 0;
  const look = () => {{
    const now = performance.now();
    if (document.body) {{
      if (marks.text === null && document.body.innerText.trim().length > 0) marks.text = now;
      if (marks.title === null && [...document.querySelectorAll('h1, .rh-title')].some(visible))
        marks.title = now;
      const root = stageRoot();
      if (marks.stage === null && root && root.dataset.redraws && !root.querySelector('.loading'))
        marks.stage = now;
    }}
    if (marks.text === null || marks.title === null || marks.stage === null)
      requestAnimationFrame(look);
  }};
  requestAnimationFrame(look);
  window.__cls = () => {{
    let best = 0, sum = 0, first = null, last = null;
    for (const [time, value] of marks.shifts) {{
      if (first === null || time - last > 1000 || time - first > 5000) {{ sum = 0; first = time; }}
      sum += value; last = time; best = Math.max(best, sum);
    }}
    return best;
  }};
}})();
"""


@dataclass
class Visit:
    """One cold load: seconds since navigation start, bytes, CLS."""

    text: float
    title: float
    stage: float
    bytes: int
    highlighter: bool
    cls: float
    largest: list[tuple[int, str]] = field(default_factory=list)


def cold_visit(browser, url: str, viewport: dict) -> Visit:
    """Open ``url`` in a fresh context under the emulated network and wait for the stage."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 600)
    try:
        page = context.new_page()
        page.add_init_script(MARKS_JS)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        cdp.send("Network.emulateNetworkConditions", NETWORK)
        urls: dict[str, str] = {}
        sizes: dict[str, int] = {}
        cdp.on(
            "Network.requestWillBeSent",
            lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]),
        )
        cdp.on(
            "Network.loadingFinished",
            lambda e: sizes.__setitem__(e["requestId"], int(e["encodedDataLength"])),
        )
        page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            "() => window.__firstVisit && window.__firstVisit.stage !== null",
            timeout=LOAD_TIMEOUT_MS,
            polling=200,
        )
        page.wait_for_timeout(SETTLE_MS)
        marks = page.evaluate("() => window.__firstVisit")
        cls = page.evaluate("() => window.__cls()")
        fetched = [urls.get(request, "?") for request in sizes]
        largest = sorted(
            ((size, urls.get(request, "?").rsplit("/", 1)[-1]) for request, size in sizes.items()),
            reverse=True,
        )[:3]
        return Visit(
            text=marks["text"] / 1e3,
            title=marks["title"] / 1e3,
            stage=marks["stage"] / 1e3,
            bytes=sum(sizes.values()),
            highlighter=any(HIGHLIGHTER in address for address in fetched),
            cls=cls,
            largest=largest,
        )
    finally:
        context.close()


def warm(browser, url: str) -> None:
    """One untimed visit at full speed: the server builds or reads its first world."""
    context = browser.new_context(viewport=SCREENS["desktop"])
    try:
        page = context.new_page()
        page.add_init_script(MARKS_JS)
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            "() => window.__firstVisit && window.__firstVisit.stage !== null",
            timeout=LOAD_TIMEOUT_MS * 2,
            polling=500,
        )
    finally:
        context.close()


def report(name: str, screen: str, visits: list[Visit]) -> str:
    def median(attribute: str) -> float:
        return statistics.median(getattr(visit, attribute) for visit in visits)

    fetched = "yes" if any(visit.highlighter for visit in visits) else "no"
    spread = "-".join(f"{visit.stage:.1f}" for visit in sorted(visits, key=lambda v: v.stage))
    return (
        f"  {name:8} {screen:8} first text {median('text'):5.1f} s   title {median('title'):5.1f} s"
        f"   stage {median('stage'):5.1f} s ({spread})   {median('bytes') / 1e6:4.2f} MB"
        f"   highlighter {fetched:3}   CLS {median('cls'):.3f}"
    )


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.cold_load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--release", default=RELEASE, help="commit to compare with")
    parser.add_argument("--rounds", type=int, default=2, help="cold loads per server and screen")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    print(f"bench.cold_load: {machine_line()}")
    print(
        f"network: {NETWORK['downloadThroughput'] * 8 / 1e6:g} Mbit/s down, "
        f"{NETWORK['latency']} ms latency (CDP emulation)"
    )
    visits: dict[tuple[str, str], list[Visit]] = {}
    with beside_release(args.release) as servers, sync_playwright() as playwright:
        browser, choice = chromium.launch_chromium(playwright)
        print(f"browser: Chromium {browser.version}, {choice.reason}")
        try:
            for server in servers.values():
                warm(browser, server.url)
            for round_number in range(args.rounds):
                for name, server in servers.items():
                    for screen, viewport in SCREENS.items():
                        visit = cold_visit(browser, server.url, viewport)
                        visits.setdefault((name, screen), []).append(visit)
                print(f"  round {round_number + 1}: {machine_line()}", flush=True)
        finally:
            browser.close()
    print(f"after: {machine_line()}")
    print(f"this tree ({REPO_ROOT}) against release {args.release}, medians of {args.rounds}:")
    for (name, screen), found in visits.items():
        print(report(name, screen, found))
    for (name, screen), found in visits.items():
        biggest = ", ".join(f"{file} {size / 1e3:.0f} KB" for size, file in found[0].largest)
        print(f"  largest ({name}, {screen}): {biggest}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
