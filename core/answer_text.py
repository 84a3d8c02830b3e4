"""Answers you can read: what an answer at a point (length, substance) might say.

An illustration, not a language model: every answer is put together from sentence banks
written for this project (``core/data/answer_banks.json``). For each question there are tips
(content sentences, from the most important to the finest detail), why each tip works, a hedge
that takes each tip back, and wrong or empty claims; padding (restating the question, flattery,
hedges, summaries, disclaimers) is shared by all questions.

The text follows true quality, s + l - (l² - 1), all of it, so a careful reader (more good
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

The same point always reads the same: the choice and order of the wrong claims and padding
come from a small generator seeded by (question, the point in hundredths, seed). The counts
are integer arithmetic on the point in hundredths, and the generator (FNV-1a, then
mulberry32) is written out here in plain integer arithmetic, so that the stage's JavaScript
twin (``ui/playground/stage_assets/answer_writer.js``) writes the very same text from
:func:`writer_tables`.

>>> write_answer(QUESTIONS[0], -2.0, 1.0)  # short: one bare tip, and it stops
'Go to bed and get up at the same time every day, weekends included.'
>>> [s.kind for s in answer_sentences(QUESTIONS[0], 0.0, 0.0)]  # the base model's typical one
['content', 'why', 'content', 'why']
>>> counts = sentence_counts(length=3.37, substance=3.19)  # β = 0.3's: 2 tips, both taken back
>>> int(counts.good), int(counts.undo), int(counts.padding)
(3, 2, 17)
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


@dataclass(frozen=True)
class AnswerSentence:
    """One sentence of a written answer and its kind, one of KINDS:

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
    """The sentences as integer steps: ``sentences = 1 + #(length steps <= l·100)``. Integer
    comparisons only, so Python and the browser count alike to the last point."""
    points = np.arange(-COUNT_RANGE, COUNT_RANGE + 1)
    sentences = np.clip(
        np.floor(BASE_SENTENCES * np.exp(SENTENCE_GROWTH * points / POINT_SCALE) + 0.5),
        1,
        MAX_SENTENCES,
    ).astype(np.int64)
    return {"length_steps": _steps(sentences, points)}


# The arguments that name one answer (or, with arrays of points, several), checked on every call.
_ONE_ANSWER = {"question": _QUESTION, "length": _POINT, "substance": _POINT, "seed": Whole(0)}


@validate_params({"length": _POINT, "substance": _POINT})
def sentence_counts(*, length, substance) -> SentenceCounts:
    """How many sentences of each kind the answers at ``length`` and ``substance`` (scalars or
    arrays of one shape) have; arrays of that shape.

    Length sets the sentences (1 to MAX_SENTENCES); up to l = 0.5 all of them may say
    something, past it the rest is padding. True quality sets the net good points (tips and
    whys minus wrong claims and tips taken back), as many as the answer holds; length allows
    the whys (none below l = -0.5); past l = 0.5, the wrong claims length adds take tips back.
    """
    return _counts_in_hundredths(_hundredths(length), _hundredths(substance))


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


def _counts_in_hundredths(length: np.ndarray, substance: np.ndarray) -> SentenceCounts:
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
        (first.good - first.mistaken, second.good - second.mistaken),
        (-first.mistaken, -second.mistaken),
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

    Openings (padding) first; then the tips in their order, the first ones each followed by
    its why, the hedges taking tips back (from the first tip on) and the wrong claims, with
    the middle padding among them; then the closing padding. Which wrong claims and which
    padding, and where the middle padding goes, is drawn from (question, point in hundredths,
    seed).
    """
    length_key, substance_key = _hundredths(length), _hundredths(substance)
    counts = _counts_in_hundredths(length_key, substance_key)
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
    length_keys, substance_keys = _hundredths(lengths), _hundredths(substances)
    counts = _counts_in_hundredths(length_keys, substance_keys)
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
