"""A whole rating poll in real Chromium on one real server: a lecturer and five phones (one
device in three tabs), two rooms whose choices move the room's fit the way they were made, and
the Playground opened at the room's b."""

from __future__ import annotations

import contextlib
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from core import answer_text
from tests.support import app_page, screen_checks
from tests.support import stage_in_browser as stage
from ui.settings import SETTINGS
from ui.url_values import nearest_stop, url_form

pytestmark = pytest.mark.browser

PHONES = 5
TAPS_PER_PHONE = 4  # 20 comparisons a room; more are tapped only while no fit can be made
EXTRA_ROUNDS = 20
FLIP_EVERY = 8  # one tap in eight goes the other way: people err, and a rule kept exactly
# is separable (no fit). Simulated over pairs of rooms (random seeds and devices, this file's
# rater, core.room_fit): at 130 characters a point and 8 rounds at most, 14 runs of 150 had
# a room with no fit (mostly "pays nothing for substance": length outweighed the points
# the shorter room read), the cause of an intermittent failure; at 160 and 24 rounds at most,
# 2 of 1,000 (4.3 rounds on average), and the shorter room's length weight below the longer's in
# every run with both fits.
CHARACTERS_PER_POINT = 160  # ~2 sentences of length weigh as much as one point of content
LIVE_MS = 30_000  # the lecturer's screen re-reads every 2 s; a loaded machine may lag
CONTENT = {q.text: q.content for q in answer_text.QUESTION_BANKS}
WRONG = {q.text: q.wrong for q in answer_text.QUESTION_BANKS}


def read_pair(page) -> tuple[str, str, str]:
    """The question and the two answers' texts on a phone."""
    question = page.locator("h4").first.inner_text().strip()
    texts = tuple(
        page.locator(f'.st-key-rating_answer_{name} [data-testid="stText"]').inner_text()
        for name in "AB"
    )
    return question, *texts


def score(question: str, text: str, *, prefer_shorter: bool) -> float:
    """How a rater of this room scores an answer: correct points made, then its length."""
    points = sum(point in text for point in CONTENT[question])
    points -= sum(claim in text for claim in WRONG[question])
    length = len(text) / CHARACTERS_PER_POINT
    return points - length if prefer_shorter else points + length


def rated(page, count: int) -> None:
    caption = f"You have rated {count} pair{'s' if count != 1 else ''}."
    expect(page.get_by_text(caption, exact=False)).to_be_visible(timeout=LIVE_MS)


def tap(page, *, prefer_shorter: bool, flip: bool) -> str:
    """Tap the answer this room prefers (or, when ``flip``, the other); the button's name."""
    question, first, second = read_pair(page)
    first_better = score(question, first, prefer_shorter=prefer_shorter) >= score(
        question, second, prefer_shorter=prefer_shorter
    )
    name = "Answer A is better" if first_better != flip else "Answer B is better"
    page.get_by_role("button", name=name).click()
    return name


def metric_value(page, label: str):
    box = page.locator('[data-testid="stMetric"]').filter(has_text=label).first
    return box.locator('[data-testid="stMetricValue"]')


def metric(page, label: str) -> str:
    return metric_value(page, label).inner_text().strip()


def expect_metric(page, label: str, value: str) -> None:
    expect(metric_value(page, label)).to_have_text(value, timeout=LIVE_MS)


def start_rating_poll(page, url: str, *, present: bool = False) -> str:
    """The lecturer starts a rating poll (no time limit), in presenter mode if ``present``;
    the room code."""
    page.goto(url + ("poll?present=1" if present else "poll"))
    app_page.wait_until_ready(page)
    # The lecturer's device goes back to the poll it leads (its token kept, out of the
    # address): New poll leaves it for the start screen.
    if page.get_by_role("button", name="New poll").count():
        page.get_by_role("button", name="New poll").click()
    page.get_by_text("Rate answers", exact=True).first.click()
    page.get_by_role("button", name="Start a rating poll").click()
    heading = page.locator("h2", has_text="Room code:").first
    expect(heading).to_be_visible(timeout=LIVE_MS)
    return re.search(r"Room code: ([A-Z0-9]{6})", heading.inner_text()).group(1)


def rate_room(lecturer, phones, url: str, *, prefer_shorter: bool) -> dict[str, str]:
    """A room rated by the phones; the lecturer's readouts once it has a fit."""
    room = start_rating_poll(lecturer, url, present=True)
    for phone in phones:
        phone.goto(f"{url}poll?room={room}")
        expect(phone.get_by_role("button", name="Can't tell")).to_be_visible(timeout=LIVE_MS)
    taps = 0
    for round_number in range(TAPS_PER_PHONE + EXTRA_ROUNDS):
        if round_number >= TAPS_PER_PHONE and metric_or_none(lecturer, "the room's b"):
            break
        # Every phone taps, then each is waited for: the server works on them together.
        for device, phone in enumerate(phones):
            tap(phone, prefer_shorter=prefer_shorter, flip=(device * 3 + taps) % FLIP_EVERY == 0)
        taps += 1
        for phone in phones:
            rated(phone, taps)
        expect_metric(lecturer, "Comparisons (poll open)", str(PHONES * taps))
    readouts = {
        label: metric(lecturer, label)
        for label in ("Comparisons (poll open)", "the room's b", "length weight")
    }
    assert readouts["Comparisons (poll open)"] == str(PHONES * taps)
    expect(lecturer.get_by_text(f'{PHONES} phones, 0 "can\'t tell"', exact=False)).to_be_visible()
    return readouts


