"""A rating poll on the Class poll page in AppTest, on a real SQLite file: the lecturer starts
it, a phone rates pairs of written answers, and the lecturer's screen fits the room's choices
(the room's b, its interval, what optimizing it does, the way to the Playground), or says why
it cannot."""

from __future__ import annotations

import json
import re

import numpy as np
import poll_app
import pytest
import sqlalchemy as sa
from poll_app import assert_no_exception, open_poll, started, texts
from streamlit.testing.v1 import AppTest

import core
from core import answer_text, simulated_rooms
from core import room_ratings as rooms
from poll_data import location, ratings, store
from ui.settings import SETTINGS
from ui.url_values import nearest_stop, url_form

pytestmark = pytest.mark.slow  # make test-fast leaves it out: each test opens the poll in AppTest

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


def rate_as(poll_data_dir, room_code: str, raters: str, *, phones=30, pairs=20) -> None:
    """``phones`` devices rate ``pairs`` pairs each as a simulated room of ``raters`` would
    (core.simulated_rooms), on the pinned pair sequence."""
    engine = engine_for(poll_data_dir)
    sequence = pinned_pairs(engine, room_code)
    students = [f"student-{phone:016d}xxxxxxxx" for phone in range(phones)]
    indices = np.array(
        [ratings.pair_for(student, step) for student in students for step in range(pairs)]
    )
    choices = simulated_rooms.simulated_choices(
        raters,
        length=sequence.length[indices],
        substance=sequence.substance[indices],
        rng=np.random.default_rng(3),
    )
    for number, (index, choice) in enumerate(zip(indices, choices, strict=True)):
        tap = ratings.submit_choice(
            engine,
            room_code=room_code,
            student_id=students[number // pairs],
            pair_index=int(index),
            choice=int(choice),
            seconds=4.0,
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


def choice_button(phone, choice: int):
    """The phone's button for a choice on the pair it shows (keys carry the pair's index)."""
    (button,) = [b for b in phone.button if b.key.startswith(f"rating_choice_{choice}_")]
    return button


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
    first_keys = {button.key for button in phone.button}
    choice_button(phone, 0).click().run()
    assert_no_exception(phone)
    # The next pair's buttons are other widgets: a click Streamlit fires again after an
    # interrupted run reaches the tapped pair's callback, never the next pair's.
    assert not first_keys & {b.key for b in phone.button if b.key.startswith("rating_choice")}
    assert "Stored: the first answer." in texts(phone.success)
    assert "You have rated 1 pair." in texts(phone.caption)
    assert [element.value for element in phone.text] != first_texts
    choice_button(phone, 2).click().run()
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
    # 4 phones, 20 choices: the substance weight is within t(3)'s 2.35 standard errors of 0
    # (once, counting every choice as independent, "b = 0.45, -0.57 to 1.47").
    rate_by_rule(poll_data_dir, room, "typical", raters=4, pairs=5)
    lecturer.run()
    assert_no_exception(lecturer)
    assert rooms.NO_SUBSTANCE in texts(lecturer.info)
    assert not any(item.label == "the room's b" for item in lecturer.metric)
    other, _token, room = start_rating_poll()
    rate_by_rule(poll_data_dir, room, "typical", raters=3, pairs=4)  # substance weight < 0
    other.run()
    assert rooms.NO_SUBSTANCE in texts(other.info)
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


def chart_titles(app: AppTest) -> list[str]:
    return [
        json.loads(chart.proto.spec)["layout"]["title"]["text"] for chart in app.get("plotly_chart")
    ]


def simulated_room_screen(poll_data_dir, raters: str) -> tuple[AppTest, str]:
    """A lecturer's screen after 30 phones rated 20 pairs each as ``raters``: (app, its text)."""
    lecturer, _token, room = start_rating_poll()
    rate_as(poll_data_dir, room, raters)
    lecturer.run()
    assert_no_exception(lecturer)
    said = "\n".join(texts(elements) for elements in (lecturer.caption, lecturer.warning))
    assert "every comparison narrows" not in said.lower()
    legends = [
        trace.get("name", "")
        for chart in lecturer.get("plotly_chart")
        for trace in json.loads(chart.proto.spec)["data"]
    ]
    # Numbers as the app prints them: no "b = 0.178354" or "β = 3.81392" anywhere.
    assert not re.search(r"\d\.\d{4,}", said + " ".join(legends)), (said, legends)
    weight = metric(lecturer, "length weight")
    # The curves are the room's model (b and its length weight), not the Playground's at b.
    assert chart_titles(lecturer)[1:] == [
        "<b>Best-of-n on the room's model</b>",
        "<b>KL optimum on the room's model</b>",
    ]
    assert "the padding penalty" in said and ", and drops the rest of the room's model" in said
    assert f"its length weight ({weight}; the Playground's reward model has 1)" in said
    return lecturer, said


def agreement_and_reference(app: AppTest) -> tuple[float, float]:
    return tuple(
        float(metric(app, label).rstrip("%")) / 100
        for label in ("agreed with true quality", "reference, same pairs")
    )


def test_a_room_that_follows_true_quality_reads_as_b_near_1_and_agrees_as_the_reference(
    poll_data_dir,
):
    lecturer, said = simulated_room_screen(poll_data_dir, "gold")
    b, weight = float(metric(lecturer, "the room's b")), float(metric(lecturer, "length weight"))
    assert 0.75 < b < 1.25 and 0.75 < weight < 1.25
    favourite = float(re.search(r"favourite length at l = (-?[\d.]+)", said).group(1))
    assert favourite == pytest.approx(weight / (2 * b), abs=0.01) and 0.3 < favourite < 0.7
    agreement, reference = agreement_and_reference(lecturer)
    assert abs(agreement - reference) < 0.04
    assert "More than chance: the room's choices follow true quality." in said
    assert metric(lecturer, "coin flips") == "50%"  # the chance line


def test_a_length_loving_room_reads_as_a_big_length_weight_with_no_padding_penalty(
    poll_data_dir,
):
    lecturer, said = simulated_room_screen(poll_data_dir, "length")
    low, high = (float(x) for x in metric(lecturer, "90% interval of b").split(" to "))
    assert float(metric(lecturer, "length weight")) > 2 and low < 0 < high
    assert "includes 0: these choices cannot tell whether the room charges for padding" in said
    assert "padding bonus" not in said and "sign unknown" in said
    agreement, reference = agreement_and_reference(lecturer)
    assert agreement < reference
    assert "More than chance" in said  # length lovers still pick the better answer often


def test_a_room_of_careful_readers_reads_as_liking_some_length_and_disliking_padding(
    poll_data_dir,
):
    """Careful readers prefer more good points, then fewer wrong claims, then less padding:
    on a text that shows true quality's shape, the screen reads their room as a positive
    length weight, a clear share of the padding penalty and agreement near the reference."""
    lecturer, said = simulated_room_screen(poll_data_dir, "careful")
    assert '"can\'t tell"' in texts(lecturer.caption)  # equal-reading pairs are ties
    low, _high = (float(x) for x in metric(lecturer, "90% interval of b").split(" to "))
    assert float(metric(lecturer, "length weight")) > 0.2, said
    assert float(metric(lecturer, "the room's b")) > 0.4 and low > 0, said
    favourite = float(re.search(r"favourite length at l = (-?[\d.]+)", said).group(1))
    assert favourite > 0
    agreement, reference = agreement_and_reference(lecturer)
    assert agreement > reference - 0.05, said


def test_a_room_of_coin_flips_is_told_there_is_no_reward_model_to_read(poll_data_dir):
    """30 phones tapping at random, 600 choices: no b, no plane, no curves, no Playground link;
    the agreement beside coin flips' 50%, not told apart from chance."""
    lecturer, _token, room = start_rating_poll()
    rate_as(poll_data_dir, room, "random")
    lecturer.run()
    assert_no_exception(lecturer)
    assert rooms.NO_SUBSTANCE in texts(lecturer.info)
    assert not any(item.label == "the room's b" for item in lecturer.metric)
    assert not lecturer.get("plotly_chart") and not lecturer.get("page_link")
    assert metric(lecturer, "coin flips") == "50%"
    said = texts(lecturer.caption)
    assert "Coin flips pick it in 50%" in said
    assert "Within what coin flips give: these choices are not told apart from chance." in said
    assert "padding" not in said and "length weight" not in said
    # The fit counted each phone's 20 choices together: the store says whose each one is.
    engine = engine_for(poll_data_dir)
    stored = ratings.choices_of(engine, store.poll_for_room(engine, room).id)
    engine.dispose()
    np.testing.assert_array_equal(np.bincount(stored.phone), np.full(30, 20))
