"""Step rooms on a real SQLite file and a real PostgreSQL server: the step and setting kept with
the poll, one choice per device (a new tap replaces the old), counts per choice, and every bad
tap (a closed room, an unknown choice, another kind of room, a forged id, a flood) refused with
a sentence, storing nothing."""

from __future__ import annotations

import poll_databases
import pytest
import sqlalchemy as sa

from poll_data import guesses, ratings, step_polls, store
from poll_data.step_polls import Outcome

STUDENT = "student-aaaaaaaaaaaaaaaa"
OTHERS = [f"student-{letter * 16}" for letter in "bcdefg"]
T0 = 2_000_000_000.0  # a fixed "now" (2033) so rate-limit windows are exact
VALUES = {"beta": 0.3, "n": 590.0, "b": 0.2, "sigma": 0.0}  # story step 4's setting
# Each test runs on a SQLite file and on a throwaway PostgreSQL server.
postgres, engine = poll_databases.postgres, poll_databases.engine


def votes(engine) -> list[tuple]:
    """Every stored vote, sorted: to show that a refused tap wrote nothing."""
    with engine.connect() as connection:
        return sorted(tuple(row) for row in connection.execute(sa.select(step_polls.step_votes)))


def room(engine, *, step=3, values=VALUES, choices=4):
    return step_polls.start_step_poll(engine, step=step, values=values, choices=choices, now=T0)


def tap(engine, poll, choice, *, student=STUDENT, now=T0):
    return step_polls.submit_vote(
        engine, room_code=poll.room_code, student_id=student, choice=choice, now=now
    )


def test_a_step_room_keeps_its_step_and_the_setting_it_was_started_at(engine):
    poll, asked = room(engine, values={"beta": 0.4, "n": 200, "b": 0.35, "sigma": 1.0})
    assert poll.question == guesses.STEP == "step"
    assert (poll.b, poll.sigma, poll.closed, poll.revealed) == (0.35, 1.0, False, False)
    kept = step_polls.step_room(engine, poll)
    assert kept == asked
    assert (kept.step, kept.choices) == (3, 4)
    assert kept.values == {"beta": 0.4, "n": 200.0, "b": 0.35, "sigma": 1.0}
    guess_poll = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    assert step_polls.step_room(engine, guess_poll) is None


@pytest.mark.parametrize(
    "arguments",
    [
        {"step": -1},
        {"step": 32},
        {"step": 2.0},
        {"step": True},
        {"choices": 1},
        {"choices": 6},
        {"values": {**VALUES, "beta": float("nan")}},
        {"values": {"beta": 1.0, "n": 49, "b": 0.0}},  # sigma missing
        {"values": {**VALUES, "n": "590"}},
    ],
)
def test_a_step_room_that_cannot_be_is_not_opened(engine, arguments):
    with pytest.raises(ValueError):
        step_polls.start_step_poll(
            engine, **{"step": 1, "values": VALUES, "choices": 4, **arguments}
        )
    with engine.connect() as connection:
        assert connection.execute(sa.select(sa.func.count()).select_from(store.polls)).scalar() == 0


def test_votes_are_counted_per_choice_one_per_device(engine):
    poll, asked = room(engine)
    for student, choice in zip(OTHERS, (0, 1, 1, 3, 1, 0), strict=True):
        assert tap(engine, poll, choice, student=student).outcome is Outcome.ACCEPTED
    assert step_polls.counts_of(engine, asked).tolist() == [2, 3, 0, 1]
    assert step_polls.vote_of(engine, poll.id, OTHERS[3]) == 3
    assert step_polls.vote_of(engine, poll.id, STUDENT) is None
    other_poll, other = room(engine)
    assert step_polls.counts_of(engine, other).tolist() == [0, 0, 0, 0], "rooms do not mix"


