"""Child processes as the servers, the cluster script and the tests start them.

Standard library only, so scripts/cluster.py (a host's tool, run with the app's own
requirements) can use it as well as the tests' support (tests/support/server.py): each
long-lived child is a process group of its own, so one signal stops it with every child it
started, and its output goes to a log file a failure can show.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]  # scripts/processes.py
STOP_TIMEOUT_SECONDS = 10.0  # SIGTERM first; SIGKILL the group after this
SCRIPT_TIMEOUT_SECONDS = 120  # a script a test runs: `python -m core` takes ~3 s here
GONE_TIMEOUT_SECONDS = 30.0  # a hang guard for processes to vanish after a stop (load 28: >0.5 s)
PR_SET_PDEATHSIG = 1  # prctl(2): the signal a child gets when its parent dies


def die_with_parent() -> None:
    """In a child before exec: SIGTERM it when the process that started it dies.

    A child in a session of its own misses the Ctrl-C of its parent's terminal, and a parent
    killed outright runs no `finally`; this is what stops the child then. The kernel sends it
    when the *thread* that forked ends, so start such children from the main thread.
    """
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def spawn_logged(
    command: list[str],
    *,
    log_path: Path,
    env: dict[str, str],
    cwd: str | os.PathLike[str] = REPO_ROOT,
    before_exec: Callable[[], None] | None = None,
) -> subprocess.Popen[bytes]:
    """Start ``command`` in a process group of its own, no standard input, its output and
    errors appended to ``log_path``; ``before_exec`` runs in the child just before exec."""
    with open(log_path, "ab") as log:  # the child keeps its own copy of the descriptor
        return subprocess.Popen(
            command,
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
            preexec_fn=before_exec,  # noqa: PLW1509 (no threads touch the child's setup)
        )


def stop_group(process: subprocess.Popen | None, timeout: float = STOP_TIMEOUT_SECONDS) -> None:
    """Stop a child's whole process group: SIGTERM, then SIGKILL if it lingers past
    ``timeout`` seconds; a leader that is already gone has whatever it left killed."""
    if process is None:
        return
    if process.poll() is not None:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        return
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=timeout)


def run_python(
    *arguments: str,
    cwd: str | os.PathLike[str] = REPO_ROOT,
    timeout: float = SCRIPT_TIMEOUT_SECONDS,
) -> subprocess.CompletedProcess[str]:
    """Run this interpreter with ``arguments`` to its end, output captured as text; the
    caller asserts on the return code (it names what went wrong better than check=True)."""
    return subprocess.run(
        [sys.executable, *arguments],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def wait_until(condition: Callable[[], object], *, timeout: float, interval: float = 0.1):
    """Call ``condition`` every ``interval`` seconds until it is true or ``timeout`` seconds
    have passed; its last value. For what follows a stop (a process gone, a port free),
    which a loaded machine takes longer than any fixed sleep to show."""
    deadline = time.monotonic() + timeout
    while not (value := condition()) and time.monotonic() < deadline:
        time.sleep(interval)
    return value