def metric_or_none(page, label: str) -> str | None:
    boxes = page.locator('[data-testid="stMetric"]').filter(has_text=label)
    return metric(page, label) if boxes.count() else None


def test_a_rating_poll_with_five_phones_moves_the_rooms_fit_and_opens_the_playground(
    new_tab, app_server
):
    """Five phones (the first in three tabs) rate two rooms: one prefers the shorter answer,
    one the longer. The device in three tabs counts once on a pair it tapped twice; the room
    that prefers shorter answers learns a lower length weight than the one that prefers longer
    answers; on the lecturer's projector (1280x720, presenter mode) the room's b and its plane
    lie on the first screen, no two labels of its charts overlapping; the lecturer's link opens
    the Playground at the room's b (its nearest step)."""
    url = app_server.url
    lecturer_tab = new_tab("projector")
    lecturer = lecturer_tab.page
    phone_tabs = [new_tab("phone") for _ in range(PHONES)]
    phones = [tab.page for tab in phone_tabs]
    # Two more tabs of the first phone: the same browser, so the same device cookie.
    twins = [phones[0].context.new_page() for _ in range(2)]

    # One device, three tabs: a pair tapped in two of them is one comparison, replaced (a
    # tab keeps its pair until it taps it itself).
    room = start_rating_poll(lecturer, url)
    for page in (phones[0], *twins):
        page.goto(f"{url}poll?room={room}")
        expect(page.get_by_role("button", name="Can't tell")).to_be_visible(timeout=LIVE_MS)
    assert read_pair(twins[0]) == read_pair(phones[0]) == read_pair(twins[1])
    phones[0].get_by_role("button", name="Answer A is better").click()
    expect(phones[0].get_by_text("Stored: the first answer.")).to_be_visible(timeout=LIVE_MS)
    twins[0].get_by_role("button", name="Answer B is better").click()
    expect(twins[0].get_by_text("Changed: the second answer.")).to_be_visible(timeout=LIVE_MS)
    twins[1].reload()
    rated(twins[1], 1)
    expect_metric(lecturer, "Comparisons (poll open)", "1")
    expect(lecturer.get_by_text('1 phone, 0 "can\'t tell"', exact=False)).to_be_visible(
        timeout=LIVE_MS
    )
    for page in twins:
        page.close()

    shorter = rate_room(lecturer, phones, url, prefer_shorter=True)
    longer = rate_room(lecturer, phones, url, prefer_shorter=False)
    assert float(shorter["length weight"]) < float(longer["length weight"]), (shorter, longer)
    # On the projector (1280x720, presenter mode): the room's b and its plane on the first
    # screen, and no two of the room's charts' ticks, titles or legend entries on top of each
    # other. The contour lines' own labels are left out: plotly keeps them apart, but how close
    # depends on the room's random pairs ('−4' and '−10' came within the gap once in five).
    plane = lecturer.locator(".st-key-rating_plane .js-plotly-plot")
    with contextlib.suppress(PlaywrightTimeout):  # the assertions below say what is off
        lecturer.wait_for_function(
            "() => { const charts = document.querySelectorAll("
            "'.st-key-rating_plane .js-plotly-plot'); return charts.length === 1 && "
            "charts[0].getBoundingClientRect().bottom <= innerHeight; }",
            timeout=LIVE_MS,
        )
    height = lecturer.viewport_size["height"]
    for name, part in (("b", lecturer.locator(".st-key-rating_readouts")), ("plane", plane)):
        box = part.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
    in_charts = [
        box
        for box in lecturer.evaluate(screen_checks.TEXT_BOXES_JS)
        if box["svg"] and box["where"].startswith("st-key-rating_") and not box["contour"]
    ]
    assert len(in_charts) > 20, "the room's charts' text was not found"
    assert screen_checks.overlapping(in_charts) == []
    app_page.screenshot(
        lecturer, app_page.SCREENSHOT_DIR / "projector-presenter-rating-poll.png", full_page=False
    )

    b = float(longer["the room's b"])
    stop = url_form(nearest_stop(SETTINGS["b"], b))
    lecturer.get_by_role("link", name=re.compile("Open the Playground at the room's b")).click()
    # The Playground writes b into its address unless it is the default (0).
    written = None if stop == url_form(SETTINGS["b"].default) else stop
    stage.expect_url_holds(lecturer, "b", written, timeout_ms=LIVE_MS)
    expect(stage.root(lecturer)).to_have_attribute("data-world", f"{stop},0", timeout=LIVE_MS)
    for tab in (lecturer_tab, *phone_tabs):
        assert tab.console_errors == []
