"""Every test session keeps the stage's worlds in a store of its own (ui/disk_store.py).

The servers the browser and cluster tests start inherit it, so no test reads a world that a
developer's `make run` left in data/worlds, and no test leaves any there.

Hypothesis runs without its 200 ms deadline per example: on this shared 2-core machine a
string strategy's example took over 200 ms at load 10 (tests/app/test_state.py failed once that
way, passing alone), and speed is measured by bench/, never by a test. For the same reason its
one health check that is a clock (too_slow: generating the examples took over a second or so)
is off; the health checks that count examples stay on.

The tests listed in tests/slow_tests.txt (measured at 0.5 s or more each) are marked slow here,
so that `make test-fast` stays under its 2 minutes; `make test` runs them all.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from ui import disk_store

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("shared-machine")

os.environ[disk_store.STORE_ENV] = tempfile.mkdtemp(prefix="test-worlds-")

SLOW_LIST = Path(__file__).with_name("slow_tests.txt")
# Each line: the seconds measured, then the node id; '#' starts a comment.
MEASURED_SLOW = frozenset(
    line.split(None, 1)[1]
    for line in SLOW_LIST.read_text(encoding="utf-8").splitlines()
    if line.strip() and not line.startswith("#")
)


def pytest_itemcollected(item) -> None:
    """A test measured slow is marked so before `-m "not slow"` deselects (which the hook
    below, trylast, runs after)."""
    if item.nodeid in MEASURED_SLOW:
        item.add_marker(pytest.mark.slow)


def _file_rank(item) -> int:
    """0 for a browser test, 1 for a slow one, 2 for the rest: longest first."""
    if item.get_closest_marker("browser"):
        return 0
    return 1 if item.get_closest_marker("slow") else 2


@pytest.hookimpl(trylast=True)  # after pytest's own reordering by fixture
def pytest_collection_modifyitems(session, config, items) -> None:
    """The browser files first, then the files with slow tests, then the rest; within each,
    the files of more tests first; each file's tests together and in order. `make test` hands
    files to its two processes in this order (pytest-xdist's loadfile, --no-loadscope-reorder:
    xdist's own order, the files of the most tests first, put the few-test, minutes-long
    browser files last, one of them running alone at the end while the other process sat
    idle); the short files fill in at the end."""
    rank: dict[str, int] = {}
    count: dict[str, int] = {}
    first: dict[str, int] = {}
    for index, item in enumerate(items):
        path = item.nodeid.split("::")[0]
        rank[path] = min(rank.get(path, 2), _file_rank(item))
        count[path] = count.get(path, 0) + 1
        first.setdefault(path, index)
    order = {id(item): index for index, item in enumerate(items)}

    def key(item) -> tuple[int, int, int, int]:
        path = item.nodeid.split("::")[0]
        return rank[path], -count[path], first[path], order[id(item)]

    items.sort(key=key)


def pytest_sessionfinish(session, exitstatus) -> None:
    """The session's store goes with it (up to ~26 MB of worlds)."""
    import shutil

    shutil.rmtree(os.environ[disk_store.STORE_ENV], ignore_errors=True)
