"""Rating rooms: phones judge pairs of answers, one choice per device per pair, no names.

A rating room is a poll (``poll_data.store.polls``) whose question is
``poll_data.guesses.RATING``, with one row of its own settings (``poll_rating_rooms``: the seed
of its pair sequence, the spread of lengths, the seconds per pair in quick mode).
``poll_ratings`` holds one row per (poll, student, pair), replaced when the student taps again;
``poll_raters`` one row per (poll, student) counting its taps per minute, so a flood from one
device is refused. A pair is named by its index in the room's seeded sequence
(``core.rating_pairs``): the server draws the pair itself, so an index outside the sequence
names no pair and stores nothing.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from dataclasses import dataclass
from enum import Enum

import numpy as np
import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from common.i18n import tr
from core.room_ratings import CANT_TELL, CHOICES, FIRST, PAIRS_PER_ROOM, SECOND
from poll_data import guesses, store

RATE_LIMIT = 40  # taps per device per minute: a pair every 1.5 s, twice a quick room's pace
LENGTH_SPREADS = (0.5, 1.0, 1.5)  # the lecturer's choice: typical lengths only ... very varied
QUICK_SECONDS = (0, 4, 6, 10)  # seconds per pair in quick mode; 0 = no limit
MAX_SECONDS = 3600.0  # a tap's time is kept up to an hour (a phone left on the desk)
SEED_LIMIT = 2**31  # a room's pair seed fits a signed 32-bit column in either database

rating_rooms = sa.Table(
    "poll_rating_rooms",
    store.metadata,
    sa.Column("poll_id", sa.Integer, sa.ForeignKey(store.polls.c.id), primary_key=True),
    sa.Column("pair_seed", sa.Integer, nullable=False),
    sa.Column("length_spread", sa.Float, nullable=False),
    sa.Column("seconds_per_pair", sa.Float, nullable=False),  # 0: no limit
)
ratings = sa.Table(
    "poll_ratings",
    store.metadata,
    sa.Column("poll_id", sa.Integer, sa.ForeignKey(store.polls.c.id), primary_key=True),
    sa.Column("student_id", sa.String(64), primary_key=True),
    sa.Column("pair_index", sa.Integer, primary_key=True),
    sa.Column("choice", sa.SmallInteger, nullable=False),  # core.room_ratings.CHOICES
    sa.Column("seconds", sa.Float, nullable=True),  # from the pair shown to the tap
    sa.Column("updated_at", sa.Float, nullable=False),
)
raters = sa.Table(
    "poll_raters",
    store.metadata,
    sa.Column("poll_id", sa.Integer, sa.ForeignKey(store.polls.c.id), primary_key=True),
    sa.Column("student_id", sa.String(64), primary_key=True),
    sa.Column("window_start", sa.Float, nullable=False),  # the rate limit's current minute
    sa.Column("window_count", sa.Integer, nullable=False),  # taps accepted in that minute
)


class Outcome(Enum):
    """What became of one tap."""

    ACCEPTED = "accepted"
    REPLACED = "replaced"  # the device's earlier choice on this pair was overwritten
    UNKNOWN_ROOM = "unknown room"
    NOT_RATING = "not a rating room"
    UNKNOWN_PAIR = "unknown pair"
    BAD_CHOICE = "bad choice"
    BAD_STUDENT = "bad student id"
    CLOSED = "closed"
    RATE_LIMITED = "rate limited"


@dataclass(frozen=True)
class RatingRoom:
    """A rating room's settings."""

    poll_id: int
    pair_seed: int
    length_spread: float
    seconds_per_pair: float  # 0: no limit


@dataclass(frozen=True)
class Tap:
    """The answer to one tap: its outcome and a plain sentence."""

    outcome: Outcome
    message: str

    @property
    def accepted(self) -> bool:
        return self.outcome in (Outcome.ACCEPTED, Outcome.REPLACED)


@dataclass(frozen=True)
class RoomChoices:
    """Every stored choice of a room, one per (device, pair): arrays of shape (choices,)."""

    pair_index: np.ndarray
    choice: np.ndarray
    seconds: np.ndarray  # nan where no time was given
    raters: int  # devices with at least one choice
    # Which device made each choice, numbered 0 ... raters - 1: a fit's intervals count a
    # phone's choices together (core.room_reading).
    phone: np.ndarray | None = None


@store.guarded
def start_rating_poll(
    engine: Engine,
    *,
    length_spread: float,
    seconds_per_pair: float,
    opener: str | None = None,
    now: float | None = None,
) -> tuple[store.Poll, RatingRoom]:
    """Open a rating room with a fresh room code, lecturer token and pair seed (``opener``
    and the caps on opening rooms as :func:`poll_data.store.start_poll`'s)."""
    if length_spread not in LENGTH_SPREADS:
        raise ValueError(f"length_spread must be one of {LENGTH_SPREADS}")
    if seconds_per_pair not in QUICK_SECONDS:
        raise ValueError(f"seconds_per_pair must be one of {QUICK_SECONDS}")
    poll = store.start_poll(
        engine, b=0.0, sigma=0.0, question=guesses.RATING, opener=opener, now=now
    )
    room = RatingRoom(poll.id, secrets.randbelow(SEED_LIMIT), length_spread, seconds_per_pair)
    with engine.begin() as connection:
        connection.execute(sa.insert(rating_rooms).values(**room.__dict__))
    return poll, room


@store.guarded
def rating_room(engine: Engine, poll: store.Poll) -> RatingRoom | None:
    """The settings of this poll's rating room, or None (not a rating room)."""
    row = store.room_row(engine, rating_rooms, poll, guesses.RATING)
    return None if row is None else RatingRoom(**row)


