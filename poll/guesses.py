"""What a visitor may send to a poll, checked without a database: guesses, room codes, tokens.

Every check returns a plain value or raises :class:`BadInput` whose message can be shown to
the visitor as it is (it never repeats their input, so nothing they typed is rendered).
"""

from __future__ import annotations

import math
import re
import secrets

GUESS_LOW = 1  # best-of-n with one answer is the base model
GUESS_HIGH = 10_000  # the Playground's n goes as far (its curves end there)
MAX_GUESS_CHARACTERS = 32  # "1,000" or "5e1" fit; a 10 kB paste is refused before parsing
ROOM_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: read off a projector
ROOM_CODE_LENGTH = 6  # 31**6, about 8.9e8 codes: guessing an open room is hopeless
LECTURER_TOKEN_BYTES = 24  # secrets.token_urlsafe: 192 random bits, 32 characters
STUDENT_ID_BYTES = 16  # 128 random bits per browser session; no names are ever asked
_TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")


class BadInput(ValueError):
    """Input a visitor sent that the poll refuses; ``str(error)`` is the message to show."""


def parse_guess(raw: object, *, low: int = GUESS_LOW, high: int = GUESS_HIGH) -> int:
    """A student's guess of n as a whole number in [low, high].

    Parameters
    ----------
    raw : object
        What was typed: a string such as "50", " 1,000 " or "5e1", or a number.
    low, high : int
        The accepted range, inclusive.

    Returns
    -------
    int, the guess rounded to the nearest whole number.

    Raises
    ------
    BadInput
        Empty, too long, not a number, not finite, or out of range.
    """
    if isinstance(raw, bool) or raw is None:
        raise BadInput("Type a number, for example 50.")
    if isinstance(raw, int | float):
        number = float(raw)
    else:
        text = str(raw)
        if len(text) > MAX_GUESS_CHARACTERS:
            raise BadInput(
                f"That is too long for a number: type a whole number from {low} to {high}."
            )
        # Thousands separators and spaces are how people write 1,000 on a phone.
        cleaned = text.strip().replace(",", "").replace("_", "").replace(" ", "")
        if not cleaned:
            raise BadInput("Type a number, for example 50.")
        try:
            number = float(cleaned)
        except ValueError:
            raise BadInput(
                f"That is not a number: type a whole number from {low} to {high}."
            ) from None
    if not math.isfinite(number):
        raise BadInput(f"That is not a finite number: type a whole number from {low} to {high}.")
    if not low <= number <= high:
        raise BadInput(f"n must be from {low} to {high}.")
    return round(number)


def normalize_room_code(raw: object) -> str:
    """A room code as stored (upper case, no spaces), or BadInput if it cannot be one."""
    text = "" if raw is None else str(raw)
    if len(text) > 4 * ROOM_CODE_LENGTH:
        raise BadInput("That is not a room code: a room code has 6 letters and digits.")
    code = text.strip().replace(" ", "").replace("-", "").upper()
    if len(code) != ROOM_CODE_LENGTH or any(letter not in ROOM_ALPHABET for letter in code):
        raise BadInput("That is not a room code: a room code has 6 letters and digits.")
    return code


def check_token(raw: object, *, what: str = "link") -> str:
    """A lecturer token or student id as made here (URL-safe, 16 to 64 characters)."""
    text = "" if raw is None else str(raw)
    if not _TOKEN_PATTERN.fullmatch(text):
        raise BadInput(f"This {what} is not valid.")
    return text


def new_room_code() -> str:
    """A random room code, e.g. 'K7QM2X' (never sequential: drawn with ``secrets``)."""
    return "".join(secrets.choice(ROOM_ALPHABET) for _ in range(ROOM_CODE_LENGTH))


def new_lecturer_token() -> str:
    """The secret in the lecturer's link: the only way to the poll's controls."""
    return secrets.token_urlsafe(LECTURER_TOKEN_BYTES)


def new_student_id() -> str:
    """An anonymous id for one browser session: one row per (poll, student id)."""
    return secrets.token_urlsafe(STUDENT_ID_BYTES)


def factor_off(guess: float, truth: float) -> float:
    """How far a guess is from the truth as a factor >= 1 (2.0: half or double)."""
    return math.exp(abs(math.log(guess / truth)))
