"""Answers you can read: what an answer at a point (length, substance) might say.

An illustration, not a language model: every answer is put together from sentence banks
written for this project (``core/data/answer_banks.json``). For each question there are tips
(content sentences, from the most important to the finest detail), why each tip works, a hedge
that takes each tip back, and wrong or empty claims; padding (restating the question, flattery,
hedges, summaries, disclaimers) is shared by all questions.

How many sentences of each kind an answer has follows true quality, all of it
(``core/answer_counts.py``: the counts and the careful reader who compares answers on them);
this module writes those sentences.

The same point always reads the same: the choice and order of the wrong claims and padding
come from a small generator seeded by (question, the point in hundredths, seed). The
generator (FNV-1a, then mulberry32) is written out here in plain integer arithmetic, so that
the stage's JavaScript twin (``ui/playground/stage_assets/answer_writer.js``) writes the very
same text from :func:`writer_tables`.

>>> write_answer(QUESTIONS[0], -2.0, 1.0)  # short: one bare tip, and it stops
'Go to bed and get up at the same time every day, weekends included.'
>>> [s.kind for s in answer_sentences(QUESTIONS[0], 0.0, 0.0)]  # the base model's typical one
['content', 'why', 'content', 'why']
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.answer_counts import (
    BEST_LENGTH,
    COUNT_RANGE,
    NET_AT,
    NET_FROM,
    NET_STEP,
    POINT_SCALE,
    ROOM,
    WHY_STEPS,
    SentenceCounts,
    count_steps,
    counts_in_hundredths,
    hundredths,
)
from core.answer_counts import POINT as _POINT
from core.validate import Choice, Whole, validate_params

BANKS_FILE = Path(__file__).with_name("data") / "answer_banks.json"
PADDING_PLACES = ("opening", "middle", "closing")  # where padding of each group goes

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
    undo: tuple[str, ...]  # a hedge taking each tip back, one per content sentence
    wrong: tuple[str, ...]


@dataclass(frozen=True)
class AnswerSentence:
    """One sentence of a written answer and its kind, one of answer_counts.KINDS:

    - "content": a tip, one of the question's points (a good point);
    - "why": why the tip just before it works, the elaboration a full answer gives (a good
      point: short answers skip it);
    - "wrong": a wrong or empty claim, what a low-substance answer says (a wrong claim);
    - "undo": a hedge taking back a tip the answer made ("Then again, ..."), what an answer far
      past its best length adds (a wrong claim: the reader loses the tip);
    - "padding": restating the question, flattery, hedges, summaries, disclaimers (padding).

    GOOD_KINDS, WRONG_KINDS and PADDING_KINDS say how a careful reader counts each.
    """

    kind: str
    text: str


@lru_cache(maxsize=1)
def _banks() -> tuple[tuple[Question, ...], dict[str, tuple[str, ...]]]:
    raw = json.loads(BANKS_FILE.read_text(encoding="utf-8"))
    questions = tuple(
        Question(
            id=item["id"],
            text=item["question"],
            topic=item["topic"],
            content=tuple(item["content"]),
            why=tuple(item["why"]),
            undo=tuple(item["undo"]),
            wrong=tuple(item["wrong"]),
        )
        for item in raw["questions"]
    )
    padding = {place: tuple(raw["padding"][place]) for place in PADDING_PLACES}
    return questions, padding


QUESTION_BANKS = _banks()[0]  # the questions with their sentences
PADDING = _banks()[1]  # padding templates by place: opening, middle, closing
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

    def shuffled(self, count: int) -> list[int]:
        """0..count-1 in a Fisher-Yates order."""
        order = list(range(count))
        for i in range(count - 1, 0, -1):
            j = math.floor(self.next() * (i + 1))
            order[i], order[j] = order[j], order[i]
        return order


def _fill(template: str, question: Question) -> str:
    return template.replace("{topic}", question.topic).replace("{question}", question.text)


@validate_params(_ONE_ANSWER)
def answer_sentences(
    question: str, length: float, substance: float, *, seed: int = 0
) -> tuple[AnswerSentence, ...]:
    """The sentences of the answer to ``question`` at one point (length, substance), in order.

    Openings (padding) first; then the tips in their order, the first ones each followed by
    its why, the hedges taking tips back (from the first tip on) and the wrong claims, with
    the middle padding among them; then the closing padding. Which wrong claims and which
    padding, and where the middle padding goes, is drawn from (question, point in hundredths,
    seed).
    """
    length_key, substance_key = hundredths(length), hundredths(substance)
    counts = counts_in_hundredths(length_key, substance_key)
    one = SentenceCounts(*(int(getattr(counts, name)) for name in _COUNT_FIELDS))
    return _assemble(_BY_NAME[question], int(length_key), int(substance_key), one, seed)


_COUNT_FIELDS = ("sentences", "content", "why", "wrong", "undo", "padding")  # SentenceCounts'
# Every padding template with its place, in the banks' order; the order of the places.
_TEMPLATES = tuple((place, text) for place in PADDING_PLACES for text in PADDING[place])
_PLACE_ORDER = {place: order for order, place in enumerate(PADDING_PLACES)}


def _assemble(
    asked: Question, length_key: int, substance_key: int, counts: SentenceCounts, seed: int
) -> tuple[AnswerSentence, ...]:
    """One answer's sentences from its counts (numbers), as answer_sentences describes."""
    draws = _Mulberry32(_fnv1a(f"{asked.id}:{length_key}:{substance_key}:{seed}"))
    wrong_order = draws.shuffled(len(asked.wrong))
    picked = draws.shuffled(len(_TEMPLATES))[: int(counts.padding)]
    # Grouped by place, each group in the drawn order (a stable sort, as JavaScript's).
    picked.sort(key=lambda index: _PLACE_ORDER[_TEMPLATES[index][0]])
    chosen = [_TEMPLATES[index] for index in picked]
    # The body in units, so that middle padding never comes between a tip and its why.
    body = [
        [AnswerSentence("content", asked.content[tip])]
        + ([AnswerSentence("why", asked.why[tip])] if tip < counts.why else [])
        for tip in range(int(counts.content))
    ]
    body += [[AnswerSentence("undo", text)] for text in asked.undo[: int(counts.undo)]]
    body += [[AnswerSentence("wrong", asked.wrong[i])] for i in wrong_order[: int(counts.wrong)]]
    for place, text in chosen:
        if place == "middle":
            place_in_body = math.floor(draws.next() * (len(body) + 1))
            body.insert(place_in_body, [AnswerSentence("padding", _fill(text, asked))])
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
    (~40 µs each on an idle core: a cloud of 48 in ~2 ms)."""
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
    """What the browser's twin of this writer needs: the banks and the counts' numbers (~9.6 KB)."""
    return {
        "questions": [
            {
                "id": question.id,
                "question": question.text,
                "topic": question.topic,
                "content": list(question.content),
                "why": list(question.why),
                "undo": list(question.undo),
                "wrong": list(question.wrong),
            }
            for question in QUESTION_BANKS
        ],
        "padding": {place: list(PADDING[place]) for place in PADDING_PLACES},
        "scale": POINT_SCALE,
        "range": COUNT_RANGE,
        "best_length": BEST_LENGTH,
        "why_steps": list(WHY_STEPS),
        "net": {"at": NET_AT, "from": NET_FROM, "step": NET_STEP, "room": ROOM},
        **count_steps(),
    }
