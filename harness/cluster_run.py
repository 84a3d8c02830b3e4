"""Run `scripts/cluster.py` as `make cluster` does, for the cluster tests and benchmarks.

The script is started as a child process on a free port with a run directory of its own; its
``state.json`` there says where HAProxy and each replica are (ports, pids, restarts). Stopping
sends SIGTERM to the script alone, as Ctrl-C would, and then looks through the process table for
anything of it left behind.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

from harness.machine import processes_whose_command_has
from harness.ports import LOOPBACK, OnLoopback, free_port
from harness.server import PORT_ATTEMPTS, REPO_ROOT, listens_on

CLUSTER_SCRIPT = REPO_ROOT / "scripts" / "cluster.py"
# Two cold replicas on a loaded 2-core machine: ~20-60 s; building the 441 worlds first (once
# per version of the code) adds ~40-90 s.
START_TIMEOUT_SECONDS = 360.0
STOP_TIMEOUT_SECONDS = 40.0  # the script's own SIGTERM-then-SIGKILL takes at most ~20 s


class ClusterError(RuntimeError):
    """The cluster did not start, or did not stop, as it should; the message has its output."""


def http_status(url: str, *, timeout: float = 5.0) -> int | None:
    """The HTTP status of a GET, or None if nothing answered."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code
    except (urllib.error.URLError, OSError):
        return None


