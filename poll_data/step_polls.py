"""Step rooms: the room answers one story step's question, one tapped choice per device.

A step room is a poll (``poll_data.store.polls``) whose question is ``poll_data.guesses.STEP``,
with one row of its own (``poll_step_rooms``): the story step's index, the four slider values
it was started at (β and n here; b and σ in the poll's own row), so the right answer is worked
out at that setting whatever the Playground does next, and how many choices it offers.
``poll_step_votes`` holds one row per (poll, student), replaced when the student taps again
while the poll is open, with a per-minute counter that refuses floods. A choice is named by
its index (0 ... choices - 1): no text a student sends is ever stored. The words of the
question live in ``ui.step_questions`` (this package imports no ``ui``).
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

import numpy as np
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from common.i18n import tr
from poll_data import guesses, store

RATE_LIMIT = 20  # taps per device per minute, as a guess poll's answers (store.RATE_LIMIT)
MIN_CHOICES, MAX_CHOICES = 2, 5  # a step's question offers 3-5 answers; 2 keeps a test small
MAX_STEP = 31  # a step's index fits a SmallInteger with room (the story has seven)
LETTERS = "ABCDE"  # the choices as the projector and the phones name them
VALUE_KEYS = ("beta", "n", "b", "sigma")

step_rooms = sa.Table(
    "poll_step_rooms",
    store.metadata,
    sa.Column("poll_id", sa.Integer, sa.ForeignKey(store.polls.c.id), primary_key=True),
    sa.Column("step", sa.SmallInteger, nullable=False),  # 0-based: ui.story_steps.PRESETS
    sa.Column("beta", sa.Float, nullable=False),
    sa.Column("n", sa.Float, nullable=False),
    sa.Column("choices", sa.SmallInteger, nullable=False),
)
step_votes = sa.Table(
    "poll_step_votes",
    store.metadata,
    sa.Column("poll_id", sa.Integer, sa.ForeignKey(store.polls.c.id), primary_key=True),
    sa.Column("student_id", sa.String(64), primary_key=True),
    sa.Column("choice", sa.SmallInteger, nullable=False),
    sa.Column("updated_at", sa.Float, nullable=False),
    sa.Column("window_start", sa.Float, nullable=False),  # the rate limit's current minute
    sa.Column("window_count", sa.Integer, nullable=False),  # taps accepted in that minute
)


class Outcome(Enum):
    """What became of one tap."""

    ACCEPTED = "accepted"
    REPLACED = "replaced"  # the device's earlier choice was overwritten
    UNCHANGED = "unchanged"  # the same choice again: nothing to change
    UNKNOWN_ROOM = "unknown room"
    NOT_STEP = "not a step room"
    BAD_CHOICE = "bad choice"
    BAD_STUDENT = "bad student id"
    CLOSED = "closed"
    RATE_LIMITED = "rate limited"


@dataclass(frozen=True)
class StepRoom:
    """A step room's question: the story step and the setting it is asked at."""

    poll_id: int
    step: int  # 0-based index of the story step
    beta: float
    n: float
    b: float
    sigma: float
    choices: int

    @property
    def values(self) -> dict[str, float]:
        """The four slider values, by their settings' keys."""
        return {key: getattr(self, key) for key in VALUE_KEYS}


@dataclass(frozen=True)
class Vote:
    """The answer to one tap: its outcome, the stored choice and a plain sentence."""

    outcome: Outcome
    message: str
    choice: int | None = None

    @property
    def accepted(self) -> bool:
        return self.outcome in (Outcome.ACCEPTED, Outcome.REPLACED, Outcome.UNCHANGED)


@store.guarded
def start_step_poll(
    engine: Engine,
    *,
    step: int,
    values: Mapping[str, float],
    choices: int,
    opener: str | None = None,
    now: float | None = None,
) -> tuple[store.Poll, StepRoom]:
    """Open a room that asks story step ``step``'s question at ``values`` (beta, n, b, sigma),
    offering ``choices`` answers (``opener`` and the caps on opening rooms as
    :func:`poll_data.store.start_poll`'s).

    Raises
    ------
    ValueError
        A step, value or number of choices that cannot be (the page checks them first).
    """
    if not _whole_in(step, MAX_STEP + 1):
        raise ValueError(f"step must be a whole number from 0 to {MAX_STEP}")
    if not _whole_in(choices, MAX_CHOICES + 1) or choices < MIN_CHOICES:
        raise ValueError(f"choices must be a whole number from {MIN_CHOICES} to {MAX_CHOICES}")
    numbers = {key: values.get(key) for key in VALUE_KEYS}
    if not all(_finite(number) for number in numbers.values()):
        raise ValueError(f"values must give a finite number for each of {VALUE_KEYS}")
    poll = store.start_poll(
        engine,
        b=numbers["b"],
        sigma=numbers["sigma"],
        question=guesses.STEP,
        opener=opener,
        now=now,
    )
    row = {
        "poll_id": poll.id,
        "step": int(step),
        "beta": float(numbers["beta"]),
        "n": float(numbers["n"]),
        "choices": int(choices),
    }
    with engine.begin() as connection:
        connection.execute(sa.insert(step_rooms).values(**row))
    return poll, StepRoom(**row, b=poll.b, sigma=poll.sigma)


