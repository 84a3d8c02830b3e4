"""The class poll under faults, through `make cluster`: `python -m bench.cluster_load --mode poll`.

A lecturer starts a poll; N students (``--sessions``) join through HAProxy's port and each
sends a guess every ~``--poll-interval`` s for ``--poll-duration`` s. Meanwhile one replica
(the lecturer's) is SIGKILLed, and later the cluster's PostgreSQL is stopped for a few seconds
and started again. A student whose websocket breaks reconnects at once, as a browser does
with the same address and device cookie, so as the same anonymous student. Every guess is a
number no other guess uses, so each student's last confirmed guess can be looked for in the
database afterwards, and no student may be stored twice.

Printed: votes sent (confirmed "is in" by the page), refused with the plain database message,
reconnects, tracebacks (budget 0), rows stored, votes lost (a student whose last confirmed
guess is not stored; budget 0), students counted twice (more rows than students; budget 0),
and whether the lecturer's count after the faults equals the rows, each with the machine's load.
"""

from __future__ import annotations

import asyncio
import itertools
import random
import time
from dataclasses import dataclass, field

import sqlalchemy as sa
import websockets

from poll_data import store
from tests.support.cluster_run import RunningCluster
from tests.support.load_client import RunError
from tests.support.machine import load_text
from tests.support.poll_client import (
    DATABASE_DOWN,
    PollVisitor,
    open_lecturer,
    open_student,
    reopen,
    send_guess,
)

FAILURES = (RunError, OSError, TimeoutError, websockets.WebSocketException)
KILL_AT_SECONDS = 8.0  # into the voting: SIGKILL the lecturer's replica
DATABASE_DOWN_AT_SECONDS = 20.0  # into the voting: stop PostgreSQL ...
DATABASE_DOWN_SECONDS = 5.0  # ... for this long, then start it again


@dataclass
class SessionVotes:
    """One student (all their sessions): the last guess the page confirmed, and one sent since
    whose answer was lost with the socket (stored or not, both are fine)."""

    last: int | None = None
    maybe: int | None = None  # sent when the websocket broke: stored or not, both are fine


@dataclass
class PollTally:
    sent: int = 0
    refused_plainly: int = 0
    other_answers: int = 0  # e.g. the rate limit: neither stored nor a failure
    reconnects: int = 0
    tab_sessions: int = 0  # sessions the students opened (first ones and reconnects)
    tracebacks: int = 0
    sessions: list[SessionVotes] = field(default_factory=list)
    accepted_at: list[float] = field(default_factory=list)  # monotonic time of each "is in"
    database_back_at: float | None = None  # when `pg_ctl start` returned
    values: itertools.count = field(default_factory=lambda: itertools.count(1))


async def student(url: str, room: str, index: int, args, tally: PollTally, end: float) -> None:
    """Guess every ~interval s until ``end``; when the socket breaks, reconnect at once with the
    same address and cookie (as a browser does): a new session, the same student."""
    rng = random.Random(args.seed + index)
    await asyncio.sleep(rng.uniform(0, args.poll_interval))  # arrivals spread over one interval
    tab: PollVisitor | None = None
    address: dict[str, list[str]] = {"room": [room]}
    device = ""  # the device cookie, from the first page this student loads
    votes = SessionVotes()
    tally.sessions.append(votes)
    while time.monotonic() < end:
        value = next(tally.values)
        try:
            if tab is None:
                tab = await open_student(url, room, query=address, device_cookie=device)
                device = tab.device_cookie
                tally.tab_sessions += 1
            accepted = await send_guess(tab, str(value))
            address = dict(tab.url_query)
        except FAILURES as error:
            tally.tracebacks += str(error).startswith("the app raised")
            tally.reconnects += tab is not None
            votes.maybe = value
            if tab is not None:
                address = dict(tab.url_query) or address
                await tab.close()
            tab = None
            await asyncio.sleep(0.5)
            continue
        if accepted:
            tally.sent, votes.last, votes.maybe = tally.sent + 1, value, None
            tally.accepted_at.append(time.monotonic())
        elif tab.said(DATABASE_DOWN):
            tally.refused_plainly += 1
        else:
            tally.other_answers += 1
        await asyncio.sleep(args.poll_interval * rng.uniform(0.75, 1.25))
    if tab is not None:
        await tab.close()


