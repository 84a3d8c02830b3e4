"""Load: simulated visitors speaking Streamlit's own websocket protocol to one server process.

Each visitor (tests/support/load_client.py) does what a browser tab does, without drawing: it
asks for runs over Streamlit's websocket with the widget state a browser would send. All four
move as the Playground's stage reports them (a settle report, a rerun of the stage's fragment:
tests/support/stage_over_websocket.py); on other pages as Streamlit sliders.

Three measurements, each against a fresh server this script starts (or --port/--pid):
- sessions: N visitors (default 100) each move a slider every ~5 s (jittered) for ~60 s, then
  stop. Rerun time = BackMsg sent to `script_finished` received, on loopback. Closed loop per
  visitor: a change waits for the previous rerun to finish (counted as "late").
- burst: N visitors open the page at the same moment; time to the first complete page, on the
  fresh server and again once it is warm.
- reruns: one visitor reruns 1,000 times (random walk over every slider); server memory growth.
- cpu: the server's CPU per change of each setting (bench/change_cpu.py); not part of "all".

Budgets (docs/design.md §5): sessions p95 ≤ 1 s, zero errors, peak RSS ≤ 1 GB; reruns growth ≤ 50
MB.

    .venv/bin/python -m bench.load                      # all three, 100 sessions, 60 s
    .venv/bin/python -m bench.load --mode sessions --sessions 20 --duration 30
    .venv/bin/python -m bench.load --mode reruns --reruns 1000
    .venv/bin/python -m bench.load --server-arg=--runner.postScriptGC=true   # compare a config
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import random
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import websockets

from bench import change_cpu
from tests.support.load_client import (
    CONNECT_TIMEOUT_SECONDS,
    RUN_TIMEOUT_SECONDS,
    STREAM_PATH,
    RunError,
    Visitor,
)
from tests.support.machine import machine_line, memory_kib, percentile
from tests.support.server import REPO_ROOT, StreamlitServer, start_streamlit

DEFAULT_APP = REPO_ROOT / "app.py"
MEMORY_POLL_SECONDS = 0.25

# Budgets from docs/design.md §5.
BUDGET_P95_SECONDS = 1.0
BUDGET_RSS_MB = 1024.0
BUDGET_GROWTH_MB = 50.0


class MemoryWatch:
    """Polls a process's VmRSS in the background; keeps the peak and the latest value."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.latest_kib = memory_kib(pid)["VmRSS"]
        self.peak_kib = self.latest_kib
        self._task: asyncio.Task | None = None

    async def _poll(self) -> None:
        while True:
            with contextlib.suppress(OSError, KeyError):
                self.latest_kib = memory_kib(self.pid)["VmRSS"]
                self.peak_kib = max(self.peak_kib, self.latest_kib)
            await asyncio.sleep(MEMORY_POLL_SECONDS)

    def start(self) -> None:
        self._task = asyncio.create_task(self._poll())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task

    def high_water_mark_kib(self) -> int:
        with contextlib.suppress(OSError, KeyError):
            return memory_kib(self.pid)["VmHWM"]
        return self.peak_kib


def megabytes(kib: float) -> float:
    return kib / 1024.0


def verdict(ok: bool) -> str:
    return "PASS" if ok else "FAIL"


@dataclass
class SessionsReport:
    rerun_seconds: list[float] = field(default_factory=list)
    seconds_by_key: dict[str, list[float]] = field(default_factory=dict)
    rerun_bytes: list[int] = field(default_factory=list)
    open_seconds: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    late_changes: int = 0


async def _open(visitor: Visitor, report: SessionsReport) -> bool:
    started = time.perf_counter()
    try:
        await visitor.connect()
        await visitor.run()
    except (RunError, OSError, TimeoutError, websockets.WebSocketException) as error:
        report.errors.append(f"open: {type(error).__name__}: {error}")
        return False
    report.open_seconds.append(time.perf_counter() - started)
    return True


