"""Start and stop a real `streamlit run` server on a free loopback port.

Shared by the browser tests (tests/browser/) and the benchmarks (bench/): each server is a
process group of its own, so stopping it leaves nothing behind, and its log is kept in a file
so a failure can show what the server said.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import psutil

from scripts.ports import LOOPBACK, OnLoopback, free_port
from scripts.processes import spawn_logged, stop_group

REPO_ROOT = Path(__file__).resolve().parents[2]  # tests/support/server.py
STARTUP_TIMEOUT_SECONDS = 60.0  # a cold start imports streamlit, plotly, pandas: ~5 s here
PORT_ATTEMPTS = 3  # a free port can be taken between choosing it and binding it

# Flags every server gets: no browser, no telemetry, no file watcher (nothing here edits the
# source while it runs, and a polling watcher would add noise to the timings).
SERVER_FLAGS = (
    "--server.headless=true",
    f"--server.address={LOOPBACK}",
    "--browser.gatherUsageStats=false",
    "--server.fileWatcherType=none",
    "--server.runOnSave=false",
)


@dataclass
class StreamlitServer(OnLoopback):
    """A running `streamlit run` process group and where to reach it."""

    script: Path
    port: int
    process: subprocess.Popen[bytes]
    log_path: Path

    @property
    def pid(self) -> int:
        return self.process.pid

    def is_running(self) -> bool:
        return self.process.poll() is None

    def log_text(self) -> str:
        """Everything the server has written to stdout and stderr so far."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError as error:
            return f"(could not read the server log {self.log_path}: {error})"

    def stop(self) -> None:
        """Stop the whole process group: SIGTERM, then SIGKILL if it lingers."""
        stop_group(self.process)

    def __enter__(self) -> StreamlitServer:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.stop()


class ServerStartError(RuntimeError):
    """The server did not answer its health check; the message carries its log."""


def listens_on(pid: int, port: int) -> bool:
    """Whether process `pid` itself listens on `port`: another server (another engineer's, on a
    shared machine) that took the port between free_port() and the bind answers "ok" too,
    while ours fails to bind and exits; the next attempt then takes a new port."""
    try:
        connections = psutil.Process(pid).net_connections(kind="tcp")
    except psutil.Error:
        return False
    return any(
        connection.status == psutil.CONN_LISTEN and connection.laddr.port == port
        for connection in connections
    )


def _wait_until_healthy(server: StreamlitServer, timeout: float) -> bool:
    """Poll /_stcore/health until it answers "ok"; False if the process died or time ran out."""
    health_url = f"{server.url}_stcore/health"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not server.is_running():
            return False
        try:
            with urllib.request.urlopen(health_url, timeout=2) as response:
                answered = response.status == 200 and response.read().strip() == b"ok"
            if answered and listens_on(server.pid, server.port):
                return True
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(0.2)
    return False


def start_streamlit(
    script: str | os.PathLike[str],
    *,
    cwd: str | os.PathLike[str] | None = None,
    extra_args: tuple[str, ...] = (),
    log_dir: str | os.PathLike[str] | None = None,
    startup_timeout: float = STARTUP_TIMEOUT_SECONDS,
    launcher: tuple[str, ...] = (sys.executable, "-m", "streamlit"),
) -> StreamlitServer:
    """Start `streamlit run SCRIPT` on a free loopback port and wait until it is healthy.

    Parameters
    ----------
    script : path of the app's entry script.
    cwd : working directory (its `.streamlit/config.toml` applies); defaults to the
        repository root, so every server here runs with the project's configuration.
    extra_args : more `streamlit run` flags, e.g. ("--runner.postScriptGC=false",).
    log_dir : where the server log goes (a temporary directory by default).
    launcher : the command that takes `run SCRIPT ...` (bench.profile_rerun wraps streamlit).

    Raises
    ------
    ServerStartError if no attempt became healthy; the message includes the server log.
    """
    script_path = Path(script).resolve()
    work_dir = Path(cwd) if cwd is not None else REPO_ROOT
    log_folder = Path(log_dir) if log_dir is not None else Path(tempfile.mkdtemp(prefix="st-"))
    log_folder.mkdir(parents=True, exist_ok=True)
    environment = dict(os.environ, PYTHONUNBUFFERED="1")
    failures: list[str] = []
    for attempt in range(1, PORT_ATTEMPTS + 1):
        port = free_port()
        log_path = log_folder / f"streamlit-{script_path.stem}-{port}.log"
        command = [*launcher, "run", str(script_path), f"--server.port={port}", *SERVER_FLAGS]
        process = spawn_logged(
            [*command, *extra_args], log_path=log_path, env=environment, cwd=work_dir
        )
        server = StreamlitServer(script_path, port, process, log_path)
        try:
            if _wait_until_healthy(server, startup_timeout):
                return server
        except BaseException:  # Ctrl-C while it starts: the caller never gets it to stop
            server.stop()
            raise
        server.stop()
        failures.append(f"--- attempt {attempt}, port {port} ---\n{server.log_text()}")
    raise ServerStartError(
        f"streamlit run {script_path} never became healthy.\n" + "\n".join(failures)
    )
