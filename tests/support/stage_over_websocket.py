"""The Playground's stage as a websocket load client sees it, and how it reports its settings.

In a browser, all four settings move on the stage (a Streamlit custom component,
ui/playground/stage.py) with no server round trip (b and σ fetch their world from /worlds/
over HTTP); the settled value goes back once, as the component's JSON state: a rerun (of the
stage's fragment) whose widget states carry, for the component's widget id (the
bidi_component element's id, ending in "-stage"),

    json_value = '{"settled": {"seq": 3, "beta": "0.6", "n": "49", "b": "0", "sigma": "0.5"}}'

(what the frontend's widgetMgr.setJsonValue sends; the rerun's ClientState.fragment_id is the
fragment the element arrived in). This module learns the stage from its element and writes
that state, so bench.load and bench.profile_rerun can drive the stage as a browser does.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from streamlit.proto.BidiComponent_pb2 import BidiComponent

STAGE_ID_SUFFIX = "-stage"  # ui/playground/stage.py's STAGE_KEY, at the end of the element's id
STAGE_KEYS = ("beta", "n", "b", "sigma")
WORLD_KEYS = ("b", "sigma")  # their stops come with the stage's data, not in its world


@dataclass
class StageState:
    """The stage as one visitor knows it: its widget, its stops, and where β and n are."""

    widget_id: str
    fragment_id: str
    stops: dict[str, list[str]]  # key -> the stops as the URL writes them ("0.6", "49")
    position: dict[str, int]  # key -> index of the current stop
    request_id: object = None  # Python's last move request (a story button); see stage.js
    world_folder: str = ""  # where the browser fetches b and σ's worlds: "/worlds/<fingerprint>/"
    seq: int = 0  # settle reports sent; 0: none yet, so no state is sent (as in a browser)
    worlds_received: int = 0  # runs that sent a world (a settle's rerun sends none)

    @staticmethod
    def is_stage(proto: BidiComponent) -> bool:
        return proto.id.endswith(STAGE_ID_SUFFIX)

    @classmethod
    def from_proto(
        cls, proto: BidiComponent, fragment_id: str, known: StageState | None = None
    ) -> StageState:
        """The stage from its element; keeps `known`'s stops unless Python asked for a move.

        Raises
        ------
        ValueError if the element carries no world (its data is not the stage's JSON).
        """
        data = json.loads(proto.json or "{}")
        if "world" not in data:
            raise ValueError(f"the stage element {proto.id} carries no world")
        request = data.get("request") or {}
        if data["world"] is None:  # a settle's rerun: the stage keeps the world it holds
            if known is None or known.request_id != request.get("id"):
                raise ValueError(f"the stage element {proto.id} sent no world for a new request")
            return known
        world = json.loads(data["world"])
        stops = {key: list(world[key]["stops"]) for key in STAGE_KEYS if key not in WORLD_KEYS}
        stops |= {key: list(data["worlds"][key]["stops"]) for key in WORLD_KEYS}
        stage = cls(proto.id, fragment_id, stops, {}, request.get("id"), data["worlds"]["address"])
        for key in STAGE_KEYS:
            if known is not None and known.request_id == stage.request_id:
                stage.position[key] = known.position[key]
            else:
                wanted = str(request.get(key, stops[key][0]))
                stage.position[key] = stops[key].index(wanted) if wanted in stops[key] else 0
        if known is not None:
            stage.seq = known.seq
            stage.worlds_received = known.worlds_received
        stage.worlds_received += 1
        return stage

    def step(self, key: str, steps: int) -> None:
        """Move `key` by `steps` stops (the other way at an end), then report it settled."""
        last = len(self.stops[key]) - 1
        moved = min(last, max(0, self.position[key] + steps))
        if moved == self.position[key]:
            moved = min(last, max(0, self.position[key] - steps))
        self.set_position(key, moved)

    def set_position(self, key: str, index: int) -> None:
        self.position[key] = index
        self.seq += 1

    def world_path(self) -> str:
        """The address of the world at the current b and σ, as the browser fetches it."""
        return f"{self.world_folder}{self.stops['b'][self.position['b']]}_" + (
            f"{self.stops['sigma'][self.position['sigma']]}.json"
        )

    def settled(self) -> dict:
        return {
            "seq": self.seq,
            **{key: self.stops[key][self.position[key]] for key in STAGE_KEYS},
        }

    def fill(self, widget_state) -> None:
        """Write the component's state into a WidgetState proto, as the frontend encodes it."""
        widget_state.id = self.widget_id
        widget_state.json_value = json.dumps({"settled": self.settled()}, separators=(",", ":"))