def test_a_device_changes_its_vote_while_the_poll_is_open(engine):
    poll, asked = room(engine)
    first = tap(engine, poll, 2)
    assert (first.outcome, first.choice, first.message) == (
        Outcome.ACCEPTED,
        2,
        "Your answer C is in.",
    )
    changed = tap(engine, poll, 0, now=T0 + 5)
    assert (changed.outcome, changed.choice) == (Outcome.REPLACED, 0)
    assert changed.message == "Your answer A replaced C."
    again = tap(engine, poll, 0, now=T0 + 6)
    assert again.outcome is Outcome.UNCHANGED and again.accepted
    assert step_polls.counts_of(engine, asked).tolist() == [1, 0, 0, 0], "one row per device"
    assert len(votes(engine)) == 1


def test_a_closed_poll_refuses_a_tap_and_keeps_the_votes_it_had(engine):
    poll, asked = room(engine)
    tap(engine, poll, 1)
    store.set_state(engine, poll.lecturer_token, closed=True)
    before = votes(engine)
    refused = tap(engine, poll, 2, now=T0 + 1)
    assert refused.outcome is Outcome.CLOSED and not refused.accepted
    assert refused.message == "This poll is closed: it takes no more answers."
    late = tap(engine, poll, 2, student=OTHERS[0], now=T0 + 1)
    assert late.outcome is Outcome.CLOSED
    assert votes(engine) == before
    assert step_polls.counts_of(engine, asked).tolist() == [0, 1, 0, 0]
    store.set_state(engine, poll.lecturer_token, revealed=True)
    assert tap(engine, poll, 2, now=T0 + 2).outcome is Outcome.CLOSED


@pytest.mark.parametrize("choice", [4, -1, 1.0, True, "1", None, 10**30])
def test_a_choice_that_is_not_one_of_the_rooms_stores_nothing(engine, choice):
    poll, _ = room(engine)
    refused = tap(engine, poll, choice)
    assert refused.outcome is Outcome.BAD_CHOICE
    assert refused.message == "Tap one of the 4 answers."
    assert votes(engine) == []


def test_taps_for_the_wrong_room_or_from_a_forged_id_store_nothing(engine):
    poll, _ = room(engine)
    guess_poll = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    rating_poll, _ = ratings.start_rating_poll(
        engine, length_spread=1.0, seconds_per_pair=0, now=T0
    )
    assert tap(engine, guess_poll, 0).outcome is Outcome.NOT_STEP
    assert tap(engine, rating_poll, 0).outcome is Outcome.NOT_STEP
    assert (
        step_polls.submit_vote(
            engine, room_code="<b>x</b>", student_id=STUDENT, choice=0, now=T0
        ).outcome
        is Outcome.UNKNOWN_ROOM
    )
    assert tap(engine, poll, 0, student="<script>").outcome is Outcome.BAD_STUDENT
    assert votes(engine) == []
    # A step room takes no typed guess and no rating either.
    typed = store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="2", now=T0
    )
    assert typed.outcome is store.Outcome.BAD_GUESS
    rated = ratings.submit_choice(
        engine, room_code=poll.room_code, student_id=STUDENT, pair_index=0, choice=0, now=T0
    )
    assert rated.outcome is ratings.Outcome.NOT_RATING


def test_a_flood_from_one_device_is_refused_past_the_limit(engine):
    poll, asked = room(engine)
    for index in range(step_polls.RATE_LIMIT):
        assert tap(engine, poll, index % 2, now=T0 + index * 0.1).accepted
    refused = tap(engine, poll, 3, now=T0 + 3)
    assert refused.outcome is Outcome.RATE_LIMITED
    assert step_polls.vote_of(engine, poll.id, STUDENT) == (step_polls.RATE_LIMIT - 1) % 2
    assert tap(engine, poll, 3, now=T0 + 61).accepted, "a new minute takes taps again"
    assert step_polls.counts_of(engine, asked).tolist() == [0, 0, 0, 1]


def test_old_step_rooms_are_purged_with_their_votes(engine):
    poll, _ = room(engine)
    tap(engine, poll, 1)
    assert store.purge_old_polls(engine, now=T0 + store.MAX_AGE_SECONDS + 1) == 1
    with engine.connect() as connection:
        assert connection.execute(sa.select(step_polls.step_rooms)).first() is None
    assert votes(engine) == []
