"""Where a rerun's server time goes: a real server, instrumented, driven over its websocket.

The server is `streamlit run app.py` started through this module, which first wraps Streamlit's
ScriptRunner._run_script (one call = one run of the page or of a fragment) and the world files'
WorldFiles._gzipped_world (one call = one GET of /worlds/<fingerprint>/<b>_<sigma>.json) to time
each, optionally under cProfile, and hooks gc.callbacks to time every garbage collection. SIGUSR1
resets the counts, SIGUSR2 writes them to files; the driver (one bench.load Visitor) moves the
stage's settings like a browser tab:

- "beta/n, new settings": a random walk of β or n moves, each sent as the stage's settle report
  (tests/support/stage_over_websocket.py; the Playground reruns only the stage's fragment),
  mostly to settings no session has seen since the server started;
- "beta/n, the same walk again": the same moves replayed, so every cached figure is a hit;
- "b/sigma": b or σ moves on the stage, as the browser makes them: the GET of the new
  world from /worlds/ (ui/playground/world_files.py; read from memory, the store on disk, or
  built on the spot) and then the settle report, which reruns the stage's fragment only (Python
  sends no world). Before b and σ moved onto the stage, a b/σ change reran the whole page: 277 ms,
  107 KB.

Two passes: without cProfile (honest times, GC included, and the server's CPU time by
time.process_time: per run, and the whole phase's per move, fair on a busy machine where wall
times are not) and with it (where the time goes; cProfile slows Python code, so read its
figures as shares, not as milliseconds; --timing-only skips it).

    .venv/bin/python -m bench.profile_rerun
    .venv/bin/python -m bench.profile_rerun --reruns 100 --top 25
    .venv/bin/python -m bench.profile_rerun --reruns 100 --timing-only
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import gc
import json
import math
import os
import pstats
import random
import signal
import statistics
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

SERVE_FLAG = "--serve"  # internal: this process is the instrumented server


# --- the server side -----------------------------------------------------------------------


class _Recorder:
    """Times every script run and every garbage collection in the server process."""

    def __init__(self, out_dir: Path, with_cprofile: bool) -> None:
        self.out_dir = out_dir
        self.with_cprofile = with_cprofile
        self.lock = threading.Lock()
        self.reset()
        self._gc_started: dict[int, float] = {}
        self.last_request_at = time.perf_counter()

    def reset(self, *_signal_args) -> None:
        with self.lock:
            self.runs: list[dict] = []
            self.worlds: list[float] = []  # seconds per world request served
            self.stats: pstats.Stats | None = None
            self.gc_seconds = [0.0, 0.0, 0.0]
            self.gc_counts = [0, 0, 0]
            self.cpu_started = time.process_time()  # the whole process: every thread's CPU

    def on_gc(self, phase: str, info: dict) -> None:
        thread = threading.get_ident()
        if phase == "start":
            self._gc_started[thread] = time.perf_counter()
        elif thread in self._gc_started:
            elapsed = time.perf_counter() - self._gc_started.pop(thread)
            generation = info.get("generation", 2)
            self.gc_seconds[generation] += elapsed
            self.gc_counts[generation] += 1

    def dump(self, *_signal_args) -> None:
        with self.lock:
            summary = {
                "runs": self.runs,
                "worlds": self.worlds,
                "gc_seconds": self.gc_seconds,
                "gc_counts": self.gc_counts,
                "cpu_seconds": time.process_time() - self.cpu_started,
            }
            if self.stats is not None:
                self.stats.dump_stats(str(self.out_dir / "profile.pstats"))
        partial = self.out_dir / "summary.json.part"
        partial.write_text(json.dumps(summary))
        partial.replace(self.out_dir / "summary.json")  # the driver waits for this name

    def wrap_backmsg(self, handle_backmsg):
        def noted(session, message):
            self.last_request_at = time.perf_counter()
            return handle_backmsg(session, message)

        return noted

    def _profiled(self, call):
        """Run ``call()``; its seconds, and under cProfile its profile added to the others'."""
        profiler = cProfile.Profile() if self.with_cprofile else None
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        try:
            return call(), time.perf_counter() - started
        finally:
            if profiler is not None:
                profiler.disable()
                with self.lock:
                    if self.stats is None:
                        self.stats = pstats.Stats(profiler)
                    else:
                        self.stats.add(profiler)

    def wrap_world(self, gzipped_world):
        """Time WorldFiles._gzipped_world: the server's work for one GET of a world."""

        def timed_world(files, setting):
            packed, seconds = self._profiled(lambda: gzipped_world(files, setting))
            with self.lock:
                self.worlds.append(seconds)
            return packed

        return timed_world

    def wrap(self, run_script):
        def timed_run(runner, rerun_data):
            waited = time.perf_counter() - self.last_request_at
            cpu_before = time.process_time()
            result, elapsed = self._profiled(lambda: run_script(runner, rerun_data))
            cpu = time.process_time() - cpu_before
            with self.lock:
                fragment = bool(getattr(rerun_data, "fragment_id_queue", None))
                self.runs.append(
                    {"seconds": elapsed, "fragment": fragment, "waited": waited, "cpu": cpu}
                )
            return result

        return timed_run


