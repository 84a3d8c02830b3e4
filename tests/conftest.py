"""Every test session keeps the stage's worlds in a store of its own (ui/disk_store.py).

The servers the browser and cluster tests start inherit it, so no test reads a world that a
developer's `make run` left in data/worlds, and no test leaves any there.

Hypothesis runs without its 200 ms deadline per example: on this shared 2-core machine a
string strategy's example took over 200 ms at load 10 (tests/app/test_state.py failed once that
way, passing alone), and speed is measured by bench/, never by a test. For the same reason its
one health check that is a clock (too_slow: generating the examples took over a second or so)
is off; the health checks that count examples stay on.
"""

from __future__ import annotations

import os
import tempfile

from hypothesis import HealthCheck, settings

from ui import disk_store

settings.register_profile(
    "shared-machine", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile("shared-machine")

os.environ[disk_store.STORE_ENV] = tempfile.mkdtemp(prefix="test-worlds-")


def pytest_sessionfinish(session, exitstatus) -> None:
    """The session's store goes with it (up to ~26 MB of worlds)."""
    import shutil

    shutil.rmtree(os.environ[disk_store.STORE_ENV], ignore_errors=True)
