"""A cluster that fails to start leaves nothing running: no replica, HAProxy, worlds' builder
or PostgreSQL of that run (bench.cluster_load once left its PostgreSQL behind)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import psutil
import pytest

from scripts.ports import LOOPBACK
from scripts.postgres_server import postgres_bin
from tests.cluster.conftest import require_haproxy
from tests.support.cluster_run import ClusterError, launch_cluster, start_cluster
from tests.support.machine import gone_or_zombie, processes_whose_command_has
from ui import disk_store

pytestmark = pytest.mark.cluster

HANG_GUARD_STEPS = 1_800  # x 0.1 s: the script's PostgreSQL and builder appear (a hang guard)


def require_postgres() -> None:
    if postgres_bin() is None:
        pytest.skip("CLUSTER START TESTS NOT RUN: PostgreSQL is not installed")


def postgres_root(output: str) -> Path:
    """The poll server's directory, from the script's line 'PostgreSQL on HOST:PORT in DIR'."""
    line = next(line for line in output.splitlines() if "PostgreSQL on" in line)
    return Path(line.rsplit(" in ", 1)[1].strip())


def command(process: psutil.Process) -> str:
    try:
        return " ".join(process.cmdline())
    except psutil.Error:  # gone meanwhile
        return ""


def test_a_taken_port_stops_the_start_with_its_reason_and_leaves_no_process(tmp_path):
    require_haproxy()
    require_postgres()
    with socket.socket() as taken:  # no SO_REUSEPORT: HAProxy's bind there fails
        taken.bind((LOOPBACK, 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(ClusterError) as failure:
            start_cluster(tmp_path / "run", replicas=1, port=port, build_worlds=False)
    cluster = failure.value.cluster
    said = cluster.output()
    assert f"cluster: could not start: HAProxy exited with code 1 on port {port}" in said
    assert "Traceback" not in said
    assert "stopped: HAProxy and every replica, and PostgreSQL" in said
    root = postgres_root(said)
    assert cluster.leftovers() == []
    assert processes_whose_command_has([str(root)]) == []
    assert not root.exists()


def test_a_start_given_up_while_the_worlds_build_leaves_no_process(tmp_path, monkeypatch):
    require_haproxy()
    require_postgres()
    monkeypatch.setenv(disk_store.STORE_ENV, str(tmp_path / "worlds"))  # empty: 441 to build
    running = launch_cluster(tmp_path / "run", replicas=1)
    family: set[int] = set()
    try:
        script = psutil.Process(running.process.pid)
        for _ in range(HANG_GUARD_STEPS):
            assert running.process.poll() is None, running.output()
            children = script.children(recursive=True)
            family |= {child.pid for child in children}
            building = [child.pid for child in children if "build_worlds.py" in command(child)]
            if building and "PostgreSQL on" in running.output():
                break
            time.sleep(0.1)
        assert building, f"the worlds' builder never ran:\n{running.output()}"
        with pytest.raises(ClusterError, match="the cluster did not serve in 0 s"):
            running.wait_serving(timeout=0)  # given up at once: the build is still running
    finally:
        if running.process.poll() is None:
            running.kill_everything()
    said = running.output()
    root = postgres_root(said)
    assert "stopped: HAProxy and every replica, and PostgreSQL" in said
    assert running.leftovers() == []
    assert processes_whose_command_has([str(root)]) == []
    assert [pid for pid in family if not gone_or_zombie(pid)] == []
    assert not root.exists()
