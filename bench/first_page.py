"""The server's CPU per first Playground page and per move, against a baseline in the same minutes.

A lecture hall opens the link at once: every visitor's first page is a new session at the bare
address. Here one visitor after another (never two at once, so the figure is CPU, not queueing)
does what a browser's first visit asks the server to compute:

- GET / (index.html through server/serving.py's first paint, gzip, a device cookie), then
  /_stcore/health and /_stcore/host-config, as Streamlit's frontend does before it connects;
- a new websocket session and its first run, to `script_finished` (tests/support/load_client.py),
  offering permessage-deflate as a browser does (the server then deflates every message);
- what the page preloads from the app's routes (the stage's script, a file since this bench
  found its 102 KB deflated in every first page's websocket message);
- the stage's first fetches: the answer writer's banks (answers.json) and the first world it
  fetches ahead (the next b's, from /worlds/);
- the websocket closed (the session's end is the server's work too).

The server's CPU is its process's user + system time (/proc, every thread: the event loop, the
script threads, garbage collection) before and after a batch, divided by the batch's pages;
then one visitor moves β, n, b and σ (b and σ with their world GET, as change_cpu does) and
the same for a move. With ``--baseline REF`` the same is done to a server of that git ref
(checked out into a temporary worktree), the two alternated batch by batch (A B B A ...) so
both see the same minutes' load; each batch's line carries the load average beside it.
CPU time, unlike wall time, hardly grows with the machine's load, but a busy machine's caches
and frequency still move it a little: read a figure with load ≥ 1 as not a quiet one.

``--profile`` runs the servers under cProfile (the event loop's thread from the first measured
batch to the last, every script run of the page), and prints where a first page's time goes;
cProfile (timed by each thread's CPU clock, time.thread_time) slows Python code ~2x,
so read its figures as shares.

    .venv/bin/python -m bench.first_page                       # this tree: 60 pages, 60 moves
    .venv/bin/python -m bench.first_page --baseline main --pages 60 --rounds 4
    .venv/bin/python -m bench.first_page --profile --pages 40
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import cProfile
import gzip
import json
import os
import pstats
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

SERVE_FLAG = "--serve"  # internal: this process is a server under cProfile
WARMUP_PAGES = 8  # imports, caches, the first worlds: a server in use has them
WARMUP_MOVES = 12
SETTLE_SECONDS = 0.3  # after a batch: the last session's end reaches the server
MOVE_KEYS = ("beta", "n", "b", "sigma")


# --- the server side (--profile) -------------------------------------------------------------


def serve(out_dir: Path, streamlit_args: list[str]) -> None:
    """`streamlit <streamlit_args>` in this process; SIGUSR1 starts profiling, SIGUSR2 writes it.

    The event loop's thread (the main thread, where signal handlers run) gets one profiler,
    switched on and off by the signals; every script run gets its own, added in at its end.
    """
    sys.path[0] = os.getcwd()  # the app's tree, not bench/ (run as a file from another tree)
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.web import cli

    lock = threading.Lock()
    state: dict = {"on": False, "main": None, "stats": None, "runs": 0}

    def add(profiler: cProfile.Profile) -> None:
        with lock:
            if state["stats"] is None:
                state["stats"] = pstats.Stats(profiler)
            else:
                state["stats"].add(profiler)

    def start(*_args) -> None:
        with lock:
            state.update(stats=None, runs=0, on=True)
        state["main"] = cProfile.Profile(time.thread_time)
        state["main"].enable()

    def dump(*_args) -> None:
        main = state["main"]
        state["on"] = False
        if main is not None:
            main.disable()
            add(main)
        with lock:
            if state["stats"] is not None:
                state["stats"].dump_stats(str(out_dir / "profile.pstats"))
            (out_dir / "runs.json").write_text(json.dumps({"runs": state["runs"]}))

    run_script = script_runner.ScriptRunner._run_script

    def profiled_run(runner, rerun_data):
        if not state["on"]:
            return run_script(runner, rerun_data)
        profiler = cProfile.Profile(time.thread_time)  # CPU, not wall: the machine is shared
        profiler.enable()
        try:
            return run_script(runner, rerun_data)
        finally:
            profiler.disable()
            add(profiler)
            with lock:
                state["runs"] += 1

    script_runner.ScriptRunner._run_script = profiled_run
    signal.signal(signal.SIGUSR1, start)
    signal.signal(signal.SIGUSR2, dump)
    sys.argv = ["streamlit", *streamlit_args]
    cli.main()


# --- the driver side -------------------------------------------------------------------------


DEFLATE = {"on": True}  # --no-deflate: a client that asks for none (as load_client's)


def browser_visitor(url: str):
    """A load_client Visitor whose websocket offers permessage-deflate, as every browser does:
    with server.enableWebsocketCompression (.streamlit/config.toml) the server then deflates
    every message it sends, the first page's ~200 KB included; load_client's own visitor
    asks for none (it counts the bytes the app sends) and so never sees that cost."""
    from tests.support.load_client import Visitor

    return Visitor(url, compression="deflate" if DEFLATE["on"] else None)


def http_get(url: str, text: bool = False):
    """GET as a browser does (gzip accepted); the bytes received (``text``: the body itself,
    unzipped)."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip, deflate, br"})
    with urllib.request.urlopen(request, timeout=60) as response:
        body = response.read()
        if not text:
            return len(body)
        return gzip.decompress(body) if response.headers.get("content-encoding") else body


