"""The lecturer's pack: every story step's question, its answers, the right one and why, the
wrong one students usually give, a link to the step, and a link that asks the room its question
as a class poll (``/poll?ask=STEP&…``, ``ui.address.ask_query``; pure: no Streamlit).

One source (``ui.step_questions.questions()``, each step at its preset) written three ways:
Markdown for docs/teaching.md (``scripts/teaching_pack.py`` writes it between two markers) and
for the Lesson page's pack and its download, and a standalone HTML page to print (A4, one step
never split across pages). The right answer is computed from core, so the pack cannot say what
the class poll's reveal does not.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from html import escape

from common import format as fmt
from common import i18n
from ui.address import ask_query
from ui.pages_table import PAGE_TABLE
from ui.settings import full_query
from ui.step_questions import StepQuestion, questions
from ui.story_steps import PRESETS, Preset

LETTERS = "ABCDE"  # the choices as a clicker labels them
SYMBOLS = {"beta": "β", "n": "n", "b": "b", "sigma": "σ"}
POLL = next(page.address for page in PAGE_TABLE if page.name == "class_poll")  # "poll"
TITLE = "Lecturer's pack: a question for each story step"
INTRO = (
    "Ask each step's question before showing the step (the class poll runs it from the "
    "Playground's story bar; phones answer by room code), then reveal. The right answer is "
    "computed from the model at the step's setting; move b or σ before asking and it is "
    "recomputed there."
)


@dataclass(frozen=True)
class Entry:
    """One step of the pack: where it is, what it asks."""

    number: int  # 1 to 7, as the story bar counts
    preset: Preset
    address: str  # the Playground's address at the step: "?beta=4&n=1&b=0&sigma=0"
    question: StepQuestion
    ask_address: str  # the class poll asking it: "poll?ask=1&beta=4&n=1&b=0&sigma=0"


def step_address(preset: Preset) -> str:
    """The Playground's query at the step's four values, as the Lesson's step links carry."""
    return "?" + "&".join(f"{key}={value}" for key, value in full_query(preset.values).items())


def ask_address(step: int, preset: Preset) -> str:
    """The class poll's address that asks step ``step``'s (0-based) question at its values,
    the link the Playground's "Ask the room" gives there."""
    query = ask_query(step, preset.values)
    return f"{POLL}?" + "&".join(f"{key}={value}" for key, value in query.items())


def entries() -> tuple[Entry, ...]:
    """Every step's entry, in the story's order, in the reader's language (common.i18n)."""
    return _entries(i18n.language())


# The presets never change: computed once a process and language (~1.5 s of core); keyed on the
# language, as a step's words are the reader's (ui.story_steps builds them per language).
@functools.cache
def _entries(language: str) -> tuple[Entry, ...]:
    with i18n.using(language):
        return tuple(
            Entry(step + 1, preset, step_address(preset), asked, ask_address(step, preset))
            for step, (preset, asked) in enumerate(zip(PRESETS, questions(), strict=True))
        )


def setting_words(preset: Preset) -> str:
    """ "β = 4, n = 1, b = 0, σ = 0" """
    return ", ".join(fmt.named(SYMBOLS[key], value) for key, value in preset.values.items())


def _choice(question: StepQuestion, index: int) -> str:
    return f"{LETTERS[index]}. {question.choices[index]}"


def markdown(*, link_base: str | None = None) -> str:
    """The pack in Markdown: a section per step. ``link_base`` (e.g. "./" in the app) makes each
    step's address, and the one that asks its question as a class poll, a link; None writes
    them as code (docs/teaching.md: append them to the app's address)."""
    parts = []
    for entry in entries():
        asked = entry.question
        address = f"/{entry.address}"
        where = (
            f"`{address}`"
            if link_base is None
            else f"[Open it in the Playground]({link_base}{entry.address})"
        )
        ask = (
            f"`/{entry.ask_address}`"
            if link_base is None
            else f"[ask it as a class poll]({link_base}{entry.ask_address})"
        )
        choices = "\n".join(
            f"- {_choice(asked, index)}" + (" **(right)**" if index == asked.right else "")
            for index in range(len(asked.choices))
        )
        parts.append(
            f"### Step {entry.number}: {entry.preset.name}\n\n"
            f"{setting_words(entry.preset)} · {where}\n\n"
            f"**Ask:** {asked.prompt}\n\n{choices}\n\n"
            f"**Right:** {_choice(asked, asked.right)}. {asked.why}\n\n"
            f"**Students often say:** {_choice(asked, asked.common_wrong)}.\n\n"
            f"**Ask the room:** {ask} (the class poll's start screen at this question; Start "
            "opens the room).\n"
        )
    return "\n".join(parts)


PRINT_CSS = """
body { font: 12pt/1.4 Georgia, serif; max-width: 44em; margin: 2em auto; color: #111; }
h1 { font-size: 18pt; } h2 { font-size: 14pt; margin: 1.2em 0 0.3em; }
section { break-inside: avoid; page-break-inside: avoid; border-top: 1px solid #999; }
ol { list-style: upper-alpha; } li.right { font-weight: bold; }
.where { color: #444; font-size: 10pt; } a { color: inherit; }
@page { size: A4; margin: 18mm; }
"""


def printable_html(*, app_address: str = "") -> str:
    """The pack as one HTML page to print: A4, each step kept on one page. ``app_address`` is
    the app's root ("https://host/"), so the step links open there ("" leaves them relative)."""
    sections = []
    for entry in entries():
        asked = entry.question
        items = "".join(
            f"<li{' class=right' if index == asked.right else ''}>{escape(choice)}"
            + (" (right)" if index == asked.right else "")
            + "</li>"
            for index, choice in enumerate(asked.choices)
        )
        href = escape(f"{app_address}{entry.address}")
        ask = escape(f"{app_address}{entry.ask_address}")
        sections.append(
            f"<section><h2>Step {entry.number}: {escape(entry.preset.name)}</h2>"
            f"<p class=where>{escape(setting_words(entry.preset))} · "
            f'<a href="{href}">{href}</a></p>'
            f"<p><b>Ask:</b> {escape(asked.prompt)}</p><ol>{items}</ol>"
            f"<p><b>Right:</b> {escape(_choice(asked, asked.right))}. {escape(asked.why)}</p>"
            f"<p><b>Students often say:</b> {escape(_choice(asked, asked.common_wrong))}.</p>"
            f'<p class=where>Ask the room: <a href="{ask}">{ask}</a></p>'
            "</section>"
        )
    return (
        f"<!doctype html><html lang=en><meta charset=utf-8><title>{escape(TITLE)}</title>"
        f"<style>{PRINT_CSS}</style><h1>{escape(TITLE)}</h1><p>{escape(INTRO)}</p>"
        + "".join(sections)
        + "</html>\n"
    )
