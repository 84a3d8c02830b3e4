"""The poll's storage on a real SQLite file and a real PostgreSQL server: every bad input is
refused with a plain message and writes nothing, one row per student per poll, 100
concurrent students lose no vote, votes survive a restart, a dead database gives a message."""

from __future__ import annotations

import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import poll_databases
import pytest
import sqlalchemy as sa
from poll_databases import fresh_engine, snapshot

from poll_data import database, guesses, store
from poll_data.store import Outcome

pytestmark = pytest.mark.slow  # make test-fast leaves it out: a throwaway PostgreSQL server

STUDENT = "student-aaaaaaaaaaaaaaaa"
OTHER = "student-bbbbbbbbbbbbbbbb"
T0 = 2_000_000_000.0  # a fixed "now" (2033) so rate-limit windows are exact
# Each test runs on a SQLite file and on a throwaway PostgreSQL server.
postgres, engine = poll_databases.postgres, poll_databases.engine


def two_polls(engine):
    """Poll A (the one attacked) with one guess, and poll B, whose rows must never change."""
    first = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    second = store.start_poll(engine, b=0.2, sigma=0.5, now=T0)
    assert store.submit_guess(
        engine, room_code=first.room_code, student_id=STUDENT, raw_guess="40", now=T0
    ).accepted
    assert store.submit_guess(
        engine, room_code=second.room_code, student_id=OTHER, raw_guess="300", now=T0
    ).accepted
    return first, second


BAD_GUESSES = [
    "fifty",
    "",
    "   ",
    "nan",
    "NaN",
    "inf",
    "-inf",
    "1e309",
    "0",
    "-5",
    "0.4",
    "10001",
    "1e6",
    "9" * 10_240,
    "x" * 10_240,
    "<b>50</b>",
    "<script>alert(1)</script>",
    "50; DROP TABLE poll_guesses",
    None,
    True,
    float("nan"),
]


@pytest.mark.parametrize("raw", BAD_GUESSES, ids=lambda raw: repr(raw)[:20])
def test_a_bad_guess_gets_a_plain_message_and_writes_nothing(engine, raw):
    first, _second = two_polls(engine)
    before = snapshot(engine)
    result = store.submit_guess(
        engine, room_code=first.room_code, student_id=STUDENT, raw_guess=raw, now=T0 + 1
    )
    assert result.outcome is Outcome.BAD_GUESS
    assert "<" not in result.message and len(result.message) < 120
    assert snapshot(engine) == before
    assert store.guess_of(engine, first.id, STUDENT) == 40, "the earlier guess stands"


@pytest.mark.parametrize(
    "room",
    ["", "ABC", "<b>ROOM</b>", "Z" * 10_240, None, "ROOM-CODE-TOO-LONG", "OOOOOO", "222222"],
)
def test_an_unknown_or_malformed_room_is_refused_and_writes_nothing(engine, room):
    two_polls(engine)
    before = snapshot(engine)
    result = store.submit_guess(
        engine, room_code=room, student_id=STUDENT, raw_guess="50", now=T0 + 1
    )
    assert result.outcome is Outcome.UNKNOWN_ROOM
    assert "<" not in result.message and len(result.message) < 120
    assert snapshot(engine) == before


@pytest.mark.parametrize("student", ["", "short", "<b>x</b>" * 4, "s" * 10_240, None])
def test_a_forged_student_id_is_refused_and_writes_nothing(engine, student):
    first, _second = two_polls(engine)
    before = snapshot(engine)
    result = store.submit_guess(
        engine, room_code=first.room_code, student_id=student, raw_guess="50", now=T0 + 1
    )
    assert result.outcome is Outcome.BAD_STUDENT
    assert snapshot(engine) == before


def test_a_closed_poll_refuses_new_and_changed_guesses(engine):
    first, second = two_polls(engine)
    assert store.set_state(engine, first.lecturer_token, closed=True)
    before = snapshot(engine)
    for student, guess in ((STUDENT, "70"), (OTHER, "70")):
        result = store.submit_guess(
            engine, room_code=first.room_code, student_id=student, raw_guess=guess, now=T0 + 5
        )
        assert result.outcome is Outcome.CLOSED
        assert result.message == "This poll is closed: it takes no more answers."
    assert snapshot(engine) == before
    assert not store.poll_for_room(engine, second.room_code, now=T0 + 5).closed


