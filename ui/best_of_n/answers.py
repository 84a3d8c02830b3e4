"""Best-of-n's answers written out: its median pick at n (half the time that one or better),
beside the base model's typical answer and the reward model's favourite.

The texts are illustrations from core/answer_text.py's banks; the ranks, chances and scores
are the model's own (core.best_of_n's ranking and exact chances).
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

import core
from common import format as fmt
from core import answer_text
from ui import compute, state
from ui.reading_text import sentences_read
from ui.settings import SEED_KEY, SETTINGS, url_text

QUESTION_KEY = "answer_question"  # the session key of the question the answers reply to
ILLUSTRATION = (
    "The median pick: half the time best-of-n keeps this answer or one the reward model ranks "
    "higher. Each answer is an illustration of what an answer at its point might read like, put "
    "together from fixed sentences written for this demo; its rank, chance and scores are the "
    "model's: each answer's own scores, where the charts show average gains. Grey: padding. "
    "Struck through: wrong claims."
)
# The questions' buttons: a word each, so three fit a phone's width.
SHORT_NAMES = {q.text: q.id.capitalize() for q in answer_text.QUESTION_BANKS}
# Chances are told to 0.1%: below 0.05% one would print "0.0%" (never kept), above 99.95% "100.0%".
SMALLEST_CHANCE = 0.0005
# How the page writes each kind of sentence, in Streamlit's Markdown.
MARKED = {"content": "{}", "why": "{}", "padding": ":gray[{}]", "wrong": "~~{}~~"}


@dataclass(frozen=True)
class KeptAnswer:
    """One ranked answer written out, with the model's numbers for it at n."""

    label: str
    rank: int  # 1 the reward model's worst of the set, 600 its favourite
    chance: float  # the chance best-of-n keeps it at n
    length: float
    substance: float
    proxy: float
    gold: float
    sentences: tuple[answer_text.AnswerSentence, ...]


def kept_answers(n: int, b: float, sigma: float, seed: int | None, question: str) -> list:
    """The answers to write out at n, by rank (one entry per rank; labels joined where the
    kept one is also the base model's typical answer, n = 1, or the favourite)."""
    count = core.ANSWER_COUNT
    labels: dict[int, list[str]] = {}
    for rank, label in (
        (count // 2, "the base model's typical answer"),
        (core.median_kept_rank(n), f"best-of-n's median pick at {fmt.named('n', n)}"),
        (count, "the reward model's favourite"),
    ):
        labels.setdefault(rank, []).append(label)
    ranked = compute.ranked_answers(b, sigma, seed)
    scored = compute.answers(b, sigma, seed)
    chances = compute.win_chances(n, b, sigma, seed)
    written = []
    for rank in sorted(labels):
        index = int(ranked.order[rank - 1])
        length, substance = float(scored.length[index]), float(scored.substance[index])
        written.append(
            KeptAnswer(
                label=", and ".join(labels[rank]).capitalize(),
                rank=rank,
                chance=float(chances[index]),
                length=length,
                substance=substance,
                proxy=float(scored.proxy[index]),
                gold=float(scored.gold[index]),
                sentences=answer_text.answer_sentences(question, length, substance),
            )
        )
    return written


def chance_text(chance: float) -> str:
    """A chance of being kept, to 0.1%: "4.1%", but never "0.0%" or "100.0%" (at n = 10,000
    the typical answer's chance is about 10⁻³⁰¹⁰, a float 0, and the favourite's 1 − 6·10⁻⁸):
    "less than 0.05%", "more than 99.95%"."""
    if chance < SMALLEST_CHANCE:
        return f"less than {100 * SMALLEST_CHANCE:g}%"
    if chance > 1 - SMALLEST_CHANCE:
        return f"more than {100 * (1 - SMALLEST_CHANCE):g}%"
    return fmt.percent(chance, decimals=1)


def numbers_line(answer: KeptAnswer, n: int) -> str:
    """'rank 592 of 600, kept 4.1% of the time at n = 49 · length 1.40, substance 1.71 · this
    answer: reward model ..., true quality ... · 7 sentences: ...'. The scores are the answer's
    own, not the average gains the page's charts and readouts show: the label says so."""
    return (
        f"rank {answer.rank} of {core.ANSWER_COUNT}, kept {chance_text(answer.chance)} "
        f"of the time at {fmt.named('n', n)} · length {fmt.number(answer.length)}, substance "
        f"{fmt.number(answer.substance)} · this answer: reward model {fmt.signed(answer.proxy)}, "
        f"true quality {fmt.signed(answer.gold)} · {sentences_read(answer.sentences)}"
    )


def _choose(question: str) -> None:
    """Button callback: answer ``question`` from now on in this session."""
    st.session_state[QUESTION_KEY] = question


def show(n: int, b: float, sigma: float, seed: int | None) -> None:
    """The section: a question to answer, the note, and each answer with its numbers."""
    st.markdown(f"**Read what best-of-n keeps at {fmt.named('n', n)}**")
    # A button per question, the chosen one primary, as the story's steps: a select box's
    # "Open" button, and a segmented control's unchosen options, sat outside the Tab order.
    question = st.session_state.get(QUESTION_KEY)
    question = question if question in answer_text.QUESTIONS else answer_text.QUESTIONS[0]
    with st.container(horizontal=True, gap="small"):
        st.markdown("Question:", width="content")
        for text in answer_text.QUESTIONS:
            st.button(
                SHORT_NAMES[text],
                key=f"{QUESTION_KEY}-{SHORT_NAMES[text].lower()}",
                type="primary" if text == question else "secondary",
                on_click=_choose,
                args=(text,),
            )
    st.markdown(f"*{question}*")
    st.caption(ILLUSTRATION)
    for answer in kept_answers(n, b, sigma, seed, question):
        with st.container(border=True):
            st.markdown(f"**{answer.label}**: {numbers_line(answer, n)}")
            st.markdown(" ".join(MARKED[s.kind].format(s.text) for s in answer.sentences))


def answer_seed() -> int | None:
    """The fresh answer set the URL asks for, read by its row (None: the lesson's 600)."""
    seed, _ = SETTINGS[SEED_KEY].parse(state.query().get(SEED_KEY, []))
    return seed


def set_answer_seed(seed: int | None) -> None:
    """Button callback: show another fresh answer set (an int) or the lesson's (None)."""
    state.write_query_param(SEED_KEY, None if seed is None else url_text(SEED_KEY, seed))
