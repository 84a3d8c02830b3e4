"""Real databases for the poll's tests: a SQLite file, and a throwaway PostgreSQL server.

The PostgreSQL server is Debian's (``apt-get install postgresql``): a fresh cluster made with
initdb in a temporary directory and started with pg_ctl on a free loopback port (as the
``postgres`` user when the tests run as root, since PostgreSQL refuses to run as root). Where
no PostgreSQL is installed its tests are skipped with a loud reason, except under CI=true,
where they fail. (A plain module, not a conftest.py: see tests/app/app_pages.py.)
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

import pytest
import sqlalchemy as sa

from poll import store

START_SECONDS = 60  # pg_ctl -w waits this long for the server to accept connections
_skip_reasons: list[str] = []


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def postgres_bin() -> Path | None:
    """The directory of initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/N/bin."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class PostgresServer:
    """One PostgreSQL cluster in a temporary directory, served on 127.0.0.1:port."""

    def __init__(self, bin_dir: Path):
        self.bin_dir = bin_dir
        self.port = free_port()
        self.root = Path(tempfile.mkdtemp(prefix="poll-postgres-"))
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.user = None
        if os.geteuid() == 0:  # initdb and postgres refuse to run as root
            self.user = pwd.getpwnam("postgres")
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user.pw_name, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=START_SECONDS + 30)
        if result.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}{result.stderr}\n{log}")

    def init(self) -> None:
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")

    def start(self) -> None:
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.root}"
        self._run(
            "pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.log), "-w",
            "-t", str(START_SECONDS), "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def remove(self) -> None:
        with contextlib.suppress(RuntimeError):  # already stopped
            self.stop("immediate")
        shutil.rmtree(self.root, ignore_errors=True)


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
    engine = sa.create_engine(url, **{**store.engine_options(url), **options})
    store.metadata.drop_all(engine)
    store.create_schema(engine)
    return engine


def snapshot(engine: sa.Engine) -> dict[str, list[tuple]]:
    """Every row of both poll tables, sorted: to show that nothing else was written."""
    with engine.connect() as connection:
        return {
            table.name: sorted(tuple(row) for row in connection.execute(sa.select(table)))
            for table in (store.polls, store.guesses)
        }
