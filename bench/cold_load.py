"""A first visit over a lecture hall's network, on every page: this tree, and the release's
Playground beside it, in one run.

    python -m bench.cold_load [--release 4ed5e53|none] [--rounds 2] [--pages compare,defenses]
    python -m bench.cold_load --release main --release-pages all   # a change against main

Two servers side by side (this tree, and the release exported with `git archive`), each warmed
by one visit to every page that is not timed (a warm server, as a lecture finds it). Then, per
round, per page, per screen (1280x720 projector, 390x844 phone): a fresh browser context (empty
cache) opens the page under Chromium's emulated network (CDP Network.emulateNetworkConditions:
1.5 Mbit/s down, 0.75 up, 300 ms latency) and reports, in seconds since navigation start:

- first text: the first frame with any visible text;
- title: the first frame showing the app's title (the page's h1, or the first paint's title);
- first chart: the first frame with the page's first chart drawn: the Playground's stage (no
  skeleton, its charts drawn once), elsewhere a plotly chart's SVG or the main chart's sketch
  drawn before plotly's code arrives (ui/chart_sketch.py; the Lesson and the poll have none);
- plotly: the first frame with a plotly chart's own SVG (after its 1.4 MB bundle);

and the bytes over HTTP (CDP encodedDataLength, every request, the Playground's worlds
included; the websocket is not HTTP; Chromium offers zstd to 127.0.0.1, so this tree's bundles
come in zstd, and the summary gives each visit's bytes with every bundle in gzip and in zstd
too, sized by asking the server for each in that coding), whether Streamlit's syntax
highlighter bundle was fetched, the first chart's height when first drawn and at the end (the
fitted pages redraw their main chart once at its fitted size when ui/screen.py's report
arrives), and CLS (PerformanceObserver layout-shift, buffered: the largest session window, 1 s
gap / 5 s cap, as Chromium defines it), read once the page has been quiet for 2 s (no run, no
shift). The release is visited on the Playground only (its first-visit baseline), or on
--release-pages. Each visit is printed as it ends (one that times out is said and skipped),
then the medians over the rounds; the machine's load before, between and after.
"""

from __future__ import annotations

import argparse
import contextlib
import statistics
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from tests.support import app_page, chromium
from tests.support.machine import machine_line
from tests.support.release import beside_release
from tests.support.server import REPO_ROOT, StreamlitServer, start_streamlit
from tests.support.stage_root_js import STAGE_ROOT_JS

RELEASE = "4ed5e53"  # main before the first-visit work: 4.6 MB, blank for ~14 s at 1.5 Mbit/s
NETWORK = {  # a lecture hall's share of a busy Wi-Fi
    "offline": False,
    "latency": 300,  # ms added to every request
    "downloadThroughput": 1.5e6 / 8,  # bytes per second
    "uploadThroughput": 0.75e6 / 8,
}
SCREENS = {"desktop": app_page.VIEWPORTS["projector"], "phone": app_page.VIEWPORTS["phone"]}
LOAD_TIMEOUT_MS = 240_000  # the release's stage took ~20 s; a fitted page 60 s at load 30
QUIET_MS = 2_000  # no run and no shift this long: the first visit is over, CLS is read
HIGHLIGHTER = "StreamlitSyntaxHighlighter"  # the bundle st.code pulls in (1.56 MB)
# Every page's address, and what its first chart is ("stage", "plotly", or None: no chart).
PAGES = {
    "playground": ("", "stage"),
    "best-of-n": ("best-of-n", "plotly"),
    "kl-penalty": ("kl-penalty", "plotly"),
    "lesson": ("lesson", None),
    "reward-model": ("reward-model", "plotly"),
    "compare": ("compare", "plotly"),
    "defenses": ("defenses", "plotly"),
    "poll": ("poll", None),
    "checker": ("checker", "plotly"),
}

