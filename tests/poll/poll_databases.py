"""Real databases for the poll's tests: a SQLite file, and a throwaway PostgreSQL server.

The PostgreSQL server is Debian's (``apt-get install postgresql``): a fresh cluster made with
initdb in a temporary directory and started with pg_ctl on a free loopback port, by
scripts/postgres_server.py (which `make cluster` uses too). Where no PostgreSQL is installed its
tests are skipped with a loud reason, except under CI=true, where they fail. (A plain module,
not a conftest.py: see tests/app/app_pages.py.)
"""

from __future__ import annotations

import os
import subprocess

import pytest
import sqlalchemy as sa

from poll_data import database, store
from scripts.postgres_server import PostgresServer, postgres_bin

_skip_reasons: list[str] = []


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def start_postgres() -> PostgresServer:
    """A running throwaway server; skips (or fails under CI) where PostgreSQL is missing."""
    bin_dir = postgres_bin()
    if bin_dir is None:
        reason = "PostgreSQL is not installed (apt-get install postgresql)"
        if in_ci():
            pytest.fail(f"CI=true but the PostgreSQL tests cannot run: {reason}", pytrace=False)
        _skip_reasons.append(reason)
        pytest.skip(f"POSTGRESQL TESTS NOT RUN: {reason}")
    server = PostgresServer(bin_dir)
    try:
        server.init()
        server.start()
    except (RuntimeError, OSError, subprocess.TimeoutExpired) as error:
        server.remove()
        pytest.fail(f"could not start a PostgreSQL server: {error}", pytrace=False)
    return server


def fresh_engine(url: str, **options) -> sa.Engine:
    """An engine as the app makes it, on empty poll tables."""
    engine = sa.create_engine(url, **{**database.engine_options(url), **options})
    store.metadata.drop_all(engine)
    store.create_schema(engine)
    return engine


def snapshot(engine: sa.Engine) -> dict[str, list[tuple]]:
    """Every row of the poll's tables, sorted: to show that nothing else was written."""
    with engine.connect() as connection:
        return {
            table.name: sorted(tuple(row) for row in connection.execute(sa.select(table)))
            for table in (store.polls, store.guess_table, store.openers)
        }


@pytest.fixture(scope="module")
def postgres():
    """A throwaway PostgreSQL server for a test module (import it into the module to use)."""
    server = start_postgres()
    yield server
    server.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request, tmp_path):
    """Fresh poll tables on a SQLite file, then on PostgreSQL: each test runs on both."""
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'poll.sqlite3'}"
    else:
        url = request.getfixturevalue("postgres").url
    engine = fresh_engine(url)
    yield engine
    engine.dispose()
