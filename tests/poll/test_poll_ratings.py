"""Rating rooms on a real SQLite file and a real PostgreSQL server: one choice per device per
pair (a new tap replaces the old), the time it took, and every bad tap (an unknown or forged
pair, a closed room, a guess room, a flood from one device) refused with a sentence, storing
nothing."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np
import poll_databases
import pytest
import sqlalchemy as sa

from core.room_ratings import CANT_TELL, FIRST, PAIRS_PER_ROOM, SECOND
from poll_data import ratings, store
from poll_data.ratings import Outcome

pytestmark = pytest.mark.slow  # make test-fast leaves it out: a throwaway PostgreSQL server

STUDENT = "student-aaaaaaaaaaaaaaaa"
OTHER = "student-bbbbbbbbbbbbbbbb"
T0 = 2_000_000_000.0  # a fixed "now" (2033) so rate-limit windows are exact
# Each test runs on a SQLite file and on a throwaway PostgreSQL server.
postgres, engine = poll_databases.postgres, poll_databases.engine


def rows(engine) -> dict[str, list[tuple]]:
    """Every row of the rating tables, sorted: to show that a refused tap wrote nothing."""
    with engine.connect() as connection:
        return {
            table.name: sorted(tuple(row) for row in connection.execute(sa.select(table)))
            for table in (ratings.ratings, ratings.raters)
        }


def room(engine, *, spread=1.0, seconds=0):
    poll, settings = ratings.start_rating_poll(
        engine, length_spread=spread, seconds_per_pair=seconds, now=T0
    )
    return poll, settings


def tap(engine, poll, *, student=STUDENT, pair=3, choice=FIRST, seconds=2.5, now=T0):
    return ratings.submit_choice(
        engine,
        room_code=poll.room_code,
        student_id=student,
        pair_index=pair,
        choice=choice,
        seconds=seconds,
        now=now,
    )


def test_a_rating_room_keeps_its_settings_and_a_seed_of_its_own(engine):
    poll, settings = room(engine, spread=0.5, seconds=6)
    other, other_settings = room(engine)
    assert poll.question == "rate"
    assert ratings.rating_room(engine, poll) == settings
    assert (settings.length_spread, settings.seconds_per_pair) == (0.5, 6)
    assert settings.pair_seed != other_settings.pair_seed
    guess_poll = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    assert ratings.rating_room(engine, guess_poll) is None


def test_one_choice_per_device_per_pair_a_new_tap_replaces_the_old_with_its_time(engine):
    poll, _ = room(engine)
    assert tap(engine, poll, choice=FIRST, seconds=2.5).outcome is Outcome.ACCEPTED
    replaced = tap(engine, poll, choice=SECOND, seconds=4.0, now=T0 + 1)
    assert replaced.outcome is Outcome.REPLACED and "the second answer" in replaced.message
    assert tap(engine, poll, pair=4, choice=CANT_TELL, seconds=None).accepted
    assert tap(engine, poll, student=OTHER, pair=3, choice=FIRST).accepted
    stored = ratings.choices_of(engine, poll.id)
    order = np.lexsort((stored.choice, stored.pair_index))
    assert stored.pair_index[order].tolist() == [3, 3, 4]
    assert stored.choice[order].tolist() == [FIRST, SECOND, CANT_TELL]
    assert stored.raters == 2
    assert sorted(stored.seconds[~np.isnan(stored.seconds)].tolist()) == [2.5, 4.0]
    assert ratings.rated_by(engine, poll.id, STUDENT) == 2


@pytest.mark.parametrize(
    ("change", "outcome"),
    [
        ({"pair": PAIRS_PER_ROOM}, Outcome.UNKNOWN_PAIR),
        ({"pair": -1}, Outcome.UNKNOWN_PAIR),
        ({"pair": "3"}, Outcome.UNKNOWN_PAIR),
        ({"pair": 3.0}, Outcome.UNKNOWN_PAIR),
        ({"pair": True}, Outcome.UNKNOWN_PAIR),
        ({"pair": None}, Outcome.UNKNOWN_PAIR),
        ({"pair": 10**30}, Outcome.UNKNOWN_PAIR),
        ({"choice": 3}, Outcome.BAD_CHOICE),
        ({"choice": "first"}, Outcome.BAD_CHOICE),
        ({"choice": -1}, Outcome.BAD_CHOICE),
        ({"student": "x"}, Outcome.BAD_STUDENT),
        ({"student": "<script>alert(1)</script>aaaaaaaa"}, Outcome.BAD_STUDENT),
    ],
)
def test_a_forged_pair_or_choice_or_device_gets_a_sentence_and_stores_nothing(
    engine, change, outcome
):
    poll, _ = room(engine)
    assert tap(engine, poll, student=OTHER).accepted
    before = rows(engine)
    refused = tap(engine, poll, **change)
    assert refused.outcome is outcome and not refused.accepted
    assert refused.message.endswith(".") and "<" not in refused.message
    assert rows(engine) == before


def test_a_closed_room_an_unknown_room_and_a_guess_room_store_nothing(engine):
    poll, _ = room(engine)
    guess_poll = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    store.set_state(engine, poll.lecturer_token, closed=True)
    before = rows(engine)
    assert tap(engine, poll).outcome is Outcome.CLOSED
    assert tap(engine, guess_poll).outcome is Outcome.NOT_RATING
    unknown = ratings.submit_choice(
        engine, room_code="ZZZZZZ", student_id=STUDENT, pair_index=1, choice=FIRST, now=T0
    )
    assert unknown.outcome is Outcome.UNKNOWN_ROOM
    assert rows(engine) == before
    # And a rating room takes no guess.
    guess = store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="50", now=T0
    )
    assert not guess.accepted


def test_a_flood_from_one_device_stops_at_the_limit_and_others_are_untouched(engine):
    poll, _ = room(engine)
    outcomes = [
        tap(engine, poll, pair=index, now=T0 + index * 0.01).outcome for index in range(100)
    ]
    assert outcomes.count(Outcome.ACCEPTED) == ratings.RATE_LIMIT
    assert set(outcomes[ratings.RATE_LIMIT :]) == {Outcome.RATE_LIMITED}
    assert ratings.rated_by(engine, poll.id, STUDENT) == ratings.RATE_LIMIT
    assert tap(engine, poll, student=OTHER).accepted  # another phone is not slowed
    # A minute later the device may tap again.
    assert tap(engine, poll, pair=500, now=T0 + 61).accepted


def test_sixty_devices_tapping_at_once_lose_and_duplicate_no_choice(engine):
    poll, _ = room(engine)
    devices = [f"student-{index:016d}xxxxxxxx" for index in range(60)]

    def rate(device: str) -> list[bool]:
        return [
            tap(engine, poll, student=device, pair=pair, choice=pair % 3, now=T0).accepted
            for pair in range(5)
        ]

    with ThreadPoolExecutor(12) as pool:
        results = list(pool.map(rate, devices))
    assert all(all(result) for result in results)
    stored = ratings.choices_of(engine, poll.id)
    assert stored.pair_index.size == 300 and stored.raters == 60
    assert np.bincount(stored.choice).tolist() == [120, 120, 60]


def test_old_rooms_are_purged_with_their_choices(engine):
    poll, _ = room(engine)
    assert tap(engine, poll).accepted
    assert store.purge_old_polls(engine, now=T0 + store.MAX_AGE_SECONDS + 1) == 1
    assert rows(engine) == {"poll_ratings": [], "poll_raters": []}


def test_each_device_walks_the_sequence_from_its_own_start():
    first = [ratings.pair_for(STUDENT, step) for step in range(3)]
    assert first[1] == (first[0] + 1) % PAIRS_PER_ROOM
    starts = {ratings.pair_for(f"student-{index:016d}", 0) for index in range(50)}
    assert len(starts) > 1
