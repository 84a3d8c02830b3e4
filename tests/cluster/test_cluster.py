"""`make cluster` for real: two replicas behind HAProxy on loopback, faults included.

The tests share one cluster and run in file order: serving, sticky sessions, websocket
sessions, a replica killed and its sessions back on the other, and last the clean stop.
"""

from __future__ import annotations

import asyncio
import http.client
import os
import random

import pytest
import websockets

from scripts.cluster import Cluster
from scripts.ports import LOOPBACK
from scripts.processes import GONE_TIMEOUT_SECONDS, wait_until
from tests.support.cluster_run import RunningCluster, http_status
from tests.support.event_loop import run_to_end
from tests.support.load_client import RunError
from tests.support.machine import environment_of
from tests.support.session_probe import PageVisitor

pytestmark = pytest.mark.cluster

SESSIONS = 6  # a handful, each at its own (b, σ): with least-connections, 3 on each replica
RECONNECT_ATTEMPTS = 40  # x 0.5 s: a hang guard, not a timing (bench.cluster_load times it)


def session_query(index: int) -> dict[str, list[str]]:
    """Session `index`'s own setting, as its address bar holds it."""
    return {"b": [f"{0.1 * (index + 1):.1f}"], "sigma": [f"{0.2 * (index + 1):.1f}"]}


def get(cluster: RunningCluster, path: str, cookie: str = "") -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection(LOOPBACK, cluster.port, timeout=30)
    connection.request("GET", path, headers={"Cookie": cookie} if cookie else {})
    response = connection.getresponse()
    response.read()
    connection.close()
    return response


def sessions_by_replica(cluster: RunningCluster) -> dict[str, int]:
    """HAProxy's count of sessions (connections) each replica has served so far."""
    api = Cluster(2, cluster.port, cluster.run_dir, "haproxy")
    lines = api.runtime_api("show stat").splitlines()
    header = lines[0].lstrip("# ").split(",")
    rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
    return {row["svname"]: int(row["stot"]) for row in rows if row["svname"].startswith("replica")}


def test_serves_the_app_through_the_load_balancer(cluster):
    assert http_status(cluster.url + "_stcore/health") == 200
    page = get(cluster, "/")
    assert page.status == 200
    replica_cookie = [value for name, value in page.getheaders() if name.lower() == "set-cookie"]
    assert any(value.startswith("REPLICA=replica") for value in replica_cookie), replica_cookie


def test_a_cookie_keeps_a_browser_on_one_replica(cluster):
    before = sessions_by_replica(cluster)
    for _ in range(5):
        assert get(cluster, "/_stcore/health", cookie="REPLICA=replica2").status == 200
    after = sessions_by_replica(cluster)
    assert after["replica2"] - before["replica2"] == 5
    assert after["replica1"] == before["replica1"]


def test_every_replica_has_the_same_cookie_secret(cluster):
    secrets = set()
    for entry in cluster.state()["replicas"]:
        secret = environment_of(entry["pid"]).get("STREAMLIT_SERVER_COOKIE_SECRET", "")
        assert len(secret) > 30
        secrets.add(secret)
    assert len(secrets) == 1


async def open_session(url: str, index: int) -> PageVisitor:
    visitor = PageVisitor(url)
    visitor.url_query = session_query(index)
    await visitor.connect()
    await visitor.run()
    return visitor


def test_a_websocket_session_runs_the_app_and_moves_a_slider(cluster):
    async def scenario():
        visitor = await open_session(cluster.websocket_url, 0)
        try:
            assert set(visitor.stage_keys()) >= {"b", "sigma"}  # on the stage
            assert visitor.link_query() == session_query(0)
            visitor.stage.set_position("sigma", visitor.stage.position["sigma"] + 3)  # 0.2 -> 0.5
            await visitor.run(visitor.fragment_of("sigma"))
            assert visitor.link_query()["sigma"] == ["0.5"]
            assert visitor.url_query["sigma"] == ["0.5"], "the server wrote the address"
            return visitor.stage.world_path()
        finally:
            await visitor.close()

    # The world the browser fetches for it, through HAProxy, from whichever replica.
    world_path = run_to_end(scenario())
    assert world_path.endswith("/0.1_0.5.json")
    assert get(cluster, world_path).status == 200
    assert get(cluster, world_path.replace("0.1_0.5", "0.1_0.50")).status == 404


async def rerun_or_reconnect(
    visitor: PageVisitor, index: int, url: str
) -> tuple[PageVisitor, bool]:
    """Move σ one stop; if the replica is gone, reconnect through HAProxy as a browser does."""
    try:
        visitor.move_random_slider(["sigma"], random.Random(index))
        await visitor.run()
        return visitor, False
    except (RunError, OSError, websockets.WebSocketException):
        await visitor.close()
    query = dict(visitor.url_query)
    for _ in range(RECONNECT_ATTEMPTS):
        fresh = PageVisitor(url)
        fresh.url_query = query
        try:
            await fresh.connect()
            await fresh.run()
            return fresh, True
        except (RunError, OSError, websockets.WebSocketException):
            await fresh.close()
            await asyncio.sleep(0.5)
    raise AssertionError(f"session {index} never reconnected")


def test_a_killed_replica_is_restarted_and_its_sessions_come_back(cluster):
    async def scenario():
        visitors = [await open_session(cluster.websocket_url, index) for index in range(SESSIONS)]
        killed = cluster.kill_replica("replica1")
        await asyncio.sleep(1.0)  # the kernel closes its sockets; HAProxy closes the visitors'
        outcomes = [
            await rerun_or_reconnect(visitor, index, cluster.websocket_url)
            for index, visitor in enumerate(visitors)
        ]
        try:
            reconnected = [again for _, again in outcomes]
            assert 0 < sum(reconnected) < SESSIONS, "some sessions were on each replica"
            for visitor, _ in outcomes:
                # Back on a live replica, each page shows the setting its URL holds.
                assert visitor.link_query() == visitor.url_query
                assert "b" in visitor.link_query() and "sigma" in visitor.link_query()
        finally:
            await asyncio.gather(*(visitor.close() for visitor, _ in outcomes))
        return killed

    killed = run_to_end(scenario())
    restarted = cluster.wait_restarted("replica1", killed, timeout=120)
    assert restarted["restarts"] == 1
    assert "replica1 restarted" in cluster.output()
    assert get(cluster, "/_stcore/health", cookie="REPLICA=replica1").status == 200


def test_stops_cleanly_leaving_no_process(cluster):
    state = cluster.state()
    ports = {entry["port"] for entry in state["replicas"]}
    pids = cluster.pids()
    assert cluster.process.poll() is None
    assert cluster.stop() == 0  # SIGTERM, as `make cluster` gets from Ctrl-C via make
    assert wait_until(lambda: cluster.leftovers(ports) == [], timeout=GONE_TIMEOUT_SECONDS), (
        cluster.leftovers(ports)
    )
    for pid in pids:
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)  # signal 0 only asks whether the process exists
    assert http_status(cluster.url + "_stcore/health", timeout=2) is None
    assert "stopped: HAProxy and every replica" in cluster.output()
