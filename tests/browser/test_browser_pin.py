"""Pin and compare, and take the figures away, in a real Chromium: Pin keeps a faded copy while
b, σ, β and n change, the address holds it (reload, Back, Forward, a sent link, presenter mode),
Clear removes it; the SVG, PNG and CSV downloads open, and the CSV's numbers are core's."""

import contextlib
import csv
import io
import re
import struct
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

import core
from tests.support import app_page
from tests.support import stage_in_browser as stage_page
from ui.settings import SETTINGS

pytestmark = pytest.mark.browser
WORLD_FETCH_MS = 30_000  # a world the stage fetches on demand, the server busy

PINNED_CURVES = '[data-pinned="curves"] polyline'  # 2 per panel: reward model, true quality
DOWNLOADS = (
    "Download the picture as SVG",
    "Download the picture as PNG",
    "Download the curves as CSV",
)
TOOLS = ("📌 Pin this picture", "Clear pin", *DOWNLOADS)
PINNED_MARKS = "[data-pinned-mark]"  # 2 per panel, at the pinned stop
CURRENT_CURVES = 'svg[data-chart="curves"] [data-series]'
SVG_NS = "{http://www.w3.org/2000/svg}"
RUN_MS = 30_000  # a server run that writes the address, after Back or a page switch, at load


def open_stage(tab, path: str = "") -> None:
    tab.open(path)
    stage_page.wait_until_drawn(tab.page)


def tool(page, name: str):
    return stage_page.root(page).get_by_role("button", name=name, exact=True)


def pinned_cloud_points(page, key: str) -> int:
    return stage_page.root(page).locator(f'[data-pinned-cloud="{key}"] path').count()


def polyline_points(page, selector: str) -> list[str]:
    return (
        stage_page.root(page)
        .locator(selector)
        .evaluate_all("(lines) => lines.map((line) => line.getAttribute('points'))")
    )


# How far a pinned curve's points may be from where they were before a reload, in CSS px. The
# stage lays itself out again as the page arrives, its height following the readouts' notes
# (STEADY_POINTS_JS), and a reload under load settled 0.7 px off (one point at 103.8 px, 104.5
# before: test_pin_then_change_b..., both workers busy) with every curve where it was. A wrong
# pin is further off: each of b = 0's four pinned curves is 7.5 px or more from every one of
# b = 0.2's at 1280 x 900 (23, 96, 7.5 and 120 px measured with β and n's charts first and the
# win-rate line under n; 18-281 px before), five times the tolerance: asserted ≥ MOVED_PX below.
POINT_TOLERANCE_PX = 1.5
MOVED_PX = 5.0


def _points(line: str) -> np.ndarray:
    return np.array([point.split(",") for point in line.split()], dtype=float)


def farthest_apart(lines: list[str], others: list[str]) -> float:
    """The largest distance along x or y between two lists of polylines' matching points
    (infinite if their lines or points differ in number)."""
    if len(lines) != len(others):
        return float("inf")
    farthest = 0.0
    for line, other in zip(lines, others, strict=True):
        points, wanted = _points(line), _points(other)
        if points.shape != wanted.shape:
            return float("inf")
        farthest = max(farthest, float(np.abs(points - wanted).max(initial=0.0)))
    return farthest


def nearest_apart(lines: list[str], others: list[str]) -> list[float]:
    """For each of `lines`, how close the nearest of `others` comes to it (farthest_apart)."""
    return [min(farthest_apart([line], [other]) for other in others) for line in lines]


# Whether the polylines under the stage's `selector` have these points, in order, each within
# `tolerance` px along x and y.
POINTS_NEAR_JS = f"""([selector, wanted, tolerance]) => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  const lines = root ? [...root.querySelectorAll(selector)].map((l) => l.getAttribute('points'))
                     : [];
  const parse = (line) => line.trim().split(/\\s+/).map((p) => p.split(',').map(Number));
  return lines.length === wanted.length && lines.every((line, i) => {{
    const [got, want] = [parse(line), parse(wanted[i])];
    return got.length === want.length && got.every(([x, y], j) =>
      Math.abs(x - want[j][0]) <= tolerance && Math.abs(y - want[j][1]) <= tolerance);
  }});
}}"""


