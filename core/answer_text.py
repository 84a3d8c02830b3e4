"""Answers you can read: what an answer at a point (length, substance) might say.

An illustration, not a language model: every answer is put together from sentence banks
written for this project (``core/data/answer_banks.json``). For each question there are
content sentences, ordered from the most important point to the finest detail, wrong or empty
claims, and padding shared by all questions (restating the question, flattery, hedges,
summaries, disclaimers). Length sets how many sentences an answer has, substance how many of
them carry content (or, below zero, how many make wrong claims); the rest is padding.

Length is read as log-words, as real answers' lengths spread: an answer has
``3.5·exp(0.5·l)`` sentences, rounded (4 at l = 0, 18 from l = 3.2 on, where the KL optimum at
β = 0.3 sits), while substance adds content only linearly, a content score ``1.5 + s``
(2 good points at s = 0, none below s = -1, wrong claims below s = -2): the reward model's
favourites, long before they are good, are mostly padding.

The same point always reads the same: the choice and order of the wrong claims and padding
come from a small generator seeded by (question, the point in hundredths, seed). The
generator (FNV-1a, then mulberry32) is written out here in plain integer arithmetic so that
the stage's JavaScript twin (``ui/playground/stage_assets/answer_writer.js``) writes the very
same text from :func:`writer_tables`.

>>> write_answer(QUESTIONS[0], -2.0, 0.0)
'Go to bed and get up at the same time every day, weekends included.'
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from core.validate import Choice, Numbers, Whole, validate_params

BANKS_FILE = Path(__file__).with_name("data") / "answer_banks.json"
POINT_SCALE = 100  # a point is read to the hundredth: the stage's worlds carry hundredths
BASE_SENTENCES = 3.5  # sentences at length 0 (rounded: 4), the base model's typical answer
SENTENCE_GROWTH = 0.5  # per unit of length: 3.5·e^(0.5·2) = 9.5 sentences at l = 2
MAX_SENTENCES = 18  # reached at l = 3.2 (β = 0.3's mean is 3.3): one per padding template
CONTENT_AT_ZERO = 1.5  # content score at s = 0: an average answer makes 2 good points
CONTENT_PER_UNIT = 1.0  # content score per unit of substance: 5 good points at s = 3
# Over the 600 answers these give Spearman 0.96 between length and words, 0.92 between
# substance and (content - wrong) sentences; the KL optimum's cloud at β = 0.3 is 65% padding.
COUNT_RANGE = 1_000  # counts are tabulated for points within ±10 units (the grid: ±6)
KINDS = ("content", "wrong", "padding")  # what each sentence of an answer is
# How a careful reader reads each kind (the one place that says so): good points, wrong
# claims, or padding. careful_reader_prefers compares answers on these three counts.
GOOD_KINDS = ("content",)
WRONG_KINDS = ("wrong",)
PADDING_KINDS = ("padding",)
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
    wrong: tuple[str, ...]


@dataclass(frozen=True)
class SentenceCounts:
    """How many sentences of each kind an answer has: integer arrays of the points' shape."""

    sentences: np.ndarray  # all of them, set by length alone
    content: np.ndarray
    wrong: np.ndarray
    padding: np.ndarray

    @property
    def good(self) -> np.ndarray:
        """Good points as a careful reader counts them (the GOOD_KINDS)."""
        return self.content


@dataclass(frozen=True)
class AnswerSentence:
    """One sentence of a written answer and its kind: "content", "wrong" or "padding"."""

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
MOST_WRONG = min(len(question.wrong) for question in QUESTION_BANKS)  # 5
_BY_NAME = {name: q for q in QUESTION_BANKS for name in (q.id, q.text)}
_QUESTION = Choice(tuple(_BY_NAME), "one of core.answer_text.QUESTIONS (or its id)")
_POINT = Numbers(low=-1e6, high=1e6)  # any point; counts stop changing past the grid


def _hundredths(values) -> np.ndarray:
    """Points read to the hundredth, rounding halves up (as the JavaScript twin does)."""
    return np.floor(np.asarray(values, dtype=float) * POINT_SCALE + 0.5).astype(np.int64)


def _steps(counts: np.ndarray, points: np.ndarray) -> list[int]:
    """The points (hundredths) where a non-decreasing count goes up by one, each listed once
    per step, so count = first + (number of steps <= point) for any point."""
    rises = np.diff(counts)
    return np.repeat(points[1:], rises).tolist()


@lru_cache(maxsize=1)
def count_steps() -> dict[str, list[int] | int]:
    """The two counts as integer steps: ``sentences = 1 + #(length steps <= l·100)`` and
    ``content score = first + #(substance steps <= s·100)``. Integer comparisons only, so
    Python and the browser count alike to the last point."""
    points = np.arange(-COUNT_RANGE, COUNT_RANGE + 1)
    units = points / POINT_SCALE
    sentences = np.clip(
        np.floor(BASE_SENTENCES * np.exp(SENTENCE_GROWTH * units) + 0.5), 1, MAX_SENTENCES
    ).astype(np.int64)
    scores = np.clip(
        np.floor(CONTENT_AT_ZERO + CONTENT_PER_UNIT * units + 0.5), -MOST_WRONG, MOST_CONTENT
    ).astype(np.int64)
    return {
        "length_steps": _steps(sentences, points),
        "first_score": int(scores[0]),
        "substance_steps": _steps(scores, points),
    }