def test_a_resubmission_replaces_the_guess_one_row_per_student(engine):
    first, second = two_polls(engine)
    for moment, guess in enumerate(("100", "12", " 1,000 ", "5e1")):
        result = store.submit_guess(
            engine,
            room_code=first.room_code.lower(),
            student_id=STUDENT,
            raw_guess=guess,
            now=T0 + moment,
        )
        assert result.outcome is Outcome.REPLACED
    assert store.guesses_of(engine, first.id).tolist() == [50.0]
    assert store.guesses_of(engine, second.id).tolist() == [300.0]


def test_a_thousand_submissions_in_a_minute_keep_one_row_and_stop_at_the_limit(engine):
    first, _second = two_polls(engine)
    other_poll_before = snapshot(engine)["poll_polls"]
    outcomes = [
        store.submit_guess(
            engine,
            room_code=first.room_code,
            student_id=STUDENT,
            raw_guess=str(1 + index % 500),
            now=T0 + 1 + index * 0.05,  # 1,000 submissions within 50 s
        ).outcome
        for index in range(1000)
    ]
    # The row's window opened at the first guess (T0), so RATE_LIMIT - 1 more fit in it.
    accepted = store.RATE_LIMIT - 1
    assert outcomes[:accepted] == [Outcome.REPLACED] * accepted
    assert set(outcomes[accepted:]) == {Outcome.RATE_LIMITED}
    assert store.guesses_of(engine, first.id).tolist() == [float(accepted)]
    assert snapshot(engine)["poll_polls"] == other_poll_before
    later = store.submit_guess(
        engine, room_code=first.room_code, student_id=STUDENT, raw_guess="77", now=T0 + 61
    )
    assert later.outcome is Outcome.REPLACED, "a new minute lets the student answer again"
    assert store.guesses_of(engine, first.id).tolist() == [77.0]


def test_only_the_lecturer_token_reaches_the_controls(engine):
    first, second = two_polls(engine)
    before = snapshot(engine)
    # One character changed: a token ends in "x" one time in 64, so the change must differ.
    last = second.lecturer_token[-1]
    near_miss = second.lecturer_token[:-1] + ("y" if last == "x" else "x")
    for wrong in (first.room_code, near_miss, "", "<b>"):
        assert not store.set_state(engine, wrong, closed=True, revealed=True)
    assert snapshot(engine) == before
    assert store.poll_for_lecturer(engine, first.room_code) is None
    assert store.set_state(engine, first.lecturer_token, revealed=True)
    assert store.poll_for_lecturer(engine, first.lecturer_token).revealed
    assert not store.poll_for_lecturer(engine, second.lecturer_token).revealed


def test_room_codes_and_tokens_are_random_and_unique(engine):
    # One a second apart: under the site's cap on rooms a minute.
    made = [store.start_poll(engine, b=0.0, sigma=0.0, now=T0 + i) for i in range(200)]
    codes = [poll.room_code for poll in made]
    assert len(set(codes)) == 200
    assert all(len(code) == 6 and set(code) <= set(guesses.ROOM_ALPHABET) for code in codes)
    assert len({poll.lecturer_token for poll in made}) == 200
    assert all(len(poll.lecturer_token) >= 32 for poll in made)
    assert sorted(codes) != codes, "not handed out in order"


DEVICE = "device-cccccccccccccccc"


def test_a_device_opens_a_few_rooms_a_minute_then_is_told_to_wait(engine):
    cap = store.ROOMS_PER_DEVICE_PER_MINUTE
    for i in range(cap):
        store.start_poll(engine, b=0.0, sigma=0.0, opener=DEVICE, now=T0 + i)
    with pytest.raises(store.RoomLimit, match="This device has opened .* Wait a minute"):
        store.start_poll(engine, b=0.0, sigma=0.0, opener=DEVICE, now=T0 + cap)
    assert len(snapshot(engine)["poll_polls"]) == cap, "the refused room was not opened"
    # Another device is not held back; this one may open again once its minute is over.
    store.start_poll(engine, b=0.0, sigma=0.0, opener=OTHER, now=T0 + cap)
    store.start_poll(engine, b=0.0, sigma=0.0, opener=DEVICE, now=T0 + store.RATE_WINDOW_SECONDS)


