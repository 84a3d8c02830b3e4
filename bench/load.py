"""Load: simulated visitors speaking Streamlit's own websocket protocol to one server process.

Each visitor does what a browser tab does, without drawing: it opens
ws://127.0.0.1:PORT/_stcore/stream (subprotocol "streamlit"), asks for a run (a BackMsg
`rerun_script` carrying a ClientState), reads ForwardMsgs until `script_finished`, learns the
sliders from the deltas, and later sends the same ClientState with one slider moved, the full
widget state, the query string the server last set and the hashes of the large messages it has
cached (as the browser does, so unchanged big charts come back as references).

Three measurements, each against a fresh server this script starts (or --port/--pid):
- sessions: N visitors (default 100) each move a slider every ~5 s (jittered) for ~60 s, then
  stop. Rerun time = BackMsg sent to `script_finished` received, on loopback. Closed loop per
  visitor: a change waits for the previous rerun to finish (counted as "late").
- burst: N visitors open the page at the same moment; time to the first complete page, on the
  fresh server and again once it is warm.
- reruns: one visitor reruns 1,000 times (random walk over every slider); server memory growth.

Budgets (SPEC §5): sessions p95 ≤ 1 s, zero errors, peak RSS ≤ 1 GB; reruns growth ≤ 50 MB.

    .venv/bin/python -m bench.load                      # all three, 100 sessions, 60 s
    .venv/bin/python -m bench.load --mode sessions --sessions 20 --duration 30
    .venv/bin/python -m bench.load --mode reruns --reruns 1000
    .venv/bin/python -m bench.load --server-arg=--runner.postScriptGC=true   # compare a config
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import datetime
import os
import random
import socket
import statistics
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.Slider_pb2 import Slider

from bench.stage_client import StageState
from tests.support.server import REPO_ROOT, StreamlitServer, read_memory_kib, start_streamlit

DEFAULT_APP = REPO_ROOT / "app.py"
RUN_TIMEOUT_SECONDS = 60.0  # one rerun slower than this counts as an error
CONNECT_TIMEOUT_SECONDS = 30.0
MEMORY_POLL_SECONDS = 0.25
STREAM_PATH = "/_stcore/stream"
MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a single ForwardMsg larger than this is a bug, not load

# Budgets from SPEC §5.
BUDGET_P95_SECONDS = 1.0
BUDGET_RSS_MB = 1024.0
BUDGET_GROWTH_MB = 50.0


class RunError(RuntimeError):
    """A run ended badly: an exception element, a compile error, a timeout, a closed socket."""


@dataclass
class SliderState:
    """One slider as the visitor knows it: its widget id and current position."""

    widget_id: str
    key: str
    is_select: bool
    options: list[str]  # select_slider: the formatted options; slider: empty
    minimum: float
    maximum: float
    step: float
    position: float  # select_slider: option index; slider: the value
    fragment_id: str = ""  # the st.fragment that draws it: moving it reruns only that
    query_param_key: str = ""  # bound to this URL parameter (bind="query-params"), or ""
    default_position: float = 0.0

    @classmethod
    def from_proto(cls, proto: Slider, fragment_id: str = "") -> SliderState:
        values = list(proto.value) if proto.set_value else list(proto.default)
        defaults = list(proto.default)
        return cls(
            widget_id=proto.id,
            key=proto.id.split("-", maxsplit=2)[-1],  # "$$ID-<hash>-<user key>"
            is_select=proto.type == Slider.Type.SELECT_SLIDER,
            options=list(proto.options),
            minimum=proto.min,
            maximum=proto.max,
            step=proto.step or 1.0,
            position=values[0] if values else proto.min,
            fragment_id=fragment_id,
            query_param_key=proto.query_param_key,
            default_position=defaults[0] if defaults else proto.min,
        )

    def stepped(self, steps: int) -> float:
        """The position `steps` steps away, clamped to the slider's range."""
        moved = self.position + steps * self.step
        moved = min(self.maximum, max(self.minimum, moved))
        # Snap to the slider's grid, as the browser does, so floats do not drift.
        return round(self.minimum + round((moved - self.minimum) / self.step) * self.step, 10)

    def url_value(self) -> str | None:
        """How the browser writes this slider in the address bar; None at its default."""
        if self.position == self.default_position:
            return None
        if self.is_select:
            return self.options[int(self.position)]
        return f"{self.position:g}"

    def fill(self, widget_state) -> None:
        """Write this slider's value into a WidgetState proto, as the browser encodes it."""
        widget_state.id = self.widget_id
        if self.is_select:
            widget_state.string_array_value.data[:] = [self.options[int(self.position)]]
        else:
            widget_state.double_array_value.data[:] = [self.position]


@dataclass
class RunResult:
    seconds: float
    bytes_received: int
    messages: int


