"""A rating poll on the Class poll page in AppTest, on a real SQLite file: the lecturer starts
it, a phone rates pairs of written answers, and the lecturer's screen fits the room's choices
(the room's b, its interval, what optimizing it does, the way to the Playground), or says why
it cannot."""

from __future__ import annotations

import numpy as np
import poll_app
import sqlalchemy as sa
from poll_app import assert_no_exception, open_poll, started, texts
from streamlit.testing.v1 import AppTest

import core
from core import answer_text
from core import room_ratings as rooms
from poll_data import location, ratings, store
from ui.settings import SETTINGS
from ui.url_values import nearest_stop, url_form

poll_data_dir = poll_app.poll_data_dir  # autouse: a fresh SQLite file per test


def start_rating_poll(*, spread: float = 1.0, seconds: int = 0) -> tuple[AppTest, str, str]:
    """A lecturer starts a rating poll: (their AppTest, lecturer token, room code)."""
    lecturer = open_poll()
    lecturer.radio(key="poll_kind").set_value("rate").run()
    lecturer.radio(key="rating_spread").set_value(spread)
    lecturer.selectbox(key="rating_seconds").set_value(seconds)
    lecturer.button(key="rating_start").click().run()
    return started(lecturer)


def engine_for(poll_data_dir) -> sa.Engine:
    return sa.create_engine(f"sqlite:///{poll_data_dir / location.SQLITE_FILE}")


PINNED_SEED = 1  # the room's pair seed, set by the test so that its figures are fixed
# How each kind of room scores an answer at (length, substance); the better score is chosen.
RULES = {
    "typical": lambda length, substance: substance - np.abs(length),  # padding is penalized
    "longer": lambda length, substance: substance + length,  # the lesson's reward model
    "shorter": lambda length, substance: substance - length,
}


def pinned_pairs(engine: sa.Engine, room_code: str) -> core.RatingPairs:
    """Set the room's pair seed to PINNED_SEED; its pair sequence."""
    poll = store.poll_for_room(engine, room_code)
    with engine.begin() as connection:
        connection.execute(
            sa.update(ratings.rating_rooms)
            .where(ratings.rating_rooms.c.poll_id == poll.id)
            .values(pair_seed=PINNED_SEED)
        )
    room = ratings.rating_room(engine, poll)
    return core.rating_pairs(seed=room.pair_seed, length_spread=room.length_spread)


def rate_by_rule(poll_data_dir, room_code: str, rule: str, *, raters=20, pairs=15) -> None:
    """``raters`` devices rate ``pairs`` pairs each by a rule of RULES, one choice in four the
    other way (people err; a rule followed exactly is separable and has no fit)."""
    engine = engine_for(poll_data_dir)
    sequence = pinned_pairs(engine, room_code)
    for rater in range(raters):
        student = f"student-{rater:016d}xxxxxxxx"
        for step in range(pairs):
            index = ratings.pair_for(student, step)
            score = RULES[rule](sequence.length[index], sequence.substance[index])
            first = bool(score[0] > score[1]) != ((rater + step) % 4 == 0)
            tap = ratings.submit_choice(
                engine,
                room_code=room_code,
                student_id=student,
                pair_index=index,
                choice=rooms.FIRST if first else rooms.SECOND,
                seconds=3.0,
            )
            assert tap.accepted, tap.message
    engine.dispose()


def metric(app: AppTest, label: str) -> str:
    return next(item.value for item in app.metric if item.label == label)


def test_a_lecturer_starts_a_rating_poll_and_sees_why_there_is_no_fit_yet():
    lecturer, _token, _room = start_rating_poll(spread=1.5, seconds=6)
    assert metric(lecturer, "Comparisons (poll open)") == "0"
    assert rooms.NO_CHOICES in texts(lecturer.info)
    summary = texts(lecturer.markdown)
    assert "very varied lengths" in summary and "quick mode, 6 seconds a pair" in summary
    assert not lecturer.get("plotly_chart")
    assert [button.label for button in lecturer.button if button.key == "poll_reveal"] == []


def test_a_phone_rates_a_pair_of_written_answers_and_the_next_pair_follows():
    _lecturer, _token, room = start_rating_poll()
    phone = open_poll({"room": room})
    assert_no_exception(phone)
    question = next(line for line in answer_text.QUESTIONS if line in texts(phone.markdown))
    first_texts = [element.value for element in phone.text]
    assert len(first_texts) == 2 and all(len(text) > 40 for text in first_texts)
    assert [button.label for button in phone.button if button.key.startswith("rating_choice")] == [
        "Answer A is better",
        "Answer B is better",
        "Can't tell",
    ]
    assert question
    phone.button(key="rating_choice_0").click().run()
    assert_no_exception(phone)
    assert "Stored: the first answer." in texts(phone.success)
    assert "You have rated 1 pair." in texts(phone.caption)
    assert [element.value for element in phone.text] != first_texts
    phone.button(key="rating_choice_2").click().run()
    assert "Stored: can't tell." in texts(phone.success)
    assert "You have rated 2 pairs." in texts(phone.caption)


