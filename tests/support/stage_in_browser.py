"""The Playground's stage in a real Chromium: find its parts, read them, sample its frames.

The stage is a custom component drawn in a shadow root; Playwright's CSS locators pierce it,
and the JavaScript here reaches it through the component's host element.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from urllib.parse import parse_qs, urlsplit

from playwright.sync_api import expect

from tests.support import app_page
from tests.support.stage_root_js import STAGE_ROOT_JS
from ui.playground import worlds
from ui.settings import SETTINGS

STAGE = '[data-testid="stage"]'
READOUT_FIELDS = ("kl", "proxy", "gold", "length")
DRAW_TIMEOUT_MS = 30_000
DRAG_STEPS = 60  # mouse moves along a slider's whole track, the button held down


# Every animation frame, how much of each chart is drawn (its marks: paths, lines, circles,
# the true-quality image, texts), how tall it is, and how opaque the stage is on screen.
FRAME_SAMPLER_JS = f"""
() => {{
  const findRoot = {STAGE_ROOT_JS};
  window.__stageFrames = [];
  window.__sampling = true;
  const drawn = 'path, polyline, circle, image, line, text';
  const marks = (svg) => svg ? svg.querySelectorAll(drawn).length : 0;
  const opacityOf = (element) => {{
    let opacity = 1;
    const up = (node) => node.parentElement || (node.getRootNode() && node.getRootNode().host);
    for (let node = element; node && node.nodeType === 1; node = up(node)) {{
      opacity *= parseFloat(getComputedStyle(node).opacity);
    }}
    return opacity;
  }};
  const tick = () => {{
    const root = findRoot();
    const frame = {{ curves: 0, plane: 0, curvesHeight: 0, planeHeight: 0, opacity: 0 }};
    if (root) {{
      for (const chart of ['curves', 'plane']) {{
        const svg = root.querySelector(`svg[data-chart="${{chart}}"]`);
        frame[chart] = marks(svg);
        frame[chart + 'Height'] = svg ? svg.getBoundingClientRect().height : 0;
      }}
      frame.opacity = opacityOf(root);
      frame.world = root.dataset.world;
    }}
    window.__stageFrames.push(frame);
    if (window.__sampling) requestAnimationFrame(tick);
  }};
  requestAnimationFrame(tick);
}}
"""


def root(page):
    """The stage's root element."""
    return page.locator(STAGE)


def wait_until_drawn(page) -> None:
    """Wait until the stage has drawn its charts at least once.

    The stage first: "no .loading" holds at once on a page whose stage has not mounted yet
    (after a reload at load 30 that took over the 5 s the next check then had).
    """
    expect(root(page)).to_be_attached(timeout=DRAW_TIMEOUT_MS)
    expect(root(page).locator(".loading")).to_have_count(0, timeout=DRAW_TIMEOUT_MS)
    expect(root(page)).to_have_attribute(
        "data-redraws", re.compile(r"\d+"), timeout=DRAW_TIMEOUT_MS
    )


def slider(page, key: str):
    """The stage's `<input type=range>` for β or n, found by its role and accessible name."""
    return page.get_by_role("slider", name=SETTINGS[key].label, exact=True)


def play_button(page, key: str):
    return root(page).locator(f".method.{key} button.play[aria-pressed]")  # not its Guess button


def readouts(page) -> list[str]:
    """The eight readouts on the stage: KL penalty's four, then best-of-n's."""
    return [
        page.locator(f'[data-readout="{key}-{field}"]').inner_text().strip()
        for key in ("beta", "n")
        for field in READOUT_FIELDS
    ]


def shown(page, key: str) -> str:
    """The stop the stage shows for β or n, as the URL writes it ("0.6", "49")."""
    return root(page).get_attribute(f"data-{key}")


def world(b: float = 0.0, sigma: float = 0.0) -> dict:
    """What the server sends the stage for (b, σ), from the same code."""
    return json.loads(worlds.world_json(b, sigma))


def world_readouts(stage_world: dict, beta: str, n: str) -> list[str]:
    """The eight readouts the world holds for the stops β = beta and n = n."""
    values = []
    for key, stop in (("beta", beta), ("n", n)):
        method = stage_world[key]
        index = method["stops"].index(stop)
        values += [method["readouts"][field][index] for field in READOUT_FIELDS]
    return values


