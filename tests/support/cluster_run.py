"""Run `scripts/cluster.py` as `make cluster` does, for the cluster tests and benchmarks.

The script is started as a child process on a free port with a run directory of its own; its
``state.json`` there says where HAProxy, the worlds' builder, PostgreSQL and each replica are
(ports, pids, restarts). Stopping sends SIGTERM to the script alone, as Ctrl-C would, and then
looks through the process table for anything of it left behind. A start that fails (the script
exits, the wait runs out, Ctrl-C) does the same before it raises, then SIGKILLs whatever the
script did not stop: before this, a start given up on mid-build SIGKILLed the script alone and
left its PostgreSQL running.
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

from poll_data.location import DATABASE_URL_ENV
from scripts.ports import LOOPBACK, OnLoopback, free_port
from scripts.processes import die_with_parent, spawn_logged
from tests.support.machine import gone_or_zombie, processes_whose_command_has
from tests.support.server import PORT_ATTEMPTS, REPO_ROOT, listens_on

CLUSTER_SCRIPT = REPO_ROOT / "scripts" / "cluster.py"
# Two cold replicas on a loaded 2-core machine: ~20-60 s; building the 441 worlds first (once
# per version of the code) adds ~40-90 s.
START_TIMEOUT_SECONDS = 360.0
STOP_TIMEOUT_SECONDS = 40.0  # the script's own SIGTERM-then-SIGKILL takes at most ~20 s


class ClusterError(RuntimeError):
    """The cluster did not start, or did not stop, as it should; the message has its output.

    ``cluster`` is the run it was about, already stopped, so a caller can look for leftovers.
    """

    def __init__(self, message: str, cluster: RunningCluster | None = None) -> None:
        super().__init__(message)
        self.cluster = cluster


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
        """HAProxy's, the worlds' builder's and every replica's process id, as the script last
        recorded them."""
        state = self.state()
        found = {state["haproxy_pid"], state.get("builder_pid")}
        found |= {entry["pid"] for entry in state["replicas"]}
        return {pid for pid in found if pid}

    def wait_serving(self, timeout: float = START_TIMEOUT_SECONDS) -> None:
        """Wait until the script says it serves and HAProxy's port answers its health check.

        Raises ClusterError (with the script's output) if the script exits first or ``timeout``
        seconds pass; on that and on any other way out (Ctrl-C included) the cluster is
        aborted first, so no replica, HAProxy or PostgreSQL of this run is left.
        """
        deadline = time.monotonic() + timeout
        try:
            while time.monotonic() < deadline:
                if self.process.poll() is not None:
                    raise ClusterError(
                        f"the cluster script exited ({self.process.returncode}):\n" + self.output(),
                        self,
                    )
                if "serving http" in self.output() and http_status(self._health(self.port)) == 200:
                    return
                time.sleep(0.5)
            raise ClusterError(
                f"the cluster did not serve in {timeout:.0f} s:\n{self.output()}", self
            )
        except BaseException:
            self.abort()
            raise

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

    def leftovers(self, ports: set[int] | None = None) -> list[str]:
        """Processes still running that belong to this cluster: "pid: command" lines.

        Found by what their command lines name (the run directory, a replica's port, the poll
        server's data directory) and by the pids state.json recorded; ``ports`` defaults to the
        replicas' ports there.
        """
        marks = [str(self.run_dir)]
        with contextlib.suppress(OSError, ValueError, KeyError):
            state = self.state()
            ports = ports if ports is not None else {entry["port"] for entry in state["replicas"]}
            if state.get("postgres"):
                marks.append(state["postgres"]["data"])  # the poll's server, if started
        marks += [f"--server.port={port}" for port in ports or ()]
        found = processes_whose_command_has(marks)
        with contextlib.suppress(OSError, ValueError, KeyError):
            listed = {int(line.split(":", 1)[0]) for line in found}
            found += [
                f"{pid}: (recorded in state.json)"
                for pid in self.pids() - listed
                if not gone_or_zombie(pid)
            ]
        return found

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

    def abort(self) -> None:
        """After a failed start: SIGTERM to the script, whose own clean-up stops what it
        started (the worlds' builder, replicas, HAProxy, PostgreSQL); SIGKILL what it left."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.process.wait(timeout=STOP_TIMEOUT_SECONDS)
        self.kill_everything()

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


def launch_cluster(
    run_dir: Path, *, replicas: int = 2, port: int | None = None, build_worlds: bool = True
) -> RunningCluster:
    """Start `python scripts/cluster.py` and return at once (:meth:`RunningCluster.wait_serving`
    waits for it).

    The script runs in a session of its own that gets SIGTERM if this process dies, so a
    benchmark killed mid-run still has the script stop what it started. ``build_worlds`` False
    starts it with --no-build-worlds (the tests: the replicas then build the few worlds a test
    needs instead of the script building all 441 first).
    """
    run_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    output_path = run_dir / "cluster.out"
    # The script's own throwaway PostgreSQL, not a database a developer's shell names.
    environment = {k: v for k, v in os.environ.items() if k != DATABASE_URL_ENV}
    environment["PYTHONUNBUFFERED"] = "1"
    command = [sys.executable, str(CLUSTER_SCRIPT), f"--replicas={replicas}", f"--port={port}"]
    command += [f"--run-dir={run_dir}"] + ([] if build_worlds else ["--no-build-worlds"])
    process = spawn_logged(
        command, log_path=output_path, env=environment, before_exec=die_with_parent
    )
    return RunningCluster(process, run_dir, port, output_path)


def start_cluster(
    run_dir: Path,
    *,
    replicas: int = 2,
    port: int | None = None,
    build_worlds: bool = True,
    timeout: float = START_TIMEOUT_SECONDS,
) -> RunningCluster:
    """Start `python scripts/cluster.py` and wait until its port serves the app (see
    :func:`launch_cluster`); on any failure nothing of it is left running.

    A cluster whose port was taken by another process between free_port() and the bind (the
    script says "in use", or HAProxy exits at once), or whose ports turn out to be another
    process's, is stopped and started again on new ones (PORT_ATTEMPTS in all), unless ``port``
    was given.
    """
    failures: list[str] = []
    attempts = 1 if port else PORT_ATTEMPTS
    for attempt in range(1, attempts + 1):
        cluster = launch_cluster(run_dir, replicas=replicas, port=port, build_worlds=build_worlds)
        try:
            cluster.wait_serving(timeout)
        except ClusterError as error:
            taken = "in use" in str(error) or "could not start: HAProxy exited" in str(error)
            if not taken or attempt == attempts:
                raise
            failures.append(f"--- attempt {attempt} ---\n{error}")
            continue
        if _owns_its_ports(cluster):
            return cluster
        failures.append(f"--- attempt {attempt}: a port was another process's ---\n")
        failures[-1] += cluster.output()
        cluster.kill_everything()
    raise ClusterError("the cluster never had its own ports:\n" + "\n".join(failures))
