"""Answers you can read: what an answer at a point (length, substance) might say.

An illustration, not a language model: every answer is put together from sentence banks
written for this project (``core/data/answer_banks.json``). For each question there are tips
(content sentences, from the most important to the finest detail), why each tip works, and
wrong claims (clear myths, each marked with the tips it contradicts); padding (restating the
question, flattery, hedges, summaries, disclaimers) is shared by all questions.

How many sentences of each kind an answer has renders both of true quality's axes
(``core/answer_counts.py``: substance as tips and myths, length below its best as thinness,
past it as padding); this module writes those sentences, and ``core/answer_readers.py`` checks
that readers who count them rank answers as true quality does.

The same point always reads the same: which tips (drawn from the first few) in which order,
which myths (never one against a tip the answer makes), which padding (at most two openings,
one closing of each kind) and where the middle padding goes come from a small generator seeded
by (question, the point in hundredths, seed). The generator (FNV-1a, then mulberry32) is
written out here in plain integer arithmetic, so that the stage's JavaScript twin
(``ui/playground/stage_assets/answer_writer.js``) writes the very same text from
:func:`writer_tables`.

>>> write_answer(QUESTIONS[0], -1.0, 1.0)  # short: two bare tips, no why, and it stops
'Stop caffeine by early afternoon: it stays in the body for six hours or more. Keep the \
bedroom dark, quiet and a little cool, around 18 °C.'
>>> [s.kind for s in answer_sentences(QUESTIONS[0], 0.0, 0.0)]  # the base model's typical one
['content', 'why', 'content', 'why', 'content']
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.answer_counts import POINT as _POINT
from core.answer_counts import (
    SentenceCounts,
    count_numbers,
    counts_in_hundredths,
    hundredths,
)
from core.validate import Choice, Whole, validate_params

BANKS_FILE = Path(__file__).with_name("data") / "answer_banks.json"
PADDING_PLACES = ("opening", "middle", "closing")  # where padding of each group goes
CLOSING_KINDS = ("summary", "farewell", "disclaimer")  # at most one of each an answer
TIP_CHOICE = 2  # an answer's n tips are drawn from the question's first n + 2 (phrasing varies)

_FNV_OFFSET = 0x811C9DC5  # FNV-1a's 32-bit offset basis and prime
_FNV_PRIME = 0x01000193
_MULBERRY_STEP = 0x6D2B79F5  # mulberry32's increment (Tommy Ettinger's public-domain generator)
_WORD = 0xFFFFFFFF  # 32-bit wrap-around, as JavaScript's Math.imul and >>> 0


@dataclass(frozen=True)
class Question:
    """One everyday question and its own sentences (``content`` ordered, most important first)."""

    id: str  # a short ASCII name, part of each answer's seed
    text: str
    topic: str  # fills the padding templates' {topic}
    content: tuple[str, ...]
    why: tuple[str, ...]  # why each tip works, one per content sentence
    wrong: tuple[str, ...]  # clear myths
    against: tuple[tuple[int, ...], ...]  # the tips (content indices) each myth contradicts


@dataclass(frozen=True)
class AnswerSentence:
    """One sentence of a written answer and its kind, one of answer_counts.KINDS:

    - "content": a tip, one of the question's points (a good point);
    - "why": why the tip just before it works, the elaboration a full answer gives (a good
      point: short answers skip it);
    - "wrong": a wrong claim, a clear myth (never one against a tip the same answer makes);
    - "padding": restating the question, flattery, hedges, summaries, disclaimers (padding).

    GOOD_KINDS, WRONG_KINDS and PADDING_KINDS say how a careful reader counts each.
    """

    kind: str
    text: str


@lru_cache(maxsize=1)
def _banks() -> tuple[tuple[Question, ...], dict]:
    raw = json.loads(BANKS_FILE.read_text(encoding="utf-8"))
    questions = tuple(
        Question(
            id=item["id"],
            text=item["question"],
            topic=item["topic"],
            content=tuple(item["content"]),
            why=tuple(item["why"]),
            wrong=tuple(item["wrong"]),
            against=tuple(tuple(tips) for tips in item["against"]),
        )
        for item in raw["questions"]
    )
    return questions, raw["padding"]


QUESTION_BANKS = _banks()[0]  # the questions with their sentences
# Padding templates: "opening" and "middle" lists, "closing" a list per CLOSING_KINDS, and
# "most_openings" (2: a restated question and a compliment, not a third).
PADDING = _banks()[1]
QUESTIONS = tuple(question.text for question in QUESTION_BANKS)  # the questions' texts
QUESTION_IDS = tuple(question.id for question in QUESTION_BANKS)
MOST_CONTENT = min(len(question.content) for question in QUESTION_BANKS)  # 9
MOST_WRONG = min(len(question.wrong) for question in QUESTION_BANKS)  # 8
_BY_NAME = {name: q for q in QUESTION_BANKS for name in (q.id, q.text)}
_QUESTION = Choice(tuple(_BY_NAME), "one of core.answer_text.QUESTIONS (or its id)")


# The arguments that name one answer (or, with arrays of points, several), checked on every call.
_ONE_ANSWER = {"question": _QUESTION, "length": _POINT, "substance": _POINT, "seed": Whole(0)}


def nearest_to_mean(*, length, substance) -> np.ndarray:
    """Which point of each set lies nearest the set's mean (a typical one to read).

    ``length`` and ``substance`` are arrays (..., K) of K points per set; returns the indices
    (...,), the first of any tie.
    """
    length, substance = np.asarray(length, dtype=float), np.asarray(substance, dtype=float)
    distance = np.hypot(
        length - length.mean(axis=-1, keepdims=True),
        substance - substance.mean(axis=-1, keepdims=True),
    )
    return distance.argmin(axis=-1)


def _fnv1a(text: str) -> int:
    value = _FNV_OFFSET
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * _FNV_PRIME) & _WORD
    return value


class _Mulberry32:
    """mulberry32 in 32-bit integer arithmetic: floats in [0, 1), as the JavaScript twin's."""

    def __init__(self, seed: int) -> None:
        self.state = seed & _WORD

    def next(self) -> float:
        self.state = (self.state + _MULBERRY_STEP) & _WORD
        t = self.state
        t = ((t ^ (t >> 15)) * (t | 1)) & _WORD
        t = ((t + (((t ^ (t >> 7)) * (t | 61)) & _WORD)) & _WORD) ^ t
        return ((t ^ (t >> 14)) & _WORD) / 2**32

    def below(self, count: int) -> int:
        """A whole number in 0..count-1."""
        return math.floor(self.next() * count)

    def shuffled(self, count: int) -> list[int]:
        """0..count-1 in a Fisher-Yates order."""
        order = list(range(count))
        for i in range(count - 1, 0, -1):
            j = self.below(i + 1)
            order[i], order[j] = order[j], order[i]
        return order


