"""`make cluster` builds the stage's worlds on disk before its replicas start
(ui/disk_store.py);
a Ctrl-C in the middle of that build stops the builder and its worker processes too."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from poll_data.location import DATABASE_URL_ENV
from scripts.ports import free_port
from scripts.processes import GONE_TIMEOUT_SECONDS, wait_until
from tests.cluster.conftest import REPO_ROOT, require_haproxy
from tests.support.machine import environment_of, processes_whose_command_has
from ui import disk_store

pytestmark = pytest.mark.cluster


def builders_using(store: Path) -> list[int]:
    """Processes running scripts/build_worlds.py on this store (its pool's workers included)."""
    found = []
    for line in processes_whose_command_has(["build_worlds.py"]):
        pid = int(line.split(":", 1)[0])
        with contextlib.suppress(OSError):
            if str(store) in environment_of(pid).values():
                found.append(pid)
    return found


def test_ctrl_c_while_building_the_worlds_leaves_no_builder(tmp_path):
    require_haproxy()
    store, run_dir = tmp_path / "worlds", tmp_path / "run"
    environment = dict(os.environ, **{disk_store.STORE_ENV: str(store)})
    environment.pop(DATABASE_URL_ENV, None)
    command = [sys.executable, "scripts/cluster.py", "--no-postgres", f"--run-dir={run_dir}"]
    with open(tmp_path / "cluster.out", "wb") as output:
        script = subprocess.Popen(
            [*command, f"--port={free_port()}"],
            cwd=REPO_ROOT,
            env=environment,
            stdout=output,
            stderr=output,
        )
    try:
        for _ in range(600):  # a hang guard (x 0.1 s): the builder and its workers appear
            if len(builders_using(store)) >= 2:
                break
            assert script.poll() is None, (tmp_path / "cluster.out").read_text()
            time.sleep(0.1)
        assert len(builders_using(store)) >= 2, "the builder's workers never ran"
        script.send_signal(signal.SIGINT)  # Ctrl-C
        script.wait(timeout=40)
    finally:
        if script.poll() is None:
            script.kill()
    # The pool's workers go after the builder (SIGINT reaches them too): wait, not 0.5 s.
    assert wait_until(lambda: builders_using(store) == [], timeout=GONE_TIMEOUT_SECONDS), (
        builders_using(store)
    )
    said = (tmp_path / "cluster.out").read_text()
    assert "stopped" in said and "Traceback" not in said
