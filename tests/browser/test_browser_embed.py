"""The class poll inside another site's page (docs/hosting.md, "Inside a course page"): a real
server told it is embedded (server.xsrfCookieSameSite = "none"), a course page on another site
(localhost against the app's 127.0.0.1: two sites to the browser) framing the poll with
?embed=true, and a student who votes in the iframe, reloads the course page and votes again:
the lecturer counts one student, whose vote was replaced. With the old SameSite=Lax device
cookie the iframe sent none, and the reload made a second student."""

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
from test_browser_poll import send_guess, start_poll, wait_for_text

from poll_data.location import DATA_DIR_ENV
from scripts.ports import free_port
from tests.support import app_page
from tests.support.server import ServerStartError, start_streamlit

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
