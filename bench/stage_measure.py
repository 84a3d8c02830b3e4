"""The measurements of bench.stage_latency, for one Playground (the stage or the release).

Times come from the page's own clock (performance.now()), so Python's round trips to the
browser are not in them; bytes from the observer's websocket counts (tests/support/observer.py)
and, for cold loads, from Chromium's Network events over CDP.
"""

from __future__ import annotations

import base64
import os
import time
from dataclasses import dataclass, field

from bench.stage_pages import (
    DRAG_SAMPLER_JS,
    STAGE_KEY_PROBE_JS,
    WORLD_PROBE_JS,
    PageKind,
    drag_slider_box,
    stage_slider,
)
from tests.support import app_page, observer

VIEWPORT = {"width": 1280, "height": 900}
TRAILING_MS = 1_000  # after fully drawn, requests still in flight are counted for this long
AFTER_DRAG_MS = 2_500  # a settle report leaves 350 ms after the last move; its rerun follows
PROBE_TIMEOUT_MS = 10_000
# The release's cold load took 15 s at load 12-15 and over 60 s at load 25-33 (two runs lost).
LOAD_TIMEOUT_MS = 180_000
SETTLE_QUIET_MS = 150  # the stage's page has no plotly chart to wait for after a settle rerun
DRAG_KEY = "beta"
KEYS = ("beta", "n")
WORLD_KEYS = ("sigma", "b")


@dataclass
class PageFigures:
    """What was measured for one page; lists hold one value per load, step or key press."""

    name: str
    load_ms: list[float] = field(default_factory=list)  # [first visitor, fresh contexts...]
    load_kb: list[float] = field(default_factory=list)
    drag: dict = field(default_factory=dict)
    world_drag: dict = field(default_factory=dict)  # a fresh visitor's whole b drag: bytes
    key_ms: dict[str, list[float]] = field(default_factory=dict)
    key_kb: dict[str, list[float]] = field(default_factory=dict)  # received before redrawn
    settle_kb: dict[str, list[float]] = field(default_factory=dict)
    world_ms: dict[str, list[float]] = field(default_factory=dict)
    world_kb: dict[str, list[float]] = field(default_factory=dict)
    load_average: dict[str, float] = field(default_factory=dict)  # 1-minute, per section
    # Where the time goes: the browser's main-thread work (CDP TaskDuration) per key press up
    # to redrawn, and per b/σ change; when the change's rerun finished after the key press.
    key_task_ms: list[float] = field(default_factory=list)
    world_task_ms: list[float] = field(default_factory=list)
    world_finished_ms: list[float] = field(default_factory=list)


def load_now() -> float:
    return os.getloadavg()[0]


def main_thread_ms(cdp) -> float:
    """Chromium's cumulative main-thread task time for the page (CDP Performance), in ms."""
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return 1000.0 * next(m["value"] for m in metrics if m["name"] == "TaskDuration")


class TransferCount:
    """Bytes Chromium received over HTTP and both ways over websockets (CDP Network events)."""

    def __init__(self, cdp) -> None:
        self.http = 0
        self.websocket = 0
        cdp.on("Network.loadingFinished", self._finished)
        cdp.on("Network.webSocketFrameReceived", self._frame)
        cdp.on("Network.webSocketFrameSent", self._frame)
        cdp.send("Network.enable")

    def _finished(self, event: dict) -> None:
        self.http += int(event.get("encodedDataLength", 0))

    def _frame(self, event: dict) -> None:
        response = event["response"]
        payload = response.get("payloadData", "")
        if response.get("opcode") == 2:  # binary frames arrive base64-encoded
            self.websocket += len(base64.b64decode(payload))
        else:
            self.websocket += len(payload.encode())

    @property
    def kilobytes(self) -> float:
        return (self.http + self.websocket) / 1024.0


def open_page(browser, url: str, kind: PageKind, *, count_bytes: bool = False):
    """A fresh context (empty cache) on `url`, drawn; returns (context, page, ms, KB)."""
    context = browser.new_context(viewport=VIEWPORT)
    page = observer.new_observed_page(context)
    transfers = TransferCount(context.new_cdp_session(page)) if count_bytes else None
    page.goto(url, wait_until="commit")
    drawn_ms = kind.wait_drawn(page, timeout_ms=LOAD_TIMEOUT_MS)
    page.wait_for_timeout(TRAILING_MS)
    kind.install_probe(page)
    kilobytes = transfers.kilobytes if transfers else float("nan")
    return context, page, drawn_ms, kilobytes


