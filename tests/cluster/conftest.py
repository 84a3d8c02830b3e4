"""Fixtures for the cluster tests: `scripts/cluster.py` (what `make cluster` runs) on a free port.

HAProxy comes from Debian (`apt-get install haproxy`; `.ci/run` installs it). Where it is
missing the tests are skipped with a loud reason, except under CI=true, where they fail.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # `pytest` run directly, not `python -m pytest`
    sys.path.insert(0, str(REPO_ROOT))

from tests.support.cluster_run import ClusterError, RunningCluster, start_cluster  # noqa: E402

HAPROXY = shutil.which("haproxy") or "/usr/sbin/haproxy"


def require_haproxy() -> str:
    """HAProxy's path; skip (or fail under CI=true) when it is not installed."""
    if Path(HAPROXY).exists():
        return HAPROXY
    reason = "HAProxy is not installed (Debian: apt-get install haproxy)"
    if os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}:
        pytest.fail(f"CI=true but the cluster tests cannot run: {reason}", pytrace=False)
    pytest.skip(f"CLUSTER TESTS NOT RUN: {reason}")


@contextlib.contextmanager
def two_replicas(run_dir: Path) -> Iterator[RunningCluster]:
    """Two replicas behind HAProxy (worlds built on demand, not all 441 first); whatever a
    test leaves running is killed at the end."""
    require_haproxy()
    try:
        running = start_cluster(run_dir, replicas=2, build_worlds=False)
    except ClusterError as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield running
    finally:
        if running.process.poll() is None:
            running.kill_everything()


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[RunningCluster]:
    with two_replicas(tmp_path_factory.mktemp("cluster")) as running:
        yield running
