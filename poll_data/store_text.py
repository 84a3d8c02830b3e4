"""What the store says to a visitor, in the reader's language: a room refused by the
opening limits, a guess's receipt (pure: numbers in, words out; common.i18n's tr)."""

from __future__ import annotations

from common import format as fmt
from common.i18n import tr


def device_room_limit(rooms: int) -> str:
    """Refused: this device opened ``rooms`` rooms in the last minute."""
    return tr(
        "This device has opened {rooms} rooms in the last minute, the most it may. Wait a "
        "minute before opening another; the rooms already opened stay open.",
        rooms=fmt.count(rooms),
    )


def app_room_limit(rooms: int) -> str:
    """Refused: the site opened ``rooms`` rooms in the last minute."""
    return tr(
        "{rooms} rooms were opened on this site in the last minute, the most it allows. Wait "
        "a minute and try again; rooms already opened work as usual.",
        rooms=fmt.count(rooms),
    )


def receipt(said: str, typed: float, rounding: str, *, had_guess: bool, rounded: bool) -> str:
    """A stored guess's receipt: in, or replacing an earlier one; rounded, never silently."""
    values = {"said": said, "typed": fmt.typed(typed), "rounding": rounding}
    if rounded and had_guess:
        return tr(
            "Your guess {said} replaced your earlier one ({typed} rounded to {rounding}).", **values
        )
    if rounded:
        return tr("Your guess {said} is in ({typed} rounded to {rounding}).", **values)
    if had_guess:
        return tr("Your guess {said} replaced your earlier one.", said=said)
    return tr("Your guess {said} is in.", said=said)
