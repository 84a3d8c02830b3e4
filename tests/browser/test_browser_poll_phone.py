"""The class poll from a phone, in real Chromium: one student per device however often the
join link is opened, a copied link that votes as nobody else, the number keyboard, a late
guess told once, a rounded guess said so."""

from __future__ import annotations

import re

import pytest

from tests.browser.test_browser_poll import new_tab, send_guess, start_poll, wait_for_text
from tests.support import app_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": app_page.VIEWPORTS["phone"], "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": app_page.VIEWPORTS["desktop"]}


def open_join_link(page, join_link: str) -> None:
    page.goto(join_link)
    app_page.wait_until_ready(page)
    page.get_by_label("Your guess: n =").wait_for()


def answers_counted(lecturer, count: int) -> None:
    wait_for_text(lecturer, rf"^{count} answers?: ")


def test_three_tabs_of_one_phone_are_one_student(browser, app_server):
    lecturer_context, lecturer, _ = new_tab(browser, **DESKTOP)
    phone_context, first, errors = new_tab(browser, **PHONE)
    try:
        _room, join_link = start_poll(lecturer, app_server.url)
        tabs = [first, phone_context.new_page(), phone_context.new_page()]
        for tab, guess in zip(tabs, ("20", "30", "40"), strict=True):
            open_join_link(tab, join_link)  # a new tab, or the QR code scanned again
            send_guess(tab, guess)
            wait_for_text(tab, rf"Your guess n = {guess} (is in|replaced your earlier one)\.")
        assert "replaced your earlier one" in tabs[2].locator('[data-testid="stMain"]').inner_text()
        assert "student=" not in tabs[2].url
        answers_counted(lecturer, 1)
        wait_for_text(lecturer, r"1 answer: .*n = 40")
        assert errors == []
    finally:
        phone_context.close()
        lecturer_context.close()


def test_a_copied_link_and_a_forged_cookie_do_not_vote_as_the_first_phone(browser, app_server):
    lecturer_context, lecturer, _ = new_tab(browser, **DESKTOP)
    first_context, first, _ = new_tab(browser, **PHONE)
    second_context, second, _ = new_tab(browser, **PHONE)
    try:
        _room, join_link = start_poll(lecturer, app_server.url)
        open_join_link(first, join_link)
        send_guess(first, "20")
        wait_for_text(first, r"Your guess n = 20 is in\.")
        # The first phone's address, sent to a friend; the friend also tries an old-style id
        # and a cookie of their own making with the first phone's name in it.
        cookie = next(c for c in first_context.cookies() if c["name"] == "rh_device")
        device = cookie["value"].split(".")[0]
        second_context.add_cookies([{**cookie, "value": f"{device}.forgedsignature0000000000000"}])
        open_join_link(second, first.url + "&student=" + device)
        send_guess(second, "35")
        wait_for_text(second, r"Your guess n = 35 is in\.")  # "is in": a student of its own
        answers_counted(lecturer, 2)
        mine = first.locator('[data-testid="stMain"]')
        wait_for_text(first, r"Your guess: n = 20")
        assert "n = 35" not in mine.inner_text()
    finally:
        for context in (second_context, first_context, lecturer_context):
            context.close()


@pytest.fixture
def phone_in_poll(browser, app_server):
    """A lecturer's desktop tab with a poll open, and a phone on its join link: (lecturer,
    phone), both closed after the test."""
    lecturer_context, lecturer, _ = new_tab(browser, **DESKTOP)
    phone_context, phone, _ = new_tab(browser, **PHONE)
    try:
        _room, join_link = start_poll(lecturer, app_server.url)
        open_join_link(phone, join_link)
        yield lecturer, phone
    finally:
        phone_context.close()
        lecturer_context.close()


def test_the_guess_box_opens_the_number_keyboard(phone_in_poll):
    _lecturer, phone = phone_in_poll
    box = phone.get_by_label("Your guess: n =")
    phone.wait_for_function(
        "() => document.querySelector('.st-key-poll_guess input')?.inputMode === 'numeric'"
    )
    assert box.get_attribute("inputmode") == "numeric"
    send_guess(phone, "49.5")
    wait_for_text(phone, re.escape("Your guess n = 50 is in (49.5 rounded to a whole number)."))
    # Streamlit draws the form again after the answer: the keyboard stays numeric.
    assert box.get_attribute("inputmode") == "numeric"


def test_a_late_guess_is_told_once_and_the_form_is_disabled(phone_in_poll):
    lecturer, phone = phone_in_poll
    box = phone.get_by_label("Your guess: n =")
    box.fill("70")  # typed, not yet sent, when the lecturer closes the poll
    lecturer.get_by_role("button", name="Close").click()
    wait_for_text(lecturer, r"Answers \(poll closed\)")
    box.press("Enter")
    closed = phone.get_by_text("This poll is closed: it takes no more answers.")
    closed.first.wait_for(timeout=20_000)
    phone.wait_for_function(
        "() => document.querySelector('.st-key-poll_guess input')?.disabled === true"
    )
    assert closed.count() == 1
    assert phone.get_by_role("button", name="Send my guess").is_disabled()
    assert "Your guess" not in phone.locator('[data-testid="stAlert"]').all_inner_texts()
