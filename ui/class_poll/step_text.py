"""What a step room's screens say (pure: a question and counts in, words and HTML out).

The room's answers as one bar per choice with its count and share, the right one marked once
revealed; the setting a question was asked at; a phone's confirmation; the counts as CSV. The
question's words come from ``ui.step_questions``; every text here is escaped before it goes
into HTML, and nothing a student sends reaches these functions (a phone sends a choice's index).
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

import numpy as np

from common import format as fmt
from common.i18n import tr
from poll_data.step_polls import LETTERS
from ui import style
from ui.step_questions import StepQuestion
from ui.story_steps import PRESETS

SYMBOLS = {"beta": "β", "n": "n", "b": "b", "sigma": "σ"}
# The bars' type: 18 px at least (presenter mode's floor, read from the back of a hall), more
# on a wide projector; the count beside each bar as large.
BARS_CSS = f"""<style>
.step-bars {{ display: grid; gap: 0.55rem; font-size: max(18px, 1.15rem); line-height: 1.3;
  color: {style.INK}; margin-block: 0.25rem 0.75rem; }}
.step-bar {{ display: grid; grid-template-columns: 1fr auto; column-gap: 0.75rem;
  align-items: center; }}
.step-bar-label {{ grid-column: 1 / -1; }}
.step-bar-track {{ height: 1.1rem; background: {style.STAGE_GRID}; border-radius: 4px; }}
.step-bar-fill {{ height: 100%; background: {style.PROXY}; border-radius: 4px; min-width: 2px; }}
.step-bar-count {{ font-variant-numeric: tabular-nums; min-width: 5.5em; text-align: right; }}
.step-bar.right .step-bar-fill {{ background: {style.KL_METHOD}; }}
.step-bar.right .step-bar-label {{ font-weight: 700; color: {style.KL_METHOD_TEXT}; }}
.step-bars.revealed .step-bar:not(.right) .step-bar-fill {{ background: {style.ANSWERS}; }}
</style>"""


def letter(index: int) -> str:
    """A choice's letter: A, B, C ..."""
    return LETTERS[index]


def choice_label(index: int, text: str) -> str:
    """A choice as a button and a bar name it: "B · It falls below the base model"."""
    return f"{letter(index)} · {text}"


def step_title(step: int) -> str:
    """ "Step 4 of 7 · Fix: b = 0.2" (step is 0-based)."""
    return tr(
        "Step {step} of {steps} · {name}",
        step=fmt.count(step + 1),
        steps=fmt.count(len(PRESETS)),
        name=PRESETS[step].name,
    )


def setting_sentence(values: Mapping[str, float]) -> str:
    """The four values a question is asked at: "β = 0.3, n = 590, b = 0.2, σ = 0"."""
    return ", ".join(fmt.named(SYMBOLS[key], values[key]) for key in SYMBOLS)


def count_text(count: int, total: int) -> str:
    """A bar's count and share: "12 (40%)"; "0" while nobody has answered."""
    return f"{fmt.count(count)} ({fmt.percent(count / total)})" if total else fmt.count(count)


def bars_html(choices: Sequence[str], counts: np.ndarray, right: int | None = None) -> str:
    """One bar per choice, as wide as its share of the answers, with its count; the right
    choice marked (and the others greyed) once ``right`` is given."""
    total = int(np.sum(counts))
    widest = max(int(np.max(counts)), 1) if len(counts) else 1
    rows = []
    for index, (text, count) in enumerate(zip(choices, counts, strict=True)):
        is_right = right == index
        mark = " ✓ " + tr("right") if is_right else ""
        said = f"{choice_label(index, text)}{mark}: {count_text(int(count), total)}"
        rows.append(
            f'<div class="step-bar{" right" if is_right else ""}" role="listitem" '
            f'aria-label="{html.escape(said)}">'
            f'<div class="step-bar-label" aria-hidden="true">'
            f"{html.escape(choice_label(index, text))}{html.escape(mark)}</div>"
            f'<div class="step-bar-track" aria-hidden="true"><div class="step-bar-fill" '
            f'style="width: {100 * int(count) / widest:.1f}%"></div></div>'
            f'<div class="step-bar-count" aria-hidden="true">'
            f"{count_text(int(count), total)}</div></div>"
        )
    revealed = " revealed" if right is not None else ""
    # Inside the attribute's double quotes an apostrophe needs no escape (as it was written).
    label = html.escape(tr("The room's answers"), quote=False).replace('"', "&quot;")
    return (
        f'<div class="step-bars{revealed}" role="list" aria-label="{label}">'
        + "".join(rows)
        + "</div>"
    )


def answers_label(closed: bool) -> str:
    """The metric's label: "Answers (poll open)"."""
    return tr("Answers (poll closed)") if closed else tr("Answers (poll open)")


def right_sentence(question: StepQuestion) -> str:
    """The reveal's headline: "The right answer: C · It falls below the base model."."""
    right = choice_label(question.right, question.choices[question.right])
    return tr("The right answer: {choice}.", choice=right)


def common_wrong_sentence(question: StepQuestion, counts: np.ndarray) -> str:
    """The answer students usually give, and how many of this room gave it."""
    wrong = question.common_wrong
    total = int(np.sum(counts))
    said = {"letter": letter(wrong), "choice": question.choices[wrong]}
    if not total:
        return tr("The answer students often give is {letter} ({choice}).", **said)
    return tr(
        "The answer students often give is {letter} ({choice}): {count} of this room.",
        count=count_text(int(counts[wrong]), total),
        **said,
    )


def phone_confirmation(question: StepQuestion, mine: int | None, closed: bool) -> str:
    """What a phone says under its buttons about its answer."""
    if mine is None:
        return tr("Nothing answered yet.") if not closed else tr("You did not answer.")
    said = tr("Your answer: {choice}.", choice=choice_label(mine, question.choices[mine]))
    return said if closed else f"{said} {tr('Tap another to change it while the poll is open.')}"


def phone_reveal(question: StepQuestion, mine: int | None) -> str:
    """After Reveal, on a phone: the right answer, and whether this phone's was it."""
    verdict = ""
    if mine is not None:
        verdict = " " + (
            tr("You had it right.")
            if mine == question.right
            else tr("You said {letter}.", letter=letter(mine))
        )
    return f"{right_sentence(question)}{verdict} {question.why}"


def counts_csv(question: StepQuestion, counts: np.ndarray, *, revealed: bool) -> str:
    """One row per choice: its letter, its words, how many chose it (and, once revealed,
    which was right). Quoted as CSV wants (a choice may hold a comma)."""
    header = "choice,answer,count" + (",right" if revealed else "")
    rows = [header]
    for index, (text, count) in enumerate(zip(question.choices, counts, strict=True)):
        quoted = '"' + text.replace('"', '""') + '"'
        right = f",{'yes' if index == question.right else 'no'}" if revealed else ""
        rows.append(f"{letter(index)},{quoted},{int(count)}{right}")
    return "\n".join(rows) + "\n"
