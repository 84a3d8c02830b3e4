"""Load and faults against `make cluster`: N replicas behind HAProxy, on this machine.

    python -m bench.cluster_load                       # all four, 2 replicas, 300 sessions
    python -m bench.cluster_load --mode failover --sessions 60

Every visitor is bench/load.py's websocket client (tests/support/session_probe.py's PageVisitor): it
speaks Streamlit's protocol through HAProxy's port, each at its own (b, σ) from its URL.
- sessions: 300 visitors each move one of the four sliders every ~5 s for 60 s: rerun p95,
  errors, total resident memory of HAProxy and every replica;
- burst: 300 visitors arrive within 10 s: time to each one's first complete page;
- failover: the sessions open again and, 5 s after the last has its page, one replica is
  SIGKILLed (the sessions go on 30 s more); a visitor whose
  websocket closes reconnects through HAProxy at once (as the browser does) and must find
  the setting its URL holds: time from the kill to its next complete page; the script's
  restart of the replica is timed too;
- reruns: 10,000 reruns on one replica (directly, 4 visitors), each to a random stop of a
  random slider: that replica's memory over the last 5,000;
- poll: students vote while a replica is killed and PostgreSQL restarts (bench/cluster_poll.py).
Budgets: p95 <= 1 s, 0 errors, <= 1.5 GB; first page p95 <= 3 s; reconnect <= 10 s;
growth over the last 5,000 reruns <= 20 MB. Each figure is printed with the machine's load.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import websockets

from bench.cluster_poll import measure_poll
from scripts.ports import LOOPBACK
from tests.support.cluster_run import ClusterError, RunningCluster, start_cluster
from tests.support.load_client import RunError
from tests.support.machine import cpu_seconds, load_text, memory_kib, percentile
from tests.support.session_probe import PageVisitor, jump_to_random_stop, own_setting

FAILURES = (RunError, OSError, TimeoutError, websockets.WebSocketException)
BUDGETS = {"p95": 1.0, "rss_mb": 1536.0, "first_page_p95": 3.0, "reconnect": 10.0, "growth": 20.0}


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.0f} ms"


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


class ClusterMemory:
    """Polls the summed VmRSS of HAProxy and every replica (pids re-read after restarts)."""

    def __init__(self, cluster: RunningCluster) -> None:
        self.cluster, self.peak_mb, self.latest_mb = cluster, 0.0, 0.0
        self._task: asyncio.Task | None = None

    def total_mb(self) -> float:
        total = 0
        for pid in self.cluster.pids():
            with contextlib.suppress(OSError, KeyError):
                total += memory_kib(pid)["VmRSS"]
        return total / 1024

    def cpu_seconds(self) -> float:
        """CPU time (user + system) HAProxy and the replicas have used so far, in seconds."""
        total = 0.0
        for pid in self.cluster.pids():
            with contextlib.suppress(OSError):
                total += cpu_seconds(pid)
        return total

    async def _poll(self) -> None:
        while True:
            with contextlib.suppress(OSError, ValueError):
                self.latest_mb = self.total_mb()
                self.peak_mb = max(self.peak_mb, self.latest_mb)
            await asyncio.sleep(0.5)

    def __enter__(self) -> ClusterMemory:
        self._task = asyncio.get_running_loop().create_task(self._poll())
        return self

    def __exit__(self, *exc_info) -> None:
        if self._task is not None:
            self._task.cancel()


@dataclass
class Tally:
    rerun_seconds: list[float] = field(default_factory=list)
    open_seconds: list[float] = field(default_factory=list)
    reconnect_seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    wrong_setting: int = 0
    opened: int = 0  # visitors past their first page (or given up on it)
    killed_at: float | None = None
    stop_at: float | None = None  # failover: every visitor stops here


async def open_page(url: str, query: dict[str, list[str]], tally: Tally) -> PageVisitor | None:
    visitor = PageVisitor(url)
    visitor.url_query = {key: list(values) for key, values in query.items()}
    started = time.perf_counter()
    try:
        await visitor.connect()
        await visitor.run()
    except FAILURES as error:
        tally.errors.append(f"open: {type(error).__name__}: {error}")
        await visitor.close()
        return None
    tally.open_seconds.append(time.perf_counter() - started)
    return visitor


async def reconnect(url: str, query: dict[str, list[str]], tally: Tally) -> PageVisitor | None:
    """Back through HAProxy with the same URL, retrying every 0.25 s for up to 30 s."""
    deadline = time.perf_counter() + 30.0
    while time.perf_counter() < deadline:
        fresh = await open_page(url, query, Tally())
        if fresh is not None:
            if tally.killed_at is not None:  # a session the killed replica held
                tally.reconnect_seconds.append(time.perf_counter() - tally.killed_at)
            tally.wrong_setting += fresh.link_query() != fresh.url_query
            return fresh
        await asyncio.sleep(0.25)
    tally.errors.append("reconnect: no replica answered for 30 s")
    return None


async def closed_within(visitor: PageVisitor, seconds: float) -> bool:
    """Wait `seconds`; True at once if the websocket closes meanwhile (the replica died)."""
    if seconds <= 0:
        return False
    try:
        await asyncio.wait_for(asyncio.shield(visitor.websocket.wait_closed()), timeout=seconds)
        return True
    except TimeoutError:
        return False


async def visit(url: str, index: int, args, tally: Tally, *, survive: bool) -> None:
    """One visitor: open its own setting, then move a slider every ~interval s."""
    rng = random.Random(args.seed + index)
    await asyncio.sleep(rng.uniform(0, args.interval))
    visitor = await open_page(url, own_setting(index), Tally() if survive else tally)
    if visitor is None and survive:
        if tally.killed_at is None:
            tally.errors.append("open: no first page before the kill")
        visitor = await reconnect(url, own_setting(index), tally)
    tally.opened += 1
    began = time.perf_counter()
    next_change = began + rng.uniform(0.5, 1.5) * args.interval

    def end() -> float:  # wall clock: a visitor whose reruns queue does not catch up later
        return min(began + args.duration, tally.stop_at or float("inf"))

    while visitor is not None and time.perf_counter() < end() and next_change < end():
        dropped = await closed_within(visitor, next_change - time.perf_counter())
        if not dropped:
            key = jump_to_random_stop(visitor, args.keys, rng)
            started = time.perf_counter()
            try:
                await visitor.run(visitor.fragment_of(key))
                tally.rerun_seconds.append(time.perf_counter() - started)
            except FAILURES as error:
                dropped = True
                if not survive:
                    tally.errors.append(f"rerun: {type(error).__name__}: {error}")
                    break
        if dropped:
            if not survive:
                tally.errors.append("rerun: the websocket closed")
                break
            await visitor.close()
            visitor = await reconnect(url, visitor.url_query, tally)
        next_change += rng.uniform(0.8, 1.2) * args.interval
    if visitor is not None:
        await visitor.close()


async def measure_sessions(cluster: RunningCluster, args) -> bool:
    tally = Tally()
    with ClusterMemory(cluster) as memory:
        before, cpu_before = memory.total_mb(), memory.cpu_seconds()
        await asyncio.gather(
            *(
                visit(cluster.websocket_url, i, args, tally, survive=False)
                for i in range(args.sessions)
            )
        )
        cpu = memory.cpu_seconds() - cpu_before
    p95 = percentile(tally.rerun_seconds, 0.95)
    keys = "/".join(args.keys)
    print(f"sessions: {args.sessions} x {args.duration:.0f} s, one of {keys} every")
    print(f"  ~{args.interval:.0f} s, each visitor at its own (b, σ) {load_text()}")
    seconds = tally.rerun_seconds
    print(
        f"  reruns {len(seconds)}: p50 {ms(percentile(seconds, 0.5))}, p95 {ms(p95)}, "
        f"max {ms(max(seconds, default=float('nan')))}; errors {len(tally.errors)}"
    )
    print(f"  total RSS (HAProxy + replicas): {before:.0f} MB before, peak {memory.peak_mb:.0f} MB")
    # What a rerun costs whatever else the machine runs: the cores a given load needs.
    runs = len(seconds) + len(tally.open_seconds)
    print(
        f"  CPU of HAProxy + replicas: {cpu:.0f} s for {runs} runs (first pages included): "
        f"{ms(cpu / max(runs, 1))} a run"
    )
    ok = p95 <= BUDGETS["p95"] and not tally.errors and memory.peak_mb <= BUDGETS["rss_mb"]
    print(f"  budget p95 <= 1 s, 0 errors, <= 1.5 GB: {verdict(ok)} {load_text()}")
    for error in sorted(set(tally.errors))[:5]:
        print(f"    {error}")
    return ok


async def measure_burst(cluster: RunningCluster, args) -> bool:
    tally = Tally()

    async def arrive(index: int) -> None:
        await asyncio.sleep(random.Random(index).uniform(0, args.arrival_window))
        visitor = await open_page(cluster.websocket_url, own_setting(index), tally)
        if visitor is not None:
            await visitor.close()

    await asyncio.gather(*(arrive(index) for index in range(args.sessions)))
    p95 = percentile(tally.open_seconds, 0.95)
    ok = p95 <= BUDGETS["first_page_p95"] and not tally.errors
    print(f"burst: {args.sessions} arrivals within {args.arrival_window:.0f} s {load_text()}")
    seconds = tally.open_seconds
    print(
        f"  first complete page: p50 {percentile(seconds, 0.5):.2f} s, p95 {p95:.2f} s, "
        f"max {max(seconds, default=float('nan')):.2f} s; errors {len(tally.errors)}"
    )
    print(f"  budget p95 <= 3 s, 0 errors: {verdict(ok)} {load_text()}")
    return ok


async def measure_failover(cluster: RunningCluster, args) -> bool:
    tally = Tally()

    async def kill_later() -> float:
        while tally.opened < args.sessions:  # the replica must hold its sessions first
            await asyncio.sleep(0.25)
        await asyncio.sleep(args.kill_after)
        tally.killed_at = time.perf_counter()
        tally.stop_at = tally.killed_at + 30.0  # long enough for every drop to come back
        old_pid = cluster.kill_replica("replica1")
        entry = await asyncio.to_thread(cluster.wait_restarted, "replica1", old_pid, timeout=180)
        return time.perf_counter() - tally.killed_at if entry else float("nan")

    endless = argparse.Namespace(**{**vars(args), "duration": float("inf")})
    visits = [
        visit(cluster.websocket_url, i, endless, tally, survive=True) for i in range(args.sessions)
    ]
    restart_seconds, *_ = await asyncio.gather(kill_later(), *visits)
    worst = max(tally.reconnect_seconds, default=float("nan"))
    back = tally.reconnect_seconds
    print(
        f"failover: {args.sessions} sessions; replica1 SIGKILLed {args.kill_after:.0f} s after "
        "the last one had its first page; 30 s more"
    )
    print(
        f"  sessions that reconnected: {len(back)}; from the kill to their next complete page: "
        f"p50 {percentile(back, 0.5):.2f} s, p95 {percentile(back, 0.95):.2f} s, "
        f"max {worst:.2f} s {load_text()}"
    )
    print(
        f"  pages not at their URL's setting: {tally.wrong_setting}; errors {len(tally.errors)}; "
        f"rerun p95 {ms(percentile(tally.rerun_seconds, 0.95))}"
    )
    print(f"  replica1 restarted and healthy {restart_seconds:.1f} s after the kill")
    for error in sorted(set(tally.errors))[:5]:
        print(f"    {error}")
    ok = (
        bool(tally.reconnect_seconds)
        and worst <= BUDGETS["reconnect"]
        and not tally.errors
        and not tally.wrong_setting
    )
    print(f"  budget every session back within 10 s at its setting: {verdict(ok)} {load_text()}")
    return ok


async def measure_reruns(cluster: RunningCluster, args) -> bool:
    entry = cluster.replica("replica2")
    url, pid = f"ws://{LOOPBACK}:{entry['port']}/_stcore/stream", entry["pid"]
    checkpoints: list[tuple[int, float]] = []
    done, errors = [0], []

    async def walker(index: int) -> None:
        rng = random.Random(args.seed + 10_000 + index)
        visitor = await open_page(url, own_setting(index), Tally())
        while visitor is not None and done[0] < args.reruns and not errors:
            key = jump_to_random_stop(visitor, ["beta", "n", "b", "sigma"], rng)
            try:
                await visitor.run(visitor.fragment_of(key))
            except FAILURES as error:
                errors.append(f"{type(error).__name__}: {error}")
            done[0] += 1
            if done[0] % max(1, args.reruns // 10) == 0:
                checkpoints.append((done[0], memory_kib(pid)["VmRSS"] / 1024))
                print(f"  ... {done[0]} reruns, {checkpoints[-1][1]:.0f} MB {load_text()}")
        if visitor is not None:
            await visitor.close()

    checkpoints.append((0, memory_kib(pid)["VmRSS"] / 1024))
    began = time.perf_counter()
    await asyncio.gather(*(walker(index) for index in range(args.rerun_visitors)))
    half = min(checkpoints, key=lambda point: abs(point[0] - args.reruns // 2))
    growth = checkpoints[-1][1] - half[1]
    print(
        f"reruns: {done[0]} in one replica ({args.rerun_visitors} visitors, random stops of all "
        f"four sliders) in {time.perf_counter() - began:.0f} s {load_text()}"
    )
    print(
        "  replica RSS (MB) after n reruns: " + ", ".join(f"{n}: {mb:.0f}" for n, mb in checkpoints)
    )
    ok = growth <= BUDGETS["growth"] and not errors
    print(
        f"  growth over the last {checkpoints[-1][0] - half[0]}: {growth:+.1f} MB; "
        f"errors {len(errors)}; budget <= 20 MB: {verdict(ok)} {load_text()}"
    )
    return ok


MODES = {
    "sessions": measure_sessions,
    "burst": measure_burst,
    "failover": measure_failover,
    "reruns": measure_reruns,
    "poll": measure_poll,
}


def parse_arguments(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.cluster_load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--mode", default="all", help=f"all, or some of {','.join(MODES)}")
    parser.add_argument("--replicas", type=int, default=2)
    parser.add_argument("--sessions", type=int, default=300)
    parser.add_argument("--duration", type=float, default=60.0)
    parser.add_argument("--interval", type=float, default=5.0)
    parser.add_argument("--arrival-window", type=float, default=10.0)
    parser.add_argument(
        "--kill-after", type=float, default=5.0, help="s after every session has its page"
    )
    parser.add_argument(
        "--start-timeout",
        type=float,
        default=1_800.0,
        help="s to wait for the cluster: building all 441 worlds took 1,320 s at load 20",
    )
    parser.add_argument("--reruns", type=int, default=10_000)
    parser.add_argument("--rerun-visitors", type=int, default=4)
    parser.add_argument("--keys", default="beta,n,b,sigma", help="sliders the sessions move")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--poll-duration", type=float, default=40.0, help="--mode poll: voting s")
    parser.add_argument("--poll-interval", type=float, default=4.0, help="s between a guess")
    args = parser.parse_args(argv)
    args.keys = [key for key in args.keys.split(",") if key]
    return args


def main(argv=None) -> int:
    sys.stdout.reconfigure(line_buffering=True)  # progress shows as it happens
    args = parse_arguments(argv)
    modes = list(MODES) if args.mode == "all" else args.mode.split(",")
    if not set(modes) <= set(MODES):
        print(f"--mode: {args.mode!r} is not 'all' or some of {','.join(MODES)}", file=sys.stderr)
        return 2
    print(f"bench.cluster_load: {args.replicas} replicas behind HAProxy {load_text()}")
    started = time.perf_counter()
    run_dir = Path(tempfile.mkdtemp(prefix="cluster-load-"))
    try:  # a failed start stops everything it started before it raises
        cluster = start_cluster(run_dir, replicas=args.replicas, timeout=args.start_timeout)
    except ClusterError as error:
        print(f"the cluster did not start ({run_dir}):\n{error}", file=sys.stderr)
        return 1
    for line in cluster.output().splitlines():  # as `make cluster`: the worlds built first
        if "worlds" in line:
            print(f"  {line}")
    print(f"  serving after {time.perf_counter() - started:.0f} s {load_text()}")
    all_ok = True
    try:
        for mode in modes:
            all_ok &= asyncio.run(MODES[mode](cluster, args))
    finally:
        cluster.stop()
        print(f"cluster stopped; its output and logs: {cluster.run_dir}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
