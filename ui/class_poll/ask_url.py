"""The Playground's "Ask the room" link, read: ``?ask=STEP&beta=..&n=..&b=..&sigma=..`` (pure).

The story bar (``ui.playground.story_bar.ask_query``) writes the link with the story step
(1 to 7, as the story numbers them) and the four values on the stage; the class poll's start
screen reads it here into the step and the setting to ask it at. Anything unusable becomes the
nearest valid state with a plain sentence, as every setting of the app does
(``ui.url_values``): a step that is not a whole number from 1 to 7 the nearest one (not a
number at all: step 1), a value off its slider's stops the nearest stop, a value that is no
number the step's own. The sentences repeat at most the letters, digits and ``.,+-`` of what
was given (``url_values.shown``).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ui.address import ASK_KEY
from ui.settings import SETTINGS, STAGE_KEYS
from ui.story_steps import PRESETS
from ui.url_values import MAX_URL_VALUE, shown, url_form


@dataclass(frozen=True)
class Ask:
    """A story step's question to ask, read from an address."""

    step: int  # 0-based index into ui.story_steps.PRESETS
    values: dict[str, float]  # beta, n, b, sigma: each a stop of its slider
    notes: tuple[str, ...]  # plain sentences about what was corrected


def read_ask(query: Mapping[str, Sequence[str]]) -> Ask | None:
    """The question an address asks for (None: it has no ``ask``), every value usable."""
    raw_steps = list(query.get(ASK_KEY, ()))
    if not raw_steps:
        return None
    step, note = _step(raw_steps)
    notes = [note] if note else []
    values = {}
    for key in STAGE_KEYS:
        values[key], note = _value(key, list(query.get(key, ())), step)
        notes += [note] if note else []
    return Ask(step, values, tuple(notes))


def playground_query(values: Mapping[str, float]) -> dict[str, str]:
    """The Playground's parameters for ``values`` (every one written, so the link shows the
    step's picture whatever the reader's session holds)."""
    return {key: SETTINGS[key].url_text(values[key]) for key in STAGE_KEYS}


def _step(raw_values: list[str]) -> tuple[int, str | None]:
    """The 0-based step ``?ask=`` names, and a sentence if it was not usable."""
    last, count = len(PRESETS), len(raw_values)
    raw = raw_values[-1]
    repeated = f"The link asks {count} questions; the last one counts. " if count > 1 else ""
    number = _number(raw)
    if number is None:
        return 0, (
            f"{repeated}The link asks the room step {shown(raw)}, which is not a step "
            f"number, so the poll offers step 1's question."
        )
    nearest = int(min(max(round(number) if math.isfinite(number) else number, 1), last))
    if nearest == number:
        return nearest - 1, (repeated.strip() or None)
    return nearest - 1, (
        f"{repeated}The link asks the room step {shown(raw)}, but the story's steps are 1 to "
        f"{last}, so the poll offers step {nearest}'s question."
    )


def _value(key: str, raw_values: list[str], step: int) -> tuple[float, str | None]:
    """One value of the setting to ask at, and a sentence if the address's was not usable:
    missing, the step's own; not a number, the step's own, said; else the nearest stop."""
    row, own = SETTINGS[key], float(PRESETS[step].values[key])
    if not raw_values:
        return own, None
    if _number(raw_values[-1]) is None:
        return own, (
            f"The link sets {row.symbol} to {shown(raw_values[-1])}, which is not a number, so "
            f"the question is asked at step {step + 1}'s own {row.symbol} = {url_form(own)}."
        )
    value, note = row.parse(raw_values)
    return float(value), note


def _number(raw: str) -> float | None:
    """The number ``raw`` writes (infinities included), or None (too long, NaN, not one)."""
    if len(raw) > MAX_URL_VALUE:
        return None
    try:
        number = float(raw)
    except ValueError:
        return None
    return None if math.isnan(number) else number
