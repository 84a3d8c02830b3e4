"""The pin's URL form, pure: ``?pin=b_σ_β_n`` read like every setting, written back.

Four numbers, b, σ, β and n, each at its slider's nearest stop (with a note, as a setting
would); anything else pins nothing, with a note. ``ui.playground.pin`` puts it on the page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

from common.i18n import tr
from ui.settings import SETTINGS
from ui.url_values import MAX_URL_VALUE, nearest_stop, shown, url_form

PIN_KEY = "pin"  # URL parameter: ?pin=b_σ_β_n (e.g. pin=0.2_0.5_0.3_49) pins that picture
PIN_ORDER = ("b", "sigma", "beta", "n")  # the pin's four numbers, in the address's order
# "_" between them: the browser's address bar writes a comma as %2C (a typed comma still works).
PIN_SEPARATOR = "_"


@dataclass(frozen=True)
class Pin:
    """A setting of all four sliders whose curves and clouds stay on the stage, faded."""

    values: Mapping[str, float]  # a stop of every key in PIN_ORDER

    def url_form(self) -> str:
        """How the address writes it: "0.2_0.5_0.3_49"."""
        return PIN_SEPARATOR.join(SETTINGS[key].url_text(self.values[key]) for key in PIN_ORDER)

    def label(self) -> str:
        """How the stage names it: "b = 0.2, σ = 0.5, β = 0.3, n = 49"."""
        return ", ".join(
            f"{SETTINGS[key].symbol} = {url_form(self.values[key])}" for key in PIN_ORDER
        )


def parse_pin(raw_values: list[str]) -> tuple[Pin | None, str | None]:
    """The pin a URL asks for (None: nothing pinned) and a plain note if it was not usable.

    Four numbers, b, σ, β and n, separated by "_" (or commas); each goes to its slider's
    nearest stop (with a note, as a setting would). Anything else pins nothing, with a note.
    """
    if not raw_values:
        return None, None
    raw = raw_values[-1]
    repeated = ""
    if len(raw_values) > 1:
        repeated = tr(
            "The link pins {count} pictures; the last one counts. ", count=len(raw_values)
        )
    parts = re.split(r"[_,]", raw) if len(raw) <= MAX_URL_VALUE else []
    numbers = []
    for part in parts:
        try:
            numbers.append(float(part))
        except ValueError:
            numbers.append(math.nan)
    if len(numbers) != len(PIN_ORDER) or any(math.isnan(number) for number in numbers):
        return None, repeated + tr(
            "The link's pin, {raw}, is not four numbers b, σ, β and n (e.g. pin=0.2_0.5_0.3_49), "
            "so nothing is pinned.",
            raw=shown(raw),
        )
    values = {
        key: nearest_stop(SETTINGS[key], number)
        for key, number in zip(PIN_ORDER, numbers, strict=True)
    }
    moved = [
        tr(
            "{symbol} {raw} to {value}",
            symbol=SETTINGS[key].symbol,
            raw=shown(part),
            value=url_form(values[key]),
        )
        for key, number, part in zip(PIN_ORDER, numbers, parts, strict=True)
        if values[key] != number
    ]
    if not moved:
        return Pin(values), (repeated.strip() or None)
    return Pin(values), repeated + tr(
        "The link's pin is off the sliders' stops, so it is pinned at the nearest ones: {moved}.",
        moved=", ".join(moved),
    )
