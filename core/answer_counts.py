"""How many sentences of each kind an answer at a point (length, substance) has, and how the
project's careful reader compares two answers on those counts: numbers only, the text is
``core/answer_text.py``'s, and the family of readers that checks it ``core/answer_readers.py``.

True quality is s + l - (l² - 1) = s + 1.25 - (l - 0.5)²: substance, and a length term that is
best at l = 0.5 and falls on both sides of it. The counts render both axes, each as a reader
would see it (one sentence per unit of true quality, the scale of ``TIP_STEP``):

- **Substance is content.** Tips rise one per unit of substance (3 at the origin, the base
  model's typical answer; all 9 of a question's from s = 5.5); wrong claims (clear myths) come in
  as substance falls below 0.5, one per unit.
- **Length below l = 0.5 is thinness.** A short answer says less: it loses one tip per unit of
  the length deficit (l - 0.5)², and skips the whys (why each tip works: none below l = -0.5,
  up to 4 at l = 0.5). One the deficit leaves with nothing to say says one thing: a bare tip if
  its substance is 0.5 or more, else a myth (a curt answer that misleads). A shorter answer
  never says more, and one with substance 0.5 or more always makes a tip.
- **Length past l = 0.5 is padding**, 2·(l - 0.5)² sentences (restating, hedging, flattery,
  summaries, disclaimers; at most 30 from l = 4.4), around the same tips and whys: a long answer
  with high substance reads as good content drowned in padding.

The counts are integer arithmetic on the point in hundredths, so that the stage's JavaScript
twin (``ui/playground/stage_assets/answer_writer.js``) counts alike to the last point.

>>> counts = sentence_counts(length=3.37, substance=3.19)  # β = 0.3's: 6 tips, 4 whys, 16 padding
>>> int(counts.content), int(counts.why), int(counts.wrong), int(counts.padding)
(6, 4, 0, 16)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.validate import Numbers, validate_params

POINT_SCALE = 100  # a point is read to the hundredth: the stage's worlds carry hundredths
SQUARE = POINT_SCALE**2  # a point's squares (the length deficit, the padding) in ten-thousandths
BEST_LENGTH = 50  # true quality's best length, l = 0.5, in hundredths: padding starts past it
# Tips = floor(3.5 + s - deficit), deficit (l - 0.5)² below l = 0.5: 3 tips at the origin (the
# deficit 0.25), one more per unit of true quality, so answers 1.5 apart differ by a tip or more.
TIP_AT = 35_000  # 3.5, in ten-thousandths
TIP_STEP = 10_000  # one tip per unit of substance (and of the length deficit)
MOST_CONTENT = 9  # a question's tips: all of them from s = 5.5 at l = 0.5
# Whys = floor(2.5 + 3·l) up to l = 0.5 (hundredths: (250 + 3·l) // 100): 2 at the origin, 4 at
# l = 0.5, none below l = -0.5; never more than the tips they explain.
WHY_AT = 250
WHY_PER_LENGTH = 3
# Wrong claims = floor(0.5 - s): the first at s = -0.5, one more per unit of substance lost; at
# most a question's 8 myths. (A myth for each unit of deficit past the tips, up to 3, reads 1.7
# points better on the 600's pairs, but then a shorter answer can say more: not taken.)
WRONG_AT = 50
MOST_WRONG = 8
# Padding = floor(2·(l - 0.5)²) past l = 0.5: 2 at l = 1.5, 8 at 2.5, 12 at 3, 30 (the most,
# one answer's pool of distinct padding) from l = 4.4. Two sentences per unit of the penalty:
# readers that weigh padding from 0.5 to 1 against a tip all see the penalty (docs/design.md).
PADDING_PER_SQUARE = 2
MOST_PADDING = 30
COUNT_RANGE = 1_000  # points are read within ±10 units (the grid: ±6); counts stop changing past
# What each sentence of an answer is (AnswerSentence says what each kind means).
KINDS = ("content", "why", "wrong", "padding")
# How a careful reader reads each kind (the one place that says so): good points, wrong
# claims, or padding. careful_reader_prefers compares answers on these three counts.
GOOD_KINDS = ("content", "why")
WRONG_KINDS = ("wrong",)
PADDING_KINDS = ("padding",)
# The project's careful reader, in quarters: a good point +4, a wrong claim -6 (a myth misleads
# more than a missing tip helps), a padding sentence -3 (a reader's time; four cost three tips).
CAREFUL_WEIGHTS = (4, -6, -3)
POINT = Numbers(low=-1e6, high=1e6)  # any point; counts stop changing past ±COUNT_RANGE


@dataclass(frozen=True)
class SentenceCounts:
    """How many sentences of each kind an answer has: integer arrays of the points' shape."""

    sentences: np.ndarray  # all of them
    content: np.ndarray
    why: np.ndarray
    wrong: np.ndarray
    padding: np.ndarray

    @property
    def good(self) -> np.ndarray:
        """Good points as a careful reader counts them (the GOOD_KINDS)."""
        return self.content + self.why

    @property
    def mistaken(self) -> np.ndarray:
        """Wrong claims as a careful reader counts them (the WRONG_KINDS)."""
        return self.wrong


