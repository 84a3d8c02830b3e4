"""scripts/processes.py's child processes (the tests' servers', make cluster's): a group of
their own, logged, stopped as a whole."""

import os
import signal
import sys

import pytest

from scripts.processes import (
    GONE_TIMEOUT_SECONDS,
    run_python,
    spawn_logged,
    stop_group,
    wait_until,
)

STARTED_TIMEOUT_SECONDS = 60  # a hang guard: a child Python starts in ~0.1 s, at load 28 in seconds

# A child that starts a grandchild (printing its pid), ignores SIGTERM if told to, and waits.
PARENT = """
import signal, subprocess, sys, time
if sys.argv[1] == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
print("grandchild", child.pid, flush=True)
print("to stderr", file=sys.stderr, flush=True)
time.sleep(60)
"""


def is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie still answers kill 0; its state in /proc says it is gone. It may be reaped
    # between the two looks, and its /proc entry with it.
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def start_family(tmp_path, mode: str):
    log = tmp_path / "child.log"
    log.write_text("an earlier run\n")
    process = spawn_logged([sys.executable, "-c", PARENT, mode], log_path=log, env=dict(os.environ))
    wait_until(lambda: "grandchild" in log.read_text(), timeout=STARTED_TIMEOUT_SECONDS)
    grandchild = int(log.read_text().split("grandchild ")[1].split()[0])
    return process, grandchild, log


@pytest.mark.parametrize("mode", ["polite", "stubborn"])
def test_a_spawned_child_is_logged_in_its_own_group_and_stopped_with_its_children(tmp_path, mode):
    process, grandchild, log = start_family(tmp_path, mode)
    try:
        assert os.getpgid(process.pid) == process.pid != os.getpgid(0)
        assert os.getpgid(grandchild) == process.pid
        text = log.read_text()
        assert text.startswith("an earlier run\n")  # appended, not overwritten
        assert wait_until(lambda: "to stderr" in log.read_text(), timeout=STARTED_TIMEOUT_SECONDS)
        # "stubborn" ignores SIGTERM: only the SIGKILL after the timeout stops it.
        stop_group(process, timeout=1.0)
        assert process.returncode == (-signal.SIGTERM if mode == "polite" else -signal.SIGKILL)
        assert wait_until(lambda: not is_alive(grandchild), timeout=GONE_TIMEOUT_SECONDS)
    finally:
        if process.poll() is None:  # the test failed before stop_group: leave nothing behind
            os.killpg(process.pid, signal.SIGKILL)


def test_a_leader_already_gone_has_what_it_left_killed(tmp_path):
    process, grandchild, _log = start_family(tmp_path, "polite")
    os.kill(process.pid, signal.SIGKILL)  # the leader alone dies; its child lives on
    process.wait(timeout=10)
    assert is_alive(grandchild)
    stop_group(process)
    assert wait_until(lambda: not is_alive(grandchild), timeout=GONE_TIMEOUT_SECONDS)
    stop_group(None)  # nothing started: nothing to do


def test_run_python_captures_text_and_the_return_code(tmp_path):
    run = run_python("-c", "import os, sys; print(os.getcwd()); sys.exit(3)", cwd=tmp_path)
    assert run.returncode == 3
    assert run.stdout == f"{tmp_path}\n"