def _fill(template: str, question: Question) -> str:
    return template.replace("{topic}", question.topic).replace("{question}", question.text)


@validate_params(_ONE_ANSWER)
def answer_sentences(
    question: str, length: float, substance: float, *, seed: int = 0
) -> tuple[AnswerSentence, ...]:
    """The sentences of the answer to ``question`` at one point (length, substance), in order.

    Openings (padding) first; then the tips, the first ones each followed by its why, and the
    wrong claims, with the middle padding among them; then the closing padding. Which tips (of
    the first few) in which order, which wrong claims (none against a tip the answer makes),
    which padding, and where the middle padding goes, is drawn from (question, point in
    hundredths, seed).
    """
    length_key, substance_key = hundredths(length), hundredths(substance)
    counts = counts_in_hundredths(length_key, substance_key)
    one = SentenceCounts(*(int(getattr(counts, name)) for name in _COUNT_FIELDS))
    return _assemble(_BY_NAME[question], int(length_key), int(substance_key), one, seed)


_COUNT_FIELDS = ("sentences", "content", "why", "wrong", "padding")  # SentenceCounts'
_PLACE_ORDER = {place: order for order, place in enumerate(PADDING_PLACES)}


def _padding_pool(draws: _Mulberry32) -> list[tuple[str, str]]:
    """The padding one answer may use, as (place, template): a drawn pair of openings, every
    middle one, and a drawn closing of each kind (so never two summaries)."""
    openings = PADDING["opening"]
    pool = [("opening", openings[i]) for i in draws.shuffled(len(openings))]
    pool = pool[: PADDING["most_openings"]] + [("middle", text) for text in PADDING["middle"]]
    for kind in CLOSING_KINDS:
        closings = PADDING["closing"][kind]
        pool.append(("closing", closings[draws.below(len(closings))]))
    return pool