@dataclass
class RunningCluster(OnLoopback):
    """A running `scripts/cluster.py` and where to reach it."""

    process: subprocess.Popen
    run_dir: Path
    port: int
    output_path: Path

    def output(self) -> str:
        """What the script has printed so far."""
        return self.output_path.read_text(errors="replace")

    def state(self) -> dict:
        """The script's state.json: {"port", "haproxy_pid", "replicas": [{name, port, pid,
        restarts}]}."""
        return json.loads((self.run_dir / "state.json").read_text())

    def replica(self, name: str) -> dict:
        return next(entry for entry in self.state()["replicas"] if entry["name"] == name)

    def pids(self) -> set[int]:
        """HAProxy's and every replica's process id, as the script last recorded them."""
        state = self.state()
        found = {state["haproxy_pid"], *(entry["pid"] for entry in state["replicas"])}
        return {pid for pid in found if pid}

    def kill_replica(self, name: str) -> int:
        """SIGKILL one replica (as the kernel's OOM killer would); returns its pid."""
        pid = self.replica(name)["pid"]
        os.kill(pid, signal.SIGKILL)
        return pid

    def wait_restarted(self, name: str, old_pid: int, *, timeout: float) -> dict:
        """Wait until the script has a new process in the slot and it answers; its entry."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError, ValueError, StopIteration):
                entry = self.replica(name)
                if entry["pid"] != old_pid and http_status(self._health(entry["port"])) == 200:
                    return entry
            time.sleep(0.25)
        raise ClusterError(f"{name} was not restarted in {timeout:.0f} s:\n{self.output()}")

    @staticmethod
    def _health(port: int) -> str:
        return f"http://{LOOPBACK}:{port}/_stcore/health"

    def leftovers(self, ports: set[int]) -> list[str]:
        """Processes still running that belong to this cluster: their command lines."""
        marks = [str(self.run_dir), *(f"--server.port={port}" for port in ports)]
        with contextlib.suppress(OSError, ValueError, TypeError):
            marks.append(self.state()["postgres"]["data"])  # the poll's server, if started
        return processes_whose_command_has(marks)

    def postgres_ctl(self, *args: str) -> subprocess.CompletedProcess:
        """Run pg_ctl on the poll's PostgreSQL that the script started (e.g. "stop", "start")."""
        server = self.state()["postgres"]
        command = [str(Path(server["bin_dir"]) / "pg_ctl"), "-D", server["data"], "-w", *args]
        if os.geteuid() == 0:  # the server runs as `postgres`, as scripts/postgres_server.py
            command = ["runuser", "-u", "postgres", "--", *command]
        return subprocess.run(command, capture_output=True, text=True, timeout=90, check=True)

    def stop(self) -> int:
        """SIGTERM to the script (as Ctrl-C); its exit code. Kills what is left if it hangs."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=STOP_TIMEOUT_SECONDS)
        except subprocess.TimeoutExpired:
            self.kill_everything()
            raise ClusterError(f"the cluster did not stop:\n{self.output()}") from None

    def kill_everything(self) -> None:
        """Last resort after a failure: SIGKILL the script and every process group it made."""
        with contextlib.suppress(OSError, ValueError):
            for pid in self.pids():
                with contextlib.suppress(ProcessLookupError, PermissionError):
                    os.killpg(pid, signal.SIGKILL)
        with contextlib.suppress(OSError, ValueError, TypeError, subprocess.SubprocessError):
            self.postgres_ctl("stop", "-m", "immediate")
        with contextlib.suppress(ProcessLookupError):
            self.process.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=STOP_TIMEOUT_SECONDS)


def _owns_its_ports(cluster: RunningCluster) -> bool:
    """Whether HAProxy and every replica listen on the ports state.json gives them: a port taken
    by another process between free_port() and the bind (a shared machine) answers health
    checks for a cluster that is not there."""
    try:
        state = cluster.state()
    except (OSError, ValueError):
        return False
    owners = [(state["haproxy_pid"], state["port"])]
    owners += [(entry["pid"], entry["port"]) for entry in state["replicas"]]
    return all(pid and listens_on(pid, port) for pid, port in owners)


def start_cluster(
    run_dir: Path, *, replicas: int = 2, port: int | None = None, build_worlds: bool = True
) -> RunningCluster:
    """Start `python scripts/cluster.py` and wait until its port serves the app.

    ``build_worlds`` False starts it with --no-build-worlds (the tests: the replicas then
    build the few worlds a test needs instead of the script building all 441 first). A cluster
    whose ports turn out to be another process's is stopped and started again on new ones
    (PORT_ATTEMPTS in all), unless ``port`` was given.
    """
    failures: list[str] = []
    attempts = 1 if port else PORT_ATTEMPTS
    for attempt in range(1, attempts + 1):
        try:
            cluster = _start_once(run_dir, replicas=replicas, port=port, build_worlds=build_worlds)
        except ClusterError as error:  # e.g. HAProxy could not bind: "Address already in use"
            if "in use" not in str(error) or attempt == attempts:
                raise
            failures.append(f"--- attempt {attempt} ---\n{error}")
            continue
        if _owns_its_ports(cluster):
            return cluster
        failures.append(f"--- attempt {attempt}: a port was another process's ---\n")
        failures[-1] += cluster.output()
        cluster.kill_everything()
    raise ClusterError("the cluster never had its own ports:\n" + "\n".join(failures))


def _start_once(
    run_dir: Path, *, replicas: int, port: int | None, build_worlds: bool
) -> RunningCluster:
    """One start of the script on `port` (a free one if None), waited for until it serves."""
    run_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    output_path = run_dir / "cluster.out"
    # The script's own throwaway PostgreSQL, not a database a developer's shell names.
    environment = {k: v for k, v in os.environ.items() if k != "POLL_DATABASE_URL"}
    environment["PYTHONUNBUFFERED"] = "1"
    with open(output_path, "wb") as output:
        process = subprocess.Popen(
            [sys.executable, str(CLUSTER_SCRIPT), f"--replicas={replicas}", f"--port={port}"]
            + [f"--run-dir={run_dir}"]
            + ([] if build_worlds else ["--no-build-worlds"]),
            cwd=REPO_ROOT,
            stdin=subprocess.DEVNULL,
            stdout=output,
            stderr=subprocess.STDOUT,
            env=environment,
        )
    cluster = RunningCluster(process, run_dir, port, output_path)
    deadline = time.monotonic() + START_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ClusterError(
                f"the cluster script exited ({process.returncode}):\n" + cluster.output()
            )
        if (
            "serving http" in cluster.output()
            and http_status(cluster.url + "_stcore/health") == 200
        ):
            return cluster
        time.sleep(0.5)
    cluster.kill_everything()
    raise ClusterError(
        f"the cluster did not serve in {START_TIMEOUT_SECONDS:.0f} s:\n{cluster.output()}"
    )