# Every frame: when text, the title and the first chart first appear, the first chart's height,
# and when the page last changed (a script run starting or ending, a layout shift).
# CLS: Chromium's session windows over layout-shift entries without recent input.
MARKS_JS = f"""
(() => {{
  const marks = window.__firstVisit = {{
    text: null, title: null, chart: null, plotly: null, firstHeight: null, height: null,
    changed: 0,
    shifts: [], moved: [], runs: 0,
  }};
  new PerformanceObserver((list) => {{
    for (const entry of list.getEntries()) {{
      if (entry.hadRecentInput) continue;
      marks.shifts.push([entry.startTime, entry.value]);
      marks.changed = performance.now();
      // What moved, for the report: the element's test id or key class, and its top before
      // and after (px).
      const moved = (entry.sources || []).map((source) => {{
        let node = source.node;
        while (node && node.nodeType !== 1) node = node.parentNode;
        let named = node;
        while (named && !(named.dataset && named.dataset.testid)
          && !String(named.className).includes('st-key-')) named = named.parentElement;
        const key = named && (String(named.className).match(/st-key-[\\w-]+/) || [])[0];
        const name = named ? (key || named.dataset.testid) : '?';
        const [before, after] = [source.previousRect.y, source.currentRect.y].map(Math.round);
        return `${{name}} ${{before}}->${{after}}`;
      }});
      marks.moved.push([entry.value, (entry.startTime / 1e3).toFixed(1), moved.join('; ')]);
    }}
  }}).observe({{ type: 'layout-shift', buffered: true }});
  const stageRoot = {STAGE_ROOT_JS};
  const visible = (element) => element && element.offsetParent !== null
    && element.innerText.trim().length > 0;
  const firstChart = () => {{
    const root = stageRoot();
    if (root) return root.dataset.redraws && !root.querySelector('.loading') ? root : null;
    const svg = document.querySelector('[data-testid="stPlotlyChart"] .js-plotly-plot .main-svg');
    if (svg && svg.getBoundingClientRect().height > 0) return svg;
    const sketch = document.querySelector('.rh-sketch');
    return sketch && sketch.getBoundingClientRect().height > 0 ? sketch : null;
  }};
  const plotlyDrawn = () => {{
    const svg = document.querySelector('[data-testid="stPlotlyChart"] .js-plotly-plot .main-svg');
    return !!svg && svg.getBoundingClientRect().height > 0;
  }};
  let state = null;
  const look = () => {{
    const now = performance.now();
    if (document.body) {{
      if (marks.text === null && document.body.innerText.trim().length > 0) marks.text = now;
      if (marks.title === null && [...document.querySelectorAll('h1, .rh-title')].some(visible))
        marks.title = now;
      const chart = firstChart();
      if (chart) {{
        const height = Math.round(chart.getBoundingClientRect().height);
        if (marks.chart === null) {{ marks.chart = now; marks.firstHeight = height; }}
        marks.height = height;
      }}
      if (marks.plotly === null && plotlyDrawn()) marks.plotly = now;
      const app = document.querySelector('[data-testid="stApp"]');
      const running = app && app.dataset.testScriptState;
      if (running !== state) {{
        state = running; marks.changed = now; marks.runs += running === 'running';
      }}
    }}
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


# The first visit is over: the app ran and drew (no skeleton, every chart's SVG), its first
# chart is up (where the page has one), and nothing ran or moved for QUIET_MS.
OVER_JS = f"""
([finished, drawing, wantsChart]) => {{
  const marks = window.__firstVisit;
  return !!marks && !!document.querySelector(finished) && !document.querySelector(drawing)
    && (!wantsChart || marks.chart !== null) && performance.now() - marks.changed > {QUIET_MS};
}}
"""


@dataclass
class Visit:
    """One cold load: seconds since navigation start (chart None: the page has none), bytes,
    CLS, the first chart's height in px when first drawn and at the end."""

    text: float
    title: float
    chart: float | None
    plotly: float | None
    bytes: int
    highlighter: bool
    cls: float
    heights: tuple[int, int] | None = None
    runs: int = 0
    largest: list[tuple[int, str]] = field(default_factory=list)
    shifts: list[list] = field(default_factory=list)  # [value, at s, what moved], largest first
    requests: list[tuple[str, int, str]] = field(default_factory=list)  # url, bytes, its coding