@dataclass
class Visitor:
    """One simulated browser tab on one websocket."""

    url: str
    websocket: websockets.ClientConnection | None = None
    sliders: dict[str, SliderState] = field(default_factory=dict)
    stage: StageState | None = None  # the Playground's stage: β and n move there
    url_query: dict[str, list[str]] = field(default_factory=dict)  # the address bar's query
    page_script_hash: str = ""
    cached_hashes: set[str] = field(default_factory=set)
    quick_ack: bool = True
    _socket: socket.socket | None = None

    async def connect(self) -> None:
        self.websocket = await asyncio.wait_for(
            websockets.connect(
                self.url,
                subprotocols=["streamlit"],
                max_size=MAX_MESSAGE_BYTES,
                compression=None,  # count the bytes the app sends, not what deflate makes of them
                open_timeout=CONNECT_TIMEOUT_SECONDS,
                ping_interval=None,
            ),
            timeout=CONNECT_TIMEOUT_SECONDS,
        )
        self._socket = self.websocket.transport.get_extra_info("socket")

    def _ask_for_quick_ack(self) -> None:
        """ACK what arrives at once, as a receiver on a real network would.

        On loopback a segment can be 64 KB, so a rerun's burst (tens of KB) is less than the
        two full segments after which Linux ACKs at once: the ACK waits for the 40 ms
        delayed-ACK timer, and the server, whose send buffer starts at 16 KB, waits for it.
        Over a real network (1.5 KB segments) every second segment is ACKed. The flag does
        not stick, so it is set before every read.
        """
        if self.quick_ack and self._socket is not None and hasattr(socket, "TCP_QUICKACK"):
            with contextlib.suppress(OSError):
                self._socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_QUICKACK, 1)

    async def close(self) -> None:
        if self.websocket is not None:
            with contextlib.suppress(Exception):
                await self.websocket.close()

    def _client_state_message(self, fragment_id: str = "") -> BackMsg:
        message = BackMsg()
        state = message.rerun_script
        state.query_string = urllib.parse.urlencode(sorted(self.url_query.items()), doseq=True)
        state.page_script_hash = self.page_script_hash
        state.fragment_id = fragment_id
        # What the browser says about itself on every rerun (st.context reads it).
        state.context_info.url = self.url.replace("ws://", "http://").replace(STREAM_PATH, "/")
        state.context_info.timezone = "UTC"
        state.context_info.timezone_offset = 0
        state.context_info.locale = "en-US"
        state.context_info.is_embedded = False
        state.context_info.color_scheme = "light"
        for slider in self.sliders.values():
            slider.fill(state.widget_states.widgets.add())
        if self.stage is not None and self.stage.seq:  # a browser sends it once it has settled
            self.stage.fill(state.widget_states.widgets.add())
        state.cached_message_hashes.extend(sorted(self.cached_hashes))
        return message

    async def run(self, fragment_id: str = "") -> RunResult:
        """Ask for a run (of the whole page, or of one fragment) with the current widget state;
        read until it has finished."""
        assert self.websocket is not None, "connect() first"
        started = time.perf_counter()
        request = self._client_state_message(fragment_id)
        await self.websocket.send(request.SerializeToString())
        received = 0
        messages = 0
        deadline = started + RUN_TIMEOUT_SECONDS
        while True:
            remaining = deadline - time.perf_counter()
            if remaining <= 0:
                raise RunError(f"no script_finished within {RUN_TIMEOUT_SECONDS:.0f} s")
            self._ask_for_quick_ack()
            try:
                raw = await asyncio.wait_for(self.websocket.recv(), timeout=remaining)
            except TimeoutError as error:
                raise RunError(f"no script_finished within {RUN_TIMEOUT_SECONDS:.0f} s") from error
            received += len(raw)
            messages += 1
            message = ForwardMsg()
            message.ParseFromString(raw)
            if self._absorb(message):
                return RunResult(time.perf_counter() - started, received, messages)

    def _absorb(self, message: ForwardMsg) -> bool:
        """Learn from one ForwardMsg; True when it ends the run successfully."""
        if message.metadata.cacheable and message.hash:
            self.cached_hashes.add(message.hash)
        kind = message.WhichOneof("type")
        if kind == "new_session" and not self.page_script_hash:
            self.page_script_hash = message.new_session.page_script_hash
        elif kind == "navigation":  # st.navigation says which page is showing
            self.page_script_hash = message.navigation.page_script_hash
        elif kind == "page_info_changed":  # the app wrote st.query_params
            self.url_query = urllib.parse.parse_qs(message.page_info_changed.query_string)
        elif kind == "delta" and message.delta.WhichOneof("type") == "new_element":
            element = message.delta.new_element
            element_type = element.WhichOneof("type")
            if element_type == "slider":
                slider = SliderState.from_proto(element.slider, message.delta.fragment_id)
                known = self.sliders.get(slider.key)
                # The browser keeps its own position unless the server sets one; the proto
                # carries the default, not what this visitor chose.
                if (
                    known is not None
                    and not element.slider.set_value
                    and slider.minimum <= known.position <= slider.maximum
                ):
                    slider.position = known.position
                self.sliders[slider.key] = slider
            elif element_type == "bidi_component" and StageState.is_stage(element.bidi_component):
                self.stage = StageState.from_proto(
                    element.bidi_component, message.delta.fragment_id, self.stage
                )
            elif element_type == "exception":
                raise RunError(
                    f"the app raised {element.exception.type}: {element.exception.message}"
                )
        elif kind == "session_event" and message.session_event.HasField(
            "script_compilation_exception"
        ):
            raise RunError("the script did not compile")
        elif kind == "script_finished":
            status = message.script_finished
            if status in (
                ForwardMsg.FINISHED_SUCCESSFULLY,
                ForwardMsg.FINISHED_FRAGMENT_RUN_SUCCESSFULLY,
            ):
                return True
            if status == ForwardMsg.FINISHED_WITH_COMPILE_ERROR:
                raise RunError("script_finished: compile error")
            # FINISHED_EARLY_FOR_RERUN: another run follows; keep reading.
        return False

    def stage_keys(self) -> list[str]:
        return list(self.stage.stops) if self.stage is not None else []

    def fragment_of(self, key: str) -> str:
        """The fragment a change of `key` reruns ("" for the whole page)."""
        if key in self.sliders:
            return self.sliders[key].fragment_id
        return self.stage.fragment_id if self.stage is not None else ""

    def positions(self) -> dict[str, float]:
        """Where every slider and stage key is now (to replay a walk from here)."""
        found = {key: slider.position for key, slider in self.sliders.items()}
        if self.stage is not None:
            found.update(self.stage.position)
        return found

    def set_position(self, key: str, position: float) -> None:
        if key in self.sliders:
            self.sliders[key].position = position
        elif self.stage is not None and key in self.stage.stops:
            self.stage.set_position(key, int(position))

    def move_random_slider(self, keys: list[str], rng: random.Random) -> str:
        """Move one of `keys` by 1-3 steps, as a drag would; returns the key moved.

        A key on the stage (β, n) is moved as the stage reports it: a settle report carrying
        the new stop. The next `run(self.fragment_of(key))` is then what the browser would
        ask for.
        """
        candidates = [key for key in keys if key in self.sliders or key in self.stage_keys()]
        if not candidates:
            raise RunError(
                f"none of the sliders {keys} is on the page "
                f"({sorted(self.sliders) + self.stage_keys()})"
            )
        key = rng.choice(candidates)
        steps = rng.choice((-3, -2, -1, 1, 2, 3))
        if key not in self.sliders:
            self.stage.step(key, steps)
            return key
        slider = self.sliders[key]
        moved = slider.stepped(steps)
        if moved == slider.position:  # at an end: go the other way
            moved = slider.stepped(-steps)
        slider.position = moved
        if slider.query_param_key:  # the browser keeps a bound slider in the address bar
            url_value = slider.url_value()
            if url_value is None:
                self.url_query.pop(slider.query_param_key, None)
            else:
                self.url_query[slider.query_param_key] = [url_value]
        return key


