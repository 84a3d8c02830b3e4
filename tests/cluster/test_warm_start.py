"""`make run`'s start, a few times over: the server, its prewarm and the warm-up at once.

On a fresh start the warm-up's Playground run starts the prewarm's thread (STAGE_PREWARM=1),
and both asked for the disk store's fingerprint while neither had it: two threads parsing the
sources with ``ast`` at once, and ``SystemError: AST constructor recursion depth mismatch``
skipped the warm-up with a traceback in the host's terminal. The fingerprint is now computed
once, at the server's import, under a lock (tests/app/test_fingerprint_threads.py races it
directly); this starts the real thing, an empty store each time so the prewarm builds.
Marked cluster: it starts servers, one at a time (~8 s each here).
"""

from __future__ import annotations

import time

import pytest

from poll_data.location import DATA_DIR_ENV
from scripts.warm_up import warm_up
from tests.support.server import REPO_ROOT, ServerStartError, start_streamlit
from ui import disk_store
from ui.playground import worlds

pytestmark = pytest.mark.cluster

STARTS = 3
BUILT_WAIT_SECONDS = 30.0  # the prewarm's first stored world, after the warm-up's run


@pytest.mark.parametrize("start", range(STARTS))
def test_a_fresh_start_warms_up_while_the_prewarm_builds(start, tmp_path, monkeypatch):
    store = tmp_path / "worlds"
    monkeypatch.setenv(disk_store.STORE_ENV, str(store))  # empty: the prewarm has work
    monkeypatch.setenv(worlds.PREWARM_ENV, "1")
    monkeypatch.setenv(DATA_DIR_ENV, str(tmp_path / "poll"))
    try:
        server = start_streamlit(REPO_ROOT / "app.py", log_dir=tmp_path / "log")
    except ServerStartError as error:
        pytest.fail(str(error), pytrace=False)
    with server:
        assert warm_up(server.port), server.log_text()
        deadline = time.monotonic() + BUILT_WAIT_SECONDS
        while not any(store.rglob("*.json")) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert any(store.rglob("*.json")), "no world was stored"
        log = server.log_text()
        assert server.is_running(), log
    assert "Traceback" not in log and "SystemError" not in log, log
