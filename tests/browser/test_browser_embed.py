"""The class poll inside another site's page (docs/hosting.md, "Inside a course page"): a real
server told it is embedded (server.xsrfCookieSameSite = "none"), a course page on another site
(localhost against the app's 127.0.0.1: two sites to the browser) framing the poll with
?embed=true, and a student who votes in the iframe, reloads the course page and votes again:
the lecturer counts one student, whose vote was replaced. With the old SameSite=Lax device
cookie the iframe sent none, and the reload made a second student. And an embedded page asked
for the dark theme is dark, its stage and charts too, and passes axe."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect
from test_browser_a11y import (
    CHART_TEXT_COLOURS_JS,
    DARK_PAGE_JS,
    MIN_TEXT_CONTRAST,
    blocking_violations,
)
from test_browser_poll import send_guess, start_poll, wait_for_text

from poll_data.location import DATA_DIR_ENV
from scripts.ports import free_port
from tests.support import app_page
from tests.support import stage_in_browser as stage
from tests.support.server import ServerStartError, start_streamlit
from tests.support.stage_root_js import STAGE_ROOT_JS
from ui.style import contrast_ratio
from ui.themes import DARK_BACKGROUND

pytestmark = pytest.mark.browser

APP_SCRIPT = Path(__file__).resolve().parents[2] / "app.py"
SERVER_START_S = 10


@pytest.fixture(scope="module")
def embedded_server(tmp_path_factory):
    os.environ.setdefault(DATA_DIR_ENV, str(tmp_path_factory.mktemp("poll-data")))
    try:
        server = start_streamlit(
            APP_SCRIPT,
            extra_args=("--server.xsrfCookieSameSite=none",),
            log_dir=tmp_path_factory.mktemp("streamlit-embedded"),
        )
    except ServerStartError as error:
        pytest.fail(str(error), pytrace=False)
    yield server
    server.stop()


@pytest.fixture(scope="module")
def course_site(tmp_path_factory):
    """A static server for the course's page, reached as http://localhost:<port>/."""
    folder = tmp_path_factory.mktemp("course")
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"],
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + SERVER_START_S
    while True:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=1).close()
            break
        except OSError:
            if time.monotonic() > deadline:
                server.kill()
                pytest.fail("python -m http.server did not start")
            time.sleep(0.1)
    yield folder, f"http://localhost:{port}/"
    server.terminate()
    server.wait(timeout=10)


def test_a_student_votes_inside_a_course_page_on_another_site(
    browser, embedded_server, course_site
):
    folder, course_url = course_site
    lecturer_context = browser.new_context(viewport=app_page.VIEWPORTS["desktop"])
    lecturer = lecturer_context.new_page()
    room, join_link = start_poll(lecturer, embedded_server.url)
    assert embedded_server.url.startswith("http://127.0.0.1:")  # the app's site; the course's
    (folder / "week3.html").write_text(  # is localhost
        "<!doctype html><title>Week 3</title><h1>Week 3: reward hacking</h1>"
        f'<iframe src="{join_link}&embed=true" title="Class poll" width="1000" height="800">'
        "</iframe>",
        encoding="utf-8",
    )
    student_context = browser.new_context(viewport={"width": 1100, "height": 900})
    student = student_context.new_page()
    errors: list[str] = []
    student.on("pageerror", lambda error: errors.append(str(error)))
    # A vote, the course page reloaded (a new session: only the device cookie says who this
    # is), and a second vote, which replaces the first.
    for guess, said in (("20", "is in."), ("60", "replaced your earlier one.")):
        student.goto(course_url + "week3.html")
        poll = student.frame_locator("iframe")
        app_page.wait_until_ready(poll)
        expect(poll.locator('[data-testid="stMain"]')).to_contain_text(f"Room {room}.")
        send_guess(poll, guess)
        expect(poll.get_by_text(f"Your guess n = {guess} {said}")).to_be_visible()
    cookies = {cookie["name"]: cookie for cookie in student_context.cookies()}
    assert cookies["rh_device"]["sameSite"] == "None" and cookies["rh_device"]["secure"]
    # One student, whose second vote replaced the first (two students: 2, median 40).
    wait_for_text(lecturer, r"median guess n = 60")
    expect(lecturer.locator('[data-testid="stMetric"]').first).to_have_text(re.compile("1$"))
    assert errors == []
    student_context.close()
    lecturer_context.close()


PLOT_BACKGROUND_JS = "() => document.querySelector('.js-plotly-plot')?.layout?.paper_bgcolor"
STAGE_INK_JS = f"""() => {{
  const root = ({STAGE_ROOT_JS})();
  return root ? getComputedStyle(root).color : null;
}}"""


@pytest.mark.parametrize(
    "address",
    ["?", "?present=1&", "best-of-n?", "system"],
    ids=["playground", "presenter", "best-of-n", "system-dark"],
)
def test_an_embedded_page_takes_the_dark_theme(browser, embedded_server, address):
    # The recipe's &embed_options=dark_theme, as a dark course site would ask: Streamlit's dark
    # theme, the stage's palette through light-dark() (ui/themes.py), plotly's figures
    # recoloured from st.context.theme.type (ui/charts.py).
    # "system": no embed_options, the system's dark mode (config.toml pins no base).
    scheme = "dark" if address == "system" else "light"
    context = browser.new_context(viewport=app_page.VIEWPORTS["desktop"], color_scheme=scheme)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    url = f"{embedded_server.url}{address}embed=true&embed_options=dark_theme"
    if address == "system":
        url = f"{embedded_server.url}?embed=true"
    app_page.open_and_wait(page, url)
    assert page.evaluate(DARK_PAGE_JS) == "rgb(14, 17, 23)"  # themes.DARK_BACKGROUND
    if address.startswith("best-of-n"):
        assert page.evaluate(PLOT_BACKGROUND_JS) == DARK_BACKGROUND
    else:  # the stage, its text in the dark ink; axe over it all (the page's captions are
        # ui/page_css.py's fixed #5E5E66, 3.2:1 on the dark page: not yet themed)
        stage.wait_until_drawn(page)
        assert page.evaluate(STAGE_INK_JS) == "rgb(250, 250, 250)"  # themes.dark(style.INK)
        assert blocking_violations(page) == []
    for drawn in page.evaluate(CHART_TEXT_COLOURS_JS):
        assert contrast_ratio(drawn["colour"], DARK_BACKGROUND) >= MIN_TEXT_CONTRAST, drawn
    assert errors == []
    context.close()
