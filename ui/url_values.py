"""Reading a setting from a URL and writing it back: the nearest stop, the plain note (pure).

Every row of the settings table (``ui.settings``, its kinds in ``ui.rows``) reads its URL
values through
:func:`parse_setting` (a slider) or :func:`parse_choice` (a switch), so a hostile value gets
the nearest valid one and a sentence that repeats nothing a page could render as markup.
"""

from __future__ import annotations

import math
import re
from typing import Protocol

from common import format as fmt
from common.i18n import tr

MAX_URL_VALUE = 64  # characters; a longer URL value is not read at all
SHOWN_CHARACTERS = 16  # how much of a bad URL value a note repeats (after cleaning)
SEED_LIMIT = 2**32  # answer-set seeds are whole numbers in [0, SEED_LIMIT)


# What each reader needs of a row, and no more, read-only as the frozen rows are: ui.rows'
# Setting, Choice and Seed have it. Declared here, not imported from ui.rows, which imports
# this module (no circle, even for a type checker: tests/app/test_import_graph.py).
class StopsRow(Protocol):
    """A slider's row as :func:`nearest_stop` and :func:`parse_setting` read it."""

    @property
    def symbol(self) -> str: ...
    @property
    def stops(self) -> tuple[float, ...]: ...
    @property
    def default(self) -> float: ...
    @property
    def log_scale(self) -> bool: ...
    @property
    def low(self) -> float: ...
    @property
    def high(self) -> float: ...


class OptionsRow(Protocol):
    """A switch's row as :func:`parse_choice` reads it."""

    @property
    def symbol(self) -> str: ...
    @property
    def options(self) -> tuple[str, ...]: ...
    @property
    def default(self) -> str: ...


class SeedRow(Protocol):
    """A seed's row as :func:`parse_seed` reads it."""

    @property
    def symbol(self) -> str: ...
    @property
    def limit(self) -> int: ...


def url_form(value: float) -> str:
    """How a stop is written in the URL and on the slider: 0.6, 49, 10000 (never 4.0)."""
    return fmt.stop(value)


def nearest_stop(setting: StopsRow, number: float) -> float:
    """The stop closest to a finite or infinite ``number`` (by ratio on log-scaled settings)."""
    clamped = min(max(number, setting.low), setting.high)
    if setting.log_scale:
        return min(setting.stops, key=lambda stop: abs(math.log(stop / clamped)))
    return min(setting.stops, key=lambda stop: abs(stop - clamped))


def shown(raw: str) -> str:
    """A bad URL value made safe to repeat in a note: letters, digits, '.', ',', '+', '-' only.

    A pin's '_' between its numbers is shown as ',' (so its four parts read as four): around a
    quoted word ('“_x_”') an underscore is Markdown's italics, and notes are Markdown.
    """
    cleaned = re.sub(r"[^0-9A-Za-z.,+-]", "", raw.replace("_", ","))
    if not cleaned:
        return tr("nothing readable")
    if len(cleaned) > SHOWN_CHARACTERS:
        cleaned = cleaned[:SHOWN_CHARACTERS] + "…"
    return f"“{cleaned}”"


