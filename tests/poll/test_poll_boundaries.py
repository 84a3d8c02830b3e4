"""Limits on what a visitor may send (poll_data/guesses.py, ratings.py), each pinned at its
last accepted value and the first refused: a hand mutation once let a 25-character room code
through. Checked without a database."""

from __future__ import annotations

import pytest
from poll_databases import fresh_engine

from poll_data import devices, guesses, ratings, store

ROOM_CODE = "K7QM2X"
LONGEST_ROOM_TEXT = 24  # 4 x the code's 6: room for spaces and dashes, not for a paste


def test_room_text_of_24_characters_is_read_and_25_is_refused_unread():
    assert guesses.ROOM_CODE_LENGTH * 4 == LONGEST_ROOM_TEXT
    padded = ROOM_CODE.center(LONGEST_ROOM_TEXT)  # 9 spaces each side
    assert len(padded) == 24 and guesses.normalize_room_code(padded) == ROOM_CODE
    dashed = "-".join(ROOM_CODE).ljust(LONGEST_ROOM_TEXT, "-")
    assert guesses.normalize_room_code(dashed) == ROOM_CODE
    for text in (padded + " ", " " + padded, dashed + "-"):
        assert len(text) == 25
        with pytest.raises(guesses.BadInput, match="a room code has 6 letters and digits"):
            guesses.normalize_room_code(text)
    with pytest.raises(guesses.BadRoom, match="not a room code"):  # a submission's room too
        guesses.room_and_student(padded + " ", "s" * 22)


@pytest.mark.parametrize(("length", "valid"), [(15, False), (16, True), (64, True), (65, False)])
def test_tokens_and_browser_ids_are_16_to_64_characters(length, valid):
    token = "a" * length
    if valid:
        assert guesses.check_token(token) == token
    else:
        with pytest.raises(guesses.BadInput, match="This link is not valid."):
            guesses.check_token(token)


def test_a_guess_of_32_characters_is_read_and_33_is_refused_as_too_long():
    assert guesses.parse_guess("5" + " " * 30 + "0") == 50  # 32 characters
    with pytest.raises(guesses.BadInput, match="too long for a number"):
        guesses.parse_guess("5" + " " * 31 + "0")


@pytest.mark.parametrize(
    ("key", "inside", "outside", "message"),
    [
        (
            "best_of_n",
            [1, 10_000, "1", "10,000"],
            [0.999, 10_000.01, "0"],
            "n must be from 1 to 10,000.",
        ),
        ("kl", [0.25, 10, "0.25", "10"], [0.249, 10.001, "0"], "β must be from 0.25 to 10."),
    ],
)
def test_guesses_are_taken_at_both_ends_of_the_range_and_refused_just_past_them(
    key, inside, outside, message
):
    question = guesses.QUESTIONS[key]
    for raw in inside:
        assert question.low <= guesses.parse_guess(raw, question=question) <= question.high
    for raw in outside:
        with pytest.raises(guesses.BadInput) as refused:
            guesses.parse_guess(raw, question=question)
        assert str(refused.value) == message


def test_a_guess_is_kept_as_the_question_rounds_it():
    beta = guesses.QUESTIONS["kl"]
    assert guesses.parse_guess("0.256", question=beta) == 0.26  # to 0.01
    assert guesses.parse_guess("0.254", question=beta) == 0.25
    assert guesses.parse_guess("49.6") == 50.0 and guesses.parse_guess("49.4") == 49.0


@pytest.mark.parametrize(
    ("value", "inside"),
    [(0, True), (999, True), (1000, False), (-1, False), (True, False), (1.0, False), ("3", False)],
)
def test_a_pair_index_is_a_whole_number_below_the_rooms_1000(value, inside):
    assert ratings._whole_in(value, 1000) is inside


def test_a_signed_cookie_of_128_characters_is_read_and_129_is_refused_unchecked():
    secret = "s" * 64
    for length, read in ((128, True), (129, False)):
        device = "d" * (length - 1 - devices.SIGNATURE_CHARACTERS)
        cookie = f"{device}.{devices._mac(secret, 'device', device)}"
        assert len(cookie) == length
        assert devices.device_of(cookie, secret) == (device if read else None)


def test_a_poll_exactly_a_day_old_is_still_open_and_a_moment_older_is_gone(tmp_path):
    engine = fresh_engine(f"sqlite:///{tmp_path / 'poll.sqlite3'}")
    now = 2_000_000_000.0
    poll = store.start_poll(engine, b=0.0, sigma=0.0, now=now - store.MAX_AGE_SECONDS)
    assert store.MAX_AGE_SECONDS == 24 * 3600
    assert store.poll_for_room(engine, poll.room_code, now=now) == poll
    assert store.poll_for_lecturer(engine, poll.lecturer_token, now=now) == poll
    assert store.purge_old_polls(engine, now=now) == 0  # a day old: kept
    assert store.poll_for_room(engine, poll.room_code, now=now + 0.001) is None
    assert store.purge_old_polls(engine, now=now + 0.001) == 1
    engine.dispose()
