"""A step room's words (ui.class_poll.step_text) and the Playground's "Ask the room" address
(ui.class_poll.ask_url, ui.playground.story_bar.ask_query), without Streamlit: every step's
question at its preset, bars whose widths and counts are the counts given, text escaped, and
every hostile ``?ask=`` read into the nearest valid question."""

from __future__ import annotations

import csv
import html
import io
import math
import re

import numpy as np
import pytest

from ui import step_questions
from ui.class_poll import ask_url, step_text
from ui.playground import story_bar
from ui.settings import SETTINGS, STAGE_KEYS
from ui.story_steps import PRESETS

QUESTIONS = step_questions.questions()
RNG = np.random.default_rng(20261203)


def bar_rows(page: str) -> list[tuple[str, float, str]]:
    """Each bar's (label, width in %, count text), read back from the HTML."""
    pattern = (
        r'<div class="step-bar-label" aria-hidden="true">(.*?)</div>.*?'
        r'width: ([0-9.]+)%.*?<div class="step-bar-count" aria-hidden="true">(.*?)</div>'
    )
    return [(html.unescape(label), float(width), count) for label, width, count in
            re.findall(pattern, page)]  # fmt: skip


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda question: f"step{question.step + 1}")
def test_the_bars_are_the_counts_given_and_mark_the_right_one_only_when_revealed(question):
    counts = RNG.integers(0, 40, size=len(question.choices))
    rows = bar_rows(step_text.bars_html(question.choices, counts))
    assert [label for label, _, _ in rows] == [
        f"{'ABCDE'[index]} · {text}" for index, text in enumerate(question.choices)
    ]
    widest = counts.max()
    for (_, width, count), expected in zip(rows, counts, strict=True):
        assert width == pytest.approx(100 * expected / widest, abs=0.05)
        assert count == f"{expected:,} ({round(100 * expected / counts.sum())}%)"
    assert "✓" not in step_text.bars_html(question.choices, counts)
    revealed = step_text.bars_html(question.choices, counts, question.right)
    marked = [label for label, _, _ in bar_rows(revealed) if label.endswith("✓ right")]
    assert marked == [f"{'ABCDE'[question.right]} · {question.choices[question.right]} ✓ right"]
    assert revealed.count('class="step-bar right"') == 1


def test_no_answers_yet_draws_empty_bars_and_counts_of_zero():
    question = QUESTIONS[1]
    rows = bar_rows(step_text.bars_html(question.choices, np.zeros(5, dtype=int)))
    assert [(width, count) for _, width, count in rows] == [(0.0, "0")] * 5


def test_text_is_escaped_in_the_bars():
    page = step_text.bars_html(("<b>bold</b> & co", 'say "hi"'), np.array([1, 2]))
    assert "<b>" not in page and "&lt;b&gt;bold&lt;/b&gt; &amp; co" in page
    assert "&quot;hi&quot;" in page


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda question: f"step{question.step + 1}")
def test_the_csv_reads_back_as_the_counts(question):
    counts = RNG.integers(0, 9, size=len(question.choices))
    for revealed in (False, True):
        rows = list(
            csv.DictReader(io.StringIO(step_text.counts_csv(question, counts, revealed=revealed)))
        )
        assert [row["answer"] for row in rows] == list(question.choices)
        assert [int(row["count"]) for row in rows] == counts.tolist()
        rights = [row.get("right") for row in rows]
        expected = ["yes" if index == question.right else "no" for index in range(len(rows))]
        assert rights == (expected if revealed else [None] * len(rows))