def measure_loads(browser, url: str, kind: PageKind, figures: PageFigures, fresh: int) -> None:
    figures.load_average["load"] = load_now()
    for _ in range(1 + fresh):  # the first visitor after the server started, then fresh ones
        context, _page, drawn_ms, kilobytes = open_page(browser, url, kind, count_bytes=True)
        figures.load_ms.append(drawn_ms)
        figures.load_kb.append(kilobytes)
        context.close()


def drag_steps(frames: list[dict], moves: list[float], release: float) -> tuple[int, int]:
    """(steps that moved the stop, of those the steps whose new stop was drawn before release).

    Step i runs from pointer move i to move i+1 (the last to the release). It moved the stop if
    the last frame in it (or the first after it) shows another stop than the last frame before
    it; it was drawn if a frame inside it shows other readouts *and* another cloud than that.
    """
    bounds = [*moves, release]
    moved = drawn = 0
    for start, end in zip(bounds, bounds[1:], strict=False):
        before = [frame for frame in frames if frame["t"] < start]
        inside = [frame for frame in frames if start <= frame["t"] < end]
        after = [frame for frame in frames if frame["t"] >= end]
        if not before:
            continue
        last = before[-1]
        shown = inside[-1] if inside else (after[0] if after else last)
        if shown["value"] == last["value"]:
            continue
        moved += 1
        if any(
            frame["readouts"] != last["readouts"] and frame["cloud"] != last["cloud"]
            for frame in inside
        ):
            drawn += 1
    return moved, drawn


def measure_drag(page, kind: PageKind, figures: PageFigures, steps: int, seconds: float) -> None:
    """Drag β's slider from one end to the other, the button held, `steps` moves in `seconds`."""
    figures.load_average["drag"] = load_now()
    box = drag_slider_box(page, kind, DRAG_KEY)
    margin = min(14.0, box["width"] * 0.05)  # the thumb's centre at each end of the track
    start, end = box["x"] + margin, box["x"] + box["width"] - margin
    middle = box["y"] + box["height"] / 2
    page.mouse.move(start, middle)
    page.mouse.down()
    page.wait_for_timeout(300)  # the press itself may move the stop; let that settle first
    observer.reset_chart_record(page)
    sent_before = page.evaluate("window.__bench.sends.length")
    finished_before = page.evaluate("window.__bench.finishes.length")
    redraws_before = page.evaluate(DRAG_SAMPLER_JS, DRAG_KEY)
    began = time.perf_counter()
    for step in range(1, steps + 1):
        page.mouse.move(start + (end - start) * step / steps, middle)
        delay = began + seconds * step / steps - time.perf_counter()
        if delay > 0:
            time.sleep(delay)
    sent_during = page.evaluate("window.__bench.sends.length") - sent_before
    page.mouse.up()
    page.wait_for_timeout(50)
    sample = page.evaluate("window.__dragStop()")
    page.wait_for_timeout(AFTER_DRAG_MS)
    app_page.wait_until_ready(page)
    sent_total = page.evaluate("window.__bench.sends.length") - sent_before
    finished = page.evaluate("window.__bench.finishes.length") - finished_before
    moves, release = sample["moves"], sample["release"]
    frames = [frame for frame in sample["frames"] if frame["t"] <= release]
    seconds_held = (release - moves[0]) / 1000.0
    in_drag = [frame for frame in frames if frame["t"] >= moves[0]]
    moved, drawn = drag_steps(frames, moves, release)
    redraws = None
    if redraws_before is not None and sample["redraws"] is not None:
        redraws = (sample["redraws"] - redraws_before) / seconds_held
    figures.drag = {
        "seconds": seconds_held,
        "fps": len(in_drag) / seconds_held,
        "redraws_per_second": redraws,
        "moves": len(moves),
        "moved": moved,
        "drawn": drawn,
        "sent_during": sent_during,
        "sent_after": sent_total - sent_during,
        "reruns": finished,
    }


def walk(slider_max: int, presses: int) -> list[str]:
    count = min(presses, max(1, slider_max))
    return ["ArrowRight"] * count + ["ArrowLeft"] * count


