"""A local cluster: N `streamlit run app.py` replicas on loopback behind HAProxy (docs/design.md
§10).

    python scripts/cluster.py                 # `make cluster`: 2 replicas, served on port 8501
    python scripts/cluster.py --replicas 3 --port 8600      # `REPLICAS=3 make cluster`

What a host runs, on one machine: every replica gets the same ``server.cookieSecret`` (from
$STREAMLIT_SERVER_COOKIE_SECRET, or one generated here), so a browser's XSRF cookie is valid
whichever replica answers; HAProxy (config from deploy/haproxy.cfg.template) keeps each browser
on one replica with a cookie, upgrades websockets, health-checks /_stcore/health and sends
visitors of a dead replica to a live one. Every replica keeps the class poll in one PostgreSQL
(POLL_DATABASE_URL): the one $POLL_DATABASE_URL names, else a throwaway server started here on
a free loopback port (scripts/postgres_server.py); with --no-postgres each replica has a SQLite
file, so a poll of its own. Before any replica starts, the Playground stage's 441 worlds are
built on disk once (scripts/build_worlds.py; nothing to do when this code's are there already;
--no-build-worlds skips it), so no replica, nor one restarted, builds them again. Each replica
runs the app once before it gets visitors (scripts/warm_up.py). A replica that dies is
restarted on its port, as Kubernetes restarts a pod: out of HAProxy's rotation at once (runtime
API), back once warm. Ctrl-C or SIGTERM stops HAProxy and every replica (each in a process
group of its own, each also told by the kernel to stop if this script is killed), then the
PostgreSQL started here: no process is left behind.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:  # run as `python scripts/cluster.py`
    sys.path.insert(0, str(REPO_ROOT))

from poll_data.location import DATA_DIR_ENV, DATABASE_URL_ENV  # noqa: E402
from scripts.haproxy_config import (  # noqa: E402
    check_config,
    compose_config,
    render_config,
    server_line,
)
from scripts.ports import LOOPBACK, free_port  # noqa: E402
from scripts.postgres_server import PostgresServer, postgres_bin  # noqa: E402
from scripts.processes import die_with_parent, spawn_logged, stop_group  # noqa: E402
from scripts.warm_up import warm_up  # noqa: E402

HEALTH_PATH = "/_stcore/health"
STARTUP_TIMEOUT_SECONDS = 90.0  # a cold replica imports streamlit, plotly, pandas: ~5-15 s here
SUPERVISE_SECONDS = 0.25  # how often the supervisor looks for dead processes
# A replica that keeps dying is restarted after 1, 2, 4 ... 30 s (Kubernetes' CrashLoopBackOff
# starts at 10 s; a lecture cannot wait that long for the first restart).
FIRST_BACKOFF_SECONDS, MAX_BACKOFF_SECONDS = 1.0, 30.0
STABLE_SECONDS = 30.0  # a replica that lived this long starts its backoff afresh
MAX_REPLICAS = 64  # --replicas from 1 to this: each replica is a whole Streamlit process
MAX_PORT = 65535  # the last TCP port


def is_healthy(port: int) -> bool:
    """True if a server on this loopback port answers its health check."""
    try:
        with urllib.request.urlopen(f"http://{LOOPBACK}:{port}{HEALTH_PATH}", timeout=2) as reply:
            return reply.status == 200
    except (urllib.error.URLError, OSError):
        return False


def spawn(command: list[str], *, log_path: Path, env: dict[str, str]) -> subprocess.Popen:
    """Start a child in a process group of its own, its output appended to ``log_path``.

    Call from the main thread only: the kernel's parent-death signal follows the thread
    that forked, so a child spawned from a worker thread would stop when that thread ends.
    """
    return spawn_logged(command, log_path=log_path, env=env, before_exec=die_with_parent)


@dataclass
class Replica:
    """One `streamlit run` worker slot: a fixed port, the process now serving it."""

    index: int
    port: int
    log_path: Path
    process: subprocess.Popen | None = None
    started_at: float = 0.0
    restarts: int = 0
    backoff: float = FIRST_BACKOFF_SECONDS
    restart_at: float | None = None  # when a dead replica is due to start again

    @property
    def name(self) -> str:
        return f"replica{self.index}"

    def is_running(self) -> bool:
        return self.process is not None and self.process.poll() is None


@dataclass
class Cluster:
    """N replicas and HAProxy, started, supervised and stopped by this process."""

    replicas: int
    lb_port: int
    run_dir: Path
    haproxy: str
    app: Path = REPO_ROOT / "app.py"
    cookie_secret: str = field(default_factory=lambda: secrets.token_hex(32), repr=False)
    slots: list[Replica] = field(default_factory=list)
    balancer: subprocess.Popen | None = None
    postgres: PostgresServer | None = None  # the poll's server, when started here
    poll_url: str = ""  # the poll's shared database; "" gives each replica its own SQLite
    build_worlds: bool = True  # the stage's worlds on disk before any replica starts
    builder: subprocess.Popen | None = None

    @property
    def admin_socket(self) -> Path:
        return self.run_dir / "haproxy.sock"

    @property
    def config_path(self) -> Path:
        return self.run_dir / "haproxy.cfg"

    def write_state(self) -> None:
        """Who is where, for tests and benchmarks: RUN_DIR/state.json (pids and ports)."""
        state = {
            "port": self.lb_port,
            "haproxy_pid": self.balancer.pid if self.balancer is not None else None,
            "builder_pid": self.builder.pid if self.builder is not None else None,
            "postgres": self.postgres.describe() if self.postgres is not None else None,
            "replicas": [
                {"name": slot.name, "port": slot.port, "restarts": slot.restarts}
                | {"pid": slot.process.pid if slot.process is not None else None}
                for slot in self.slots
            ],
        }
        partial = self.run_dir / "state.json.partial"
        partial.write_text(json.dumps(state, indent=1))
        partial.replace(self.run_dir / "state.json")  # readers never see half a file

    def _replica_command(self, slot: Replica) -> list[str]:
        return [
            sys.executable,
            "-m",
            "streamlit",
            "run",
            str(self.app),
            f"--server.port={slot.port}",
            f"--server.address={LOOPBACK}",
            "--server.headless=true",
        ]

    def _replica_env(self, slot: Replica) -> dict[str, str]:
        # The secret and the database URL go by environment, not argument, so `ps` hides them.
        env = dict(os.environ, STREAMLIT_SERVER_COOKIE_SECRET=self.cookie_secret)
        env.setdefault("STAGE_PREWARM", "1")  # every world in memory (read from disk) at once
        env.pop(DATABASE_URL_ENV, None)
        if self.poll_url:
            env[DATABASE_URL_ENV] = self.poll_url
        else:  # --no-postgres: a poll per replica, in a SQLite file of its own
            env[DATA_DIR_ENV] = str(self.run_dir / f"{slot.name}-poll")
        return env

    def _start_replica(self, slot: Replica) -> None:
        env = self._replica_env(slot)
        slot.process = spawn(self._replica_command(slot), log_path=slot.log_path, env=env)
        slot.started_at = time.monotonic()
        slot.restart_at = None
        self.write_state()

    def start(self) -> None:
        """Start every replica, warm each up, then HAProxy; return once the port answers."""
        self.run_dir.mkdir(parents=True, exist_ok=True)
        for index in range(1, self.replicas + 1):
            log_path = self.run_dir / f"replica{index}.log"
            self.slots.append(Replica(index, free_port(), log_path))
        config = render_config(
            lb_port=self.lb_port,
            servers=[server_line(slot.index, slot.port) for slot in self.slots],
            admin_socket=str(self.admin_socket),
        )
        self.config_path.write_text(config)
        check_config(self.haproxy, self.config_path)
        if self.postgres is not None:
            self.postgres.init()
            self.postgres.start()
            self.poll_url = self.postgres.url
            self.write_state()  # from now on, whoever must clean up after this script finds it
            say(f"PostgreSQL on {LOOPBACK}:{self.postgres.port} in {self.postgres.root}")
        if self.build_worlds:
            self._build_worlds()
        for slot in self.slots:
            self._start_replica(slot)
        for slot in self.slots:
            self._wait_ready(slot)
        self._start_balancer()
        balancer_gone = lambda: self.balancer.poll() is not None  # noqa: E731
        answered = _wait_for(
            lambda: is_healthy(self.lb_port) or balancer_gone(), STARTUP_TIMEOUT_SECONDS
        )
        if balancer_gone():  # e.g. its port taken: say so now, not after 90 s of waiting
            said = self.balancer_log().strip().splitlines()[-3:]
            raise RuntimeError(
                f"HAProxy exited with code {self.balancer.returncode} on port {self.lb_port}: "
                + " / ".join(said)
            )
        if not answered:
            raise RuntimeError(f"HAProxy does not answer on port {self.lb_port}")

    def _build_worlds(self) -> None:
        """scripts/build_worlds.py, once: the replicas (and any restarted one) then read every
        world from disk instead of building 441 each (90 s of both cores for two replicas)."""
        log_path = self.run_dir / "worlds.log"
        command = [sys.executable, str(REPO_ROOT / "scripts" / "build_worlds.py")]
        self.builder = spawn(command, log_path=log_path, env=dict(os.environ))
        self.write_state()
        code = self.builder.wait()
        said = log_path.read_text(errors="replace").strip().splitlines() or ["no output"]
        say(said[-1] + (f" (exit {code})" if code else ""))

    def balancer_log(self) -> str:
        """What HAProxy has said (its -db output), or "" before it started."""
        with contextlib.suppress(OSError):
            return (self.run_dir / "haproxy.log").read_text(errors="replace")
        return ""

    def _start_balancer(self) -> None:
        command = [self.haproxy, "-db", "-f", str(self.config_path)]  # -db: stay in foreground
        log_path = self.run_dir / "haproxy.log"
        self.balancer = spawn(command, log_path=log_path, env=dict(os.environ))
        self.write_state()

    def _wait_ready(self, slot: Replica) -> bool:
        """Wait for a replica's health check, then run the app once on it; True if both."""
        answered = _wait_for(
            lambda: is_healthy(slot.port) or not slot.is_running(), STARTUP_TIMEOUT_SECONDS
        )
        if not (answered and slot.is_running()):
            return False
        warmed = warm_up(slot.port)
        say(f"{slot.name} on {LOOPBACK}:{slot.port} ready (pid {slot.process.pid}, warm: {warmed})")
        return True

    def _return_to_rotation(self, slot: Replica) -> None:
        """In a thread: once the restarted replica is warm, let HAProxy send it visitors."""
        if self._wait_ready(slot):
            self.runtime_api(f"set server replicas/{slot.name} state ready")

    def supervise(self, stop: threading.Event) -> None:
        """Restart any replica that dies (and HAProxy, if it does) until ``stop`` is set."""
        while not stop.wait(SUPERVISE_SECONDS):
            now = time.monotonic()
            for slot in self.slots:
                if slot.is_running():
                    continue
                if slot.restart_at is None:
                    self._schedule_restart(slot, now)
                elif now >= slot.restart_at:
                    slot.restarts += 1
                    self._start_replica(slot)
                    say(f"{slot.name} restarted (restart {slot.restarts}, pid {slot.process.pid})")
                    threading.Thread(
                        target=self._return_to_rotation, args=(slot,), daemon=True
                    ).start()
            if self.balancer is not None and self.balancer.poll() is not None:
                say(f"HAProxy exited with code {self.balancer.returncode}; restarting it")
                self._start_balancer()

    def _schedule_restart(self, slot: Replica, now: float) -> None:
        code = slot.process.returncode if slot.process is not None else None
        # Out of rotation at once: HAProxy's own checks would take up to 4 s to notice.
        self.runtime_api(f"set server replicas/{slot.name} state maint")
        if now - slot.started_at >= STABLE_SECONDS:
            slot.backoff = FIRST_BACKOFF_SECONDS
        delay = 0.0 if slot.backoff == FIRST_BACKOFF_SECONDS else slot.backoff
        slot.restart_at = now + delay
        slot.backoff = min(MAX_BACKOFF_SECONDS, slot.backoff * 2)
        say(f"{slot.name} (pid {slot.process.pid}) exited with code {code}; restart in {delay:g} s")

    def runtime_api(self, command: str) -> str:
        """Send one command to HAProxy's runtime API; its answer, or "" if it is not up."""
        try:
            with socket.socket(socket.AF_UNIX) as connection:
                connection.settimeout(2.0)
                connection.connect(str(self.admin_socket))
                connection.sendall(command.encode() + b"\n")
                return b"".join(iter(lambda: connection.recv(4096), b"")).decode()
        except OSError:
            return ""

    def stop(self) -> None:
        """HAProxy first (no new visitors), every replica, then PostgreSQL; nothing is left."""
        stop_group(self.builder)
        stop_group(self.balancer)
        for slot in self.slots:
            stop_group(slot.process)
        if self.postgres is not None:
            self.postgres.remove()  # a throwaway server: its polls go with it