# The polylines' points once they have stayed the same for `frames` animation frames: a b/σ
# swap draws at the old size and a ResizeObserver redraws a frame or more later when the
# readouts' notes wrap onto other lines (about one swap in 20: 419 -> 454 px at b = 0.2, σ = 2),
# so a single read can catch the picture between the two.
STEADY_POINTS_JS = f"""([selector, frames]) => new Promise((resolve) => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  const read = () => JSON.stringify(
    root ? [...root.querySelectorAll(selector)].map((l) => l.getAttribute('points')) : []);
  let last = read(), same = 0;
  const tick = () => {{
    const now = read();
    same = now === last ? same + 1 : 0;
    last = now;
    if (same >= frames) resolve(JSON.parse(now)); else requestAnimationFrame(tick);
  }};
  requestAnimationFrame(tick);
}})"""
STEADY_FRAMES = 10


def steady_points(page, selector: str) -> list[str]:
    """The points of the polylines under `selector`, read once no redraw has moved them."""
    return page.evaluate(STEADY_POINTS_JS, [selector, STEADY_FRAMES])


# The pinned and the current curves' points, in one look.
BOTH_CURVES_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  const points = (selector) => [...root.querySelectorAll(selector)]
    .map((line) => line.getAttribute('points'));
  return {{ pinned: points('{PINNED_CURVES}'), current: points('{CURRENT_CURVES}') }};
}}"""
# Where β's pinned mark stands across its pinned curve, 0 (the curve's left end) to 1: the same
# wherever the stage lays its panels out.
PINNED_MARK_SPOT_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  const mark = root.querySelector('[data-pinned-mark="beta-gold_gain"]');
  const line = root.querySelector('[data-pinned-series="beta-gold_gain"]');
  const xs = line.getAttribute('points').trim().split(' ').map((p) => Number(p.split(',')[0]));
  const [low, high] = [Math.min(...xs), Math.max(...xs)];
  return (Number(mark.getAttribute('cx')) - low) / (high - low);
}}"""
PINNED_WHERE_CURRENT_JS = f"""() => {{
  const both = ({BOTH_CURVES_JS})();
  return both.pinned.length > 0
    && JSON.stringify([...both.pinned].sort()) === JSON.stringify([...both.current].sort());
}}"""


def expect_points(page, selector: str, wanted: list[str]) -> None:
    """Wait until the polylines under `selector` are drawn at `wanted` (within
    POINT_TOLERANCE_PX), then check: a reload draws the stage, then lays it out again as the
    rest of the page arrives."""
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what is off
        page.wait_for_function(
            POINTS_NEAR_JS, arg=[selector, wanted, POINT_TOLERANCE_PX], timeout=30_000
        )
    drawn = polyline_points(page, selector)
    assert farthest_apart(drawn, wanted) <= POINT_TOLERANCE_PX, (drawn, wanted)


def expect_pinned(page, text: str | None) -> None:
    """Wait until the stage shows the pin `text` ("0_0_0.3_590"), or none for None; as long
    as a drawing may take (after Back at load 47 the stage dropped the pin after 5 s)."""
    root = stage_page.root(page)
    expect(root).to_have_attribute("data-pin", text or "", timeout=stage_page.DRAW_TIMEOUT_MS)
    expect(root.locator(PINNED_CURVES)).to_have_count(
        4 if text else 0, timeout=stage_page.DRAW_TIMEOUT_MS
    )