async def _visit(url: str, args: argparse.Namespace, seed: int, report: SessionsReport) -> None:
    """One visitor: open the page, then move a slider every ~interval s until `duration` ends."""
    keys, duration, interval = args.keys, args.duration, args.interval
    rng = random.Random(seed)
    visitor = Visitor(url, quick_ack=args.quick_ack)
    try:
        await asyncio.sleep(rng.uniform(0, interval))  # visitors arrive spread over one interval
        if not await _open(visitor, report):
            return
        started = time.perf_counter()
        next_change = started + rng.uniform(0.5, 1.5) * interval
        while next_change < started + duration:
            delay = next_change - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            else:
                report.late_changes += 1
            moved = visitor.move_random_slider(keys, rng)
            try:
                result = await visitor.run(visitor.fragment_of(moved))
            except (RunError, OSError, websockets.WebSocketException) as error:
                report.errors.append(f"rerun: {type(error).__name__}: {error}")
                return
            report.rerun_seconds.append(result.seconds)
            report.seconds_by_key.setdefault(moved, []).append(result.seconds)
            report.rerun_bytes.append(result.bytes_received)
            next_change += rng.uniform(0.8, 1.2) * interval
    finally:
        await visitor.close()


async def measure_sessions(server_url: str, pid: int, args: argparse.Namespace) -> bool:
    report = SessionsReport()
    memory = MemoryWatch(pid)
    start_kib = memory.latest_kib
    memory.start()
    began = time.perf_counter()
    visits = [_visit(server_url, args, args.seed + index, report) for index in range(args.sessions)]
    # Bounded: every visitor stops by itself after `duration`; this is the hard stop.
    hard_stop = args.duration + args.interval * 2 + RUN_TIMEOUT_SECONDS + CONNECT_TIMEOUT_SECONDS
    try:
        await asyncio.wait_for(asyncio.gather(*visits), timeout=hard_stop)
    except TimeoutError:
        report.errors.append(f"the run did not end within {hard_stop:.0f} s")
    elapsed = time.perf_counter() - began
    await memory.stop()
    peak_mb = megabytes(max(memory.peak_kib, 0))
    p50 = percentile(report.rerun_seconds, 0.50)
    p95 = percentile(report.rerun_seconds, 0.95)
    offered = args.sessions / args.interval
    print(
        f"sessions: {args.sessions} visitors x {args.duration:.0f} s, a change of "
        f"{'/'.join(args.keys)} every ~{args.interval:.0f} s each (offered {offered:.1f}/s)"
    )
    print(
        f"  reruns: {len(report.rerun_seconds)} in {elapsed:.0f} s "
        f"({len(report.rerun_seconds) / elapsed:.1f}/s); late changes {report.late_changes}"
    )
    print(
        f"  rerun time: p50 {p50 * 1000:.0f} ms, p95 {p95 * 1000:.0f} ms, "
        f"max {max(report.rerun_seconds, default=float('nan')) * 1000:.0f} ms"
    )
    for key, seconds in sorted(report.seconds_by_key.items()):
        print(
            f"    {key}: {len(seconds)} reruns, p50 {percentile(seconds, 0.5) * 1000:.0f} ms, "
            f"p95 {percentile(seconds, 0.95) * 1000:.0f} ms"
        )
    if report.rerun_bytes:
        print(f"  bytes per rerun: median {statistics.median(report.rerun_bytes) / 1024:.1f} KB")
    print(
        f"  first page: p50 {percentile(report.open_seconds, 0.5) * 1000:.0f} ms, "
        f"max {max(report.open_seconds, default=float('nan')) * 1000:.0f} ms"
    )
    print(f"  errors: {len(report.errors)}")
    for error in sorted(set(report.errors))[:10]:
        print(f"    {error}")
    print(
        f"  server memory: {megabytes(start_kib):.0f} MB before, peak RSS {peak_mb:.0f} MB "
        f"(VmHWM {megabytes(memory.high_water_mark_kib()):.0f} MB)"
    )
    ok_p95 = p95 <= BUDGET_P95_SECONDS
    ok_errors = not report.errors and bool(report.rerun_seconds)
    ok_memory = peak_mb <= BUDGET_RSS_MB
    print(
        f"  budget: p95 <= {BUDGET_P95_SECONDS:.0f} s {verdict(ok_p95)}; no errors "
        f"{verdict(ok_errors)}; RSS <= {BUDGET_RSS_MB:.0f} MB {verdict(ok_memory)}"
    )
    return ok_p95 and ok_errors and ok_memory


