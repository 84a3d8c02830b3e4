"""The disk store's fingerprint asked for by many threads at once: computed once, never racing.

``make run``'s warm-up crashed on a fresh start with ``SystemError: AST constructor recursion
depth mismatch``: the prewarm's thread and the warm-up's page run both computed the fingerprint
(a cache that let both in), and Python 3.11's ``ast`` is not safe for two threads parsing at
once. It takes a thread switch in the middle of a parse, which a garbage collection running a
finalizer brings about; the tests below make those frequent (a collection every 50
allocations, finalizers churning in another thread, a switch every microsecond): the old code
raised the error 15 times in 5 rounds of 8 threads.
"""

from __future__ import annotations

import gc
import subprocess
import sys
import threading
import time

import pytest

from ui import disk_store, module_graph

pytestmark = (
    pytest.mark.slow
)  # make test-fast leaves it out: threads switching every microsecond, and a fresh interpreter

THREADS = 8
# Rounds of THREADS threads released together. The fingerprint's: without the lock all 8
# threads computed it, in each of 4 rounds, so 4 rounds (not 12) keep the test's power. The
# parse's: without module_graph's lock, 6 rounds at load 16 raised 0, 2, 6, 3, 1 and 1 errors;
# with one round in six clean, 6 rounds all clean is about 1 run in 47,000.
FINGERPRINT_ROUNDS = 4
PARSE_ROUNDS = 6


class _Cycle:
    """Garbage with a finalizer: a collection runs Python code, where threads switch."""

    def __init__(self) -> None:
        self.me = self

    def __del__(self) -> None:
        sum(range(50))


@pytest.fixture
def racy_interpreter():
    """Frequent collections with finalizers and thread switches, undone afterwards."""
    thresholds, interval = gc.get_threshold(), sys.getswitchinterval()
    stop = threading.Event()

    def churn() -> None:
        while not stop.is_set():
            for _ in range(100):
                _Cycle()
            time.sleep(0)

    churner = threading.Thread(target=churn, daemon=True)
    gc.set_threshold(50)
    sys.setswitchinterval(1e-6)
    churner.start()
    try:
        yield
    finally:
        stop.set()
        churner.join(timeout=10)
        sys.setswitchinterval(interval)
        gc.set_threshold(*thresholds)
        gc.collect()


def _at_once(call) -> list[str]:
    """Run ``call`` in THREADS threads released together; every exception raised, as text."""
    start = threading.Barrier(THREADS)
    errors: list[str] = []

    def run() -> None:
        start.wait()
        try:
            call()
        except Exception as error:  # noqa: BLE001 - the test counts every failure
            errors.append(repr(error))

    threads = [threading.Thread(target=run) for _ in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


def _forget() -> None:
    """A fresh process's state: no fingerprint kept, no module's imports parsed."""
    disk_store._fingerprints.clear()
    module_graph.imports_of.cache_clear()


def test_many_threads_at_once_compute_one_fingerprint_and_none_fails(racy_interpreter, monkeypatch):
    expected = disk_store.compute_fingerprint()
    computed = []
    compute = disk_store.compute_fingerprint

    def counted(root=disk_store.REPO_ROOT):
        computed.append(threading.get_ident())
        return compute(root)

    monkeypatch.setattr(disk_store, "compute_fingerprint", counted)
    answers: list[str] = []
    for _ in range(FINGERPRINT_ROUNDS):
        _forget()
        computed.clear()
        assert _at_once(lambda: answers.append(disk_store.fingerprint())) == []
        assert len(computed) == 1  # one thread computed it; the seven others waited for it
    assert answers == [expected] * (THREADS * FINGERPRINT_ROUNDS)


def test_imports_parsed_from_many_threads_at_once_never_fail(racy_interpreter):
    """module_graph parses one file at a time, whoever calls it (the layer tests, the store)."""
    names = sorted(module_graph.dependencies(disk_store.builders()))
    expected = {name: module_graph.imports_of(name) for name in names}

    def parse() -> None:
        assert {name: module_graph.imports_of(name) for name in names} == expected

    for _ in range(PARSE_ROUNDS):
        module_graph.imports_of.cache_clear()
        assert _at_once(parse) == []


def test_the_server_has_its_fingerprint_before_it_starts_a_thread():
    """app.py's import of server/serving.py (the server's main thread, before any session) brings
    the store's module in, which computes the fingerprint there and then."""
    probe = (
        "import threading\n"
        "from ui.playground import world_files\n"
        "from ui import disk_store\n"
        "print(disk_store.REPO_ROOT in disk_store._fingerprints, threading.active_count())\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=disk_store.REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-2:] == ["True", "1"]
