"""Polls and guesses in a SQL database through SQLAlchemy Core: SQLite (WAL) or PostgreSQL.

Two tables. ``polls``: one row per poll, with its random room code (for students), the
lecturer's secret token (for the controls), the reward model it asks about (b, σ) and whether
it is closed or revealed. ``guesses``: one row per (poll, student id), replaced when the student
answers again, with a per-minute counter that refuses floods. Times are Unix seconds (floats),
the same in both databases. Every function takes an ``Engine`` and raises
:class:`StoreUnavailable` (with a message to show) when the database is down or locked.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from enum import Enum

import numpy as np
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from common.i18n import tr
from poll_data import guesses, store_text
from poll_data.database import (  # the database's mechanics, shared with poll_data.ratings
    RATE_WINDOW_SECONDS,
    StoreUnavailable,
    counted_upsert,
    guarded,
    sqlite_per_connection,
    writer_lock,
)

MAX_AGE_SECONDS = 24 * 3600  # polls older than a day are purged (and refused before that)
RATE_LIMIT = 20  # accepted answers per student per minute: changing one's mind 20 times is plenty
CODE_ATTEMPTS = 8  # fresh room codes tried when one is taken (1 in ~1e8 per open poll)
# A public link lets anyone open rooms. A lecturer opens one or two a lecture (a few more when
# trying things out); a script opening rooms in a loop is refused past these, with a plain
# message. The whole app's cap bounds the polls table: at most 60 x 60 x 24 = 86,400 rooms a
# day, each purged a day after it opened (docs/hosting.md: what bounds the database's size).
ROOMS_PER_DEVICE_PER_MINUTE = 10
ROOMS_PER_MINUTE = 60

_LOG = logging.getLogger(__name__)

metadata = sa.MetaData()
polls = sa.Table(
    "poll_polls",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("room_code", sa.String(guesses.ROOM_CODE_LENGTH), nullable=False, unique=True),
    sa.Column("lecturer_token", sa.String(64), nullable=False, unique=True),
    sa.Column("created_at", sa.Float, nullable=False, index=True),
    sa.Column("b", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("question", sa.String(16), nullable=False),  # guesses.QUESTIONS' key, RATING, STEP
    sa.Column("closed", sa.Boolean, nullable=False, default=False),
    sa.Column("revealed", sa.Boolean, nullable=False, default=False),
)
guess_table = sa.Table(
    "poll_guesses",
    metadata,
    sa.Column("poll_id", sa.Integer, sa.ForeignKey(polls.c.id), primary_key=True),
    sa.Column("student_id", sa.String(64), primary_key=True),
    sa.Column("guess", sa.Float, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("window_start", sa.Float, nullable=False),  # the rate limit's current minute
    sa.Column("window_count", sa.Integer, nullable=False),  # answers accepted in that minute
)


class RoomLimit(RuntimeError):
    """Too many rooms opened in the last minute; ``str(error)`` is for the visitor."""


class Outcome(Enum):
    """What became of one submitted guess."""

    ACCEPTED = "accepted"
    REPLACED = "replaced"  # the student's earlier guess was overwritten
    BAD_GUESS = "bad guess"
    BAD_STUDENT = "bad student id"
    UNKNOWN_ROOM = "unknown room"
    CLOSED = "closed"
    RATE_LIMITED = "rate limited"


@dataclass(frozen=True)
class Poll:
    """One poll as stored."""

    id: int
    room_code: str
    lecturer_token: str
    created_at: float
    b: float
    sigma: float
    question: str
    closed: bool
    revealed: bool


@dataclass(frozen=True)
class Submission:
    """The answer to one submitted guess: its outcome, the stored guess and a plain message."""

    outcome: Outcome
    message: str
    guess: float | None = None

    @property
    def accepted(self) -> bool:
        return self.outcome in (Outcome.ACCEPTED, Outcome.REPLACED)


# Who opened rooms lately: one row per device (an id derived from its signed cookie, or its
# session's), counting the rooms it opened in the current minute (as guesses count answers).
openers = sa.Table(
    "poll_openers",
    metadata,
    sa.Column("opener", sa.String(64), primary_key=True),
    sa.Column("window_start", sa.Float, nullable=False, index=True),
    sa.Column("window_count", sa.Integer, nullable=False),
)


@guarded
def create_schema(engine: Engine) -> None:
    """Create the tables if missing; on SQLite, switch the file to write-ahead logging.

    WAL lets students' reads go on while one guess is written, and survives a restart (the
    mode is stored in the file).
    """
    if engine.dialect.name == "sqlite":
        if not sa.event.contains(engine, "connect", sqlite_per_connection):
            sa.event.listen(engine, "connect", sqlite_per_connection)
        with engine.connect() as connection:
            connection.exec_driver_sql("PRAGMA journal_mode=WAL")
    try:
        metadata.create_all(engine, checkfirst=True)
    except (sa.exc.IntegrityError, sa.exc.ProgrammingError):
        # Two server processes creating the tables at once: the loser finds them made.
        metadata.create_all(engine, checkfirst=True)


@guarded
def purge_old_polls(engine: Engine, *, now: float | None = None) -> int:
    """Delete polls older than MAX_AGE_SECONDS and their guesses; return how many polls."""
    cutoff = _now(now) - MAX_AGE_SECONDS
    old_ids = sa.select(polls.c.id).where(polls.c.created_at < cutoff)
    with engine.begin() as connection:
        # Guesses, and any other table keyed by poll (a rating room's), before their polls.
        for table in reversed(metadata.sorted_tables):
            if table is not polls and "poll_id" in table.c:
                connection.execute(sa.delete(table).where(table.c.poll_id.in_(old_ids)))
        connection.execute(sa.delete(openers).where(openers.c.window_start < cutoff))
        return connection.execute(sa.delete(polls).where(polls.c.created_at < cutoff)).rowcount


@guarded
def start_poll(
    engine: Engine,
    *,
    b: float,
    sigma: float,
    question: str = "best_of_n",
    opener: str | None = None,
    now: float | None = None,
) -> Poll:
    """Open a new poll about the reward model (b, σ), with a fresh room code and token.

    ``question`` is a key of ``poll_data.guesses.QUESTIONS``: "best_of_n" (n) or "kl" (β); or
    ``poll_data.guesses.RATING`` for a room that rates answers (poll_data.ratings adds its
    settings), ``poll_data.guesses.STEP`` for a story step's question (poll_data.step_polls).
    ``opener`` names the device asking (an id of at most 64 characters): a device may open
    ROOMS_PER_DEVICE_PER_MINUTE rooms a minute, the whole site ROOMS_PER_MINUTE.

    Raises
    ------
    RoomLimit
        Past either cap (nothing is opened; its message is for the visitor).
    """
    if question not in (*guesses.QUESTIONS, guesses.RATING, guesses.STEP):
        raise ValueError(
            f"question must be one of {sorted(guesses.QUESTIONS)}, {guesses.RATING!r} or "
            f"{guesses.STEP!r}"
        )
    purge_old_polls(engine, now=now)
    _count_opening(engine, opener, _now(now))
    for _attempt in range(CODE_ATTEMPTS):
        values = {
            "room_code": guesses.new_room_code(),
            "lecturer_token": guesses.new_lecturer_token(),
            "created_at": _now(now),
            "b": float(b),
            "sigma": float(sigma),
            "question": question,
            "closed": False,
            "revealed": False,
        }
        try:
            with engine.begin() as connection:
                poll_id = connection.execute(
                    sa.insert(polls).values(**values)
                ).inserted_primary_key[0]
        except sa.exc.IntegrityError:
            continue  # that room code is taken: draw another
        return Poll(id=poll_id, **values)
    raise StoreUnavailable("No free room code was found; try again.")


def _count_opening(engine: Engine, opener: str | None, now: float) -> None:
    """Refuse (RoomLimit) a room past the site's or the device's cap; else count it."""
    recent = sa.select(sa.func.count()).where(polls.c.created_at > now - RATE_WINDOW_SECONDS)
    with writer_lock(engine), engine.begin() as connection:
        if connection.execute(recent).scalar_one() >= ROOMS_PER_MINUTE:
            raise RoomLimit(store_text.app_room_limit(ROOMS_PER_MINUTE))
        if opener is None:
            return
        counted = counted_upsert(
            connection,
            openers,
            keys={"opener": guesses.check_token(opener, what="device")},
            values={},
            now=now,
            limit=ROOMS_PER_DEVICE_PER_MINUTE,
        )
        if not counted:
            raise RoomLimit(store_text.device_room_limit(ROOMS_PER_DEVICE_PER_MINUTE))


@guarded
def poll_for_room(engine: Engine, room_code: str, *, now: float | None = None) -> Poll | None:
    """The live poll with this room code, or None (unknown, or older than a day)."""
    return _find(engine, polls.c.room_code == room_code, now)


@guarded
def poll_for_lecturer(engine: Engine, token: str, *, now: float | None = None) -> Poll | None:
    """The live poll whose lecturer token this is, or None."""
    return _find(engine, polls.c.lecturer_token == token, now)


def room_row(engine: Engine, table: sa.Table, poll: Poll, question: str) -> dict | None:
    """A kind of room's own row for ``poll`` in ``table`` (keyed by poll_id), as a dict, or None
    where the poll asks another ``question`` or has no row (a rating room's, a step room's)."""
    if poll.question != question:
        return None
    with engine.connect() as connection:
        row = connection.execute(sa.select(table).where(table.c.poll_id == poll.id)).first()
    return None if row is None else dict(row._mapping)


def _find(engine: Engine, condition, now: float | None) -> Poll | None:
    cutoff = _now(now) - MAX_AGE_SECONDS
    with engine.connect() as connection:
        row = connection.execute(
            sa.select(polls).where(condition, polls.c.created_at >= cutoff)
        ).first()
    return None if row is None else Poll(**row._mapping)


@guarded
def set_state(
    engine: Engine, token: str, *, closed: bool | None = None, revealed: bool | None = None
) -> bool:
    """Close or reveal the poll of this lecturer token; False if no poll has that token."""
    changes = {
        name: value
        for name, value in (("closed", closed), ("revealed", revealed))
        if value is not None
    }
    if not changes:
        return False
    with engine.begin() as connection:
        updated = connection.execute(
            sa.update(polls).where(polls.c.lecturer_token == token).values(**changes)
        )
    return updated.rowcount == 1


@guarded
def guesses_of(engine: Engine, poll_id: int) -> np.ndarray:
    """Every student's current guess in this poll: shape (students,), in no set order."""
    with engine.connect() as connection:
        values = connection.execute(
            sa.select(guess_table.c.guess).where(guess_table.c.poll_id == poll_id)
        ).scalars()
        return np.fromiter(values, dtype=float)


