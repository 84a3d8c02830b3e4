"""Run a coroutine to its end from a test, even where Playwright's sync API owns the loop.

pytest-playwright starts the sync API (and with it an asyncio loop in the main thread) for the
whole session once any browser test has run; asyncio.run() then refuses to start another loop
in that thread. A worker thread has no loop of its own, so the coroutine runs there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

T = TypeVar("T")


def run_to_end(coroutine: Coroutine[object, object, T]) -> T:
    """``asyncio.run(coroutine)`` in a thread of its own; returns its result or raises."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="test-loop") as pool:
        return pool.submit(asyncio.run, coroutine).result()