def test_the_rooms_choices_move_its_fit_the_way_they_were_made(poll_data_dir):
    """300 comparisons in each of three rooms: one that penalizes padding learns a larger b
    than one that prefers longer answers; preferring shorter answers is a negative length
    weight, preferring longer a positive one (figures at the pinned seed)."""
    readings = {}
    for rule in RULES:
        lecturer, _token, room = start_rating_poll()
        rate_by_rule(poll_data_dir, room, rule)
        lecturer.run()
        assert_no_exception(lecturer)
        assert metric(lecturer, "Comparisons (poll open)") == "300"
        b = float(metric(lecturer, "the room's b"))
        low, high = (float(x) for x in metric(lecturer, "90% interval of b").split(" to "))
        assert low < b < high
        readings[rule] = (b, float(metric(lecturer, "length weight")))
        shown = texts(lecturer.caption)
        assert "Fit by Bradley–Terry on 300 decided comparisons" in shown
        assert "Best-of-n on the room's reward model: true quality " in shown
        assert '20 phones, 0 "can\'t tell"; a choice took 3.0 s (median).' in shown
        assert len(lecturer.get("plotly_chart")) == 3  # the plane, best-of-n, the KL optimum
        link = lecturer.get("page_link")[0].proto
        stop = nearest_stop(SETTINGS["b"], b)
        assert (
            link.label
            == f"Open the Playground at the room's b: b = {url_form(stop)} (nearest step)"
        )
        assert f"b={url_form(stop)}" in link.page or link.query_string == f"b={url_form(stop)}"
    assert readings["typical"][0] > readings["longer"][0] + 0.15, readings
    assert readings["shorter"][1] < -0.5 and readings["longer"][1] > 0.5, readings


def test_few_comparisons_say_the_interval_is_wide_and_a_fit_without_substance_says_why(
    poll_data_dir,
):
    lecturer, _token, room = start_rating_poll()
    rate_by_rule(poll_data_dir, room, "typical", raters=4, pairs=5)  # b = 0.45, -0.57 to 1.47
    lecturer.run()
    assert_no_exception(lecturer)
    assert metric(lecturer, "90% interval of b") == "-0.57 to 1.47"
    assert (
        "Only 20 decided comparisons: the interval of b is wide (-0.57 to 1.47), so this b is "
        "a rough reading." in texts(lecturer.warning)
    )
    other, _token, room = start_rating_poll()
    rate_by_rule(poll_data_dir, room, "typical", raters=3, pairs=4)  # substance weight < 0
    other.run()
    assert rooms.NOT_POSITIVE in texts(other.info)
    assert not any(item.label == "the room's b" for item in other.metric)


def test_a_room_that_always_picks_the_shorter_answer_is_told_why_it_has_no_fit(poll_data_dir):
    lecturer, _token, room = start_rating_poll()
    engine = engine_for(poll_data_dir)
    sequence = pinned_pairs(engine, room)
    student = "student-0000000000000000xxxxxxxx"
    for step in range(12):
        index = ratings.pair_for(student, step)
        shorter_first = sequence.length[index, 0] < sequence.length[index, 1]
        choice = rooms.FIRST if shorter_first else rooms.SECOND
        assert ratings.submit_choice(
            engine, room_code=room, student_id=student, pair_index=index, choice=choice
        ).accepted
    engine.dispose()
    lecturer.run()
    assert rooms.SEPARABLE in texts(lecturer.info)
    assert "12 decided" not in texts(lecturer.caption)  # no fit is described


def test_a_closed_rating_poll_disables_the_phones_buttons_and_stores_nothing(poll_data_dir):
    lecturer, _token, room = start_rating_poll()
    phone = open_poll({"room": room})
    lecturer.button(key="poll_close").click().run()
    phone.run()
    assert_no_exception(phone)
    assert all(button.disabled for button in phone.button if button.key.startswith("rating_choice"))
    assert "This poll is closed: it takes no more choices." in texts(phone.info)
    engine = engine_for(poll_data_dir)
    poll = store.poll_for_room(engine, room)
    assert ratings.choices_of(engine, poll.id).choice.size == 0
