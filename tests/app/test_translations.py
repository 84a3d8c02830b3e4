"""Translations: every string of a translated area has an entry in every language's catalogue,
and every entry fills the placeholders its English key has (common/i18n.py).

Strings are found where the code wraps them: ``tr("...")`` in Python (read with ast, so only a
literal first argument counts, and a test below fails on any other) and ``t("...")`` in the
stage's JavaScript.
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from common import i18n

ROOT = Path(__file__).resolve().parents[2]
# The areas translated completely: a file or a folder (its .py and .js files, all levels).
# A string wrapped in tr() elsewhere may still lack an entry (English shows).
TRANSLATED_AREAS: tuple[str, ...] = (
    # The Playground, its story steps, the sentences it computes, and the language's menu.
    "pages/playground.py",
    "ui/playground",
    "ui/story_steps.py",
    "ui/share.py",
    "ui/link_box.py",
    "ui/presenter.py",
    "ui/edge_note.py",
    "ui/slack_text.py",
    "ui/swamp_text.py",
    "ui/reading_text.py",
    "ui/pages_table.py",
    "ui/address.py",
    "ui/sources.py",
    "app.py",
    # The address's notes a Playground link can get (a setting's, a repeated key's, the pin's).
    "ui/url_values.py",
    "ui/pin_url.py",
    # The glossary.
    "ui/glossary.py",
    # The class poll's phones (the lecturer's screens: only what they share with the phones).
    "ui/step_questions.py",
    "ui/class_poll/views.py",
    "ui/class_poll/rating_views.py",
    "ui/class_poll/step_views.py",
    "ui/class_poll/step_text.py",
    "ui/class_poll/guess_text.py",
    "ui/class_poll/rating_text.py",
    "ui/class_poll/figures.py",
    "pages/class_poll.py",
    "poll_data",
)
OTHER_LANGUAGES = tuple(code for code in i18n.LANGUAGES if code != i18n.ENGLISH)
JS_CALL = re.compile(r"""\bt\(\s*(["'`])((?:\\.|(?!\1).)*)\1""", re.DOTALL)


def _files(area: str) -> list[Path]:
    path = ROOT / area
    if path.is_file():
        return [path]
    return sorted(p for p in path.rglob("*") if p.suffix in (".py", ".js"))


def python_calls(source: str) -> tuple[list[str], list[int]]:
    """The literal first arguments of ``tr(...)`` calls in ``source``, and the lines of calls
    whose first argument is not a literal string."""
    literals, others = [], []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and _named(node.func, "tr")):
            continue
        first = node.args[0] if node.args else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            literals.append(first.value)
        else:
            others.append(node.lineno)
    return literals, others


def _named(func: ast.expr, name: str) -> bool:
    return (isinstance(func, ast.Name) and func.id == name) or (
        isinstance(func, ast.Attribute) and func.attr == name
    )


def js_calls(source: str) -> list[str]:
    """The literal first arguments of ``t("...")`` calls in JavaScript ``source``."""
    return [json.loads(f'"{match.group(2)}"') for match in JS_CALL.finditer(source)]


def strings_in(paths: list[Path]) -> dict[str, str]:
    """Every wrapped string of these files, with the first place it is used."""
    found: dict[str, str] = {}
    for path in paths:
        source = path.read_text(encoding="utf-8")
        texts = python_calls(source)[0] if path.suffix == ".py" else js_calls(source)
        for text in texts:
            found.setdefault(text, str(path.relative_to(ROOT)))
    return found


def every_wrapped_string() -> dict[str, str]:
    paths = [
        path
        for folder in ("app.py", "common", "ui", "pages", "poll_data")
        for path in _files(folder)
    ]
    return strings_in(paths)


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_string_of_a_translated_area_has_an_entry(code):
    catalogue = i18n.catalogue(code)
    wanted = strings_in([path for area in TRANSLATED_AREAS for path in _files(area)])
    missing = {text: where for text, where in wanted.items() if text not in catalogue}
    assert missing == {}, f"no {code} entry for {len(missing)} strings: {list(missing.items())[:5]}"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_entry_fills_its_english_placeholders(code):
    differ = {
        english: (sorted(i18n.placeholders(english)), sorted(i18n.placeholders(text)))
        for english, text in i18n.catalogue(code).items()
        if i18n.placeholders(english) != i18n.placeholders(text)
    }
    assert differ == {}, f"{code}: placeholders differ from English: {differ}"


@pytest.mark.parametrize("code", OTHER_LANGUAGES)
def test_every_entry_is_used_and_says_something(code):
    used = every_wrapped_string()
    catalogue = i18n.catalogue(code)
    assert sorted(set(catalogue) - set(used)) == [], f"{code}: entries no code uses"
    # Every entry says something, but the thousands separator (German's narrow space).
    assert [english for english, text in catalogue.items() if not text.strip()] in ([], [","])


def test_tr_takes_a_literal_so_the_catalogue_check_sees_every_string():
    places = {
        str(path.relative_to(ROOT)): python_calls(path.read_text(encoding="utf-8"))[1]
        for folder in ("app.py", "common", "ui", "pages", "poll_data")
        for path in _files(folder)
        if path.suffix == ".py" and path.name != "i18n.py"
    }
    assert {where: lines for where, lines in places.items() if lines} == {}


def test_a_missing_entry_and_a_changed_placeholder_are_caught():
    """The checks above on a planted catalogue: they can fail."""
    source = 'tr("Peaks at n = {n}.", n=x)\ntr("Plain words.")\ntr(name)'
    literals, others = python_calls(source)
    assert literals == ["Peaks at n = {n}.", "Plain words."] and others == [3]
    assert js_calls('t("A \\"quoted\\" word") + t(`tick`)') == ['A "quoted" word', "tick"]
    assert i18n.placeholders("Gipfel bei n = {count}.") != i18n.placeholders("Peaks at n = {n}.")


def test_tr_falls_back_to_english_and_fills_numbers():
    assert i18n.tr("No such string {n}", n="3") == "No such string 3"
    with i18n.using("xx"):
        assert i18n.language() == i18n.ENGLISH
    with i18n.using("de"):
        assert i18n.language() == "de"
    assert i18n.best_match(None, "fr-FR", "de-AT") == "de"
    assert i18n.best_match("EN_gb") == "en" and i18n.best_match("zz", "") is None


def test_a_shared_cache_is_filled_in_english_whatever_its_first_readers_language():
    """ui.compute's caches serve every reader: a German reader's miss must not store German."""
    from common import format as fmt
    from ui import compute

    @compute.cached(4)
    def grouped(value: float) -> str:
        return fmt.count(value)

    with i18n.using("de"):
        first = grouped(10_000)
    assert first == "10,000" and grouped(10_000) == "10,000"
    with i18n.using("de"):
        assert fmt.count(10_000) == "10\u202f000"  # uncached, the reader's own
