"""A lecture hall answering the class poll at once, against the poll's real storage.

Run: ``python -m bench.poll_store`` (a SQLite file in a temporary directory, WAL mode, as
``make run`` uses) or ``python -m bench.poll_store --url postgresql://user@host/db``. STUDENTS
threads start together and each sends GUESSES guesses (a first answer, then changed minds),
while one more thread reads the histogram's data as the lecturer's screen does every 2 s, but
every LECTURER_PAUSE seconds. Prints the time per submission (p50, p95, max), submissions
per second, the lecturer's read time, and checks that every student has exactly one row with
their last guess.
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import sqlalchemy as sa

from poll_data import database, store

STUDENTS = 100  # a lecture hall
GUESSES = 5  # per student: fewer than the rate limit (20 a minute), so all are accepted
LECTURER_PAUSE = 0.1  # s between the lecturer's reads: 20 times the screen's pace


def run(engine: sa.Engine, *, students: int, guesses: int) -> dict[str, float]:
    """Time every submission of ``students`` threads and the lecturer's reads meanwhile."""
    poll = store.start_poll(engine, b=0.0, sigma=0.0)
    ids = [f"bench-{index:04d}-xxxxxxxxxxxx" for index in range(students)]
    barrier = threading.Barrier(students + 1)
    done = threading.Event()

    def student(index: int) -> list[float]:
        barrier.wait()
        times = []
        for attempt in range(guesses):
            start = time.perf_counter()
            result = store.submit_guess(
                engine,
                room_code=poll.room_code,
                student_id=ids[index],
                raw_guess=index + attempt + 1,
            )
            times.append(time.perf_counter() - start)
            assert result.accepted, result
        return times

    def lecturer() -> list[float]:
        barrier.wait()
        times = []
        while not done.is_set():
            start = time.perf_counter()
            store.guesses_of(engine, poll.id)
            times.append(time.perf_counter() - start)
            done.wait(LECTURER_PAUSE)
        return times

    with ThreadPoolExecutor(max_workers=students + 1) as pool:
        reads = pool.submit(lecturer)
        started = time.perf_counter()
        submissions = np.concatenate(list(pool.map(student, range(students))))
        elapsed = time.perf_counter() - started
        done.set()
        read_times = np.array(reads.result())
    stored = store.guesses_of(engine, poll.id)
    expected = np.arange(students) + guesses
    assert np.array_equal(np.sort(stored), np.sort(expected)), "a vote was lost or doubled"
    return {
        "p50_ms": 1000 * np.percentile(submissions, 50),
        "p95_ms": 1000 * np.percentile(submissions, 95),
        "max_ms": 1000 * submissions.max(),
        "per_second": submissions.size / elapsed,
        "read_p95_ms": 1000 * np.percentile(read_times, 95),
        "reads": read_times.size,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a database URL (default: a fresh SQLite file)")
    parser.add_argument("--students", type=int, default=STUDENTS)
    parser.add_argument("--guesses", type=int, default=GUESSES)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as directory:
        url = args.url or f"sqlite:///{Path(directory) / 'poll.sqlite3'}"
        engine = sa.create_engine(url, **database.engine_options(url))
        store.create_schema(engine)
        figures = run(engine, students=args.students, guesses=args.guesses)
        engine.dispose()
    print(f"{engine.dialect.name}: {args.students} students x {args.guesses} guesses, no vote lost")
    print(
        f"  submission p50 {figures['p50_ms']:.1f} ms, p95 {figures['p95_ms']:.1f} ms, "
        f"max {figures['max_ms']:.0f} ms; {figures['per_second']:.0f} submissions/s"
    )
    print(f"  lecturer's read p95 {figures['read_p95_ms']:.1f} ms ({figures['reads']} reads)")


if __name__ == "__main__":
    main()