@dataclass
class Server:
    """One server under test: a label, its process, and its batches' figures."""

    label: str
    process: object  # tests.support.server.StreamlitServer
    out_dir: Path
    pages_ms: list[float] = field(default_factory=list)  # per batch: CPU ms per first page
    moves_ms: list[float] = field(default_factory=list)
    page_kb: list[float] = field(default_factory=list)  # websocket KB of a first page

    @property
    def http(self) -> str:
        return self.process.url.rstrip("/")


async def first_page(server: Server) -> float:
    """One browser's first visit to the bare address; the websocket bytes its run sent."""
    base = server.http
    page = await asyncio.to_thread(http_get, base + "/", True)
    # What the page preloads from the app's own routes (the stage's script since it is a file;
    # Streamlit's /static/ bundles, the same bytes for all, are left out as before).
    for address in re.findall(rb'rel="modulepreload" crossorigin href="(/worlds/[^"]+)"', page):
        await asyncio.to_thread(http_get, base + address.decode())
    await asyncio.to_thread(http_get, base + "/_stcore/health")
    await asyncio.to_thread(http_get, base + "/_stcore/host-config")
    visitor = browser_visitor(server.process.websocket_url)
    try:
        await visitor.connect()
        result = await visitor.run()
        stage = visitor.stage
        if stage is not None:
            await asyncio.to_thread(http_get, base + stage.world_folder + "answers.json")
            stage.step("b", 1)  # the world it fetches ahead first: the next b's
            await asyncio.to_thread(http_get, base + stage.world_path())
            stage.step("b", -1)
    finally:
        await visitor.close()
    return result.bytes_received


async def moves(server: Server, count: int, rng: random.Random) -> None:
    """One session, then `count` moves of β, n, b, σ as the browser makes them."""
    visitor = browser_visitor(server.process.websocket_url)
    try:
        await visitor.connect()
        await visitor.run()
        await measure_moves(server, visitor, count, rng)
    finally:
        await visitor.close()


async def measure_moves(server, visitor, count: int, rng: random.Random) -> None:
    for _ in range(count):
        key = visitor.move_random_slider(list(MOVE_KEYS), rng)
        await visitor.run(visitor.fragment_of(key))
        if key in ("b", "sigma"):
            await asyncio.to_thread(http_get, server.http + visitor.stage.world_path())


async def batch(server: Server, pages: int, move_count: int, rng: random.Random) -> str:
    """One batch of first pages, then one of moves, on `server`; its line of the report."""
    from tests.support.machine import cpu_seconds, load_text

    pid = server.process.pid
    load_before = os.getloadavg()[0]
    before = cpu_seconds(pid)
    sizes = [await first_page(server) for _ in range(pages)]
    await asyncio.sleep(SETTLE_SECONDS)
    page_ms = 1000 * (cpu_seconds(pid) - before - SETTLE_SECONDS * idle_rate(server)) / pages
    move_ms = float("nan")
    if move_count:  # not under --profile, whose figures are a first page's alone
        visitor = browser_visitor(server.process.websocket_url)
        try:
            await visitor.connect()
            await visitor.run()
            before = cpu_seconds(pid)
            await measure_moves(server, visitor, move_count, rng)
            move_ms = 1000 * (cpu_seconds(pid) - before) / move_count
        finally:
            await visitor.close()
    server.pages_ms.append(page_ms)
    server.moves_ms.append(move_ms)
    server.page_kb.append(statistics.median(sizes) / 1024)
    return (
        f"  {server.label:>9}: {page_ms:5.1f} ms CPU a first page ({pages}), "
        f"{move_ms:5.1f} ms a move ({move_count}); {statistics.median(sizes) / 1024:.1f} KB "
        f"of messages a first page {load_text()} "
        f"(at start {load_before:.2f})"
    )