def press_stage_key(page, cdp, key: str, keyboard_key: str) -> tuple[float, ...]:
    """One key press on the stage's slider: (ms to redrawn, KB before it, KB of the settle,
    main-thread ms up to redrawn)."""
    slider = stage_slider(page, key)
    slider.focus()
    observer.reset_chart_record(page)
    since = observer.page_now(page)
    page.evaluate(STAGE_KEY_PROBE_JS, key)
    busy = main_thread_ms(cdp)
    slider.press(keyboard_key)
    probe = page.wait_for_function(
        "() => window.__keyProbe.drawnAt !== null && window.__keyProbe",
        timeout=PROBE_TIMEOUT_MS,
        polling=20,
    ).json_value()
    busy = main_thread_ms(cdp) - busy
    key_down = page.evaluate("window.__bench.keyDownAt")
    kilobytes_before = page.evaluate("window.__bench.receivedBytes") / 1024.0
    record = observer.wait_for_rerun(page, since, quiet_ms=SETTLE_QUIET_MS)
    settle_kb = record["receivedBytes"] / 1024.0
    return probe["drawnAt"] - key_down, kilobytes_before, settle_kb, busy


def home_stage_slider(page, key: str) -> None:
    slider = stage_slider(page, key)
    if slider.input_value() != "0":
        since = observer.page_now(page)
        slider.press("Home")
        observer.wait_for_rerun(page, since, quiet_ms=SETTLE_QUIET_MS)


def home_streamlit_slider(page, key: str) -> None:
    thumb = app_page.slider_thumb(page, key)
    if thumb.get_attribute("value") != thumb.get_attribute("min"):
        app_page.press_on_slider(page, key, "Home")


def measure_keys(page, cdp, kind: PageKind, figures: PageFigures, presses: int) -> None:
    figures.load_average["keys"] = load_now()
    for key in KEYS:
        latencies, before, settles = [], [], []
        if kind.is_stage:
            home_stage_slider(page, key)
            slider_max = int(stage_slider(page, key).get_attribute("max"))
            for keyboard_key in walk(slider_max, presses):
                latency, kilobytes, settle, busy = press_stage_key(page, cdp, key, keyboard_key)
                figures.key_task_ms.append(busy)
                latencies.append(latency)
                before.append(kilobytes)
                settles.append(settle)
        else:
            home_streamlit_slider(page, key)
            thumb = app_page.slider_thumb(page, key)
            slider_max = int(float(thumb.get_attribute("max")) - float(thumb.get_attribute("min")))
            for keyboard_key in walk(slider_max, presses):
                busy = main_thread_ms(cdp)
                record = app_page.press_on_slider(page, key, keyboard_key)
                figures.key_task_ms.append(main_thread_ms(cdp) - busy)  # the quiet wait is idle
                latencies.append(record["latencyMs"])
                before.append(record["receivedBytes"] / 1024.0)  # the rerun is the redraw
                settles.append(record["receivedBytes"] / 1024.0)
        figures.key_ms[key], figures.key_kb[key], figures.settle_kb[key] = (
            latencies,
            before,
            settles,
        )


WORLD_COUNT_JS = """() => performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/worlds/')).length"""
# Bytes of the worlds the page fetched over HTTP (/worlds/, ui/playground/world_files.py).
WORLD_BYTES_JS = """() => performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/worlds/'))
  .reduce((sum, entry) => sum + entry.transferSize, 0)"""


def press_stage_world_key(page, cdp, key: str, keyboard_key: str) -> tuple[float, ...]:
    """One key press on the stage's b or σ: (ms to the new world drawn, KB received (world over
    HTTP + websocket) by then, main-thread ms, ms to the settle's rerun finished)."""
    slider = stage_slider(page, key)
    slider.focus()
    since = observer.page_now(page)
    http_before = page.evaluate(WORLD_BYTES_JS)
    page.evaluate("() => { window.__bench.receivedBytes = 0; }")
    page.evaluate(WORLD_PROBE_JS)
    busy = main_thread_ms(cdp)
    slider.press(keyboard_key)
    drawn_at = page.wait_for_function(
        "() => window.__worldProbe.drawnAt", timeout=PROBE_TIMEOUT_MS, polling=20
    ).json_value()
    busy = main_thread_ms(cdp) - busy
    key_down = page.evaluate("window.__bench.keyDownAt")
    received = page.evaluate(WORLD_BYTES_JS) - http_before
    received += page.evaluate("window.__bench.receivedBytes")
    record = observer.wait_for_rerun(page, since, quiet_ms=SETTLE_QUIET_MS)
    return drawn_at - key_down, received / 1024.0, busy, record["rerunFinishedAt"] - key_down