# The arguments that name one answer (or, with arrays of points, several), checked on every call.
_ONE_ANSWER = {"question": _QUESTION, "length": _POINT, "substance": _POINT, "seed": Whole(0)}


@validate_params({"length": _POINT, "substance": _POINT})
def sentence_counts(*, length, substance) -> SentenceCounts:
    """How many sentences, content sentences, wrong claims and padding sentences the answers
    at ``length`` and ``substance`` (scalars or arrays of one shape) have; arrays of that shape.

    Length sets the sentences (1 to MAX_SENTENCES), substance the content score (+k: the first
    k content sentences; -k: k wrong claims), as many as the sentences hold.
    """
    return _counts_in_hundredths(_hundredths(length), _hundredths(substance))


def _counts_in_hundredths(length: np.ndarray, substance: np.ndarray) -> SentenceCounts:
    steps = count_steps()
    from_length = 1 + np.searchsorted(steps["length_steps"], length, side="right")
    above = np.searchsorted(steps["substance_steps"], substance, side="right")
    score = steps["first_score"] + above
    # A short answer says only its first points: length alone sets how many sentences.
    content = np.minimum(np.maximum(score, 0), from_length)
    wrong = np.minimum(np.maximum(-score, 0), from_length)
    return SentenceCounts(from_length, content, wrong, from_length - content - wrong)


def read_counts(sentences) -> tuple[int, int, int]:
    """(good points, wrong claims, padding) in written sentences, as a careful reader counts
    them (GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)."""
    kinds = [sentence.kind for sentence in sentences]
    return tuple(sum(kind in group for kind in kinds) for group in _READ_GROUPS)


_READ_GROUPS = (GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)


@validate_params(
    {"length": _POINT, "substance": _POINT, "other_length": _POINT, "other_substance": _POINT}
)
def careful_reader_prefers(*, length, substance, other_length, other_substance) -> np.ndarray:
    """Which of two answers a careful reader prefers: +1 the first, at (``length``,
    ``substance``), -1 the second, at (``other_length``, ``other_substance``), 0 can't tell.

    The reader counts what the text shows (the counts of :func:`sentence_counts`, the same for
    every question and seed): more net good points (good points minus wrong claims) first,
    then fewer wrong claims, then less padding; answers equal on all three are a tie. Arrays
    of one shape (or scalars, broadcast) in, an integer array of that shape out.
    """
    first = _counts_in_hundredths(_hundredths(length), _hundredths(substance))
    second = _counts_in_hundredths(_hundredths(other_length), _hundredths(other_substance))
    verdict = np.zeros(np.broadcast(first.padding, second.padding).shape, dtype=np.int64)
    # Criteria in order: each decides where every earlier one tied.
    for mine, theirs in (
        (first.good - first.wrong, second.good - second.wrong),
        (-first.wrong, -second.wrong),
        (-first.padding, -second.padding),
    ):
        undecided = verdict == 0
        verdict = np.where(undecided, np.sign(mine - theirs), verdict)
    return verdict


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

    Openings (padding) first, then the content in its order (or the wrong claims) with the
    middle padding among it, then the closing padding. Which wrong claims and which padding,
    and where the middle padding goes, is drawn from (question, point in hundredths, seed).
    """
    length_key, substance_key = _hundredths(length), _hundredths(substance)
    counts = _counts_in_hundredths(length_key, substance_key)
    return _assemble(_BY_NAME[question], int(length_key), int(substance_key), counts, seed)


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
    body = [AnswerSentence("content", text) for text in asked.content[: int(counts.content)]]
    body += [AnswerSentence("wrong", asked.wrong[i]) for i in wrong_order[: int(counts.wrong)]]
    for place, text in chosen:
        if place == "middle":
            place_in_body = math.floor(draws.next() * (len(body) + 1))
            body.insert(place_in_body, AnswerSentence("padding", _fill(text, asked)))
    opening = [AnswerSentence("padding", _fill(t, asked)) for p, t in chosen if p == "opening"]
    closing = [AnswerSentence("padding", _fill(t, asked)) for p, t in chosen if p == "closing"]
    return tuple(opening + body + closing)


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
    length_keys, substance_keys = _hundredths(lengths), _hundredths(substances)
    counts = _counts_in_hundredths(length_keys, substance_keys)
    asked = _BY_NAME[question]
    texts = []
    columns = (counts.sentences, counts.content, counts.wrong, counts.padding)
    for i, (length_key, substance_key) in enumerate(zip(length_keys, substance_keys, strict=True)):
        one = SentenceCounts(*(int(column[i]) for column in columns))
        sentences = _assemble(asked, int(length_key), int(substance_key), one, seed)
        texts.append(" ".join(sentence.text for sentence in sentences))
    return texts


def writer_tables() -> dict:
    """What the browser's twin of this writer needs: the banks and the counts' steps (~4.5 KB)."""
    return {
        "questions": [
            {
                "id": question.id,
                "question": question.text,
                "topic": question.topic,
                "content": list(question.content),
                "wrong": list(question.wrong),
            }
            for question in QUESTION_BANKS
        ],
        "padding": {place: list(PADDING[place]) for place in PADDING_PLACES},
        "scale": POINT_SCALE,
        **count_steps(),
    }