@guarded
def guess_of(engine: Engine, poll_id: int, student_id: str) -> float | None:
    """This student's current guess in this poll, or None."""
    with engine.connect() as connection:
        value = connection.execute(
            sa.select(guess_table.c.guess).where(
                guess_table.c.poll_id == poll_id, guess_table.c.student_id == student_id
            )
        ).scalar()
    return value


@guarded
def submit_guess(
    engine: Engine,
    *,
    room_code: object,
    student_id: object,
    raw_guess: object,
    now: float | None = None,
) -> Submission:
    """Store one student's guess for the poll in this room, or refuse it with a plain message.

    A refused guess writes nothing; an accepted one inserts or replaces the student's single
    row, so a poll never holds two rows for one student.
    """
    try:
        room, student = guesses.room_and_student(room_code, student_id)
    except guesses.BadRoom as error:
        return Submission(Outcome.UNKNOWN_ROOM, str(error))
    except guesses.BadStudent as error:
        return Submission(Outcome.BAD_STUDENT, str(error))
    moment = _now(now)
    poll = poll_for_room(engine, room, now=moment)
    if poll is None:
        return Submission(Outcome.UNKNOWN_ROOM, guesses.no_open_poll(room))
    if poll.closed:
        return Submission(Outcome.CLOSED, guesses.closed_to_answers())
    if poll.question not in guesses.QUESTIONS:
        return Submission(Outcome.BAD_GUESS, tr("This room takes taps, not typed guesses."))
    question = guesses.QUESTIONS[poll.question]
    try:
        typed = guesses.read_guess(raw_guess, question=question)
    except guesses.BadInput as error:
        return Submission(Outcome.BAD_GUESS, str(error))
    guess = question.kept(typed)
    with writer_lock(engine), engine.begin() as connection:
        had_guess = (
            connection.execute(
                sa.select(guess_table.c.guess).where(
                    guess_table.c.poll_id == poll.id, guess_table.c.student_id == student
                )
            ).first()
            is not None
        )
        if not _upsert(connection, poll_id=poll.id, student_id=student, guess=guess, now=moment):
            return Submission(
                Outcome.RATE_LIMITED,
                tr(
                    "Too many answers in one minute: your last accepted guess stands. "
                    "Wait a minute to change it."
                ),
            )
    said = f"{question.symbol} = {question.shown(guess)}"
    # Never silently: "49.5" kept as 50 says so (the number is the parsed float, not raw text).
    message = store_text.receipt(
        said, typed, question.rounding(), had_guess=had_guess, rounded=guess != typed
    )
    outcome = Outcome.REPLACED if had_guess else Outcome.ACCEPTED
    return Submission(outcome, message, guess)


def _upsert(connection, *, poll_id: int, student_id: str, guess: float, now: float) -> bool:
    """Insert or replace the student's row unless they hit the rate limit; True if written."""
    return counted_upsert(
        connection,
        guess_table,
        keys={"poll_id": poll_id, "student_id": student_id},
        values={"guess": float(guess), "updated_at": now},
        now=now,
        limit=RATE_LIMIT,
    )


def _now(now: float | None) -> float:
    return time.time() if now is None else float(now)
