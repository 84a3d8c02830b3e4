"""The stage's pin: one picture (b, σ, β, n) kept, faded, beside the current one.

The pin lives in the address as ``?pin=b_σ_β_n`` (``ui/pin_url.py``), so a lecturer
sends "before and after b = 0.2" as one link. The browser pins and clears (``pin_controls.js`` in
``stage_assets/``) and reports the pin with β and n; the address decides on arrival and after
Back or Forward (``ui.address.resolve``), and the stage is then asked to follow (a new
request ``id``).
What the stage draws of a pin is small: both curves of its (b, σ) and each method's cloud and
marks at its β and n stop, cut from that (b, σ)'s world: ~10 KB, against ~60 KB for a world.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable

import streamlit as st

from ui import compute
from ui.address import PIN, PIN_WRITTEN
from ui.pin_url import PIN_KEY, Pin, parse_pin
from ui.url_values import MAX_URL_VALUE, url_form

SNAPSHOT_ENTRIES = 64  # pins cut from worlds, shared by every session (~10 KB each)
log = logging.getLogger(__name__)


def current() -> Pin | None:
    """The session's pin (None: nothing pinned)."""
    return st.session_state.get(PIN, {}).get("pin")


def _set(pin: Pin | None) -> None:
    """The browser's pin: the same ``id`` (the address did not set it; ui.address does)."""
    st.session_state[PIN] = {"id": st.session_state.get(PIN, {"id": 0})["id"], "pin": pin}


def url() -> dict[str, str | None]:
    """The address's pin parameter for the session's pin (None: drop it), for
    ``state.write_url``; it is what the page writes, so remembered as written."""
    pin = current()
    text = pin.url_form() if pin else None
    st.session_state[PIN_WRITTEN] = [text] if text else []
    return {PIN_KEY: text}


def remember_report(report) -> None:
    """Callback: take the pin the browser reported with a settled β and n, if any."""
    reported, pin = from_browser(report)
    if reported:
        _set(pin)


def from_browser(report) -> tuple[bool, Pin | None]:
    """Whether the browser's report sets the pin, and to what: a pin's text ("" when cleared;
    no ``pin`` when it did not change). A value the stage would never send (not four stops)
    is logged and ignored."""
    if not isinstance(report, dict) or "pin" not in report:
        return False, None
    text = report["pin"]
    if text in ("", None):
        return True, None
    pin, note = parse_pin([str(text)[:MAX_URL_VALUE]])
    if pin is None or note:
        log.warning("stage: ignored a pin from the browser: %.80r (%s)", text, note)
        return False, None
    return True, pin


def for_stage(world_json: Callable[[float, float], str]) -> dict:
    """What the stage needs of the session's pin: the request ``id`` (new when the address
    set it), its URL text and label, and its snapshot cut from ``world_json(b, σ)``."""
    asked = st.session_state.get(PIN, {"id": 0, "pin": None})
    pin = asked["pin"]
    if pin is None:
        return {"id": asked["id"], "text": None, "snapshot": None}
    values = pin.values
    world = world_json(values["b"], values["sigma"])
    stops = (url_form(values["beta"]), url_form(values["n"]))
    return {"id": asked["id"], "text": pin.url_form(), "snapshot": snapshot(world, *stops)}


@compute.cached(SNAPSHOT_ENTRIES)
def snapshot(world_text: str, beta: str, n: str) -> dict:
    """A pin's picture from its world: per method, the stop, the whole curve, and the cloud
    and both marks at the stop (the same cut as ``pin.js``'s ``snapshotOf``)."""
    world = json.loads(world_text)
    picture = {"b": world["b"], "sigma": world["sigma"]}
    for key, stop in (("beta", beta), ("n", n)):
        method = world[key]
        index = method["stops"].index(stop)
        picture[key] = {
            "stop": stop,
            "curve": method["curve"],
            "cloud": method["cloud"][index],
            "mark": {field: values[index] for field, values in method["marks"].items()},
        }
    return picture