@pytest.mark.parametrize("question", QUESTIONS, ids=lambda question: f"step{question.step + 1}")
def test_the_phone_and_reveal_sentences_name_the_choice_tapped(question):
    wrong = question.common_wrong
    assert step_text.phone_confirmation(question, None, False) == "Nothing answered yet."
    assert step_text.phone_confirmation(question, wrong, True) == (
        f"Your answer: {'ABCDE'[wrong]} · {question.choices[wrong]}."
    )
    assert "Tap another" in step_text.phone_confirmation(question, wrong, False)
    right = f"The right answer: {'ABCDE'[question.right]} · {question.choices[question.right]}."
    assert step_text.phone_reveal(question, question.right).startswith(f"{right} You had it right.")
    assert step_text.phone_reveal(question, wrong).startswith(f"{right} You said {'ABCDE'[wrong]}.")
    assert step_text.phone_reveal(question, None).endswith(question.why)


@pytest.mark.parametrize("index", range(len(PRESETS)))
def test_the_playground_link_reads_back_as_its_step_and_setting(index):
    values = PRESETS[index].values
    query = story_bar.ask_query(index, values)
    assert query["ask"] == str(index + 1)
    read = ask_url.read_ask({key: [text] for key, text in query.items()})
    assert (read.step, read.notes) == (index, ())
    assert read.values == {key: float(values[key]) for key in STAGE_KEYS}
    assert step_text.setting_sentence(read.values).startswith(f"β = {query['beta']}, n = ")


def test_no_ask_is_no_question_and_a_bare_ask_takes_the_steps_own_setting():
    assert ask_url.read_ask({}) is None
    assert ask_url.read_ask({"beta": ["1"]}) is None
    read = ask_url.read_ask({"ask": ["5"]})
    assert (read.step, read.values, read.notes) == (4, dict(PRESETS[4].values), ())


@pytest.mark.parametrize(
    ("raw", "step"),
    [("0", 0), ("8", 6), ("-3", 0), ("1e99", 6), ("inf", 6), ("-inf", 0), ("3.4", 2), (" 4 ", 3)],
)
def test_a_step_out_of_the_story_is_the_nearest_step(raw, step):
    read = ask_url.read_ask({"ask": [raw]})
    assert read.step == step
    assert read.values == dict(PRESETS[step].values)
    if raw.strip() != str(step + 1):
        [note] = read.notes
        assert f"offers step {step + 1}'s question" in note


@pytest.mark.parametrize("raw", ["", "nan", "abc", "<script>x</script>", "4" * 65, "**7**"])
def test_a_step_that_is_no_number_is_step_one_said_without_markup(raw):
    read = ask_url.read_ask({"ask": [raw]})
    assert read.step == 0
    [note] = read.notes
    assert "which is not a step number, so the poll offers step 1's question" in note
    assert not re.search(r"[<>*_`\[\]]", note)


def test_repeated_asks_the_last_counts_with_a_sentence():
    read = ask_url.read_ask({"ask": ["2", "6"]})
    assert read.step == 5
    assert read.notes == ("The link asks 2 questions; the last one counts.",)


@pytest.mark.parametrize("key", STAGE_KEYS)
@pytest.mark.parametrize("raw", ["1e99", "-5", "0.2999", "abc", "<i>1</i>", "9" * 70])
def test_a_value_is_the_nearest_stop_or_the_steps_own(key, raw):
    row, step = SETTINGS[key], 2
    read = ask_url.read_ask({"ask": [str(step + 1)], key: [raw]})
    value = read.values[key]
    assert value in row.stops
    try:
        number = float(raw) if len(raw) <= 64 else None
    except ValueError:
        number = None
    if number is None:
        assert value == PRESETS[step].values[key]
        assert f"step 3's own {row.symbol} = " in read.notes[0]
    else:
        clamped = min(max(number, row.low), row.high)
        distance = (lambda stop: abs(math.log(stop / clamped))) if row.log_scale else (
            lambda stop: abs(stop - clamped))  # fmt: skip
        assert value == min(row.stops, key=distance)
    assert not re.search(r"[<>*_`]", " ".join(read.notes))
    others = {other: read.values[other] for other in STAGE_KEYS if other != key}
    assert others == {other: PRESETS[step].values[other] for other in others}
