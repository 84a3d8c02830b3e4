"""What a visitor may send to a poll, checked without a database: guesses, room codes, tokens.

Every check returns a plain value or raises :class:`BadInput` whose message can be shown to
the visitor as it is (it never repeats their input, so nothing they typed is rendered).
"""

from __future__ import annotations

import math
import re
import secrets
from dataclasses import dataclass

# The screen's one way to write a number (pure: it imports nothing, so no Streamlit comes in).
from common import format as fmt
from common.i18n import tr

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


class BadRoom(BadInput):
    """A submission's room code is malformed."""


class BadStudent(BadInput):
    """A submission's student id is malformed (forged or mangled)."""


def room_and_student(room_code: object, student_id: object) -> tuple[str, str]:
    """The room code and student id a submission names, checked; BadRoom or BadStudent, with
    a sentence to show, when one is malformed."""
    try:
        room = normalize_room_code(room_code)
    except BadInput as error:
        raise BadRoom(str(error)) from error
    try:
        return room, check_token(student_id, what="browser session")
    except BadInput as error:
        raise BadStudent(str(error)) from error


@dataclass(frozen=True)
class Question:
    """What a poll asks: where true quality peaks along one method's pressure."""

    key: str  # stored in the poll's row
    symbol: str  # "n" or "β"
    low: float  # the accepted range of guesses, inclusive
    high: float
    whole: bool  # n is a whole number; β is rounded to DECIMALS
    example: str
    text: str  # Markdown, fixed: never holds what a visitor typed

    def kept(self, value: float) -> float:
        """A guess as stored: a whole number (n) or rounded to BETA_DECIMALS (β)."""
        return float(round(value)) if self.whole else round(value, BETA_DECIMALS)

    def rounding(self) -> str:
        """How a guess is rounded, in words: "a whole number" or "2 decimals"."""
        if self.whole:
            return tr("a whole number")
        return tr("{decimals} decimals", decimals=fmt.count(BETA_DECIMALS))

    def asked(self) -> str:
        """``text`` in the reader's language (Markdown)."""
        if self.key == "kl":
            return tr("KL penalty: at which β will **true quality** peak? β = ?")
        return tr("Best-of-n: where will **true quality** peak? n = ?")

    def shown(self, value: float) -> str:
        """A guess or the truth as the page writes it: "1,000" or "0.8"."""
        return fmt.count(value) if self.whole else fmt.stop(round(value, BETA_DECIMALS))


BETA_DECIMALS = 2  # a β guess is kept to 0.01: finer than anyone can tell apart on the curve
QUESTIONS = {
    "best_of_n": Question(
        "best_of_n", "n", GUESS_LOW, GUESS_HIGH, True, "50",
        "Best-of-n: where will **true quality** peak? n = ?",
    ),
    # The Playground's β slider runs from 10 to 0.25 (below, the grid's edge shapes the optimum).
    "kl": Question(
        "kl", "β", 0.25, 10.0, False, "0.8",
        "KL penalty: at which β will **true quality** peak? β = ?",
    ),
}  # fmt: skip
RATING = "rate"  # the question of a poll whose phones rate pairs of answers (poll_data.ratings)
STEP = "step"  # the question of a poll that asks a story step's question (poll_data.step_polls)


def parse_guess(raw: object, *, question: Question = QUESTIONS["best_of_n"]) -> float:
    """A student's guess, checked against the question's range and rounded as it is kept.

    ``question.kept(read_guess(raw, question=question))``: see :func:`read_guess`.
    """
    return question.kept(read_guess(raw, question=question))


def read_guess(raw: object, *, question: Question = QUESTIONS["best_of_n"]) -> float:
    """A student's guess as typed, checked against the question's range (not yet rounded).

    Parameters
    ----------
    raw : object
        What was typed: a string such as "50", " 1,000 ", "5e1" or "0.8", or a number.
    question : Question
        What is asked: its symbol, range and whether the answer is a whole number.

    Returns
    -------
    float, the number typed (49.5 stays 49.5: ``Question.kept`` rounds it).

    Raises
    ------
    BadInput
        Empty, too long, not a number, not finite, or out of range.
    """
    low, high = question.shown(question.low), question.shown(question.high)
    if question.whole:
        wanted = tr("type a whole number from {low} to {high}", low=low, high=high)
    else:
        wanted = tr("type a number from {low} to {high}", low=low, high=high)
    example = tr("Type a number, for example {example}.", example=question.example)
    if isinstance(raw, bool) or raw is None:
        raise BadInput(example)
    if isinstance(raw, int | float):
        number = float(raw)
    else:
        text = str(raw)
        if len(text) > MAX_GUESS_CHARACTERS:
            raise BadInput(tr("That is too long for a number: {wanted}.", wanted=wanted))
        # Thousands separators and spaces are how people write 1,000 on a phone.
        cleaned = text.strip().replace(",", "").replace("_", "").replace(" ", "")
        if not cleaned:
            raise BadInput(example)
        try:
            number = float(cleaned)
        except ValueError:
            raise BadInput(tr("That is not a number: {wanted}.", wanted=wanted)) from None
    if not math.isfinite(number):
        raise BadInput(tr("That is not a finite number: {wanted}.", wanted=wanted))
    if not question.low <= number <= question.high:
        raise BadInput(
            tr("{symbol} must be from {low} to {high}.", symbol=question.symbol, low=low, high=high)
        )
    return number


def normalize_room_code(raw: object) -> str:
    """A room code as stored (upper case, no spaces), or BadInput if it cannot be one."""
    text = "" if raw is None else str(raw)
    if len(text) > 4 * ROOM_CODE_LENGTH:
        raise BadInput(_not_a_room_code())
    code = text.strip().replace(" ", "").replace("-", "").upper()
    if len(code) != ROOM_CODE_LENGTH or any(letter not in ROOM_ALPHABET for letter in code):
        raise BadInput(_not_a_room_code())
    return code


def _not_a_room_code() -> str:
    return tr(
        "That is not a room code: a room code has {length} letters and digits.",
        length=fmt.count(ROOM_CODE_LENGTH),
    )


def check_token(raw: object, *, what: str = "link") -> str:
    """A lecturer token or student id as made here (URL-safe, 16 to 64 characters)."""
    text = "" if raw is None else str(raw)
    if not _TOKEN_PATTERN.fullmatch(text):
        raise BadInput(_not_valid(what))
    return text


def _not_valid(what: str) -> str:
    """ "This link is not valid.", naming what the token was (a link, a device ...)."""
    said = {
        "lecturer link": tr("This lecturer link is not valid."),
        "browser session": tr("This browser session is not valid."),
        "device": tr("This device is not valid."),
    }
    return said.get(what) or tr("This {what} is not valid.", what=what)


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
    """How far a guess is from the truth as a factor >= 1 (2.0: half or double).

    One division, as the stage's guessFactor (ui/playground/stage_assets/predict.js), so both
    print the same: exp(|log|) was off the ratio in the last bit in 59 of tests/js/fixtures'
    156 cases (4 against 49: 12.250000000000002, "12.3"; the ratio 12.25 prints "12.2").
    """
    return max(guess / truth, truth / guess)


def no_open_poll(room: str) -> str:
    """What a visitor reads for a room code no open poll has (a phone's words too)."""
    return tr("No open poll has the room code {room}.", room=room)


def closed_to_answers() -> str:
    """What a visitor reads once a poll is closed (a guess or a step's question)."""
    return tr("This poll is closed: it takes no more answers.")