def test_the_whole_site_opens_a_bounded_number_of_rooms_a_minute(engine):
    devices = [f"device-{i:016d}" for i in range(store.ROOMS_PER_MINUTE + 1)]
    for i, device in enumerate(devices[:-1]):
        store.start_poll(engine, b=0.0, sigma=0.0, opener=device, now=T0 + i * 0.5)
    late = T0 + store.ROOMS_PER_MINUTE * 0.5
    with pytest.raises(store.RoomLimit, match="rooms were opened on this site"):
        store.start_poll(engine, b=0.0, sigma=0.0, opener=devices[-1], now=late)
    with pytest.raises(store.RoomLimit):  # a caller that names no device is capped too
        store.start_poll(engine, b=0.0, sigma=0.0, now=late)
    # The minute slides: once the first rooms are a minute old, there is room again.
    store.start_poll(engine, b=0.0, sigma=0.0, opener=devices[-1], now=T0 + 60.5)


def test_a_malformed_device_id_opens_nothing(engine):
    with pytest.raises(guesses.BadInput):
        store.start_poll(engine, b=0.0, sigma=0.0, opener="<script>", now=T0)
    assert snapshot(engine)["poll_polls"] == []


def test_who_opened_rooms_is_forgotten_after_a_day(engine):
    store.start_poll(engine, b=0.0, sigma=0.0, opener=DEVICE, now=T0)
    assert [row[0] for row in snapshot(engine)["poll_openers"]] == [DEVICE]
    store.start_poll(engine, b=0.0, sigma=0.0, opener=OTHER, now=T0 + store.MAX_AGE_SECONDS + 1)
    assert [row[0] for row in snapshot(engine)["poll_openers"]] == [OTHER]


def test_polls_older_than_a_day_are_refused_then_purged_with_their_guesses(engine):
    old = store.start_poll(engine, b=0.0, sigma=0.0, now=T0 - store.MAX_AGE_SECONDS - 60)
    store.submit_guess(
        engine, room_code=old.room_code, student_id=STUDENT, raw_guess="9", now=old.created_at
    )
    fresh = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    assert store.poll_for_room(engine, old.room_code, now=T0) is None
    refused = store.submit_guess(
        engine, room_code=old.room_code, student_id=STUDENT, raw_guess="9", now=T0
    )
    assert refused.outcome is Outcome.UNKNOWN_ROOM
    # start_poll purged it: no row of the old poll is left, the fresh one is.
    rows = snapshot(engine)
    assert [row[0] for row in rows["poll_polls"]] == [fresh.id]
    assert rows["poll_guesses"] == []


def test_a_hundred_concurrent_students_lose_and_duplicate_no_vote(engine):
    first, second = two_polls(engine)
    students = [f"student-{index:03d}-xxxxxxxxxx" for index in range(100)]
    start_together = threading.Barrier(len(students))

    def vote(index: int) -> list[Outcome]:
        start_together.wait()
        outcomes = []
        for guess in (index + 1, index + 101):  # a first guess, then a changed mind
            outcomes.append(
                store.submit_guess(
                    engine,
                    room_code=first.room_code,
                    student_id=students[index],
                    raw_guess=str(guess),
                ).outcome
            )
        return outcomes

    with ThreadPoolExecutor(max_workers=len(students)) as pool:
        results = list(pool.map(vote, range(len(students))))
    assert results == [[Outcome.ACCEPTED, Outcome.REPLACED]] * len(students)
    with engine.connect() as connection:
        rows = connection.execute(
            sa.select(store.guess_table.c.student_id, store.guess_table.c.guess).where(
                store.guess_table.c.poll_id == first.id
            )
        ).all()
    by_student = dict(rows)
    assert len(rows) == len(by_student) == len(students) + 1  # + the earlier STUDENT
    assert all(by_student[name] == index + 101 for index, name in enumerate(students))
    assert store.guesses_of(engine, second.id).tolist() == [300.0]


def poll_with_guesses(engine, students: int):
    """A new poll in which student i (0, 1, ...) has guessed i + 1."""
    poll = store.start_poll(engine, b=0.0, sigma=0.0)
    for index in range(students):
        outcome = store.submit_guess(
            engine,
            room_code=poll.room_code,
            student_id=f"s{index:03d}-" + "y" * 16,
            raw_guess=index + 1,
        )
        assert outcome.accepted, outcome
    return poll


def test_sqlite_votes_survive_a_restart_and_the_file_stays_in_wal_mode(tmp_path):
    url = f"sqlite:///{tmp_path / 'poll.sqlite3'}"
    engine = fresh_engine(url)
    poll = poll_with_guesses(engine, 30)
    engine.dispose()  # the server process ends
    reopened = sa.create_engine(url, **database.engine_options(url))
    store.create_schema(reopened)  # what the next start does: it must not wipe anything
    assert sorted(store.guesses_of(reopened, poll.id)) == list(range(1, 31))
    with reopened.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert connection.exec_driver_sql("PRAGMA synchronous").scalar() == 1  # NORMAL
    reopened.dispose()