class MemoryWatch:
    """Polls a process's VmRSS in the background; keeps the peak and the latest value."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.latest_kib = read_memory_kib(pid)["VmRSS"]
        self.peak_kib = self.latest_kib
        self._task: asyncio.Task | None = None

    async def _poll(self) -> None:
        while True:
            with contextlib.suppress(OSError, KeyError):
                self.latest_kib = read_memory_kib(self.pid)["VmRSS"]
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
            return read_memory_kib(self.pid)["VmHWM"]
        return self.peak_kib


def percentile(values: list[float], fraction: float) -> float:
    """The `fraction` quantile (nearest rank) of `values`; NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * len(ordered) + 0.5) - 1))
    return ordered[index]


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
        baseline_kib = read_memory_kib(pid)["VmRSS"]
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
                checkpoints.append((index, megabytes(read_memory_kib(pid)["VmRSS"])))
    finally:
        await visitor.close()
    final_mb = megabytes(read_memory_kib(pid)["VmRSS"])
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


MEASUREMENTS = {"burst": measure_burst, "sessions": measure_sessions, "reruns": measure_reruns}


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


def machine_line() -> str:
    load1, load5, _ = os.getloadavg()
    now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    return f"{now}, {os.cpu_count()} cores, load average {load1:.2f} (1 min) {load5:.2f} (5 min)"


def main(argv: list[str] | None = None) -> int:
    args = parse_arguments(argv)
    modes = list(MEASUREMENTS) if args.mode == "all" else [args.mode]
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
