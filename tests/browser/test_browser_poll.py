"""A whole class poll in real Chromium: a lecturer and five students (one on a phone) on one
real server: start, five guesses, the histogram shows five, the lecturer's controls kept off the
address (a reload, their link on another device) and off every student's screen, reveal, close,
a late guess refused;
and the histogram taken away as CSV, SVG and PNG."""

from __future__ import annotations

import csv
import io
import re
import struct
import xml.etree.ElementTree as ElementTree

import pytest
from playwright.sync_api import expect

from tests.support import app_page, observer

DESKTOP = app_page.VIEWPORTS["desktop"]
PHONE = app_page.VIEWPORTS["phone"]

pytestmark = pytest.mark.browser

SVG_NS = "{http://www.w3.org/2000/svg}"
GUESSES = ("20", "49", "60", "150", "1,000")  # the last one is typed on the phone
LIVE_SECONDS = 20  # the lecturer's screen re-reads every 2 s; a loaded machine may lag
HISTOGRAM_TOTAL_JS = """
() => {
  const plot = document.querySelector('.st-key-poll_histogram .js-plotly-plot');
  if (!plot || !plot.data) return null;
  const bars = plot.data[0].y;  // plotly 6 sends typed base64; plotly.js keeps the array
  return { total: Array.from(bars._inputArray ?? bars).reduce((a, b) => a + b, 0),
           traces: plot.data.map((trace) => trace.name) };
}
"""


def metric_text(page) -> str:
    return page.locator('[data-testid="stMetric"]').first.inner_text()


def wait_for_text(page, pattern: str) -> None:
    page.get_by_text(re.compile(pattern)).first.wait_for(timeout=LIVE_SECONDS * 1000)


def send_guess(page, guess: str) -> None:
    box = page.get_by_label("Your guess: n =")
    box.fill(guess)
    box.press("Enter")  # submits the form, as a phone's "Go" key does


def start_poll(lecturer, server_url: str) -> tuple[str, str]:
    """The lecturer starts a poll: (room code, join link), both as the projector shows them."""
    lecturer.goto(server_url + "poll")
    app_page.wait_until_ready(lecturer)
    lecturer.get_by_role("button", name="Start a poll").click()
    wait_for_text(lecturer, r"Room code: [A-Z0-9]{6}")
    # The heading that holds the code (the guesses' column, drawn first, has headings too).
    heading = lecturer.locator("h2", has_text="Room code:").first.inner_text()
    room = re.search(r"Room code: ([A-Z0-9]{6})", heading)
    room = room.group(1)
    join_link = app_page.offered_links(lecturer)[0]
    assert join_link == f"{server_url}poll?room={room}"
    # The projector shows the address to the room: no token in it, nor the room code.
    assert "lecturer=" not in lecturer.url and room not in lecturer.url
    # A condition on whichever <img> is there when it holds: at load 51 the element handle
    # of the one first found timed out (resolved, then redrawn before it was handed over).
    qr_width = "(document.querySelector('[data-testid=\"stImage\"] img') || {}).naturalWidth"
    lecturer.wait_for_function(f"() => {qr_width} >= 200")
    return room, join_link


def new_tab(browser, **options):
    context = browser.new_context(**options)
    page = observer.new_observed_page(context)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


