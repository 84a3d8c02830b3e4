"""Every test session keeps the stage's worlds in a store of its own (ui/world_store.py).

The servers the browser and cluster tests start inherit it, so no test reads a world that a
developer's `make run` left in data/worlds, and no test leaves any there.
"""

from __future__ import annotations

import os
import tempfile

from ui import world_store

os.environ[world_store.STORE_ENV] = tempfile.mkdtemp(prefix="test-worlds-")


def pytest_sessionfinish(session, exitstatus) -> None:
    """The session's store goes with it (up to ~26 MB of worlds)."""
    import shutil

    shutil.rmtree(os.environ[world_store.STORE_ENV], ignore_errors=True)
