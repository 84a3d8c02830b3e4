"""scripts/cluster.py's rules, without starting anything (tests/cluster starts replicas): its
arguments' limits (1 to 64 replicas, ports 1 to 65535, bad numbers a plain line) and its
restart backoff (0 s, then 2, 4, 8, 16 and 30 s at most; afresh after 30 s alive)."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from scripts import cluster

# Flags every call needs to get past the machine's checks (HAProxy's path, PostgreSQL).
HERE = ["--haproxy", sys.executable, "--no-postgres"]


def refused(argv, capsys) -> str:
    """The one line argparse prints for ``argv`` (it exits 2)."""
    with pytest.raises(SystemExit) as exited:
        cluster.parse_arguments([*argv, *HERE])
    assert exited.value.code == 2
    return capsys.readouterr().err.strip().splitlines()[-1]


@pytest.mark.parametrize("replicas", [1, 64])
def test_one_to_64_replicas_are_taken(replicas):
    assert cluster.parse_arguments(["--replicas", str(replicas), *HERE]).replicas == replicas


@pytest.mark.parametrize("replicas", [0, 65, -1])
def test_zero_or_65_replicas_are_refused_in_one_line(replicas, capsys):
    said = refused(["--replicas", str(replicas)], capsys)
    assert said.endswith(f"error: --replicas must be from 1 to 64, not {replicas}")


@pytest.mark.parametrize("port", [1, 8501, 65535])
def test_ports_1_to_65535_are_taken(port):
    assert cluster.parse_arguments(["--port", str(port), *HERE]).port == port


@pytest.mark.parametrize("port", [0, 65536, 70000])
def test_a_port_past_the_tcp_range_is_refused_before_anything_starts(port, capsys):
    said = refused(["--port", str(port)], capsys)
    assert said.endswith(f"error: --port must be from 1 to 65535, not {port}")


@pytest.mark.parametrize(("variable", "flag"), [("REPLICAS", "replicas"), ("CLUSTER_PORT", "port")])
def test_a_bad_number_in_the_environment_is_one_plain_line_not_a_traceback(
    variable, flag, monkeypatch, capsys
):
    monkeypatch.setenv(variable, "two")
    assert refused([], capsys).endswith(f"argument --{flag}: invalid int value: 'two'")
    monkeypatch.setenv(variable, "3")
    assert getattr(cluster.parse_arguments(HERE), flag) == 3


def test_the_defaults_are_two_replicas_on_8501(monkeypatch):
    monkeypatch.delenv("REPLICAS", raising=False)
    monkeypatch.delenv("CLUSTER_PORT", raising=False)
    args = cluster.parse_arguments(HERE)
    assert (args.replicas, args.port) == (2, 8501)


def dead_replica(tmp_path: Path) -> tuple[cluster.Cluster, cluster.Replica]:
    """A cluster (no HAProxy listening: its runtime API answers "") with one replica that died."""
    group = cluster.Cluster(1, 8501, tmp_path, sys.executable)
    slot = cluster.Replica(1, 9001, tmp_path / "replica1.log")
    slot.process = SimpleNamespace(pid=4242, returncode=1)
    group.slots.append(slot)
    return group, slot


def test_a_replica_dying_again_and_again_waits_0_2_4_8_16_then_30_seconds(tmp_path, capsys):
    group, slot = dead_replica(tmp_path)
    delays, now = [], 1000.0
    for _ in range(8):
        slot.started_at = now - 1.0  # it lived a second
        group._schedule_restart(slot, now)
        delays.append(slot.restart_at - now)
        now = slot.restart_at + 1.0
    assert delays == [0.0, 2.0, 4.0, 8.0, 16.0, 30.0, 30.0, 30.0]
    assert "replica1 (pid 4242) exited with code 1; restart in 0 s" in capsys.readouterr().out


@pytest.mark.parametrize(("lived", "delay"), [(29.9, 16.0), (30.0, 0.0), (31.0, 0.0)])
def test_a_replica_that_lived_30_seconds_restarts_at_once(tmp_path, lived, delay):
    group, slot = dead_replica(tmp_path)
    slot.backoff = 16.0  # four quick deaths behind it
    slot.started_at = 500.0
    group._schedule_restart(slot, 500.0 + lived)
    assert slot.restart_at - (500.0 + lived) == pytest.approx(delay)
