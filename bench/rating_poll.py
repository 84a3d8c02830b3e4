"""A lecture hall rating answers: one `streamlit run` process, PHONES phones over websockets.

Run: ``python -m bench.rating_poll`` (a SQLite file, as ``make run`` uses) or
``python -m bench.rating_poll --postgres`` (a throwaway PostgreSQL server, Debian's, started
here). A rating room is opened in the server's database; PHONES phones load the join link (each
a device of its own, with its cookie) and tap a pair every ~INTERVAL s (jittered) for DURATION
s, as the browser does: a run of the pair's fragment. One lecturer's tab re-reads its screen
every 2 s meanwhile. Printed: taps stored, the p50/p95/max of a tap's round trip (button to
the page's answer), the lecturer's refresh time, and the check that no tap is lost or counted
twice (every stored tap is one row in the database, every device has the rows it was told
were stored, and no other).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from pathlib import Path

import numpy as np
import sqlalchemy as sa

from poll_data import database, ratings, store
from poll_data.location import DATA_DIR_ENV, DATABASE_URL_ENV
from scripts.postgres_server import PostgresServer, postgres_bin
from tests.support.machine import load_text
from tests.support.poll_client import PollVisitor, open_student, tap_pair
from tests.support.server import start_streamlit

APP = Path(__file__).resolve().parents[1] / "app.py"
PHONES = 300  # a lecture hall
INTERVAL = 3.0  # s between one phone's taps (a quick reader)
DURATION = 60.0  # s of tapping
JOIN_CONCURRENCY = 20  # phones loading the join link at once (a hall scanning the QR code)
LECTURER_REFRESH = 2.0  # s, as the lecturer's screen


async def phone_taps(phone: PollVisitor, end: float, rng: random.Random) -> tuple[list, int]:
    """One phone taps until ``end``: (round trips in s, taps the page said were stored)."""
    times, stored = [], 0
    await asyncio.sleep(rng.uniform(0, INTERVAL))  # the hall does not tap in step
    while time.monotonic() < end:
        started = time.perf_counter()
        if await tap_pair(phone, rng.choice((0, 0, 1, 1, 2))):
            stored += 1
        times.append(time.perf_counter() - started)
        await asyncio.sleep(rng.uniform(0.5, 1.5) * INTERVAL)
    await phone.close()
    return times, stored


async def lecturer_reads(url: str, token: str, end: float) -> list[float]:
    lecturer = PollVisitor(url)
    lecturer.url_query = {"lecturer": [token]}
    await lecturer.connect()
    times = []
    while time.monotonic() < end:
        times.append((await lecturer.run()).seconds)
        await asyncio.sleep(LECTURER_REFRESH)
    await lecturer.close()
    return times


async def hall(url: str, room: str, token: str, args) -> dict:
    """Every phone joins (JOIN_CONCURRENCY at a time), then all tap for ``args.duration`` s."""
    joining = asyncio.Semaphore(JOIN_CONCURRENCY)

    async def join() -> PollVisitor:
        async with joining:
            return await open_student(url, room)

    joined = await asyncio.gather(*(join() for _ in range(args.phones)), return_exceptions=True)
    phones = [phone for phone in joined if isinstance(phone, PollVisitor)]
    end = time.monotonic() + args.duration
    lecturer = asyncio.create_task(lecturer_reads(url, token, end))
    results = await asyncio.gather(
        *(phone_taps(phone, end, random.Random(index)) for index, phone in enumerate(phones)),
        return_exceptions=True,
    )
    finished = [result for result in results if not isinstance(result, BaseException)]
    return {
        "times": np.concatenate([np.array(times) for times, _ in finished] or [np.zeros(0)]),
        "stored": sum(stored for _, stored in finished),
        "failures": [item for item in (*joined, *results) if isinstance(item, BaseException)],
        "lecturer": np.array(await lecturer),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--phones", type=int, default=PHONES)
    parser.add_argument("--duration", type=float, default=DURATION)
    parser.add_argument("--postgres", action="store_true", help="a throwaway PostgreSQL")
    args = parser.parse_args()
    postgres = None
    with tempfile.TemporaryDirectory() as directory:
        if args.postgres:
            bin_dir = postgres_bin()
            if bin_dir is None:
                raise SystemExit("PostgreSQL is not installed (apt-get install postgresql)")
            postgres = PostgresServer(bin_dir)
            postgres.init()
            postgres.start()
            url = postgres.url
            os.environ[DATABASE_URL_ENV] = url
        else:
            os.environ[DATA_DIR_ENV] = directory
            url = f"sqlite:///{Path(directory) / 'poll.sqlite3'}"
        engine = sa.create_engine(url.replace("postgresql://", "postgresql+psycopg://", 1),
                                  **database.engine_options(url))  # fmt: skip
        store.create_schema(engine)
        poll, _room = ratings.start_rating_poll(engine, length_spread=1.0, seconds_per_pair=0)
        server = start_streamlit(APP)
        try:
            websocket = f"ws://127.0.0.1:{server.port}/_stcore/stream"
            print(f"{engine.dialect.name}: {args.phones} phones, a tap every ~{INTERVAL:g} s "
                  f"for {args.duration:g} s, one server process {load_text()}")  # fmt: skip
            figures = asyncio.run(hall(websocket, poll.room_code, poll.lecturer_token, args))
        finally:
            server.stop()
        choices = ratings.choices_of(engine, poll.id)
        engine.dispose()
        if postgres is not None:
            postgres.remove()
    times = figures["times"]
    rows = int(choices.choice.size)
    print(f"  taps {times.size}, stored (the page said so) {figures['stored']}, rows {rows}, "
          f"phones that failed {len(figures['failures'])} {load_text()}")  # fmt: skip
    if times.size:
        print(f"  a tap's round trip: p50 {1000 * np.percentile(times, 50):.0f} ms, p95 "
              f"{1000 * np.percentile(times, 95):.0f} ms, max {1000 * times.max():.0f} ms; "
              f"{times.size / args.duration:.0f} taps/s")  # fmt: skip
    lecturer = figures["lecturer"]
    if lecturer.size:
        print(f"  lecturer's screen: p50 {1000 * np.median(lecturer):.0f} ms, max "
              f"{1000 * lecturer.max():.0f} ms ({lecturer.size} refreshes)")  # fmt: skip
    for failure in figures["failures"][:3]:
        print(f"  a phone failed: {type(failure).__name__}: {failure}")
    ok = rows == figures["stored"] and not figures["failures"]
    print(f"  lost {max(0, figures['stored'] - rows)}, counted twice "
          f"{max(0, rows - figures['stored'])}: {'PASS' if ok else 'FAIL'}")  # fmt: skip


if __name__ == "__main__":
    main()