@store.guarded
def submit_choice(
    engine: Engine,
    *,
    room_code: object,
    student_id: object,
    pair_index: object,
    choice: object,
    seconds: object = None,
    now: float | None = None,
) -> Tap:
    """Store one device's choice on one pair, or refuse it with a plain sentence.

    A refused tap writes nothing; an accepted one inserts or replaces the device's single row
    for that pair, so a pair never counts one device twice.
    """
    try:
        room, student = guesses.room_and_student(room_code, student_id)
    except guesses.BadRoom as error:
        return Tap(Outcome.UNKNOWN_ROOM, str(error))
    except guesses.BadStudent as error:
        return Tap(Outcome.BAD_STUDENT, str(error))
    if not _whole_in(pair_index, PAIRS_PER_ROOM):
        return Tap(
            Outcome.UNKNOWN_PAIR, tr("That pair is not one of this room's: nothing was stored.")
        )
    if not (_whole_in(choice, len(CHOICES))):
        return Tap(Outcome.BAD_CHOICE, tr("Tap the first answer, the second, or can't tell."))
    moment = time.time() if now is None else float(now)  # one clock for the checks and the row
    poll = store.poll_for_room(engine, room, now=moment)
    if poll is None:
        return Tap(Outcome.UNKNOWN_ROOM, guesses.no_open_poll(room))
    if poll.question != guesses.RATING:
        return Tap(Outcome.NOT_RATING, tr("This room does not rate answers."))
    if poll.closed:
        return Tap(Outcome.CLOSED, closed_to_choices())
    return _store_choice(engine, poll.id, student, int(pair_index), int(choice), seconds, moment)


def _store_choice(
    engine: Engine, poll_id: int, student: str, pair_index: int, choice: int, seconds, moment
) -> Tap:
    """Insert or replace one device's row for one pair (a checked tap), within the flood limit."""
    keys = {"poll_id": poll_id, "student_id": student}
    row = {**keys, "pair_index": pair_index}
    with store.writer_lock(engine), engine.begin() as connection:
        if not store.counted_upsert(
            connection, raters, keys=keys, values={}, now=moment, limit=RATE_LIMIT
        ):
            return Tap(
                Outcome.RATE_LIMITED,
                tr(
                    "Too many taps in one minute: this one was not stored. Read the next pair "
                    "a little longer."
                ),
            )
        had = connection.execute(
            sa.select(ratings.c.choice).where(
                *(ratings.c[name] == value for name, value in row.items())
            )
        ).first()
        insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
        values = {"choice": choice, "seconds": _seconds(seconds), "updated_at": moment}
        statement = insert(ratings).values(**row, **values)
        connection.execute(
            statement.on_conflict_do_update(
                index_elements=[ratings.c[name] for name in row],
                set_={name: statement.excluded[name] for name in values},
            )
        )
    said = choice_words(choice)
    if had is not None:
        return Tap(Outcome.REPLACED, tr("Changed: {choice}. Here is the next pair.", choice=said))
    return Tap(Outcome.ACCEPTED, tr("Stored: {choice}. Here is the next pair.", choice=said))


def choice_words(choice: int) -> str:
    """A choice in words: "the first answer", "the second answer" or "can't tell"."""
    return {
        FIRST: tr("the first answer"),
        SECOND: tr("the second answer"),
        CANT_TELL: tr("can't tell"),
    }[choice]


def closed_to_choices() -> str:
    """What a phone reads once a rating poll is closed."""
    return tr("This poll is closed: it takes no more choices.")


@store.guarded
def choices_of(engine: Engine, poll_id: int) -> RoomChoices:
    """Every device's current choice on every pair it rated in this poll."""
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(
                ratings.c.pair_index, ratings.c.choice, ratings.c.seconds, ratings.c.student_id
            ).where(ratings.c.poll_id == poll_id)
        ).all()
    seconds = [np.nan if row.seconds is None else row.seconds for row in rows]
    devices, phone = np.unique([row.student_id for row in rows], return_inverse=True)
    return RoomChoices(
        pair_index=np.fromiter((row.pair_index for row in rows), dtype=int, count=len(rows)),
        choice=np.fromiter((row.choice for row in rows), dtype=int, count=len(rows)),
        seconds=np.array(seconds, dtype=float),
        raters=devices.size,
        phone=phone.reshape(-1).astype(int),
    )


@store.guarded
def rated_by(engine: Engine, poll_id: int, student_id: str) -> int:
    """How many pairs this device has rated in this poll."""
    with engine.connect() as connection:
        return connection.execute(
            sa.select(sa.func.count()).where(
                ratings.c.poll_id == poll_id, ratings.c.student_id == student_id
            )
        ).scalar_one()


def pair_for(student_id: str, step: int) -> int:
    """The index of the ``step``-th pair (0, 1, ...) this device is shown.

    Each device walks the room's sequence from its own starting point (from its anonymous
    id), so a room's phones rate many different pairs, and every tab of a device the same.
    """
    digest = hashlib.sha256(student_id.encode()).digest()
    start = int.from_bytes(digest[:8], "big") % PAIRS_PER_ROOM
    return (start + step) % PAIRS_PER_ROOM


def _whole_in(value: object, limit: int) -> bool:
    """A whole number in [0, limit), as an int (not a bool, a float or text)."""
    return (
        isinstance(value, int | np.integer) and not isinstance(value, bool) and 0 <= value < limit
    )


def _seconds(value: object) -> float | None:
    """A tap's time in seconds, kept in [0, MAX_SECONDS]; None when none was given."""
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(value):
        return None
    return min(max(float(value), 0.0), MAX_SECONDS)