def test_pin_then_change_b_shows_both_pictures_and_clear_removes_the_pin(desktop):
    open_stage(desktop, "?beta=0.3&n=590")
    page = desktop.page
    expect_pinned(page, None)
    tool(page, "📌 Pin this picture").click()
    expect_pinned(page, "0_0_0.3_590")
    expect(stage_page.root(page).locator(PINNED_MARKS)).to_have_count(4)
    assert pinned_cloud_points(page, "beta") > 20 and pinned_cloud_points(page, "n") > 20
    expect(stage_page.root(page).locator("[data-pin-label]")).to_have_text(
        "Pinned (faded, dashed): b = 0, σ = 0, β = 0.3, n = 590"
    )
    stage_page.expect_url_holds(page, "pin", "0_0_0.3_590")
    # Pinned where the current curves are, read in one look (the stage may lay itself out
    # again between two reads while the page settles at load 30+; then both move together).
    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what is off
        page.wait_for_function(PINNED_WHERE_CURRENT_JS, timeout=30_000)
    both = page.evaluate(BOTH_CURVES_JS)
    assert sorted(both["pinned"]) == sorted(both["current"]), "where it was"
    # b from 0 to 0.2: the current curves move, the pinned ones stay, both drawn.
    for _ in range(4):  # on the stage
        stage_page.slider(page, "b").press("ArrowRight")
    # Fetched from /worlds/ (not yet ahead): over 5 s at load 30-40, before the swap in place too.
    expect(stage_page.root(page)).to_have_attribute("data-world", "0.2,0", timeout=WORLD_FETCH_MS)
    expect(stage_page.root(page).locator(CURRENT_CURVES)).to_have_count(4)
    expect_pinned(page, "0_0_0.3_590")
    moved = nearest_apart(polyline_points(page, PINNED_CURVES), steady_points(page, CURRENT_CURVES))
    assert min(moved) >= MOVED_PX, f"each curve moved, beyond the tolerance: {moved} px"
    stage_page.expect_url_holds(page, "b", "0.2")
    stage_page.expect_url_holds(page, "pin", "0_0_0.3_590")
    # And β on the stage: the pinned marks stay at β = 0.3, read as a share of the pinned
    # curve's width (the stage may lay itself out again as the page settles: its mark's cx
    # once moved 21 px with it in a fresh-clone run with the tests on two processes).
    pinned_spot = page.evaluate(PINNED_MARK_SPOT_JS)
    stage_page.slider(page, "beta").press("Home")
    expect(stage_page.root(page)).to_have_attribute("data-beta", "10")
    assert page.evaluate(PINNED_MARK_SPOT_JS) == pytest.approx(pinned_spot, abs=0.002)
    # Reloaded: Python's picture of the pin, drawn where the browser's own was.
    app_page.wait_until_ready(page)
    pinned_after_b = steady_points(page, PINNED_CURVES)
    page.reload()
    stage_page.wait_until_drawn(page)
    expect_pinned(page, "0_0_0.3_590")
    expect(stage_page.root(page)).to_have_attribute("data-world", "0.2,0")
    expect_points(page, PINNED_CURVES, pinned_after_b)
    tool(page, "Clear pin").click()
    expect_pinned(page, None)
    expect(stage_page.root(page).locator("[data-pinned-cloud]")).to_have_count(0)
    stage_page.expect_url_holds(page, "pin", None)
    expect(tool(page, "Clear pin")).to_be_disabled()
    assert desktop.console_errors == []


def test_a_pinned_link_opens_with_the_pin_and_back_and_forward_follow_it(desktop):
    open_stage(desktop, "?beta=0.3&n=590&b=0.2&pin=0_0_0.3_590")
    page = desktop.page
    expect_pinned(page, "0_0_0.3_590")
    link = page.locator(".rh-link input").first
    expect(link).to_have_value(re.compile(r"\?beta=0\.3&n=590&b=0\.2&pin=0_0_0\.3_590$"))
    history = page.evaluate("() => history.length")
    tool(page, "Clear pin").click()
    expect_pinned(page, None)
    stage_page.expect_url_holds(page, "pin", None)
    app_page.wait_until_ready(page)
    assert page.evaluate("() => history.length") == history + 1, "one entry for one Clear"
    page.go_back()
    expect_pinned(page, "0_0_0.3_590")
    stage_page.expect_url_holds(page, "pin", "0_0_0.3_590")
    page.go_forward()
    expect_pinned(page, None)
    stage_page.expect_url_holds(page, "pin", None)
    assert desktop.console_errors == []


def test_a_bad_pin_in_a_link_says_so_and_pins_nothing(desktop):
    open_stage(desktop, "?pin=1,2,banana")
    page = desktop.page
    # The note under the stage (a toast says it once too, over the page).
    note = page.locator('[data-testid="stMain"] [data-testid="stAlert"]').filter(
        has_text="The link's pin, “1,2,banana”, is not four numbers"
    )
    expect(note).to_be_visible()
    expect_pinned(page, None)
    stage_page.expect_url_holds(page, "pin", None)
    assert desktop.console_errors == []


def test_presenter_mode_draws_the_pin_and_its_controls_fit_a_projector(new_tab):
    tab = new_tab("projector")
    open_stage(tab, "?present=1&beta=0.3&n=590&b=0.2&pin=0_0_0.3_590")
    page = tab.page
    expect_pinned(page, "0_0_0.3_590")
    width = page.viewport_size["width"]
    for name in TOOLS:
        box = tool(page, name).bounding_box()
        assert box["height"] >= 24 and box["x"] >= 0 and box["x"] + box["width"] <= width, name
    assert tab.console_errors == []