def hundredths(values) -> np.ndarray:
    """Points read to the hundredth, rounding halves up (as the JavaScript twin does)."""
    return np.floor(np.asarray(values, dtype=float) * POINT_SCALE + 0.5).astype(np.int64)


def count_numbers() -> dict[str, int]:
    """The counts' integer constants, as the browser's twin reads them (writer_tables)."""
    return {
        "range": COUNT_RANGE,
        "best_length": BEST_LENGTH,
        "square": SQUARE,
        "tip_at": TIP_AT,
        "tip_step": TIP_STEP,
        "most_content": MOST_CONTENT,
        "why_at": WHY_AT,
        "why_per_length": WHY_PER_LENGTH,
        "wrong_at": WRONG_AT,
        "most_wrong": MOST_WRONG,
        "padding_per_square": PADDING_PER_SQUARE,
        "most_padding": MOST_PADDING,
    }


@validate_params({"length": POINT, "substance": POINT})
def sentence_counts(*, length, substance) -> SentenceCounts:
    """How many sentences of each kind the answers at ``length`` and ``substance`` (scalars or
    arrays of one shape) have; arrays of that shape.

    Substance sets the tips and the wrong claims; below l = 0.5 the length deficit takes tips
    away (and allows fewer whys), past it the length adds padding (the module's docstring).
    """
    return counts_in_hundredths(hundredths(length), hundredths(substance))


def counts_in_hundredths(length: np.ndarray, substance: np.ndarray) -> SentenceCounts:
    """:func:`sentence_counts` on points already in hundredths (integer arrays)."""
    length = np.clip(length, -COUNT_RANGE, COUNT_RANGE)
    substance = np.clip(substance, -COUNT_RANGE, COUNT_RANGE)
    off_best = (length - BEST_LENGTH) ** 2  # (l - 0.5)² in ten-thousandths
    deficit = np.where(length < BEST_LENGTH, off_best, 0)
    said = np.floor_divide(TIP_AT + POINT_SCALE * substance - deficit, TIP_STEP)
    content = np.clip(said, 0, MOST_CONTENT)
    whys = np.floor_divide(WHY_AT + WHY_PER_LENGTH * np.minimum(length, BEST_LENGTH), POINT_SCALE)
    why = np.minimum(content, np.maximum(whys, 0))
    wrong = np.maximum(np.floor_divide(WRONG_AT - substance, POINT_SCALE), 0)
    # A short answer the length deficit leaves with nothing to say says one thing: a bare tip
    # from s = 0.5 (substance shows), below it a myth (a curt answer that misleads).
    curt = said <= 0
    wrong = np.minimum(wrong + (curt & (substance < WRONG_AT)), MOST_WRONG)
    content = np.maximum(content, curt & (substance >= WRONG_AT))
    padding = np.where(length > BEST_LENGTH, PADDING_PER_SQUARE * off_best // SQUARE, 0)
    padding = np.minimum(padding, MOST_PADDING)
    return SentenceCounts(content + why + wrong + padding, content, why, wrong, padding)


def read_counts(sentences) -> tuple[int, int, int]:
    """(good points, wrong claims, padding) in written sentences, as a careful reader counts
    them (GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)."""
    kinds = [sentence.kind for sentence in sentences]
    return tuple(sum(kind in group for kind in kinds) for group in _READ_GROUPS)


_READ_GROUPS = (GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)


def careful_score(counts: SentenceCounts) -> np.ndarray:
    """The project's careful reader's score of answers, in quarters of a good point (integers):
    4·good points - 6·wrong claims - 3·padding (CAREFUL_WEIGHTS)."""
    good_weight, wrong_weight, padding_weight = CAREFUL_WEIGHTS
    return good_weight * counts.good + wrong_weight * counts.wrong + padding_weight * counts.padding


@validate_params(
    {"length": POINT, "substance": POINT, "other_length": POINT, "other_substance": POINT}
)
def careful_reader_prefers(*, length, substance, other_length, other_substance) -> np.ndarray:
    """Which of two answers the project's careful reader prefers: +1 the first, at (``length``,
    ``substance``), -1 the second, at (``other_length``, ``other_substance``), 0 can't tell.

    The reader counts what the text shows (the counts of :func:`sentence_counts`, the same for
    every question and seed) and scores it: a good point +1, a wrong claim -1.5, a padding
    sentence -0.75 (:func:`careful_score`); equal scores are a tie. Arrays of one shape (or
    scalars, broadcast) in, an integer array of that shape out.
    """
    first = careful_score(counts_in_hundredths(hundredths(length), hundredths(substance)))
    second = careful_score(
        counts_in_hundredths(hundredths(other_length), hundredths(other_substance))
    )
    return np.sign(first - second).astype(np.int64)
