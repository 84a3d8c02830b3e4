"""b and σ on the stage in a real Chromium: a drag or a key press swaps the whole world (clouds,
curves, readouts, the plane's reward-model lines) before release, fetched from /worlds/; the
settled value reaches the address once; a world that cannot be fetched keeps the old picture,
says it is loading, and comes from the server on settle."""

import re
import time

import pytest
from playwright.sync_api import expect

from tests.support import app_page, observer
from tests.support import stage_in_browser as stage_page
from ui.settings import SETTINGS

pytestmark = pytest.mark.browser

# The worlds' JSON files (a language's under de/), not the stage's own script, which is a file
# under /worlds/ too (ui/playground/world_files.stage_script): aborted, no stage at all.
WORLD_FILES = re.compile(r"/worlds/.*\.json")
MIN_REDRAWN_SHARE = 0.8  # the stage redraws at >= 80% of a b or σ drag's steps
AHEAD_TIMEOUT_MS = 120_000  # the row and column fetched ahead; the server may build 40 worlds
KEPT_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  return root ? Number(root.dataset.worldsKept || 0) : 0;
}}"""


def wait_until_row_and_column_kept(page, kept: int = 41) -> None:
    """The stage's own world plus the 20 others of its b row and the 20 of its σ column."""
    page.wait_for_function(f"() => ({KEPT_JS})() >= {kept}", timeout=AHEAD_TIMEOUT_MS)


def plane_lines(page) -> str:
    """The reward model's contour lines on the plane (one SVG path)."""
    return stage_page.root(page).locator('[data-layer="proxy-lines"]').get_attribute("d")


def world_stop(key: str, index: int) -> str:
    return f"{SETTINGS[key].stops[index]:g}"


@pytest.mark.parametrize("key", ["b", "sigma"])
def test_a_mouse_drag_of_b_or_sigma_redraws_the_whole_stage_before_release(desktop, key):
    stage_page.open_stage(desktop)
    page = desktop.page
    wait_until_row_and_column_kept(page)
    sent_before = page.evaluate("() => window.__sentFrames")
    drag = stage_page.drag_across(page, key)
    next(drag)  # pressed at the track's low end
    steps_moved = steps_redrawn = 0
    last_lines = plane_lines(page)
    for _value in drag:
        steps_moved += 1
        b, sigma = stage_page.shown(page, "b"), stage_page.shown(page, "sigma")
        world = stage_page.world(float(b), float(sigma))
        lines = plane_lines(page)
        drawn = (
            stage_page.root(page).get_attribute("data-world") == f"{b},{sigma}"
            and stage_page.readouts(page) == stage_page.world_readouts(world, "4", "1")
            and lines != last_lines
        )
        steps_redrawn += drawn
        last_lines = lines
    sent_during_drag = page.evaluate("() => window.__sentFrames") - sent_before
    page.mouse.up()
    stops = SETTINGS[key].stops
    assert steps_moved >= len(stops) - 2, f"the drag crossed only {steps_moved} stops"
    assert steps_redrawn / steps_moved >= MIN_REDRAWN_SHARE, (steps_redrawn, steps_moved)
    assert sent_during_drag == 0, "a drag must not rerun the server before release"
    # Released at the far end: one report, and the address holds the last stop.
    stage_page.expect_url_holds(page, key, world_stop(key, -1))
    assert desktop.console_errors == []


@pytest.mark.parametrize(("key", "other"), [("b", "sigma"), ("sigma", "b")])
def test_arrow_keys_on_b_and_sigma_swap_the_world_and_the_address_follows(desktop, key, other):
    stage_page.open_stage(desktop, "?beta=0.6&n=49")
    page = desktop.page
    slider = stage_page.slider(page, key)
    for keyboard_key, index in (("End", -1), ("Home", 0), ("ArrowRight", 1)):
        slider.press(keyboard_key)
        wanted = {key: world_stop(key, index), other: "0"}
        expect(stage_page.root(page)).to_have_attribute(
            "data-world", f"{wanted['b']},{wanted['sigma']}"
        )
        world = stage_page.world(float(wanted["b"]), float(wanted["sigma"]))
        assert stage_page.readouts(page) == stage_page.world_readouts(world, "0.6", "49")
    stage_page.expect_url_holds(page, key, world_stop(key, 1))
    app_page.wait_until_ready(page)
    expect(page.locator(".rh-link input").first).to_have_value(
        re.compile(f"{key}={world_stop(key, 1)}")
    )
    assert desktop.console_errors == []


def test_the_edge_note_comes_with_the_world(desktop):
    """At β = 0.3, b = 0.2 the optimum is clear of the grid's edge at σ = 0.3 and capped at
    σ = 0.4 (core.edge_check): the note comes with σ = 0.4's world, fetched on the stage."""
    stage_page.open_stage(desktop, "?beta=0.3&b=0.2&sigma=0.3")
    page = desktop.page
    note = stage_page.root(page).locator('[data-edge-note="beta"]')
    assert note.text_content() == ""
    stage_page.slider(page, "sigma").press("ArrowRight")
    expect(stage_page.root(page)).to_have_attribute("data-world", "0.2,0.4")
    expect(note).to_contain_text("Capped by the grid's edge")


