"""How many sentences of each kind an answer at a point (length, substance) has, and how a
careful reader compares two answers on those counts: numbers only, the text is
``core/answer_text.py``'s.

The counts follow true quality, s + l - (l² - 1), all of it, so a careful reader (more good
points, then less padding: :func:`careful_reader_prefers`) ranks answers as true quality does:

- Length sets the sentences, ``5.5·exp(0.5·l)`` rounded (6 at l = 0, 7 at l = 0.5, true
  quality's best length, 24 from l = 2.91 on), so words follow length.
- Up to l = 0.5 every sentence says something: a short answer stops early, lists bare tips
  and skips the why (whys come in from l = -0.5); past 0.5 each added sentence is padding.
- The net good points (tips and whys, minus wrong claims and tips taken back) are one more per
  1.5 of true quality (the reader's threshold): 4 for the base model's typical answer (true
  quality +1.18), 7 at most, as many as an answer at l = 0.5 holds. Substance moves them at
  every length (more tips, or wrong claims); so does length: far past 0.5 an answer takes its
  own tips back ("Then again, ...") amid the padding, as true quality falls.

The counts are integer arithmetic on the point in hundredths, so that the stage's JavaScript
twin (``ui/playground/stage_assets/answer_writer.js``) counts alike to the last point.

>>> counts = sentence_counts(length=3.37, substance=3.19)  # β = 0.3's: 2 tips, both taken back
>>> int(counts.good), int(counts.undo), int(counts.padding)
(3, 2, 17)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core.validate import Numbers, validate_params

POINT_SCALE = 100  # a point is read to the hundredth: the stage's worlds carry hundredths
BASE_SENTENCES = 5.5  # sentences at length 0 (rounded: 6), the base model's typical answer
SENTENCE_GROWTH = 0.5  # per unit of length: 5.5·e^(0.5·2) = 15 sentences at l = 2
MAX_SENTENCES = 24  # reached at l = 2.91 (β = 0.3's mean is 3.3): 7 said, 17 padding
BEST_LENGTH = 50  # true quality's best length, l = 0.5, in hundredths: padding starts past it
WHY_STEPS = (-50, 0, 50)  # whys allowed: 1 from l = -0.5, 2 from 0, 3 from 0.5 (hundredths)
# Net good points = NET_AT + floor((true quality - NET_FROM) / NET_STEP): one per 1.5 of true
# quality, so two answers 1.5 or more apart differ by a point; 1.4 sits between the base
# model's typical answer (+1.18 at n = 1) and the peak's (+1.51 at n = 49), 4 points at 1.18.
NET_AT = 5
NET_FROM = 14_000  # in ten-thousandths of true quality (a point in hundredths, squared)
NET_STEP = 15_000
ROOM = 2  # an answer may say up to 2 sentences fewer than its length holds; beyond that, pairs
# of a tip and a wrong claim fill it (so 33% of the 600 carry a wrong claim, not 57%)
COUNT_RANGE = 1_000  # points are read within ±10 units (the grid: ±6); counts stop changing past
# What each sentence of an answer is (AnswerSentence says what each kind means).
KINDS = ("content", "why", "wrong", "undo", "padding")
# How a careful reader reads each kind (the one place that says so): good points, wrong
# claims, or padding. careful_reader_prefers compares answers on these three counts.
GOOD_KINDS = ("content", "why")
WRONG_KINDS = ("wrong", "undo")
PADDING_KINDS = ("padding",)
POINT = Numbers(low=-1e6, high=1e6)  # any point; counts stop changing past the grid


@dataclass(frozen=True)
class SentenceCounts:
    """How many sentences of each kind an answer has: integer arrays of the points' shape."""

    sentences: np.ndarray  # all of them
    content: np.ndarray
    why: np.ndarray
    wrong: np.ndarray
    undo: np.ndarray
    padding: np.ndarray

    @property
    def good(self) -> np.ndarray:
        """Good points as a careful reader counts them (the GOOD_KINDS)."""
        return sum(getattr(self, kind) for kind in GOOD_KINDS)

    @property
    def mistaken(self) -> np.ndarray:
        """Wrong claims as a careful reader counts them (the WRONG_KINDS)."""
        return sum(getattr(self, kind) for kind in WRONG_KINDS)


def hundredths(values) -> np.ndarray:
    """Points read to the hundredth, rounding halves up (as the JavaScript twin does)."""
    return np.floor(np.asarray(values, dtype=float) * POINT_SCALE + 0.5).astype(np.int64)


def _steps(counts: np.ndarray, points: np.ndarray) -> list[int]:
    """The points (hundredths) where a non-decreasing count goes up by one, each listed once
    per step, so count = first + (number of steps <= point) for any point."""
    rises = np.diff(counts)
    return np.repeat(points[1:], rises).tolist()