_IDLE: dict[int, float] = {}


def idle_rate(server: Server) -> float:
    """The server's CPU seconds per second while nobody asks it anything (measured once)."""
    return _IDLE.get(server.process.pid, 0.0)


def measure_idle(server: Server, seconds: float = 2.0) -> None:
    from tests.support.machine import cpu_seconds

    before = cpu_seconds(server.process.pid)
    time.sleep(seconds)
    _IDLE[server.process.pid] = (cpu_seconds(server.process.pid) - before) / seconds


def baseline_tree(ref: str) -> Path:
    """A temporary git worktree of `ref` (detached); removed at exit by the caller."""
    folder = Path(tempfile.mkdtemp(prefix="first-page-baseline-"))
    subprocess.run(
        ["git", "worktree", "add", "--detach", str(folder), ref],
        check=True,
        capture_output=True,
    )
    return folder


def remove_tree(folder: Path) -> None:
    subprocess.run(
        ["git", "worktree", "remove", "--force", str(folder)], check=False, capture_output=True
    )


def start(label: str, tree: Path, profile: bool) -> Server:
    from tests.support.server import start_streamlit

    out_dir = Path(tempfile.mkdtemp(prefix=f"first-page-{label}-"))
    launcher = (sys.executable, "-m", "streamlit")
    if profile:
        launcher = (sys.executable, str(Path(__file__).resolve()), SERVE_FLAG, str(out_dir), "--")
    os.environ.pop("STAGE_PREWARM", None)  # no background builds while it is measured
    # One store for both trees: worlds whose code did not change (the same fingerprint) are
    # read, not built, by the baseline too, so a move's figure is not a world's build.
    store = Path(__file__).resolve().parents[1] / "data" / "worlds"
    os.environ.setdefault("STAGE_WORLD_DIR", str(store))
    process = start_streamlit(tree / "app.py", cwd=tree, launcher=launcher)
    return Server(label, process, out_dir)


def print_profile(server: Server, pages: int, top: int) -> None:
    os.kill(server.process.pid, signal.SIGUSR2)
    path = server.out_dir / "profile.pstats"
    deadline = time.monotonic() + 30
    while not (server.out_dir / "runs.json").exists() and time.monotonic() < deadline:
        time.sleep(0.1)
    if not path.exists():
        print(f"  {server.label}: no profile written")
        return
    stats = pstats.Stats(str(path))
    total = sum(entry[2] for entry in stats.stats.values())
    print(
        f"[profile: {server.label}] {total / pages * 1000:.1f} profiled ms a first page "
        f"(cProfile: read as shares), top {top} by cumulative time, app and streamlit:"
    )
    for (filename, line, name), (_cc, calls, _own, cumulative, _callers) in sorted(
        stats.stats.items(), key=lambda item: -item[1][3]
    )[:top]:
        where = filename.split("/site-packages/")[-1]
        where = where.replace(str(Path.cwd()) + "/", "")
        print(
            f"  {cumulative / pages * 1000:7.2f} ms {cumulative / total:6.1%} "
            f"{calls / pages:7.1f} calls  {where}:{line}({name})"
        )
    print(f"  top {top} by own time:")
    for (filename, line, name), (_cc, calls, own, _cum, _callers) in sorted(
        stats.stats.items(), key=lambda item: -item[1][2]
    )[:top]:
        where = filename.split("/site-packages/")[-1].replace(str(Path.cwd()) + "/", "")
        print(f"  {own / pages * 1000:7.2f} ms {calls / pages:7.1f} calls  {where}:{line}({name})")


