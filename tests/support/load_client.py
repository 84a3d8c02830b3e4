"""A simulated browser tab for the load benchmarks: Streamlit's own websocket protocol.

A Visitor opens ws://127.0.0.1:PORT/_stcore/stream (subprotocol "streamlit"), asks for a run
(a BackMsg `rerun_script` carrying a ClientState), reads ForwardMsgs until `script_finished`,
learns the sliders (and the Playground's stage, tests/support/stage_over_websocket.py) from the
deltas, and later sends the same ClientState with one setting moved, the full widget state, the
query string the server last set and the hashes of the large messages it has cached (as the
browser does, so unchanged big elements come back as references). Used by bench.load and
bench.profile_rerun.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import time
import urllib.parse
from dataclasses import dataclass, field

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg
from streamlit.proto.Slider_pb2 import Slider

from tests.support.stage_over_websocket import StageState

RUN_TIMEOUT_SECONDS = 60.0  # one rerun slower than this counts as an error
CONNECT_TIMEOUT_SECONDS = 30.0
STREAM_PATH = "/_stcore/stream"
MAX_MESSAGE_BYTES = 64 * 1024 * 1024  # a single ForwardMsg larger than this is a bug, not load


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
    stage_world_hashes: set[str] = field(default_factory=set)  # cached stage elements with a world
    quick_ack: bool = True
    # None: count the bytes the app sends, not what deflate makes of them; "deflate" as every
    # browser asks (bench.first_page: the server then deflates each message it sends).
    compression: str | None = None
    _socket: socket.socket | None = None

    async def connect(self) -> None:
        self.websocket = await asyncio.wait_for(
            websockets.connect(
                self.url,
                subprotocols=["streamlit"],
                max_size=MAX_MESSAGE_BYTES,
                compression=self.compression,
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
                received = self.stage.worlds_received if self.stage else 0
                self.stage = StageState.from_proto(
                    element.bidi_component, message.delta.fragment_id, self.stage
                )
                if self.stage.worlds_received > received and message.metadata.cacheable:
                    self.stage_world_hashes.add(message.hash)
            elif element_type == "exception":
                raise RunError(
                    f"the app raised {element.exception.type}: {element.exception.message}"
                )
        elif kind == "ref_hash" and message.ref_hash in self.stage_world_hashes and self.stage:
            # The same stage element again (the server sends a cached message by its hash):
            # the browser would draw it from its cache, world and all.
            self.stage.worlds_received += 1
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
        self.keep_in_address(slider)
        return key

    def keep_in_address(self, slider) -> None:
        """Write a URL-bound slider's position into the address, as the browser does."""
        if not slider.query_param_key:
            return
        url_value = slider.url_value()
        if url_value is None:
            self.url_query.pop(slider.query_param_key, None)
        else:
            self.url_query[slider.query_param_key] = [url_value]