@lru_cache(maxsize=1)
def count_steps() -> dict[str, list[int] | int]:
    """The sentences as integer steps: ``sentences = 1 + #(length steps <= l·100)``. Integer
    comparisons only, so Python and the browser count alike to the last point."""
    points = np.arange(-COUNT_RANGE, COUNT_RANGE + 1)
    sentences = np.clip(
        np.floor(BASE_SENTENCES * np.exp(SENTENCE_GROWTH * points / POINT_SCALE) + 0.5),
        1,
        MAX_SENTENCES,
    ).astype(np.int64)
    return {"length_steps": _steps(sentences, points)}


@validate_params({"length": POINT, "substance": POINT})
def sentence_counts(*, length, substance) -> SentenceCounts:
    """How many sentences of each kind the answers at ``length`` and ``substance`` (scalars or
    arrays of one shape) have; arrays of that shape.

    Length sets the sentences (1 to MAX_SENTENCES); up to l = 0.5 all of them may say
    something, past it the rest is padding. True quality sets the net good points (tips and
    whys minus wrong claims and tips taken back), as many as the answer holds; length allows
    the whys (none below l = -0.5); past l = 0.5, the wrong claims length adds take tips back.
    """
    return counts_in_hundredths(hundredths(length), hundredths(substance))


def _net_good_points(length: np.ndarray, substance: np.ndarray) -> np.ndarray:
    """NET_AT + floor((true quality - 1.4) / 1.5), from the point in hundredths: true quality
    in ten-thousandths is 100·s + 100·l - l² + 10,000, an exact integer."""
    gold = POINT_SCALE * (substance + length) - length * length + POINT_SCALE**2
    return NET_AT + np.floor_divide(gold - NET_FROM, NET_STEP)


def _said(net: np.ndarray, room: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(good, wrong) sentences with good - wrong = ``net`` (clipped to the room), filling all
    but ROOM of the ``room`` sentences with pairs of a good and a wrong one; at least one."""
    net = np.clip(net, -room, room)
    pairs = (np.maximum(room - np.abs(net) - ROOM, 0) + 1) // 2
    good, wrong = np.maximum(net, 0) + pairs, np.maximum(-net, 0) + pairs
    silent = (good + wrong) == 0  # net 0 in a 1- or 2-sentence answer: a tip and a wrong claim
    return good + silent, wrong + silent


def counts_in_hundredths(length: np.ndarray, substance: np.ndarray) -> SentenceCounts:
    length = np.clip(length, -COUNT_RANGE, COUNT_RANGE)
    substance = np.clip(substance, -COUNT_RANGE, COUNT_RANGE)
    sentences = 1 + np.searchsorted(count_steps()["length_steps"], length, side="right")
    full = 1 + np.searchsorted(count_steps()["length_steps"], BEST_LENGTH, side="right")
    room = np.minimum(sentences, full)  # past the best length the rest is padding
    good, wrong = _said(_net_good_points(length, substance), room)
    whys = np.minimum(good // 2, np.searchsorted(WHY_STEPS, length, side="right"))
    content = good - whys
    # Past the best length, the wrong claims it adds to what the same substance says there
    # take the answer's own tips back; the rest are wrong claims.
    _, wrong_at_best = _said(_net_good_points(np.full_like(length, BEST_LENGTH), substance), full)
    undo = np.where(
        length > BEST_LENGTH, np.minimum(np.maximum(wrong - wrong_at_best, 0), content), 0
    )
    padding = sentences - room
    return SentenceCounts(
        content + whys + wrong + padding, content, whys, wrong - undo, undo, padding
    )


def read_counts(sentences) -> tuple[int, int, int]:
    """(good points, wrong claims, padding) in written sentences, as a careful reader counts
    them (GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)."""
    kinds = [sentence.kind for sentence in sentences]
    return tuple(sum(kind in group for kind in kinds) for group in _READ_GROUPS)


_READ_GROUPS = (GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)


@validate_params(
    {"length": POINT, "substance": POINT, "other_length": POINT, "other_substance": POINT}
)
def careful_reader_prefers(*, length, substance, other_length, other_substance) -> np.ndarray:
    """Which of two answers a careful reader prefers: +1 the first, at (``length``,
    ``substance``), -1 the second, at (``other_length``, ``other_substance``), 0 can't tell.

    The reader counts what the text shows (the counts of :func:`sentence_counts`, the same for
    every question and seed): more net good points (good points minus wrong claims) first,
    then fewer wrong claims, then less padding; answers equal on all three are a tie. Arrays
    of one shape (or scalars, broadcast) in, an integer array of that shape out.
    """
    first = counts_in_hundredths(hundredths(length), hundredths(substance))
    second = counts_in_hundredths(hundredths(other_length), hundredths(other_substance))
    verdict = np.zeros(np.broadcast(first.padding, second.padding).shape, dtype=np.int64)
    # Criteria in order: each decides where every earlier one tied.
    for mine, theirs in (
        (first.good - first.mistaken, second.good - second.mistaken),
        (-first.mistaken, -second.mistaken),
        (-first.padding, -second.padding),
    ):
        undecided = verdict == 0
        verdict = np.where(undecided, np.sign(mine - theirs), verdict)
    return verdict