def url_value(page, key: str) -> str | None:
    """The value of `key` in the page's address (None when it is left out)."""
    values = parse_qs(urlsplit(page.url).query).get(key)
    return values[-1] if values else None


def expect_url_holds(page, key: str, value: str | None, *, timeout_ms: float | None = None) -> None:
    """Wait until the address holds `key=value` (or leaves `key` out, for None); `timeout_ms`
    (default Playwright's 5 s) for an address a server run writes after a page switch."""
    if value is None:
        expect(page).not_to_have_url(re.compile(rf"[?&]{key}="), timeout=timeout_ms)
    else:
        pattern = re.compile(rf"[?&]{key}={re.escape(value)}(&|$)")
        expect(page).to_have_url(pattern, timeout=timeout_ms)


def next_frame(page) -> None:
    """Wait for the browser to draw one more frame."""
    page.evaluate("() => new Promise((resolve) => requestAnimationFrame(() => resolve()))")


def drag_across(page, key: str, *, steps: int = DRAG_STEPS) -> Iterator[str]:
    """Drag ``key``'s stage slider from its low end to its high end in ``steps`` mouse moves,
    a frame apart, the button held: yields the value shown once pressed, then each time a move
    changes it (the caller reads that frame). The button stays down: the caller releases it
    (``page.mouse.up()``) once it has counted what the drag sent."""
    # b and σ sit under the charts on a laptop (ui/playground/stage_assets/stage.css), below a
    # 1280x900 window's fold: a mouse reaches only what is on screen, as a reader's scroll does.
    slider(page, key).scroll_into_view_if_needed()
    box = slider(page, key).bounding_box()
    middle = box["y"] + box["height"] / 2
    start, end = box["x"] + 14, box["x"] + box["width"] - 14  # the thumb's centre at each end
    page.mouse.move(start, middle)
    page.mouse.down()
    last = shown(page, key)
    yield last
    for step in range(1, steps + 1):
        page.mouse.move(start + (end - start) * step / steps, middle)
        next_frame(page)
        value = shown(page, key)
        if value != last:
            last = value
            yield value


def cloud_positions(page, key: str) -> list[str]:
    """Where each point of a method's cloud is drawn (its SVG transforms)."""
    return (
        root(page)
        .locator(f'[data-cloud="{key}"] path')
        .evaluate_all("(points) => points.map((point) => point.getAttribute('transform'))")
    )


def start_frame_sampling(page) -> None:
    page.evaluate(FRAME_SAMPLER_JS)


def stop_frame_sampling(page) -> list[dict]:
    return page.evaluate("() => { window.__sampling = false; return window.__stageFrames; }")


def frames_around(page, action, *, until=None, after_ms: float = 800) -> list[dict]:
    """Sample every frame while `action()` runs and `until()` (a wait for what it brings, e.g.
    an `expect`) holds, then while any rerun finishes, then `after_ms` more (the new picture
    stays drawn)."""
    start_frame_sampling(page)
    next_frame(page)
    next_frame(page)
    action()
    if until is not None:
        until()  # not a fixed 200 ms: a world built on demand takes seconds at load 30+
    app_page.wait_until_ready(page)
    page.wait_for_timeout(after_ms)  # a window to sample, not a wait for something to happen
    return stop_frame_sampling(page)


# Collects every websocket frame the page sends (a rerun request is one), from page load on.
COUNT_SENT_FRAMES_JS = """
() => {
  window.__sentFrames = 0;
  window.__sockets = [];
  const Native = window.WebSocket;
  window.WebSocket = function (...args) {
    const socket = new Native(...args);
    window.__sockets.push(socket);
    const send = socket.send.bind(socket);
    socket.send = (data) => { window.__sentFrames += 1; return send(data); };
    return socket;
  };
  window.WebSocket.prototype = Native.prototype;
  Object.assign(window.WebSocket, Native);
}
"""


def open_stage(tab, path: str = "") -> None:
    """Open the Playground at ``path`` in ``tab``, counting the websocket frames it sends."""
    tab.page.add_init_script(f"({COUNT_SENT_FRAMES_JS})()")
    tab.open(path)
    wait_until_drawn(tab.page)