@store.guarded
def step_room(engine: Engine, poll: store.Poll) -> StepRoom | None:
    """This poll's step and setting, or None (not a step room)."""
    row = store.room_row(engine, step_rooms, poll, guesses.STEP)
    return None if row is None else StepRoom(**row, b=poll.b, sigma=poll.sigma)


@store.guarded
def submit_vote(
    engine: Engine,
    *,
    room_code: object,
    student_id: object,
    choice: object,
    now: float | None = None,
) -> Vote:
    """Store one device's choice in the step room with this code, or refuse it with a sentence.

    A refused tap writes nothing; an accepted one inserts or replaces the device's one row, so
    a room never counts a device twice.
    """
    try:
        room, student = guesses.room_and_student(room_code, student_id)
    except guesses.BadRoom as error:
        return Vote(Outcome.UNKNOWN_ROOM, str(error))
    except guesses.BadStudent as error:
        return Vote(Outcome.BAD_STUDENT, str(error))
    moment = time.time() if now is None else float(now)  # one clock for the checks and the row
    poll = store.poll_for_room(engine, room, now=moment)
    if poll is None:
        return Vote(Outcome.UNKNOWN_ROOM, guesses.no_open_poll(room))
    asked = step_room(engine, poll)
    if asked is None:
        return Vote(Outcome.NOT_STEP, tr("This room does not ask a story step's question."))
    if poll.closed:
        return Vote(Outcome.CLOSED, guesses.closed_to_answers())
    if not _whole_in(choice, asked.choices):
        return Vote(Outcome.BAD_CHOICE, tr("Tap one of the {count} answers.", count=asked.choices))
    return _store_vote(engine, poll.id, student, int(choice), moment)


def _store_vote(engine: Engine, poll_id: int, student: str, choice: int, moment: float) -> Vote:
    """Insert or replace one device's row (a checked tap), within the flood limit."""
    keys = {"poll_id": poll_id, "student_id": student}
    where = (step_votes.c.poll_id == poll_id, step_votes.c.student_id == student)
    with store.writer_lock(engine), engine.begin() as connection:
        had = connection.execute(sa.select(step_votes.c.choice).where(*where)).scalar()
        written = store.counted_upsert(
            connection,
            step_votes,
            keys=keys,
            values={"choice": choice, "updated_at": moment},
            now=moment,
            limit=RATE_LIMIT,
        )
    letter = LETTERS[choice]
    if not written:
        return Vote(
            Outcome.RATE_LIMITED,
            tr("Too many taps in one minute: your last answer stands. Wait a minute to change it."),
            had,
        )
    if had is None:
        return Vote(Outcome.ACCEPTED, tr("Your answer {letter} is in.", letter=letter), choice)
    if had == choice:
        return Vote(Outcome.UNCHANGED, tr("Your answer is still {letter}.", letter=letter), choice)
    said = tr("Your answer {letter} replaced {earlier}.", letter=letter, earlier=LETTERS[had])
    return Vote(Outcome.REPLACED, said, choice)


@store.guarded
def counts_of(engine: Engine, room: StepRoom) -> np.ndarray:
    """How many devices chose each answer: shape (room.choices,), in the choices' order."""
    with engine.connect() as connection:
        chosen = connection.execute(
            sa.select(step_votes.c.choice).where(step_votes.c.poll_id == room.poll_id)
        ).scalars()
        picks = np.fromiter(chosen, dtype=int)
    picks = picks[(picks >= 0) & (picks < room.choices)]
    return np.bincount(picks, minlength=room.choices)


@store.guarded
def vote_of(engine: Engine, poll_id: int, student_id: str) -> int | None:
    """This device's current choice in this room, or None."""
    with engine.connect() as connection:
        return connection.execute(
            sa.select(step_votes.c.choice).where(
                step_votes.c.poll_id == poll_id, step_votes.c.student_id == student_id
            )
        ).scalar()


def _whole_in(value: object, limit: int) -> bool:
    """A whole number in [0, limit), as an int (not a bool, a float or text)."""
    return (
        isinstance(value, int | np.integer) and not isinstance(value, bool) and 0 <= value < limit
    )


def _finite(value: object) -> bool:
    return (
        isinstance(value, int | float | np.number)
        and not isinstance(value, bool)
        and math.isfinite(value)
    )