def _assemble(
    asked: Question, length_key: int, substance_key: int, counts: SentenceCounts, seed: int
) -> tuple[AnswerSentence, ...]:
    """One answer's sentences from its counts (numbers), as answer_sentences describes."""
    draws = _Mulberry32(_fnv1a(f"{asked.id}:{length_key}:{substance_key}:{seed}"))
    choice = min(counts.content + TIP_CHOICE, len(asked.content)) if counts.content else 0
    tips = draws.shuffled(choice)[: counts.content]  # in the drawn order: openings vary
    myths = [i for i in draws.shuffled(len(asked.wrong)) if not set(asked.against[i]) & set(tips)][
        : counts.wrong
    ]
    pool = _padding_pool(draws)
    picked = draws.shuffled(len(pool))[: counts.padding]
    # Grouped by place, each group in the drawn order (a stable sort, as JavaScript's).
    picked.sort(key=lambda index: _PLACE_ORDER[pool[index][0]])
    chosen = [pool[index] for index in picked]
    # The body in units, so that middle padding never comes between a tip and its why.
    body = [
        [AnswerSentence("content", asked.content[tip])]
        + ([AnswerSentence("why", asked.why[tip])] if place < counts.why else [])
        for place, tip in enumerate(tips)
    ]
    body += [[AnswerSentence("wrong", asked.wrong[i])] for i in myths]
    for place, text in chosen:
        if place == "middle":
            body.insert(draws.below(len(body) + 1), [AnswerSentence("padding", _fill(text, asked))])
    opening = [AnswerSentence("padding", _fill(t, asked)) for p, t in chosen if p == "opening"]
    closing = [AnswerSentence("padding", _fill(t, asked)) for p, t in chosen if p == "closing"]
    return tuple(opening + [sentence for unit in body for sentence in unit] + closing)


@validate_params(_ONE_ANSWER)
def write_answer(question: str, length: float, substance: float, *, seed: int = 0) -> str:
    """The text of the answer to ``question`` (one of QUESTIONS, or its id) at one point.

    Deterministic: the same question, point (read to the hundredth) and seed give the same text.
    """
    return " ".join(s.text for s in answer_sentences(question, length, substance, seed=seed))


@validate_params(_ONE_ANSWER)
def write_answers(question: str, length, substance, *, seed: int = 0) -> list[str]:
    """The texts at many points: ``length`` and ``substance`` are arrays of one shape (k,);
    returns k strings. The counts are one vectorized call; each text is then put together
    (130-190 µs each, measured at load 9 on 2 shared cores: a cloud of 48 in < 10 ms)."""
    lengths, substances = np.broadcast_arrays(np.ravel(length), np.ravel(substance))
    length_keys, substance_keys = hundredths(lengths), hundredths(substances)
    counts = counts_in_hundredths(length_keys, substance_keys)
    asked = _BY_NAME[question]
    texts = []
    columns = [getattr(counts, name) for name in _COUNT_FIELDS]
    for i, (length_key, substance_key) in enumerate(zip(length_keys, substance_keys, strict=True)):
        one = SentenceCounts(*(int(column[i]) for column in columns))
        sentences = _assemble(asked, int(length_key), int(substance_key), one, seed)
        texts.append(" ".join(sentence.text for sentence in sentences))
    return texts


def writer_tables() -> dict:
    """What the browser's twin of this writer needs: the banks and the counts' numbers (~9.0 KB)."""
    return {
        "questions": [
            {
                "id": question.id,
                "question": question.text,
                "topic": question.topic,
                "content": list(question.content),
                "why": list(question.why),
                "wrong": list(question.wrong),
                "against": [list(tips) for tips in question.against],
            }
            for question in QUESTION_BANKS
        ],
        "padding": PADDING,
        "closing_kinds": list(CLOSING_KINDS),
        "tip_choice": TIP_CHOICE,
        "scale": 100,
        "counts": count_numbers(),
    }