def cold_visit(
    browser, url: str, viewport: dict, chart: str | None, *, throttled: bool = True
) -> Visit:
    """Open ``url`` in a fresh context under the emulated network and wait until its first
    visit is over (see OVER_JS)."""
    context = browser.new_context(viewport=viewport, is_mobile=viewport["width"] < 600)
    try:
        page = context.new_page()
        page.add_init_script(MARKS_JS)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.setCacheDisabled", {"cacheDisabled": False})
        if throttled:
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
        codings: dict[str, str] = {}
        cdp.on(
            "Network.responseReceived",
            lambda e: codings.__setitem__(e["requestId"], content_coding(e["response"]["headers"])),
        )
        page.goto(url, wait_until="commit", timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            OVER_JS,
            arg=[app_page.RUN_FINISHED, app_page.STILL_DRAWING, chart is not None],
            timeout=LOAD_TIMEOUT_MS,
            polling=200,
        )
        marks = page.evaluate("() => window.__firstVisit")
        cls = page.evaluate("() => window.__cls()")
        fetched = [urls.get(request, "?") for request in sizes]
        largest = sorted(
            ((size, urls.get(request, "?").rsplit("/", 1)[-1]) for request, size in sizes.items()),
            reverse=True,
        )[:3]
        drawn = marks["chart"] is not None
        return Visit(
            text=marks["text"] / 1e3,
            title=marks["title"] / 1e3,
            chart=marks["chart"] / 1e3 if drawn else None,
            plotly=marks["plotly"] / 1e3 if marks["plotly"] is not None else None,
            bytes=sum(sizes.values()),
            highlighter=any(HIGHLIGHTER in address for address in fetched),
            cls=cls,
            heights=(marks["firstHeight"], marks["height"]) if drawn else None,
            runs=marks["runs"],
            largest=largest,
            shifts=sorted(marks["moved"], reverse=True)[:3],
            requests=[
                (urls.get(request, "?"), size, codings.get(request, "identity"))
                for request, size in sizes.items()
            ],
        )
    finally:
        context.close()


def content_coding(headers: dict[str, str]) -> str:
    """A response's Content-Encoding from CDP's headers (any case), or "identity"."""
    found = {name.lower(): value for name, value in headers.items()}
    return found.get("content-encoding", "identity").strip().lower() or "identity"


BUNDLE_CODINGS = ("gzip", "zstd")  # the codings server/bundles.py sends Streamlit's bundles in


def bytes_by_coding(visit: Visit, sized: dict[tuple[str, str], int | None]) -> dict:
    """The visit's bytes over HTTP had every ``/static/`` bundle come in each coding: each
    bundle's body as it came swapped for its body in that coding, asked of the server once
    (``sized`` keeps the answers: url and coding to bytes); other requests as they came. None
    for a coding the server does not send (the release sends no zstd)."""
    totals: dict[str, int | None] = dict.fromkeys(BUNDLE_CODINGS, 0)
    for url, size, coding in visit.requests:
        for wanted in BUNDLE_CODINGS:
            if totals[wanted] is None:
                continue
            if "/static/" not in url or coding == wanted:
                totals[wanted] += size
                continue
            came, instead = body_size(url, coding, sized), body_size(url, wanted, sized)
            totals[wanted] = None if instead is None else totals[wanted] + size - came + instead
    return totals


def coding_line(totals: list[dict]) -> str:
    """The medians of visits' bytes had every bundle come in gzip, and in zstd."""
    parts = []
    for coding in BUNDLE_CODINGS:
        found = [total[coding] for total in totals]
        if None in found:
            parts.append(f"all {coding}: not served")
        else:
            parts.append(f"all {coding} {statistics.median(found) / 1e6:.2f} MB")
    return ", ".join(parts)


def body_size(url: str, coding: str, sized: dict[tuple[str, str], int | None]) -> int | None:
    """Bytes of ``url``'s body in ``coding`` as the server sends it, None if it sends it in
    another (asked once, kept)."""
    if (url, coding) not in sized:
        request = urllib.request.Request(url, headers={"Accept-Encoding": coding})
        with urllib.request.urlopen(request, timeout=120) as reply:
            body = reply.read()
            sent = reply.headers.get("Content-Encoding", "identity")
        sized[(url, coding)] = len(body) if sent == coding else None
    return sized[(url, coding)]


def warm(browser, url: str, chart: str | None) -> None:
    """One untimed visit at full speed: the server builds or reads what the page needs."""
    context = browser.new_context(viewport=SCREENS["desktop"])
    try:
        page = context.new_page()
        page.add_init_script(MARKS_JS)
        page.goto(url, timeout=LOAD_TIMEOUT_MS)
        page.wait_for_function(
            OVER_JS,
            arg=[app_page.RUN_FINISHED, app_page.STILL_DRAWING, chart is not None],
            timeout=LOAD_TIMEOUT_MS * 2,
            polling=500,
        )
    finally:
        context.close()


def report(name: str, page: str, screen: str, visits: list[Visit]) -> str:
    def median(attribute: str) -> float:
        return statistics.median(getattr(visit, attribute) for visit in visits)

    fetched = "yes" if any(visit.highlighter for visit in visits) else "no"
    if visits[0].chart is None:
        chart = "first chart   none"
    else:
        times = sorted(visit.chart for visit in visits)
        heights = visits[-1].heights
        chart = (
            f"first chart {median('chart'):5.1f} s ({'-'.join(f'{t:.1f}' for t in times)}, "
            f"{heights[0]}->{heights[1]} px)"
        )
    plotly_times = [visit.plotly for visit in visits if visit.plotly is not None]
    plotly = f"plotly {statistics.median(plotly_times):5.1f} s" if plotly_times else ""
    return (
        f"  {name:7} {page:12} {screen:6} text {median('text'):4.1f} s  title "
        f"{median('title'):4.1f} s  {chart:38} {plotly:14} {median('bytes') / 1e6:4.2f} MB  "
        f"CLS {median('cls'):.3f}  runs {median('runs'):.0f}  highlighter {fetched}"
    )