def measure_worlds(page, cdp, kind: PageKind, figures: PageFigures, presses: int) -> None:
    """b and σ key presses: to the new world drawn (stage) or every chart redrawn (release)."""
    figures.load_average["worlds"] = load_now()
    if kind.is_stage:
        for key in WORLD_KEYS:
            home_stage_slider(page, key)
            slider_max = int(stage_slider(page, key).get_attribute("max"))
            latencies, kilobytes = [], []
            for keyboard_key in walk(slider_max, presses):
                latency, received, busy, finished = press_stage_world_key(
                    page, cdp, key, keyboard_key
                )
                figures.world_task_ms.append(busy)
                figures.world_finished_ms.append(finished)
                latencies.append(latency)
                kilobytes.append(received)
            figures.world_ms[key], figures.world_kb[key] = latencies, kilobytes
        return
    for key in WORLD_KEYS:
        home_streamlit_slider(page, key)
        thumb = app_page.slider_thumb(page, key)
        slider_max = int(float(thumb.get_attribute("max")) - float(thumb.get_attribute("min")))
        latencies, kilobytes = [], []
        for keyboard_key in walk(slider_max, presses):
            busy = main_thread_ms(cdp)
            record = app_page.press_on_slider(page, key, keyboard_key)
            figures.world_task_ms.append(main_thread_ms(cdp) - busy)
            figures.world_finished_ms.append(record["rerunFinishedAt"] - record["keyDownAt"])
            latencies.append(record["latencyMs"])
            kilobytes.append(record["receivedBytes"] / 1024.0)
        figures.world_ms[key], figures.world_kb[key] = latencies, kilobytes


def measure_world_drag(browser, url: str, kind: PageKind, figures: PageFigures, args) -> None:
    """A fresh visitor (empty cache) drags b from 0 to 1 in `args.drag_seconds`: the bytes it
    received from its page's load to the drag's settled rerun, worlds fetched ahead included
    (HTTP /worlds/ for the stage; websocket for both)."""
    figures.load_average["world drag"] = load_now()
    context, page, _, _ = open_page(browser, url, kind)
    try:
        box = drag_slider_box(page, kind, "b")
        margin = min(14.0, box["width"] * 0.05)
        start, end = box["x"] + margin, box["x"] + box["width"] - margin
        middle = box["y"] + box["height"] / 2
        page.evaluate("() => { window.__bench.receivedBytes = 0; }")
        page.mouse.move(start, middle)
        page.mouse.down()
        began = time.perf_counter()
        for step in range(1, args.drag_steps + 1):
            page.mouse.move(start + (end - start) * step / args.drag_steps, middle)
            delay = began + args.drag_seconds * step / args.drag_steps - time.perf_counter()
            if delay > 0:
                time.sleep(delay)
        page.mouse.up()
        page.wait_for_timeout(AFTER_DRAG_MS)
        app_page.wait_until_ready(page)
        figures.world_drag = {
            "http_kb": page.evaluate(WORLD_BYTES_JS) / 1024.0,
            "worlds": page.evaluate(WORLD_COUNT_JS),
            "websocket_kb": page.evaluate("window.__bench.receivedBytes") / 1024.0,
        }
    finally:
        context.close()


def measure_page(browser, url: str, kind: PageKind, args) -> PageFigures:
    """Every measurement on one page: loads, then a drag, key presses and b/σ changes."""
    figures = PageFigures(kind.name)
    measure_loads(browser, url, kind, figures, args.fresh_loads)
    context, page, _, _ = open_page(browser, url, kind)
    cdp = context.new_cdp_session(page)
    cdp.send("Performance.enable")
    try:
        measure_drag(page, kind, figures, args.drag_steps, args.drag_seconds)
        measure_keys(page, cdp, kind, figures, args.presses)
        measure_worlds(page, cdp, kind, figures, args.world_presses)
        app_page.screenshot(page, app_page.SCREENSHOT_DIR / f"bench-stage-{kind.name}.png")
    finally:
        context.close()
    measure_world_drag(browser, url, kind, figures, args)
    return figures