# Every "loading" note the stage shows from now on, with the world drawn and the plane's
# reward-model lines at that moment. Recorded in the page as the note changes (the note and a
# world's arrival are separate tasks), not read back afterwards: the settled report goes 350 ms
# after the key press, and on a loaded machine the world could be drawn before a read.
WATCH_LOADING_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  const lines = () => root.querySelector('[data-layer="proxy-lines"]').getAttribute('d');
  window.__loading = [];
  new MutationObserver(() => {{
    if (root.dataset.loading) {{
      window.__loading.push({{ note: root.dataset.loading, world: root.dataset.world,
                               lines: lines() }});
    }}
  }}).observe(root, {{ attributes: true, attributeFilter: ["data-loading"] }});
}}"""


def test_a_world_that_cannot_be_fetched_keeps_the_picture_and_comes_on_settle(desktop):
    page = desktop.page
    page.route(WORLD_FILES, lambda route: route.abort())
    stage_page.open_stage(desktop)
    lines = plane_lines(page)
    page.evaluate(WATCH_LOADING_JS)
    stage_page.slider(page, "b").press("ArrowRight")
    root = stage_page.root(page)
    expect(root).to_have_attribute("data-b", "0.05")
    # Settled: the report says the world is missing, and Python sends it with the stage.
    expect(root).to_have_attribute("data-world", "0.05,0")
    expect(root.locator(".world-note")).to_be_hidden()
    assert plane_lines(page) != lines
    stage_page.expect_url_holds(page, "b", "0.05")
    # Until then the old picture stayed, saying what it waited for.
    loading = page.evaluate("() => window.__loading")
    assert [entry["note"] for entry in loading] == [
        "Loading the reward model b = 0.05, σ = 0…",
        "Loading the reward model b = 0.05, σ = 0 from the server…",
    ]
    assert all(entry["world"] == "0,0" and entry["lines"] == lines for entry in loading)


def wait_until(page, condition, message: str, *, timeout_s: float = 30) -> None:
    """Wait for a condition on what Playwright's route handlers saw (they run only while the
    test is inside a Playwright call, so this waits through one, 50 ms at a time)."""
    deadline = time.monotonic() + timeout_s
    while not condition():
        assert time.monotonic() < deadline, message
        page.wait_for_timeout(50)


def test_a_world_whose_fetch_fails_after_the_settle_report_still_comes(desktop):
    """A slow network: the fetch of b = 0.05's world fails only after the settled report (which
    said nothing was missing) has gone; the stage asks again, and Python sends the world."""
    page = desktop.page
    held = []

    def hold_or_abort(route) -> None:
        if route.request.url.endswith("/0.05_0.json"):
            held.append(route)
        else:
            route.abort()

    page.route(WORLD_FILES, hold_or_abort)
    stage_page.open_stage(desktop)
    root = stage_page.root(page)
    since = observer.page_now(page)
    stage_page.slider(page, "b").press("ArrowRight")
    expect(root.locator(".world-note")).to_have_text("Loading the reward model b = 0.05, σ = 0…")
    observer.wait_for_rerun(page, since)  # the settled report's rerun, the fetch still held
    stage_page.expect_url_holds(page, "b", "0.05")
    assert root.get_attribute("data-world") == "0,0"
    wait_until(page, lambda: held, "the fetch of b = 0.05's world never reached the route")
    assert len(held) == 1, [route.request.url for route in held]
    held[0].abort()
    expect(root).to_have_attribute("data-world", "0.05,0")
    expect(root.locator(".world-note")).to_be_hidden()


# Tags the plane's frame (its shading, first answer, an axis tick and a cloud marker) and a
# curves x tick, so the test can tell whether a swap kept each element or drew a new one.
TAG_FRAME_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  window.__frame = {{
    gold: root.querySelector('[data-layer="gold"]'),
    answer: root.querySelector('[data-layer="answers"] circle'),
    planeTick: root.querySelector('svg[data-chart="plane"] [data-tick="x"]'),
    cloudMarker: root.querySelector('[data-cloud="beta"] path'),
    curvesTick: root.querySelector('svg[data-chart="curves"] [data-tick="x"]'),
  }};
}}"""
FRAME_KEPT_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  return Object.fromEntries(Object.entries(window.__frame)
    .map(([name, node]) => [name, node.isConnected && root.contains(node)]));
}}"""
# Both charts' markup, still and moving layers, the plane's random clip id made one name.
PICTURE_JS = f"""() => {{
  const root = ({stage_page.STAGE_ROOT_JS})();
  return [...root.querySelectorAll('figure svg')]
    .map((svg) => svg.outerHTML.replace(/plane-clip-[a-z0-9]+/g, 'plane-clip'));
}}"""


def test_a_world_swap_keeps_the_frame_and_draws_what_a_fresh_page_draws(desktop, new_tab):
    """σ 0.5 -> 0.6 changes the reward model's lines, the curves and the clouds in place: the
    shading, the answers, the axes and the markers are the same elements, and both charts are
    then, to the character, what a page opened at σ = 0.6 draws."""
    stage_page.open_stage(desktop, "?sigma=0.5&beta=0.6&n=49")
    page = desktop.page
    lines = plane_lines(page)
    page.evaluate(TAG_FRAME_JS)
    stage_page.slider(page, "sigma").press("ArrowRight")
    expect(stage_page.root(page)).to_have_attribute("data-world", "0,0.6")
    kept = {"gold": True, "answer": True, "planeTick": True, "cloudMarker": True}
    assert page.evaluate(FRAME_KEPT_JS) == {**kept, "curvesTick": True}
    assert plane_lines(page) != lines
    stage_page.expect_url_holds(page, "sigma", "0.6")
    app_page.wait_until_ready(page)
    fresh = new_tab("desktop")
    stage_page.open_stage(fresh, "?sigma=0.6&beta=0.6&n=49")
    stage_page.next_frame(fresh.page)
    stage_page.next_frame(page)
    swapped, drawn = page.evaluate(PICTURE_JS), fresh.page.evaluate(PICTURE_JS)
    assert len(swapped) == 4
    assert [len(svg) for svg in swapped] == [len(svg) for svg in drawn]
    assert swapped == drawn
    assert desktop.console_errors == [] and fresh.console_errors == []