def parse_setting(setting: StopsRow, raw_values: list[str]) -> tuple[float, str | None]:
    """The slider value a URL asks for, and a plain note if the URL's value was not usable.

    ``raw_values`` are every value the URL gives for the key (a repeated key gives several;
    the last one counts). No values means the default, without a note. Notes are plain
    sentences that repeat at most the letters, digits, '.', ',', '_', '+' and '-' of a bad value.
    """
    if not raw_values:
        return setting.default, None
    raw = raw_values[-1]
    symbol, default = setting.symbol, url_form(setting.default)
    repeated = _repeated(symbol, raw_values)
    if len(raw) > MAX_URL_VALUE:
        return setting.default, f"{repeated}{_too_long(symbol, raw, default)}"
    try:
        number = float(raw)
    except ValueError:
        number = math.nan
    if math.isnan(number):
        return setting.default, repeated + tr(
            "The link sets {symbol} to {raw}, which is not a number, so {symbol} starts at its "
            "default, {default}.",
            symbol=symbol,
            raw=shown(raw),
            default=default,
        )
    value = nearest_stop(setting, number)
    if value == number:
        return value, (repeated.strip() or None)
    said = {"symbol": symbol, "raw": shown(raw), "value": url_form(value)}
    if not setting.low <= number <= setting.high:
        return value, repeated + tr(
            "The link sets {symbol} to {raw}, outside the slider's range of {low} to {high}, so "
            "{symbol} starts at the nearest end, {value}.",
            low=url_form(setting.low),
            high=url_form(setting.high),
            **said,
        )
    return value, repeated + tr(
        "The link sets {symbol} to {raw}, between the slider's steps, so {symbol} starts at the "
        "nearest step, {value}.",
        **said,
    )


def parse_choice(choice: OptionsRow, raw_values: list[str]) -> tuple[str, str | None]:
    """The option a URL asks for, and a plain note if the URL's value was not one of them.

    As :func:`parse_setting`: no values means the default without a note, the last of repeated
    values counts, a value longer than MAX_URL_VALUE is not read; letter case and spaces
    around are forgiven (``?agg=Min``).
    """
    if not raw_values:
        return choice.default, None
    raw = raw_values[-1]
    symbol, default = choice.symbol, choice.default
    repeated = _repeated(symbol, raw_values)
    if len(raw) > MAX_URL_VALUE:
        return default, f"{repeated}{_too_long(symbol, raw, default)}"
    wanted = raw.strip().lower()
    if wanted in choice.options:
        return wanted, (repeated.strip() or None)
    names = " nor ".join(f"“{option}”" for option in choice.options)
    return default, (
        f"{repeated}The link sets {symbol} to {shown(raw)}, which is neither {names}, so "
        f"{symbol} starts at its default, {default}."
    )


def _repeated(symbol: str, raw_values: list[str]) -> str:
    """The note's opening for a key the URL repeats ("" for one value)."""
    if len(raw_values) < 2:
        return ""
    return tr(
        "The link sets {symbol} {count} times; the last one counts. ",
        symbol=symbol,
        count=len(raw_values),
    )


def _too_long(symbol: str, raw: str, default: str) -> str:
    return tr(
        "The link sets {symbol} to a value {count} characters long, too long to be a setting, "
        "so {symbol} starts at its default, {default}.",
        symbol=symbol,
        count=len(raw),
        default=default,
    )


def parse_seed(seed: SeedRow, raw_values: list[str]) -> tuple[int | None, str | None]:
    """The answer set a URL asks for (None: the lesson's fixed set) and a note if unusable.

    As :func:`parse_setting`: no values means none without a note, the last of repeated values
    counts (with a note), a value longer than MAX_URL_VALUE is not read.
    """
    if not raw_values:
        return None, None
    raw = raw_values[-1].strip()
    repeated = _repeated(f"the {seed.symbol}", raw_values)
    if len(raw) > MAX_URL_VALUE:
        return None, (
            f"{repeated}The link asks for an {seed.symbol} {len(raw)} characters long, too long "
            "to be one, so the page shows the lesson's fixed 600 answers."
        )
    digits = len(str(seed.limit - 1))
    # ASCII digits only: "¹".isdigit() is True and int("¹") raises (hypothesis found it).
    if re.fullmatch(r"[0-9]+", raw) and len(raw) <= digits and int(raw) < seed.limit:
        return int(raw), (repeated.strip() or None)
    return None, (
        f"{repeated}The link asks for {seed.symbol} {shown(raw)}, which is not a whole number "
        f"from 0 to {seed.limit - 1}, so the page shows the lesson's fixed 600 answers."
    )