def test_the_tools_fit_a_phone(phone):
    open_stage(phone, "?pin=0.2_0.5_0.3_49")
    page = phone.page
    expect_pinned(page, "0.2_0.5_0.3_49")
    for name in TOOLS:
        button = tool(page, name)
        box = button.bounding_box()
        assert box["height"] >= 24 and box["width"] >= 24, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, (name, box)
        font_px = float(button.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)"))
        assert font_px >= 14, (name, font_px)
    label = stage_page.root(page).locator("[data-pin-label]")
    assert float(label.evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)")) >= 14
    tool(page, "Clear pin").tap()
    expect_pinned(page, None)
    assert phone.console_errors == []


def download(page, name: str, tmp_path):
    with page.expect_download() as info:
        tool(page, name).click()
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    return saved


def test_the_stage_downloads_as_svg_png_and_csv(desktop, tmp_path):
    open_stage(desktop, "?beta=0.6&n=49&b=0.2&sigma=0.5&pin=0_0_0.3_590")
    page = desktop.page
    expect_pinned(page, "0_0_0.3_590")
    svg_file = download(page, "Download the picture as SVG", tmp_path)
    assert svg_file.name == "reward-hacking_b0.2_sigma0.5_beta0.6_n49.svg"
    tree = ElementTree.parse(svg_file).getroot()
    assert tree.tag == f"{SVG_NS}svg"
    texts = [node.text for node in tree.iter(f"{SVG_NS}text")]
    assert "Reward hacking, live: b = 0.2, σ = 0.5, β = 0.6, n = 49" in texts
    assert "Pinned (faded, dashed): b = 0, σ = 0, β = 0.3, n = 590" in texts
    for legend in ("reward model", "true quality", "KL samples at β", "best-of-n winners"):
        assert legend in texts, legend
    assert "Best-of-n: gain" in texts and "length →" in texts
    lines = [node for node in tree.iter(f"{SVG_NS}polyline")]
    assert len(lines) == 8, "both methods' two curves, current and pinned"
    assert len(list(tree.iter(f"{SVG_NS}image"))) == 1, "true quality's shading"
    clouds = [node for node in tree.iter(f"{SVG_NS}g") if node.get("data-cloud")]
    assert sorted(node.get("data-cloud") for node in clouds) == ["beta", "n"]
    world = stage_page.world(0.2, 0.5)
    for node in clouds:
        points = len(world[node.get("data-cloud")]["cloud"][0]) // 2  # 48
        assert len(list(node)) == points, "every point of both clouds"

    png_file = download(page, "Download the picture as PNG", tmp_path)
    assert png_file.name.endswith("_n49.png")
    png = png_file.read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", png[16:24])
    svg_width, svg_height = float(tree.get("width")), float(tree.get("height"))
    assert (width, height) == (round(2 * svg_width), round(2 * svg_height))
    assert width >= 2000 and height >= 800 and len(png) > 50_000

    csv_file = download(page, "Download the curves as CSV", tmp_path)
    rows = list(csv.DictReader(io.StringIO(csv_file.read_text(encoding="utf-8"))))
    assert list(rows[0]) == [
        "method",
        "stop",
        "b",
        "sigma",
        "reward_model_gain",
        "true_quality_gain",
        "kl_nats",
    ]
    betas = np.array(SETTINGS["beta"].stops)
    counts = np.array(SETTINGS["n"].stops)
    for method, stops, result in (
        ("kl_penalty", betas, core.kl_optimum(betas, b=0.2, sigma=0.5, exact=True)),
        ("best_of_n", counts, core.best_of_n(counts, b=0.2, sigma=0.5)),
    ):
        mine = [row for row in rows if row["method"] == method]
        assert [float(row["stop"]) for row in mine] == list(stops)
        assert {(row["b"], row["sigma"]) for row in mine} == {("0.2", "0.5")}
        for column, field in (
            ("reward_model_gain", "proxy_gain"),
            ("true_quality_gain", "gold_gain"),
            ("kl_nats", "kl"),
        ):
            numbers = [float(row[column]) for row in mine]
            np.testing.assert_allclose(numbers, getattr(result, field), rtol=0, atol=5e-7)
    assert desktop.console_errors == []


def test_no_download_gives_the_answer_away_while_predicting(desktop):
    open_stage(desktop, "?predict=1")
    page = desktop.page
    for name in DOWNLOADS:
        expect(tool(page, name)).to_be_disabled()