async def faults(cluster: RunningCluster, started: float, tally: PollTally) -> None:
    """Kill the lecturer's replica, then stop and start PostgreSQL, at fixed times."""
    await asyncio.sleep(max(0.0, started + KILL_AT_SECONDS - time.monotonic()))
    cluster.kill_replica("replica1")
    print(f"  {time.monotonic() - started:5.1f} s: replica1 SIGKILLed {load_text()}")
    await asyncio.sleep(max(0.0, started + DATABASE_DOWN_AT_SECONDS - time.monotonic()))
    await asyncio.to_thread(cluster.postgres_ctl, "stop", "-m", "fast")
    print(f"  {time.monotonic() - started:5.1f} s: PostgreSQL stopped {load_text()}")
    await asyncio.sleep(DATABASE_DOWN_SECONDS)
    await asyncio.to_thread(cluster.postgres_ctl, "start", "-l", cluster.state()["postgres"]["log"])
    tally.database_back_at = time.monotonic()
    print(f"  {time.monotonic() - started:5.1f} s: PostgreSQL started again {load_text()}")


def stored_values(cluster: RunningCluster, room: str) -> list[float]:
    engine = sa.create_engine(cluster.state()["postgres"]["url"])
    try:
        poll = store.poll_for_room(engine, room)
        return [float(value) for value in store.guesses_of(engine, poll.id)]
    finally:
        engine.dispose()


async def measure_poll(cluster: RunningCluster, args) -> bool:
    """N students voting through HAProxy while a replica dies and the database restarts."""
    if not cluster.state().get("postgres"):
        print("poll: the cluster has no PostgreSQL of its own (POLL_DATABASE_URL set?): skipped")
        return False
    print(f"poll: {args.sessions} students, a guess every ~{args.poll_interval:g} s for "
          f"{args.poll_duration:g} s; replica1 killed at {KILL_AT_SECONDS:g} s, PostgreSQL "
          f"down at {DATABASE_DOWN_AT_SECONDS:g} s for {DATABASE_DOWN_SECONDS:g} s")  # fmt: skip
    lecturer = await open_lecturer(cluster.websocket_url, replica="replica1")
    room, tally = lecturer.room_code(), PollTally()
    started = time.monotonic()
    end = started + args.poll_duration
    await asyncio.gather(
        faults(cluster, started, tally),
        *(student(cluster.websocket_url, room, i, args, tally, end) for i in range(args.sessions)),
    )
    await asyncio.sleep(1.0)
    stored = set(stored_values(cluster, room))
    lost = sum(
        1
        for votes in tally.sessions
        if votes.last is not None and not ({votes.last, votes.maybe} & stored)
    )
    lecturer = await reopen(lecturer)  # its replica was killed: the browser reconnects
    await lecturer.close()
    print(f"  votes sent (confirmed) {tally.sent}; refused with the plain database message "
          f"{tally.refused_plainly}; other answers {tally.other_answers}; student sessions "
          f"{tally.tab_sessions}, reconnects {tally.reconnects} {load_text()}")  # fmt: skip
    voters = sum(1 for votes in tally.sessions if {votes.last, votes.maybe} != {None})
    twice = max(0, len(stored) - voters)
    print(f"  rows stored {len(stored)} for {voters} students who voted (counted twice: "
          f"{twice}); lecturer's count after the faults {lecturer.answers}")  # fmt: skip
    back = [at - tally.database_back_at for at in tally.accepted_at if at > tally.database_back_at]
    print(f"  first confirmed vote {min(back, default=float('nan')):.1f} s after PostgreSQL was "
          f"back (students guess every ~{args.poll_interval:g} s) {load_text()}")  # fmt: skip
    ok = lost == 0 and twice == 0 and tally.tracebacks == 0 and lecturer.answers == len(stored)
    print(f"  votes lost {lost} (budget 0), counted twice {twice} (budget 0), tracebacks "
          f"{tally.tracebacks} (budget 0): "
          f"{'PASS' if ok else 'FAIL'} {load_text()}")  # fmt: skip
    return ok