def test_postgres_votes_survive_a_server_restart(postgres):
    engine = fresh_engine(postgres.url)
    poll = poll_with_guesses(engine, 100)
    postgres.restart()
    # The same engine (its pooled connections died with the server) reads every vote.
    assert sorted(store.guesses_of(engine, poll.id)) == list(range(1, 101))
    again = store.submit_guess(
        engine, room_code=poll.room_code, student_id="s000-" + "y" * 16, raw_guess="7"
    )
    assert again.outcome is Outcome.REPLACED
    engine.dispose()


def test_a_locked_sqlite_file_gives_a_plain_message_then_recovers(tmp_path):
    path = tmp_path / "poll.sqlite3"
    url = f"sqlite:///{path}"
    engine = fresh_engine(url, connect_args={"timeout": 0.2})
    poll = store.start_poll(engine, b=0.0, sigma=0.0)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # another process holds the write lock
    try:
        with pytest.raises(store.StoreUnavailable, match="cannot be reached right now"):
            store.submit_guess(engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="5")
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert store.guesses_of(engine, poll.id).size == 0, "nothing half-written"
    assert store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="5"
    ).accepted
    engine.dispose()


def test_a_sql_ascii_postgres_database_works_as_a_utf8_one(postgres):
    """An initdb without a locale makes SQL_ASCII databases, whose text psycopg reads as bytes
    unless the connection asks for UTF-8: the poll's first query then failed with a TypeError."""
    admin = sa.create_engine(postgres.url, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.exec_driver_sql("DROP DATABASE IF EXISTS poll_ascii")
        connection.exec_driver_sql(
            "CREATE DATABASE poll_ascii ENCODING 'SQL_ASCII' LC_COLLATE 'C' LC_CTYPE 'C' "
            "TEMPLATE template0"
        )
    admin.dispose()
    url = sa.engine.make_url(postgres.url).set(database="poll_ascii")
    engine = fresh_engine(url.render_as_string(hide_password=False))
    with engine.connect() as connection:
        assert connection.exec_driver_sql("SHOW server_encoding").scalar_one() == "SQL_ASCII"
    poll = store.start_poll(engine, b=0.0, sigma=0.0, now=T0)
    assert store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="49", now=T0
    ).accepted
    assert store.guesses_of(engine, poll.id).tolist() == [49.0]
    engine.dispose()


def test_a_postgres_server_that_is_down_gives_a_plain_message_then_recovers(postgres):
    engine = fresh_engine(postgres.url)
    poll = store.start_poll(engine, b=0.0, sigma=0.0)
    postgres.stop()
    try:
        for call in (
            lambda: store.submit_guess(
                engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="5"
            ),
            lambda: store.start_poll(engine, b=0.0, sigma=0.0),
            lambda: store.guesses_of(engine, poll.id),
            lambda: store.create_schema(engine),
        ):
            with pytest.raises(store.StoreUnavailable, match="cannot be reached right now"):
                call()
    finally:
        postgres.start()
    assert store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="5"
    ).accepted
    engine.dispose()


def test_a_beta_poll_takes_betas_and_refuses_n_sized_guesses(engine):
    poll = store.start_poll(engine, b=0.0, sigma=0.0, question="kl", now=T0)
    assert store.poll_for_room(engine, poll.room_code, now=T0).question == "kl"
    refused = store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="49", now=T0
    )
    assert refused.outcome is Outcome.BAD_GUESS
    assert refused.message == "β must be from 0.25 to 10."
    accepted = store.submit_guess(
        engine, room_code=poll.room_code, student_id=STUDENT, raw_guess="0.8", now=T0
    )
    assert accepted.message == "Your guess β = 0.8 is in."
    assert store.guesses_of(engine, poll.id).tolist() == [0.8]
    with pytest.raises(ValueError, match="question must be one of"):
        store.start_poll(engine, b=0.0, sigma=0.0, question="<b>", now=T0)


def test_guesses_come_back_as_an_array_of_floats(engine):
    first, _second = two_polls(engine)
    values = store.guesses_of(engine, first.id)
    assert isinstance(values, np.ndarray) and values.dtype == float and values.shape == (1,)