def serve(out_dir: Path, with_cprofile: bool, streamlit_args: list[str]) -> None:
    """Run `streamlit <streamlit_args>` in this process, instrumented."""
    from streamlit.runtime.app_session import AppSession
    from streamlit.runtime.scriptrunner import script_runner
    from streamlit.web import cli

    from server.world_files import WorldFiles  # the class app.py's middleware will use

    recorder = _Recorder(out_dir, with_cprofile)
    script_runner.ScriptRunner._run_script = recorder.wrap(script_runner.ScriptRunner._run_script)
    WorldFiles._gzipped_world = recorder.wrap_world(WorldFiles._gzipped_world)
    AppSession.handle_backmsg = recorder.wrap_backmsg(AppSession.handle_backmsg)
    gc.callbacks.append(recorder.on_gc)
    signal.signal(signal.SIGUSR1, recorder.reset)
    signal.signal(signal.SIGUSR2, recorder.dump)
    sys.argv = ["streamlit", *streamlit_args]
    cli.main()


# --- the driver side -----------------------------------------------------------------------

FIRST_PHASE = "beta/n, new settings"
REPLAY_PHASE = "beta/n, the same walk again (figures cached)"
WORLD_PHASE = "b/sigma (a world GET, then the stage's settle report)"
PHASES = {FIRST_PHASE: ["beta", "n"], REPLAY_PHASE: ["beta", "n"], WORLD_PHASE: ["b", "sigma"]}
WORLD_KEYS = ("b", "sigma")
DUMP_TIMEOUT_SECONDS = 30.0
WARMUP_RERUNS = 30