def test_a_whole_poll_with_a_lecturer_and_five_students(browser, app_server):
    lecturer_context, lecturer, lecturer_errors = new_tab(browser, viewport=DESKTOP)
    students = [new_tab(browser, viewport=DESKTOP) for _ in range(4)]
    students.append(new_tab(browser, viewport=PHONE, is_mobile=True, has_touch=True))
    try:
        room, join_link = start_poll(lecturer, app_server.url)

        for (_context, page, _errors), guess in zip(students, GUESSES, strict=True):
            page.goto(join_link)
            app_page.wait_until_ready(page)
            assert f"Room {room}." in page.locator('[data-testid="stMain"]').inner_text()
            send_guess(page, guess)
            wait_for_text(page, r"Your guess n = [\d,]+ is in\.")

        # No student's screen has the lecturer's controls.
        for _context, page, _errors in students:
            assert page.get_by_role("button", name="Reveal").count() == 0
        # The lecturer's own device keeps them with no token in the address: after a reload
        # (a new session: the device's cookie), and on their lecturer link opened elsewhere.
        lecturer.reload()
        app_page.wait_until_ready(lecturer)
        expect(lecturer.get_by_role("button", name="Reveal")).to_be_visible()
        assert "lecturer=" not in lecturer.url
        lecturer_link = app_page.offered_links(lecturer)[-1]
        assert "?lecturer=" in lecturer_link
        laptop_context, laptop, _laptop_errors = new_tab(browser, viewport=DESKTOP)
        laptop.goto(lecturer_link)
        app_page.wait_until_ready(laptop)
        expect(laptop.get_by_role("button", name="Reveal")).to_be_visible()
        expect(laptop).not_to_have_url(re.compile("lecturer="))
        laptop_context.close()

        wait_for_text(lecturer, r"5 answers: median guess n = 60")
        expect(lecturer.locator('[data-testid="stMetric"]').first).to_have_text(re.compile("5$"))
        # The chart is redrawn just after the text: wait for its bars to add up to five.
        lecturer.wait_for_function(f"() => ({HISTOGRAM_TOTAL_JS})()?.total === 5")
        assert lecturer.evaluate(HISTOGRAM_TOTAL_JS) == {"total": 5, "traces": ["guesses"]}

        lecturer.get_by_role("button", name="Reveal").click()
        wait_for_text(lecturer, r"True quality peaks at n = 49\.")
        lecturer.wait_for_function(f"() => ({HISTOGRAM_TOTAL_JS})()?.traces.length === 3")
        assert lecturer.evaluate(HISTOGRAM_TOTAL_JS)["traces"] == [
            "guesses",
            "true quality",
            "reward model",
        ]

        app_page.screenshot(lecturer, app_page.SCREENSHOT_DIR / "desktop-poll-revealed.png")
        lecturer.get_by_role("button", name="Close").click()
        wait_for_text(lecturer, r"Answers \(poll closed\)")

        _context, phone, _errors = students[-1]
        # The phone learns of the reveal and the close by itself (it re-reads every 5 s).
        wait_for_text(phone, r"The truth: true quality peaks at n = 49\.")
        wait_for_text(phone, r"This poll is closed: it takes no more answers\.")
        # ...and its guess form with it: drawn again, disabled (test_browser_poll_phone.py).
        phone.wait_for_function(
            "() => document.querySelector('.st-key-poll_guess input')?.disabled === true",
            timeout=LIVE_SECONDS * 1000,
        )
        assert phone.get_by_text("This poll is closed: it takes no more answers.").count() == 1
        assert "Your guess: n = 1,000" in phone.locator('[data-testid="stMain"]').inner_text()
        assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        app_page.screenshot(phone, app_page.SCREENSHOT_DIR / "phone-poll-student.png")

        # A refresh later the lecturer still counts five.
        before = observer.page_now(lecturer)
        lecturer.wait_for_function(
            f"() => performance.now() > {before + 2500}", timeout=LIVE_SECONDS * 1000
        )
        assert lecturer.evaluate(HISTOGRAM_TOTAL_JS)["total"] == 5
        assert metric_text(lecturer).endswith("5")
        assert lecturer_errors == [] and all(errors == [] for _c, _p, errors in students)
    finally:
        for context, _page, _errors in [*students, (lecturer_context, None, None)]:
            context.close()


def test_the_lecturer_takes_the_histogram_away_as_csv_svg_and_png(browser, app_server, tmp_path):
    lecturer_context, lecturer, lecturer_errors = new_tab(browser, viewport=DESKTOP)
    students = [new_tab(browser, viewport=DESKTOP) for _ in range(2)]
    try:
        _room, join_link = start_poll(lecturer, app_server.url)
        for (_context, page, _errors), guess in zip(students, ("49", "1000"), strict=True):
            page.goto(join_link)
            app_page.wait_until_ready(page)
            send_guess(page, guess)
            wait_for_text(page, r"Your guess n = [\d,]+ is in\.")
        wait_for_text(lecturer, r"2 answers: median guess n = ")
        lecturer.get_by_role("button", name="Reveal").click()
        wait_for_text(lecturer, r"True quality peaks at n = 49\.")

        def download(name: str):
            with lecturer.expect_download() as info:
                lecturer.get_by_role("button", name=name, exact=True).click()
            saved = tmp_path / info.value.suggested_filename
            info.value.save_as(saved)
            return saved

        counts = download("Download the histogram's counts as CSV")
        assert counts.name == "class-poll_best_of_n.csv"
        rows = list(csv.reader(io.StringIO(counts.read_text(encoding="utf-8"))))
        assert rows[0] == ["n_from", "n_to", "guesses"] and len(rows) == 25
        assert sum(int(row[2]) for row in rows[1:]) == 2
        # 49 falls in the bar from 46.4 to 68.1, 1,000 in the one from 1,000 to 1,468.
        assert [row for row in rows[1:] if row[2] == "1"] == [
            ["46.4159", "68.1292", "1"],
            ["1000", "1467.8", "1"],
        ]
        picture = ElementTree.parse(download("Download the histogram as SVG")).getroot()
        texts = [node.text for node in picture.iter(f"{SVG_NS}text")]
        assert "true peak: n = 49" in texts and "guesses" in texts
        rects = picture.iter(f"{SVG_NS}rect")
        bars = [int(node.get("data-bar")) for node in rects if node.get("data-bar")]
        assert len(bars) == 24 and sum(bars) == 2
        png = download("Download the histogram as PNG").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (1920, 920), "twice the SVG's 960 x 460 px"
        assert lecturer_errors == []
    finally:
        for context, _page, _errors in [*students, (lecturer_context, None, None)]:
            context.close()