def parse_arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.cold_load", description=__doc__.split("\n")[0]
    )
    parser.add_argument(
        "--release", default=RELEASE, help="commit whose Playground to compare with, or none"
    )
    parser.add_argument("--rounds", type=int, default=2, help="cold loads per page and screen")
    parser.add_argument("--pages", default="all", help=f"all, or some of {','.join(PAGES)}")
    parser.add_argument(
        "--release-pages", default="playground", help="the release's pages visited (or all)"
    )
    parser.add_argument(
        "--network", choices=("hall", "none"), default="hall", help="hall: 1.5 Mbit/s, 300 ms"
    )
    args = parser.parse_args(argv)
    for option in ("pages", "release_pages"):
        names = getattr(args, option)
        names = list(PAGES) if names == "all" else names.split(",")
        if not set(names) <= set(PAGES):
            parser.error(f"--{option}: {','.join(names)} is not 'all' or some of {','.join(PAGES)}")
        setattr(args, option, names)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    print(f"bench.cold_load: {machine_line()}")
    if args.network == "hall":
        print(
            f"network: {NETWORK['downloadThroughput'] * 8 / 1e6:g} Mbit/s down, "
            f"{NETWORK['latency']} ms latency (CDP emulation)"
        )
    else:
        print("network: loopback, not throttled (what a fitted page does when bytes are free)")
    visits: dict[tuple[str, str, str], list[Visit]] = {}
    servers_wanted = beside_release(args.release) if args.release != "none" else this_tree()
    with servers_wanted as servers, sync_playwright() as playwright:
        browser, choice = chromium.launch_chromium(playwright)
        print(f"browser: Chromium {browser.version}, {choice.reason}")
        # The release is the Playground's baseline (its other pages are not today's), unless
        # --release-pages names them (a release that has them: main before a change).
        plan = [
            (name, page)
            for name in servers
            for page in (args.pages if name == "this" else args.release_pages)
        ]
        try:
            for name, page in plan:
                warm(browser, servers[name].url + PAGES[page][0], PAGES[page][1])
            for round_number in range(args.rounds):
                for name, page in plan:
                    path, chart = PAGES[page]
                    for screen, viewport in SCREENS.items():
                        try:
                            visit = cold_visit(
                                browser,
                                servers[name].url + path,
                                viewport,
                                chart,
                                throttled=args.network == "hall",
                            )
                        except PlaywrightError as error:  # one visit lost, not the run
                            print(f"  {name} {page} {screen}: {error.message.splitlines()[0]}")
                            continue
                        visits.setdefault((name, page, screen), []).append(visit)
                        print(report(name, page, screen, [visit]), flush=True)
                print(f"  round {round_number + 1}: {machine_line()}", flush=True)
        finally:
            browser.close()
        # Sizes, not times: each bundle fetched asked once more per coding, while the servers run.
        sized: dict[tuple[str, str], int | None] = {}
        by_coding = {
            key: [bytes_by_coding(visit, sized) for visit in found] for key, found in visits.items()
        }
    print(f"after: {machine_line()}")
    print(f"this tree ({REPO_ROOT}) and release {args.release}, medians of {args.rounds}:")
    for (name, page, screen), found in visits.items():
        print(report(name, page, screen, found))
    for (name, page, screen), found in visits.items():
        biggest = ", ".join(f"{file} {size / 1e3:.0f} KB" for size, file in found[0].largest)
        print(f"  largest ({name}, {page}, {screen}): {biggest}")
    for key, totals in by_coding.items():
        print(f"  codings {key}: {coding_line(totals)}")
    for (name, page, screen), found in visits.items():
        worst = max(found, key=lambda visit: visit.cls)
        for value, at, moved in worst.shifts:
            print(f"  shift ({name}, {page}, {screen}): {value:.3f} at {at} s: {moved[:160]}")
    return 0


@contextlib.contextmanager
def this_tree() -> Iterator[dict[str, StreamlitServer]]:
    """This tree's app alone (``--release none``), stopped on the way out."""
    server = start_streamlit(REPO_ROOT / "app.py")
    try:
        yield {"this": server}
    finally:
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