def test_a_pin_follows_a_trip_to_best_of_n_and_back_and_clear_drops_it_for_good(desktop):
    """A page switch drops every parameter no slider of the new page owns: Best-of-n's address
    has no pin (it means nothing there), and the Playground, coming back, shows the session's
    pin again and writes it into the address. Back after the trip is whole too."""
    open_stage(desktop, "?beta=0.3&n=590")
    page = desktop.page
    tool(page, "📌 Pin this picture").click()
    expect_pinned(page, "0_0_0.3_590")
    stage_page.expect_url_holds(page, "pin", "0_0_0.3_590", timeout_ms=RUN_MS)
    app_page.wait_until_ready(page)
    page.go_back()  # Back after a Pin: the picture before it, unpinned; Forward pins again
    expect_pinned(page, None)
    stage_page.expect_url_holds(page, "pin", None, timeout_ms=RUN_MS)
    app_page.wait_until_ready(page)
    page.go_forward()
    expect_pinned(page, "0_0_0.3_590")
    stage_page.expect_url_holds(page, "pin", "0_0_0.3_590", timeout_ms=RUN_MS)
    app_page.wait_until_ready(page)
    stage_page.slider(page, "beta").press("Home")  # the current picture leaves the pinned one
    expect(stage_page.root(page)).to_have_attribute("data-beta", "10", timeout=RUN_MS)
    stage_page.expect_url_holds(page, "beta", "10", timeout_ms=RUN_MS)
    app_page.wait_until_ready(page)
    start = page.evaluate("() => history.length")

    page.get_by_role("link", name="Best-of-n").first.click()
    expect(page).to_have_url(re.compile(r"/best-of-n\?n=590$"), timeout=RUN_MS)
    app_page.wait_until_ready(page)
    page.get_by_role("link", name="Playground").first.click()
    expect(page).to_have_url(re.compile(r"/\?"), timeout=RUN_MS)
    stage_page.wait_until_drawn(page)
    expect_pinned(page, "0_0_0.3_590")
    expect(stage_page.root(page).locator("[data-pin-label]")).to_have_text(
        "Pinned (faded, dashed): b = 0, σ = 0, β = 0.3, n = 590"
    )
    expect(stage_page.root(page)).to_have_attribute("data-beta", "10", timeout=RUN_MS)
    for key, value in (("pin", "0_0_0.3_590"), ("beta", "10"), ("n", "590")):
        stage_page.expect_url_holds(page, key, value, timeout_ms=RUN_MS)
    assert pinned_cloud_points(page, "beta") > 20 and pinned_cloud_points(page, "n") > 20
    app_page.wait_until_ready(page)
    assert page.evaluate("() => history.length") == start + 2, "one entry per page switch"

    page.go_back()  # Best-of-n, then the Playground as it was before the trip
    expect(page).to_have_url(re.compile(r"/best-of-n\?n=590$"), timeout=RUN_MS)
    app_page.wait_until_ready(page)
    page.go_back()
    expect(page).to_have_url(re.compile(r"/\?"), timeout=RUN_MS)
    stage_page.wait_until_drawn(page)
    expect_pinned(page, "0_0_0.3_590")
    expect(stage_page.root(page)).to_have_attribute("data-beta", "10", timeout=RUN_MS)
    stage_page.expect_url_holds(page, "pin", "0_0_0.3_590", timeout_ms=RUN_MS)
    app_page.wait_until_ready(page)

    tool(page, "Clear pin").click()
    expect_pinned(page, None)
    stage_page.expect_url_holds(page, "pin", None, timeout_ms=RUN_MS)
    app_page.wait_until_ready(page)
    page.get_by_role("link", name="Best-of-n").first.click()
    expect(page).to_have_url(re.compile(r"/best-of-n\?n=590$"), timeout=RUN_MS)
    app_page.wait_until_ready(page)
    page.get_by_role("link", name="Playground").first.click()
    expect(page).to_have_url(re.compile(r"/\?beta=10&n=590$"), timeout=RUN_MS)  # and no pin
    stage_page.wait_until_drawn(page)
    app_page.wait_until_ready(page)
    expect_pinned(page, None)
    expect(stage_page.root(page).locator("[data-pinned-cloud]")).to_have_count(0)
    stage_page.expect_url_holds(page, "pin", None, timeout_ms=RUN_MS)
    assert desktop.console_errors == []
