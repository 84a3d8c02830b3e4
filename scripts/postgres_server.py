"""A throwaway PostgreSQL server for the class poll: for `make cluster` and the poll's tests.

Debian's PostgreSQL (``apt-get install postgresql``): a fresh cluster made with initdb in a
directory of its own and started with pg_ctl on a free loopback port, trusting local
connections only (it listens on 127.0.0.1 and nowhere else). When this runs as root, initdb
and the server run as the ``postgres`` user, since PostgreSQL refuses to run as root; the
directory is then made directly under the system's temporary directory, which that user can
reach (a test's or a run's own directory is often mode 0700).
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from pathlib import Path

from scripts.ports import LOOPBACK, free_port

START_SECONDS = 60  # pg_ctl -w waits this long for the server to accept connections


def postgres_bin() -> Path | None:
    """The directory of initdb and pg_ctl: on PATH, else Debian's /usr/lib/postgresql/N/bin."""
    on_path = shutil.which("pg_ctl")
    if on_path and shutil.which("initdb"):
        return Path(on_path).resolve().parent
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"))
    return Path(found[-1]).parent if found else None


class PostgresServer:
    """One PostgreSQL cluster in a directory of its own, served on 127.0.0.1:port.

    Parameters
    ----------
    bin_dir : Path
        Where initdb and pg_ctl are (see :func:`postgres_bin`).
    parent : Path, optional
        Where to make the server's directory when not running as root (default: the system's
        temporary directory).
    """

    def __init__(self, bin_dir: Path, *, parent: Path | None = None):
        self.bin_dir = bin_dir
        self.port = free_port()
        self.user = pwd.getpwnam("postgres") if os.geteuid() == 0 else None
        where = None if self.user is not None else parent
        self.root = Path(tempfile.mkdtemp(prefix="poll-postgres-", dir=where))
        if self.user is not None:  # initdb and postgres refuse to run as root
            os.chown(self.root, self.user.pw_uid, self.user.pw_gid)
        self.data = self.root / "data"
        self.log = self.root / "server.log"
        self.url = f"postgresql+psycopg://postgres@{LOOPBACK}:{self.port}/postgres"

    def _run(self, *args: str) -> None:
        command = [str(self.bin_dir / args[0]), *args[1:]]
        if self.user is not None:
            command = ["runuser", "-u", self.user.pw_name, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, timeout=START_SECONDS + 30)
        if result.returncode != 0:
            log = self.log.read_text() if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(args)} failed:\n{result.stdout}{result.stderr}\n{log}")

    def init(self) -> None:
        """Make the cluster; its port and sockets go in its config, so a bare `pg_ctl start`
        (as a test or a host restarting it does) serves where it did."""
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8")
        with open(self.data / "postgresql.conf", "a") as config:
            config.write(
                f"\nport = {self.port}\nlisten_addresses = '{LOOPBACK}'\n"
                f"unix_socket_directories = '{self.root}'\n"
            )

    def start(self) -> None:
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.log), "-w", "-t", str(START_SECONDS),
            "start",
        )  # fmt: skip

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def restart(self) -> None:
        self.stop()
        self.start()

    def pid(self) -> int | None:
        """The server's (postmaster's) process id while it runs, else None."""
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int((self.data / "postmaster.pid").read_text().splitlines()[0])
        return None

    def remove(self) -> None:
        """Stop the server if it runs (fast, then immediate) and delete its directory."""
        for mode in ("fast", "immediate"):
            with contextlib.suppress(RuntimeError, subprocess.TimeoutExpired):
                if self.pid() is None:
                    break
                self.stop(mode)
        shutil.rmtree(self.root, ignore_errors=True)

    def describe(self) -> dict:
        """Where it is, for state.json: url, port, data directory, pg_ctl's directory, pid."""
        return {
            "url": self.url,
            "port": self.port,
            "data": str(self.data),
            "bin_dir": str(self.bin_dir),
            "log": str(self.log),
            "pid": self.pid(),
        }