def _fetch_world(url: str) -> tuple[float, int]:
    """GET a world as the browser does (gzip accepted): seconds, bytes received."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    started = time.perf_counter()
    with urllib.request.urlopen(request, timeout=60) as response:
        received = len(response.read())
    return time.perf_counter() - started, received


def _signal_and_read(pid: int, out_dir: Path) -> tuple[dict, Path | None]:
    summary_path = out_dir / "summary.json"
    summary_path.unlink(missing_ok=True)
    os.kill(pid, signal.SIGUSR2)
    deadline = time.monotonic() + DUMP_TIMEOUT_SECONDS
    while not summary_path.exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the server wrote no summary")
        time.sleep(0.05)
    profile = out_dir / "profile.pstats"
    return json.loads(summary_path.read_text()), profile if profile.exists() else None


async def _drive(url: str, pid: int, out_dir: Path, reruns: int, seed: int) -> dict:
    from tests.support.load_client import STREAM_PATH, Visitor

    http_base = url.replace("ws://", "http://").removesuffix(STREAM_PATH)
    rng = random.Random(seed)
    visitor = Visitor(url)
    results = {}
    await visitor.connect()
    try:
        await visitor.run()
        for _ in range(WARMUP_RERUNS):  # caches and imports warm, as on a server in use
            moved = visitor.move_random_slider(["beta", "n", "b", "sigma"], rng)
            await visitor.run(visitor.fragment_of(moved))
        walk_start: dict[str, float] = {}
        for phase, keys in PHASES.items():
            if phase == REPLAY_PHASE:  # the same moves from the same place: every figure cached
                for key, position in walk_start.items():
                    visitor.set_position(key, position)
                await visitor.run()
                walk_rng = random.Random(seed)
            else:
                walk_start = visitor.positions()
                walk_rng = random.Random(seed) if phase == FIRST_PHASE else rng
            os.kill(pid, signal.SIGUSR1)
            await asyncio.sleep(0.2)
            client_seconds, client_bytes, world_seconds, world_bytes = [], [], [], []
            count = reruns if keys == ["beta", "n"] else max(10, reruns // 4)
            for _ in range(count):
                moved = visitor.move_random_slider(keys, walk_rng)
                if moved in WORLD_KEYS:  # the browser draws the new world before it settles
                    seconds, received = await asyncio.to_thread(
                        _fetch_world, http_base + visitor.stage.world_path()
                    )
                    world_seconds.append(seconds)
                    world_bytes.append(received)
                result = await visitor.run(visitor.fragment_of(moved))
                client_seconds.append(result.seconds)
                client_bytes.append(result.bytes_received)
            summary, profile = _signal_and_read(pid, out_dir)
            kept = None
            if profile is not None:
                kept = out_dir / f"profile-{len(results)}.pstats"
                profile.replace(kept)
            results[phase] = {
                "client": client_seconds,
                "bytes": client_bytes,
                "world_client": world_seconds,
                "world_bytes": world_bytes,
                "summary": summary,
                "profile": kept,
            }
    finally:
        await visitor.close()
    return results


def _category(filename: str) -> str:
    for marker, name in (
        ("/plotly/", "plotly (figures, validation, to JSON)"),
        ("/_plotly_utils/", "plotly (figures, validation, to JSON)"),
        ("/streamlit/", "streamlit (runner, elements, protobuf, caching)"),
        ("/google/protobuf/", "streamlit (runner, elements, protobuf, caching)"),
        ("/numpy/", "numpy"),
        ("/pandas/", "pandas"),
        ("/core/", "core (the math)"),
        ("/ui/", "ui (state, figures, compute)"),
        ("/pages/", "pages"),
        ("/json/", "json"),
    ):
        if marker in filename:
            return name
    return "other (stdlib, builtins)"


def _print_profile(profile: Path, runs: int, top: int) -> None:
    stats = pstats.Stats(str(profile))
    by_category: dict[str, float] = {}
    total = 0.0
    for (filename, _line, _name), (_cc, _nc, own, _cum, _callers) in stats.stats.items():
        by_category[_category(filename)] = by_category.get(_category(filename), 0.0) + own
        total += own
    print(f"    profiled time by where it is spent (own time, {runs} runs):")
    for name, seconds in sorted(by_category.items(), key=lambda item: -item[1]):
        print(f"      {seconds / total:6.1%}  {seconds / runs * 1000:7.2f} ms/run  {name}")
    print(f"    top {top // 2} by own time per run (profiled ms), any module:")
    for (filename, line, name), (_cc, calls, own, _cum, _callers) in sorted(
        stats.stats.items(), key=lambda item: -item[1][2]
    )[: top // 2]:
        where = filename.split("/site-packages/")[-1].replace(str(Path.cwd()) + "/", "")
        print(
            f"      {own / runs * 1000:8.2f} ms  {calls / runs:7.1f} calls  {where}:{line}({name})"
        )
    print(f"    top {top} by cumulative time per run (profiled ms):")
    entries = sorted(stats.stats.items(), key=lambda item: -item[1][3])
    shown = 0
    for (filename, line, name), (_cc, calls, _own, cumulative, _callers) in entries:
        if not any(
            part in filename for part in ("/ui/", "/core/", "/pages/", "plotly", "elements")
        ):
            continue
        where = filename.split("/site-packages/")[-1].replace(str(Path.cwd()) + "/", "")
        print(
            f"      {cumulative / runs * 1000:8.2f} ms  {calls / runs:7.1f} calls  "
            f"{where}:{line}({name})"
        )
        shown += 1
        if shown >= top:
            break


def _report(label: str, results: dict, top: int) -> None:
    from tests.support.machine import (
        percentile,  # noqa: PLC0415 (as main's: the wrapper stays lean)
    )

    print(f"[{label}]")
    for phase, result in results.items():
        runs = result["summary"]["runs"]
        server = [run["seconds"] * 1000 for run in runs]
        client = [seconds * 1000 for seconds in result["client"]]
        gc_seconds = result["summary"]["gc_seconds"]
        gc_counts = result["summary"]["gc_counts"]
        fragment_runs = sum(run["fragment"] for run in runs)
        print(
            f"  {phase}: {len(client)} reruns ({fragment_runs} of them fragment runs); "
            f"client median {statistics.median(client):.1f} ms, "
            f"server run median {statistics.median(server):.1f} ms "
            f"(p95 {percentile(server, 0.95):.1f} ms), "
            f"request to run start median "
            f"{statistics.median(run['waited'] * 1000 for run in runs):.1f} ms; "
            f"median {statistics.median(result['bytes']) / 1024:.1f} KB sent"
        )
        worlds = [seconds * 1000 for seconds in result["summary"]["worlds"]]
        if result["world_client"]:
            run_median = statistics.median(server)
            print(
                f"    world GETs: {len(result['world_client'])}, server median "
                f"{statistics.median(worlds or [math.nan]):.1f} ms (p95 "
                f"{percentile(worlds, 0.95):.1f} ms), client median "
                f"{statistics.median(result['world_client']) * 1000:.1f} ms, median "
                f"{statistics.median(result['world_bytes']) / 1024:.1f} KB over HTTP; a change's "
                f"server time (fragment run + world) median "
                f"{run_median + statistics.median(worlds or [math.nan]):.1f} ms"
            )
        cpu = [run["cpu"] * 1000 for run in runs]
        print(
            f"    CPU (time.process_time, the server's every thread): during a run median "
            f"{statistics.median(cpu):.1f} ms (p95 {percentile(cpu, 0.95):.1f} ms); the whole "
            f"phase {result['summary']['cpu_seconds'] * 1000 / max(1, len(client)):.1f} ms per "
            "move (runs, websocket, world GETs, garbage collection)"
        )
        print(
            "    garbage collection: "
            + ", ".join(
                f"gen{generation} {gc_counts[generation]}x "
                f"{gc_seconds[generation] * 1000 / max(1, len(client)):.2f} ms/rerun"
                for generation in range(3)
            )
        )
        if result["profile"] is not None:
            _print_profile(result["profile"], max(1, len(runs)), top)


def main(argv: list[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] == SERVE_FLAG:
        out_dir, mode, streamlit_args = Path(argv[1]), argv[2], argv[4:]  # argv[3] is "--"
        serve(out_dir, mode == "cprofile", streamlit_args)
        return 0

    parser = argparse.ArgumentParser(
        prog="python -m bench.profile_rerun", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--app", type=Path, default=Path("app.py"))
    parser.add_argument("--reruns", type=int, default=200, help="β/n reruns per pass")
    parser.add_argument("--top", type=int, default=20, help="functions to list")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument(
        "--timing-only", action="store_true", help="skip the cProfile pass (half the time)"
    )
    args = parser.parse_args(argv)

    from tests.support.machine import machine_line
    from tests.support.server import start_streamlit
    from ui.playground import world_store

    print(f"bench.profile_rerun: {machine_line()}")
    print(f"  worlds in the store (this code's): {world_store.stored_count()} of 441")
    for mode in ("timing",) if args.timing_only else ("timing", "cprofile"):
        out_dir = Path(tempfile.mkdtemp(prefix=f"profile-{mode}-"))
        launcher = (
            sys.executable,
            "-m",
            "bench.profile_rerun",
            SERVE_FLAG,
            str(out_dir),
            mode,
            "--",
        )
        server = start_streamlit(args.app, launcher=launcher)
        try:
            results = asyncio.run(
                _drive(server.websocket_url, server.pid, out_dir, args.reruns, args.seed)
            )
        finally:
            if not server.is_running():
                print(f"the server died; its log:\n{server.log_text()}", file=sys.stderr)
            server.stop()
        _report("no profiler: honest times" if mode == "timing" else "cProfile", results, args.top)
    print(f"after: {machine_line()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