def _wait_for(condition, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def say(message: str) -> None:
    print(f"cluster: {message}", flush=True)


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    # Defaults as text: argparse reads them as it reads the flags, so REPLICAS=two is a plain
    # "invalid int value" line, not a ValueError's traceback.
    parser.add_argument(
        "--replicas", type=int, default=os.environ.get("REPLICAS", "2"), help="default 2"
    )
    parser.add_argument(
        "--port", type=int, default=os.environ.get("CLUSTER_PORT", "8501"), help="HAProxy's"
    )
    parser.add_argument("--run-dir", type=Path, help="config and logs (default: a new temp dir)")
    parser.add_argument("--haproxy", default=shutil.which("haproxy") or "/usr/sbin/haproxy")
    parser.add_argument(
        "--no-postgres",
        action="store_true",
        help="no PostgreSQL: each replica keeps its own poll in SQLite (a poll per replica)",
    )
    parser.add_argument(
        "--no-build-worlds",
        action="store_true",
        help="start without building the stage's worlds on disk (replicas build what they need)",
    )
    parser.add_argument(
        "--print-compose-config", action="store_true", help="print deploy/compose/haproxy.cfg"
    )
    args = parser.parse_args(argv)
    if args.print_compose_config:
        return args
    if not 1 <= args.replicas <= MAX_REPLICAS:
        parser.error(f"--replicas must be from 1 to {MAX_REPLICAS}, not {args.replicas}")
    # Checked here: HAProxy refuses 0 or 70000 only in cluster.start(), as a traceback.
    if not 1 <= args.port <= MAX_PORT:
        parser.error(f"--port must be from 1 to {MAX_PORT}, not {args.port}")
    if not Path(args.haproxy).exists():
        parser.error(f"HAProxy not found at {args.haproxy}: `apt-get install haproxy` (Debian)")
    if not (args.no_postgres or os.environ.get(DATABASE_URL_ENV) or postgres_bin()):
        parser.error(
            "PostgreSQL not found: `apt-get install postgresql` (Debian), or --no-postgres"
        )
    return args


def poll_database(cluster: Cluster, args: argparse.Namespace) -> str:
    """Choose the poll's database (a server to start, or a URL given); say which, for the banner."""
    given = os.environ.get(DATABASE_URL_ENV, "").strip()
    if args.no_postgres:
        return "the poll: each replica's own SQLite file (--no-postgres), so a poll per replica"
    if given:
        cluster.poll_url = given
        return "the poll: shared by every replica, in $POLL_DATABASE_URL"
    cluster.run_dir.mkdir(parents=True, exist_ok=True)
    cluster.postgres = PostgresServer(postgres_bin(), parent=cluster.run_dir)
    return "the poll: shared by every replica, in a PostgreSQL started here"


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    if args.print_compose_config:
        print(compose_config(), end="")  # how deploy/compose/haproxy.cfg is made
        return 0
    run_dir = args.run_dir or Path(tempfile.mkdtemp(prefix="cluster-"))
    cluster = Cluster(args.replicas, args.port, run_dir, args.haproxy)
    cluster.build_worlds = not args.no_build_worlds
    if os.environ.get("STREAMLIT_SERVER_COOKIE_SECRET"):
        cluster.cookie_secret = os.environ["STREAMLIT_SERVER_COOKIE_SECRET"]
    poll_banner = poll_database(cluster, args)
    stop = threading.Event()
    # A shell that starts this in the background (`make cluster &`, CI's runners) passes SIGINT
    # ignored, and Python then installs no KeyboardInterrupt: Ctrl-C or `kill -INT` must stop it.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    # While starting, Ctrl-C or SIGTERM interrupts the wait at once (and `finally` cleans up);
    # once serving, they only end the supervisor's loop.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(128 + signal.SIGTERM))
    try:
        say(f"starting {args.replicas} replicas; config and logs in {run_dir}; {poll_banner}")
        cluster.start()
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, lambda *_: stop.set())
        say(f"serving http://{LOOPBACK}:{args.port}/ through HAProxy; Ctrl-C stops everything")
        say(poll_banner)
        cluster.supervise(stop)
    except KeyboardInterrupt:
        pass
    except (RuntimeError, OSError) as error:  # a start that cannot go on: one plain line
        say(f"could not start: {error}")
        return 1
    finally:
        cluster.stop()
        say("stopped: HAProxy and every replica" + (", and PostgreSQL" if cluster.postgres else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