async def _burst_once(server_url: str, args: argparse.Namespace, label: str) -> bool:
    report = SessionsReport()
    visitors = [Visitor(server_url, quick_ack=args.quick_ack) for _ in range(args.sessions)]
    began = time.perf_counter()
    try:
        opened = await asyncio.wait_for(
            asyncio.gather(*(_open(visitor, report) for visitor in visitors)),
            timeout=RUN_TIMEOUT_SECONDS + CONNECT_TIMEOUT_SECONDS,
        )
    except TimeoutError:
        opened = []
        report.errors.append("the burst did not end in time")
    elapsed = time.perf_counter() - began
    await asyncio.gather(*(visitor.close() for visitor in visitors))
    print(
        f"  {label}: first complete page p50 {percentile(report.open_seconds, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(report.open_seconds, 0.95) * 1000:.0f} ms, "
        f"max {max(report.open_seconds, default=float('nan')) * 1000:.0f} ms "
        f"(all done in {elapsed:.1f} s); opened {sum(opened)}/{args.sessions}, "
        f"errors {len(report.errors)}"
    )
    for error in sorted(set(report.errors))[:10]:
        print(f"    {error}")
    return not report.errors


async def measure_burst(server_url: str, pid: int, args: argparse.Namespace) -> bool:
    """N visitors open the page at once: on the fresh server, then again once it is warm."""
    memory = MemoryWatch(pid)
    memory.start()
    print(f"burst: {args.sessions} visitors open the page at the same moment")
    cold_ok = await _burst_once(server_url, args, "fresh server (nothing cached yet)")
    await asyncio.sleep(2.0)  # let the first burst's sessions close
    warm_ok = await _burst_once(server_url, args, "warm server (the same page again)")
    await memory.stop()
    print(f"  server peak RSS {megabytes(memory.peak_kib):.0f} MB")
    return cold_ok and warm_ok