async def drive(servers: list[Server], args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    # A hall's other visitors: with no session left, Streamlit clears its script cache
    # (websocket_session_manager.disconnect_session) and the next first page compiles app.py
    # and the page again (~3-5 ms); one visitor stays connected throughout, as in a hall.
    bystanders = [browser_visitor(server.process.websocket_url) for server in servers]
    for bystander in bystanders:
        await bystander.connect()
        await bystander.run()
    try:
        await measure(servers, args, rng)
    finally:
        for bystander in bystanders:
            await bystander.close()


async def measure(servers: list[Server], args: argparse.Namespace, rng: random.Random) -> None:
    for server in servers:  # warm: imports, caches, the first worlds built or read
        for _ in range(WARMUP_PAGES):
            await first_page(server)
        await moves(server, WARMUP_MOVES, rng)
        await asyncio.to_thread(measure_idle, server)
    if args.profile:
        for server in servers:
            os.kill(server.process.pid, signal.SIGUSR1)
    per_round = max(1, args.pages // args.rounds)
    moves_per_round = 0 if args.profile else max(4, args.moves // args.rounds)
    for index in range(args.rounds):
        order = servers if index % 2 == 0 else servers[::-1]  # A B, B A: the same minutes
        for server in order:
            print(await batch(server, per_round, moves_per_round, rng), flush=True)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == SERVE_FLAG:
        serve(Path(argv[1]), argv[3:])  # argv[2] is "--"
        return 0
    parser = argparse.ArgumentParser(
        prog="python -m bench.first_page", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--pages", type=int, default=60, help="first pages per server, in all")
    parser.add_argument("--moves", type=int, default=60, help="moves per server, in all")
    parser.add_argument("--rounds", type=int, default=4, help="batches per server (alternated)")
    parser.add_argument("--baseline", help="a git ref to compare with (A/B, alternated)")
    parser.add_argument("--profile", action="store_true", help="where a first page's time goes")
    parser.add_argument("--top", type=int, default=30, help="functions the profile lists")
    parser.add_argument("--seed", type=int, default=41)
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="offer no permessage-deflate (the server's compression left out of the figure)",
    )
    args = parser.parse_args(argv)
    if min(args.pages, args.moves, args.rounds) < 1:
        parser.error("--pages, --moves and --rounds must be positive")

    from tests.support.machine import machine_line
    from tests.support.server import REPO_ROOT
    from ui.playground import world_store

    DEFLATE["on"] = not args.no_deflate
    print(f"bench.first_page: {machine_line()}")
    print(
        f"  websocket {'deflated (as a browser asks)' if DEFLATE['on'] else 'not deflated'}; "
        f"worlds stored for this code: {world_store.stored_count()} of 441 (a move to one "
        "not stored builds it: the move figures then vary)"
    )
    trees = [("this tree", REPO_ROOT)]
    baseline = None
    if args.baseline:
        baseline = baseline_tree(args.baseline)
        trees.append((args.baseline[:9], baseline))
    servers: list[Server] = []
    try:
        for label, tree in trees:
            servers.append(start(label, tree, args.profile))
        asyncio.run(drive(servers, args))
        print("summary (median of the batches; the load is printed on each batch's line):")
        for server in servers:
            print(
                f"  {server.label:>9}: first page {statistics.median(server.pages_ms):.1f} ms CPU "
                f"(batches {', '.join(f'{ms:.1f}' for ms in server.pages_ms)}), move "
                f"{statistics.median(server.moves_ms):.1f} ms, first page's websocket "
                f"{statistics.median(server.page_kb):.1f} KB"
            )
        if len(servers) == 2:
            ratio = statistics.median(
                a / b for a, b in zip(servers[0].pages_ms, servers[1].pages_ms, strict=True)
            )
            print(f"  this tree / {servers[1].label}: first page x{ratio:.2f} (median of pairs)")
        if args.profile:
            pages = max(1, args.pages // args.rounds) * args.rounds
            for server in servers:
                print_profile(server, pages, args.top)
    finally:
        for server in servers:
            if not server.process.is_running():
                print(f"{server.label} died; its log:\n{server.process.log_text()}")
            server.process.stop()
        if baseline is not None:
            with contextlib.suppress(OSError):
                remove_tree(baseline)
    print(f"after: {machine_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
