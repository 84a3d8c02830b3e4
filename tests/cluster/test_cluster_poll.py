"""The class poll in `make cluster`: one PostgreSQL shared by the replicas, faults survived.

A lecturer's tab is kept on replica1 and the students' tabs on replica2 by HAProxy's cookie
(tests/support/poll_client.py speaks Streamlit's websocket protocol, as the browser does). The tests
share one cluster and run in file order: votes across replicas, a replica killed, the
database restarted, and last the clean stop with PostgreSQL gone too.
"""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from poll_data import store
from poll_data.location import DATA_DIR_ENV, DATABASE_URL_ENV
from scripts import cluster as cluster_script
from scripts.processes import GONE_TIMEOUT_SECONDS, wait_until
from tests.cluster.test_cluster import sessions_by_replica
from tests.support.event_loop import run_to_end
from tests.support.machine import environment_of, gone_or_zombie
from tests.support.poll_client import (
    DATABASE_DOWN,
    open_lecturer,
    open_student,
    page_device_cookie,
    reopen,
    send_guess,
)
from tests.support.session_probe import PageVisitor

pytestmark = pytest.mark.cluster

STUDENTS = 4  # a handful of phones, every one on the replica the lecturer is not on
GUESSES = ["2", "16", "128", "1000"]
seen: dict = {}  # what one test leaves the next: the room, the lecturer's token


def stored_votes(cluster, room: str) -> int:
    """The poll's guesses as the cluster's PostgreSQL holds them."""
    engine = sa.create_engine(cluster.state()["postgres"]["url"])
    try:
        poll = store.poll_for_room(engine, room)
        return len(store.guesses_of(engine, poll.id))
    finally:
        engine.dispose()


def test_no_postgres_gives_each_replica_its_own_sqlite(tmp_path, monkeypatch):
    monkeypatch.setenv(DATABASE_URL_ENV, "postgresql://nobody@127.0.0.1:1/none")
    args = cluster_script.parse_arguments(["--no-postgres", "--haproxy", "/bin/sh"])
    cluster = cluster_script.Cluster(2, 8501, tmp_path, "/bin/sh")
    assert "poll per replica" in cluster_script.poll_database(cluster, args)
    assert cluster.postgres is None
    envs = [cluster._replica_env(cluster_script.Replica(i, 1, tmp_path / "log")) for i in (1, 2)]
    assert all(DATABASE_URL_ENV not in env for env in envs)
    assert envs[0][DATA_DIR_ENV] != envs[1][DATA_DIR_ENV]


def test_every_replica_gets_the_same_poll_database(cluster):
    url = cluster.state()["postgres"]["url"]
    assert url.startswith("postgresql+psycopg://postgres@127.0.0.1:")
    for entry in cluster.state()["replicas"]:
        assert environment_of(entry["pid"]).get(DATABASE_URL_ENV) == url


def test_guesses_on_one_replica_reach_the_lecturer_on_the_other(cluster):
    async def scenario():
        lecturer = await open_lecturer(cluster.websocket_url, replica="replica1")
        room = lecturer.room_code()
        # Each phone loads the join page first (its device cookie; any replica signs it).
        devices = [page_device_cookie(cluster.websocket_url, room) for _ in range(STUDENTS)]
        before = sessions_by_replica(cluster)
        students = [
            await open_student(cluster.websocket_url, room, replica="replica2", device_cookie=d)
            for d in devices
        ]
        accepted = [
            await send_guess(student, guess)
            for student, guess in zip(students, GUESSES, strict=True)
        ]
        after = sessions_by_replica(cluster)
        await lecturer.run()
        await asyncio.gather(*(tab.close() for tab in [lecturer, *students]))
        return room, lecturer, accepted, after["replica2"] - before["replica2"], after, before

    room, lecturer, accepted, on_replica2, after, before = run_to_end(scenario())
    assert accepted == [True] * STUDENTS
    assert on_replica2 == STUDENTS and after["replica1"] == before["replica1"]
    assert lecturer.answers == STUDENTS  # replica1 counts what replica2's sessions sent
    assert stored_votes(cluster, room) == STUDENTS
    seen.update(room=room, lecturer=lecturer)


def test_a_killed_replica_loses_no_vote_and_counts_no_student_twice(cluster):
    async def vote_on_replica1():
        student = await open_student(cluster.websocket_url, seen["room"], replica="replica1")
        return student, await send_guess(student, "7")

    student, accepted = run_to_end(vote_on_replica1())
    assert accepted
    killed = cluster.kill_replica("replica1")  # the lecturer's, and this student's
    time.sleep(1.0)  # the kernel closes its sockets; HAProxy takes it out of rotation

    async def reconnect():  # the browsers reconnect through HAProxy, same addresses: replica2
        lecturer, again = await reopen(seen["lecturer"]), await reopen(student)
        replaced = await send_guess(again, "8") and again.said("replaced your earlier one")
        await lecturer.run()
        await asyncio.gather(lecturer.close(), again.close())
        return lecturer, replaced

    lecturer, replaced = run_to_end(reconnect())
    assert replaced, "the reconnected student is the same student, not a second one"
    assert lecturer.answers == STUDENTS + 1
    assert stored_votes(cluster, seen["room"]) == STUDENTS + 1
    cluster.wait_restarted("replica1", killed, timeout=120)
    seen["lecturer"] = lecturer


def test_a_database_restart_is_said_plainly_and_keeps_every_vote(cluster):
    async def scenario():
        student = await open_student(cluster.websocket_url, seen["room"], replica="replica2")
        await asyncio.to_thread(cluster.postgres_ctl, "stop", "-m", "fast")
        refused = await send_guess(student, "64")
        said = list(student.alerts)
        other_page = PageVisitor(cluster.websocket_url)  # the Playground never notices
        await other_page.connect()
        await other_page.run()
        await other_page.close()
        log = cluster.state()["postgres"]["log"]
        await asyncio.to_thread(cluster.postgres_ctl, "start", "-l", log)
        accepted = await send_guess(student, "64")  # the same tab, once the server is back
        lecturer = await reopen(seen["lecturer"])
        await asyncio.gather(student.close(), lecturer.close())
        # The Playground drew its stage (all four settings on it, no sliders).
        drawn = set(other_page.stage_keys()) == {"beta", "n", "b", "sigma"}
        return refused, said, drawn, accepted, lecturer.answers

    refused, said, playground_works, accepted, answers = run_to_end(scenario())
    assert not refused and any(DATABASE_DOWN in text for text in said), said
    assert playground_works
    assert accepted
    assert answers == STUDENTS + 2
    assert stored_votes(cluster, seen["room"]) == STUDENTS + 2


def test_stops_cleanly_with_postgres(cluster):
    server = cluster.state()["postgres"]
    pid = int((Path(server["data"]) / "postmaster.pid").read_text().splitlines()[0])
    ports = {entry["port"] for entry in cluster.state()["replicas"]}
    assert cluster.stop() == 0
    assert wait_until(lambda: cluster.leftovers(ports) == [], timeout=GONE_TIMEOUT_SECONDS), (
        cluster.leftovers(ports)
    )
    # Gone, or a zombie waiting for whichever process adopted it to reap it (pg_ctl's server
    # is reparented; some containers' init never reaps). pg_ctl -w returns once the server's
    # pid file is gone, which the server removes just before it exits: wait for the exit.
    assert wait_until(lambda: gone_or_zombie(pid), timeout=GONE_TIMEOUT_SECONDS)
    assert not Path(server["data"]).exists()  # a throwaway server: removed with its directory
    assert "stopped: HAProxy and every replica, and PostgreSQL" in cluster.output()
