"""Two rules of a rating room at their edges (poll_data/ratings.py): each device walks every
pair once before any comes again, and a tap's time is kept within an hour."""

from __future__ import annotations

import math

import poll_databases
import pytest

from core.room_ratings import FIRST, PAIRS_PER_ROOM
from poll_data import ratings

pytestmark = pytest.mark.slow  # make test-fast leaves it out: a throwaway PostgreSQL server

T0 = 2_000_000_000.0  # a fixed "now" (2033), as in test_poll_ratings.py
STUDENTS = [f"student-{index:016x}" for index in (0, 1, 7, 2**40, 2**63)]
postgres, engine = poll_databases.postgres, poll_databases.engine


@pytest.mark.parametrize("student", STUDENTS)
def test_a_device_walks_every_pair_once_then_starts_again(student):
    """PAIRS_PER_ROOM steps show each pair exactly once; step PAIRS_PER_ROOM is step 0 again,
    and no step ever names a pair the room does not have."""
    steps = range(3 * PAIRS_PER_ROOM)
    shown = [ratings.pair_for(student, step) for step in steps]
    assert all(0 <= pair < PAIRS_PER_ROOM for pair in shown)
    assert sorted(shown[:PAIRS_PER_ROOM]) == list(range(PAIRS_PER_ROOM))
    assert shown[PAIRS_PER_ROOM : 2 * PAIRS_PER_ROOM] == shown[:PAIRS_PER_ROOM]


@pytest.mark.parametrize(
    ("seconds", "kept"),
    [(1e9, ratings.MAX_SECONDS), (3600.5, 3600.0), (-5, 0.0), (12.25, 12.25), (math.inf, None)],
)
def test_a_taps_time_is_kept_within_an_hour(engine, seconds, kept):
    poll, _ = ratings.start_rating_poll(engine, length_spread=1.0, seconds_per_pair=0, now=T0)
    tap = ratings.submit_choice(
        engine,
        room_code=poll.room_code,
        student_id=STUDENTS[0],
        pair_index=3,
        choice=FIRST,
        seconds=seconds,
        now=T0,
    )
    assert tap.accepted
    stored = ratings.choices_of(engine, poll.id).seconds.tolist()
    assert ratings.MAX_SECONDS == 3600.0  # "an hour": a phone left on the desk
    assert (None if math.isnan(stored[0]) else stored[0]) == kept
