"""The offline Playground (`make static`) in a real Chromium, with no Python behind it: opened from
file:// (a USB stick) and from a plain static server (python -m http.server), the stage draws,
a story step and the b slider change the picture (b's world loaded by a <script> tag), and
nothing lands in the console."""

import re
import subprocess
import sys
import time
import urllib.request

import pytest
from playwright.sync_api import expect
from test_browser_a11y import blocking_violations

from scripts import static_site
from scripts.ports import free_port
from ui.settings import SETTINGS

pytestmark = pytest.mark.browser

STAGE = '[data-testid="stage"]'
# The story's worlds and b's first step from the default: the folder holds only these.
WORLDS = [(0.0, 0.0), (0.05, 0.0), (0.2, 0.0), (0.0, 0.5), (0.2, 1.0)]
SERVER_START_S = 10


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return static_site.build(tmp_path_factory.mktemp("static") / "playground", settings=WORLDS)


@pytest.fixture(scope="module")
def static_server(folder):
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + SERVER_START_S
    while True:
        try:
            urllib.request.urlopen(url, timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                pytest.fail("python -m http.server did not start")
            time.sleep(0.1)
    yield url
    server.terminate()
    server.wait(timeout=10)


def curves(page) -> str:
    """Everything drawn on the stage's two charts, the curves and the plane (their SVG)."""
    charts = page.locator(f"{STAGE} svg.chart")
    return "".join(charts.nth(index).inner_html() for index in range(charts.count()))


def check_the_playground(new_context, url: str) -> None:
    page = new_context(viewport={"width": 1280, "height": 800}).new_page()
    errors = []
    built = {f"worlds/{static_site.world_key(b, sigma)}.js" for b, sigma in WORLDS}

    def on_console(message) -> None:
        # The stage fetches its row and column of worlds ahead; this folder holds only WORLDS,
        # so a world left out of it is the one error that may come (never one of WORLDS).
        where = message.location.get("url", "")
        left_out = "/worlds/" in where and not where.endswith(tuple(built))
        if message.type == "error" and not left_out:
            errors.append(f"{message.text} ({where})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.goto(url)
    stage = page.locator(STAGE)
    expect(stage).to_have_attribute("data-world", "0,0")
    expect(page.get_by_test_id("story-step")).to_have_text("Step 1 of 7: Lesson default")
    expect(page.get_by_test_id("offline-note")).to_contain_text("no class poll")
    page.wait_for_function(f"() => document.querySelector('{STAGE} svg path[d]')")
    first = curves(page)

    page.get_by_role("button", name="Next →").click()  # The peak: β = 1, n = 49
    expect(page.get_by_test_id("story-step")).to_have_text("Step 2 of 7: The peak")
    expect(stage).to_have_attribute("data-n", "49")
    assert curves(page) != first

    peak = curves(page)
    page.get_by_role("slider", name=SETTINGS["b"].label, exact=True).press("ArrowRight")
    expect(stage).to_have_attribute("data-world", "0.05,0")  # its script came and was drawn
    assert curves(page) != peak
    expect(page.get_by_test_id("story-step")).to_have_text("Your own setting")
    page.wait_for_function("() => location.hash.includes('b=0.05')")

    for _ in range(2):  # to step 4, "Fix: b = 0.2": another world, by the story
        page.get_by_role("button", name="Next →").click()
    expect(stage).to_have_attribute("data-world", "0.2,0")
    expect(page.get_by_test_id("story-step")).to_have_text("Step 4 of 7: Fix: b = 0.2")

    before = curves(page)
    page.get_by_role("button", name="Presenter mode").click()  # larger text, the same setting
    expect(stage).to_have_class(re.compile(r"\bpresent\b"))
    expect(page.get_by_role("button", name="Presenter mode")).to_have_attribute(
        "aria-pressed", "true"
    )
    page.wait_for_function("() => location.hash.includes('present=1')")
    expect(stage).to_have_attribute("data-world", "0.2,0")
    assert curves(page) != before
    assert errors == []


def test_it_runs_from_file_with_no_server(new_context, folder):
    check_the_playground(new_context, (folder / "index.html").as_uri())


def test_it_runs_from_a_static_file_server(new_context, static_server):
    check_the_playground(new_context, static_server + "index.html")


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_it_passes_axe_in_the_systems_light_and_dark(new_context, folder, scheme):
    page = new_context(viewport={"width": 1280, "height": 800}, color_scheme=scheme).new_page()
    page.goto((folder / "index.html").as_uri())
    expect(page.locator(STAGE)).to_have_attribute("data-world", "0,0")
    page.wait_for_function(f"() => document.querySelector('{STAGE} svg path[d]')")
    background = page.evaluate("() => getComputedStyle(document.body).backgroundColor")
    assert background == ("rgb(14, 17, 23)" if scheme == "dark" else "rgb(255, 255, 255)")
    assert blocking_violations(page) == []
