"""A load-client visitor that also reads what the page says: the link it offers, its readouts.

bench/load.py's Visitor speaks Streamlit's websocket protocol and learns the sliders; this one
also keeps the page's "Link to this setting" and its metrics, and starts its sliders where its
URL puts them (the server's slider protos carry the default; a browser takes the position of a
URL-bound slider from its address bar, and so does this visitor).
"""

from __future__ import annotations

import html
import json
import random
import re
import urllib.parse

from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from tests.support.load_client import Visitor

LINK_BOX = re.compile(r'class="rh-link"><input [^>]*value="([^"]*)"')  # ui/link_box.py's box
B_STOPS = [f"{0.05 * step:g}" for step in range(21)]  # ui/settings.py's, as the URL writes them
SIGMA_STOPS = [f"{0.1 * step:g}" for step in range(21)]


class PageVisitor(Visitor):
    """A Visitor that remembers the share link and the metrics of its last run."""

    share_link: str = ""
    metrics: dict[str, list[str]] | None = None

    def _absorb(self, message: ForwardMsg) -> bool:
        if message.WhichOneof("type") == "delta" and message.delta.WhichOneof("type") == (
            "new_element"
        ):
            element = message.delta.new_element
            kind = element.WhichOneof("type")
            if kind == "code" and "://" in element.code.code_text:  # before ui/link_box.py
                self.share_link = element.code.code_text
            elif kind == "html" and (box := LINK_BOX.search(element.html.body)):
                self.share_link = html.unescape(box.group(1))
            elif kind == "metric":
                if self.metrics is None:
                    self.metrics = {}
                self.metrics.setdefault(element.metric.label, []).append(element.metric.body)
            elif kind == "bidi_component" and element.bidi_component.json:
                # The Playground's stage: its readouts at the stops it was asked to show.
                if self.metrics is None:
                    self.metrics = {}
                data = json.loads(element.bidi_component.json)
                # A settle's rerun sends no world: the stage shows what its last world said.
                if data.get("world") is not None:
                    self.metrics["stage"] = stage_readouts(data)
        finished = super()._absorb(message)
        if finished:
            self.align_sliders_with_url()
        return finished

    def align_sliders_with_url(self) -> None:
        """Put every URL-bound slider where the address bar says, as the browser does.

        A slider bound to the URL arrives with ``set_value`` and no value, so Visitor puts it
        at its minimum; the browser shows the URL's value, or the default where there is none.
        """
        for slider in self.sliders.values():
            if not (slider.is_select and slider.query_param_key):
                continue
            values = self.url_query.get(slider.query_param_key)
            if values and values[-1] in slider.options:
                slider.position = float(slider.options.index(values[-1]))
            else:
                slider.position = slider.default_position

    def link_query(self) -> dict[str, list[str]]:
        """The query of the link the page offers (what it shows is what it computed)."""
        return urllib.parse.parse_qs(urllib.parse.urlsplit(self.share_link).query)


def stage_readouts(data: dict) -> list[str]:
    """The eight readouts the Playground's stage shows for the data it was sent."""
    world, request = json.loads(data["world"]), data["request"]
    shown = []
    for key in ("beta", "n"):
        method = world[key]
        index = method["stops"].index(request[key])
        shown += [method["readouts"][field][index] for field in ("kl", "proxy", "gold", "length")]
    return shown


def own_setting(index: int) -> dict[str, list[str]]:
    """Visitor `index`'s own (b, σ): 300 visitors, 300 different settings of the 441."""
    return {"b": [B_STOPS[index % 21]], "sigma": [SIGMA_STOPS[(index // 21 + index) % 21]]}


def jump_to_random_stop(visitor: PageVisitor, keys: list[str], rng: random.Random) -> str:
    """Put one slider on a random stop (not where it is), as a click on its track would; a
    setting on the Playground's stage (all four there) is reported settled there, as the
    browser does. Run ``visitor.fragment_of(key)`` next."""
    key = rng.choice([key for key in keys if key in visitor.sliders or key in visitor.stage_keys()])
    if key not in visitor.sliders:
        stops = len(visitor.stage.stops[key])
        visitor.stage.set_position(
            key, (visitor.stage.position[key] + rng.randrange(1, stops)) % stops
        )
        return key
    slider = visitor.sliders[key]
    stops = len(slider.options)
    slider.position = float((int(slider.position) + rng.randrange(1, stops)) % stops)
    visitor.keep_in_address(slider)
    return key