async def measure_reruns(server_url: str, pid: int, args: argparse.Namespace) -> bool:
    rng = random.Random(args.seed)
    visitor = Visitor(server_url, quick_ack=args.quick_ack)
    errors: list[str] = []
    seconds: list[float] = []
    checkpoints: list[tuple[int, float]] = []
    try:
        await visitor.connect()
        await visitor.run()
        baseline_kib = memory_kib(pid)["VmRSS"]
        checkpoints.append((0, megabytes(baseline_kib)))
        keys = args.rerun_keys
        for index in range(1, args.reruns + 1):
            moved = visitor.move_random_slider(keys, rng)
            try:
                seconds.append((await visitor.run(visitor.fragment_of(moved))).seconds)
            except (RunError, OSError, websockets.WebSocketException) as error:
                errors.append(f"rerun {index}: {type(error).__name__}: {error}")
                break
            if index % max(1, args.reruns // 10) == 0:
                checkpoints.append((index, megabytes(memory_kib(pid)["VmRSS"])))
    finally:
        await visitor.close()
    final_mb = megabytes(memory_kib(pid)["VmRSS"])
    growth = final_mb - checkpoints[0][1] if checkpoints else float("nan")
    half = checkpoints[len(checkpoints) // 2][1] if checkpoints else float("nan")
    print(f"reruns: {len(seconds)} reruns in one session, random walk over {'/'.join(keys)}")
    print(
        f"  rerun time: p50 {percentile(seconds, 0.5) * 1000:.0f} ms, "
        f"p95 {percentile(seconds, 0.95) * 1000:.0f} ms"
    )
    print(
        "  server RSS (MB) after n reruns: " + ", ".join(f"{n}: {mb:.0f}" for n, mb in checkpoints)
    )
    print(
        f"  growth: {growth:+.1f} MB over the run, {final_mb - half:+.1f} MB over its second half; "
        f"errors {len(errors)}"
    )
    for error in errors[:10]:
        print(f"    {error}")
    ok = growth <= BUDGET_GROWTH_MB and not errors
    print(f"  budget: growth <= {BUDGET_GROWTH_MB:.0f} MB {verdict(ok)}")
    return ok


MEASUREMENTS = {
    "burst": measure_burst,
    "sessions": measure_sessions,
    "reruns": measure_reruns,
    "cpu": change_cpu.measure_cpu,
}


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m bench.load", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--mode", choices=[*MEASUREMENTS, "all"], default="all")
    parser.add_argument("--app", type=Path, default=DEFAULT_APP, help="entry script to serve")
    parser.add_argument("--sessions", type=int, default=100, help="concurrent visitors")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds each visitor stays")
    parser.add_argument("--interval", type=float, default=5.0, help="seconds between changes")
    parser.add_argument("--reruns", type=int, default=1000, help="reruns in the reruns mode")
    parser.add_argument("--changes", type=int, default=40, help="changes per key in cpu mode")
    parser.add_argument(
        "--keys", default="beta,n", help="sliders the visitors move (comma-separated keys)"
    )
    parser.add_argument(
        "--rerun-keys", default="beta,n,b,sigma", help="sliders the reruns mode walks over"
    )
    parser.add_argument("--seed", type=int, default=2024, help="seed of the visitors' choices")
    parser.add_argument(
        "--no-quick-ack",
        dest="quick_ack",
        action="store_false",
        help="let loopback's delayed ACKs stall every rerun by ~30 ms (see Visitor)",
    )
    parser.add_argument("--port", type=int, help="use a server already on this loopback port")
    parser.add_argument("--pid", type=int, help="its process id (for memory), with --port")
    parser.add_argument(
        "--server-arg",
        action="append",
        default=[],
        help="extra `streamlit run` flag for the server started here (repeatable)",
    )
    args = parser.parse_args(argv)
    args.keys = [key for key in args.keys.split(",") if key]
    args.rerun_keys = [key for key in args.rerun_keys.split(",") if key]
    if args.port is not None and args.pid is None:
        parser.error("--port needs --pid (the server's process, to read its memory)")
    if min(args.sessions, args.reruns) < 1 or min(args.duration, args.interval) <= 0:
        parser.error("--sessions, --reruns, --duration and --interval must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    modes = ["burst", "sessions", "reruns"] if args.mode == "all" else [args.mode]
    print(f"bench.load: {machine_line()}")
    all_ok = True
    for mode in modes:
        server: StreamlitServer | None = None
        try:
            if args.port is None:
                server = start_streamlit(args.app, extra_args=tuple(args.server_arg))
                url, pid = server.websocket_url, server.pid
                print(f"[{mode}] server pid {pid} on port {server.port}: {args.app}")
            else:
                url, pid = f"ws://127.0.0.1:{args.port}{STREAM_PATH}", args.pid
            all_ok &= asyncio.run(MEASUREMENTS[mode](url, pid, args))
        finally:
            if server is not None:
                if not server.is_running():
                    print(f"the server died; its log:\n{server.log_text()}", file=sys.stderr)
                server.stop()
        print(f"  after {mode}: {machine_line()}")
    return 0 if all_ok else 1


if __name__ == "__main__":
    sys.exit(main())
