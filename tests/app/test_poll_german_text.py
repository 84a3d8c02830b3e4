"""The class poll's and the glossary's words in German, as pure functions write them: a step
question's right answer is the same choice in both languages, its numbers are the English ones,
and the phone's count, notes and errors read German (the catalogue's own words are checked
against the code in test_translations.py)."""

from __future__ import annotations

import itertools
import re

import numpy as np
import pytest

from common import i18n
from poll_data import guesses
from ui import compute, glossary, step_questions
from ui.class_poll import figures, rating_text
from ui.settings import SETTINGS
from ui.story_steps import PRESETS

NUMBER = re.compile(r"[-+]?\d[\d,.]*\d|[-+]?\d")
# A fixed sample of the 11 x 21 x 11 x 11 settings (every step's question at each): each
# slider's ends and a middle stop, and every story step's preset.
SAMPLE = [
    {"beta": beta, "n": n, "b": b, "sigma": sigma}
    for beta, n, b, sigma in itertools.product(
        (0.25, 1.0, 10.0), (1, 49, 10_000), (0.0, 0.2, 1.0), (0.0, 0.5, 2.0)
    )
] + [dict(preset.values) for preset in PRESETS]


def in_german(english: str) -> str:
    """The catalogue's German for a sentence tr() wrote in English, its values filled in: the
    entry whose key, placeholders read as wildcards, matches the English sentence."""
    catalogue = i18n.catalogue("de")
    if english in catalogue:
        return catalogue[english]
    for key, german in catalogue.items():
        seen: set[str] = set()

        def group(match: re.Match, seen: set[str] = seen) -> str:
            name = match.group(1)  # a placeholder used twice matches the same text twice
            first = name not in seen
            seen.add(name)
            return f"(?P<{name}>.+?)" if first else f"(?P={name})"

        pattern = re.sub(r"\\\{(\w+)\\\}", group, re.escape(key))
        found = re.fullmatch(pattern, english)
        if i18n.placeholders(key) and found:
            return german.format(**found.groupdict())
    raise KeyError(english)


def comma(text: str) -> str:
    """German's thousands separator (a narrow no-break space: "10 000") read as English's
    comma, to compare a German sentence's numbers with the English one's."""
    return text.replace("\u202f", ",")


def numbers(text: str) -> list[str]:
    """The numbers a sentence writes, in order of size-independent appearance (sorted)."""
    return sorted(NUMBER.findall(comma(text)))


def test_the_sample_spans_the_sliders():
    for key in ("beta", "n", "b", "sigma"):
        stops = {values[key] for values in SAMPLE}
        assert {SETTINGS[key].low, SETTINGS[key].high} <= stops


@pytest.mark.parametrize("step", range(len(PRESETS)))
def test_a_step_questions_german_right_answer_is_the_english_one(step):
    rights = set()
    for values in SAMPLE:
        english = step_questions.question(step, values)
        with i18n.using("de"):
            german = step_questions.question(step, values)
        assert (german.right, german.common_wrong) == (english.right, english.common_wrong)
        # The same choice by index: each German choice is its English one's entry.
        assert tuple(map(comma, german.choices)) == tuple(in_german(t) for t in english.choices)
        assert comma(german.choices[german.right]) == in_german(english.choices[english.right])
        # Computed sentences: German words, the English numbers (formatted before tr).
        for said in ("prompt", "why"):
            assert getattr(german, said) != getattr(english, said)
            assert numbers(getattr(german, said)) == numbers(getattr(english, said)), said
        rights.add(english.right)
    assert len(rights) >= 2 or step == 6, "the sample reaches more than one right answer"


def test_the_phones_count_says_one_pair_and_many_pairs():
    with i18n.using("de"):
        assert rating_text.rated_sentence(0, 0) == "Sie haben 0 Paare bewertet."
        assert rating_text.rated_sentence(1, 0) == "Sie haben 1 Paar bewertet."
        assert rating_text.rated_sentence(1_000, 6) == (
            "Sie haben 1\u202f000 Paare bewertet. Schnellmodus: 6 Sekunden pro Paar."
        )
    assert rating_text.rated_sentence(1, 0) == "You have rated 1 pair."
    assert (
        rating_text.rated_sentence(2, 6) == "You have rated 2 pairs. Quick mode: 6 seconds a pair."
    )


@pytest.mark.parametrize(
    ("raw", "german"),
    [
        ("", "Geben Sie eine Zahl ein, zum Beispiel 50."),
        ("abc", "Das ist keine Zahl: geben Sie eine ganze Zahl von 1 bis 10\u202f000 ein."),
        (
            "inf",
            "Das ist keine endliche Zahl: geben Sie eine ganze Zahl von 1 bis 10\u202f000 ein.",
        ),
        ("0", "n muss zwischen 1 und 10\u202f000 liegen."),
    ],
)
def test_a_bad_guess_is_refused_in_german(raw, german):
    with i18n.using("de"), pytest.raises(guesses.BadInput) as refused:
        guesses.parse_guess(raw)
    assert str(refused.value) == german


def test_the_glossary_reads_german_with_its_symbols_kept():
    english = glossary.meanings()
    with i18n.using("de"):
        german = glossary.meanings()
        line = glossary.line("reward model", "true quality", "β", "π_ref")
        kinds = glossary.GOODHART_KINDS
    assert german.keys() == english.keys()
    assert all(german[term] != english[term] for term in english)
    # "Belohnungs\u00admodell": a soft hyphen, where the word may break (a phone's readouts)
    assert line.startswith("**Belohnungs\u00admodell**: ") and "**wahre Qualität**: " in line
    assert "**β**: " in line and "**π\\_ref**: " in line
    assert "Goodharts Gesetz" in kinds and "*regressional*" in kinds
    assert glossary.GOODHART_KINDS.startswith("σ and b are two kinds")


def test_the_projectors_guesses_in_words_read_german():
    guessed = np.array([20.0, 49.0, 100.0])
    with i18n.using("de"):
        said = figures.describe(guessed, truth=compute.best_of_n_curve(0.0, 0.0))
        one = figures.describe(guessed[:1])
    assert said.startswith("3 Antworten: Median der Tipps n = 49, von n = 20 bis n = 100. ")
    assert "Die wahre Qualität erreicht ihren Gipfel bei n = 49." in said
    # 49 is the peak; 20 and 100 are 2.45 and 2.04 times from it: 1 guess in 3.
    assert said.endswith("33% der Tipps lagen höchstens um den Faktor 2 daneben.")
    assert one == "1 Antwort: Median der Tipps n = 20, von n = 20 bis n = 20."
