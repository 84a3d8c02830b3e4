"""The words in the reader's language: per-language catalogues, English the fallback (pure).

Every user-facing string is written in English where it is used, wrapped in :func:`tr`::

    tr("True quality peaks at n = {n}.", n=fmt.count(49))

The English text is the key. A catalogue (``locales/<language>/*.json``, one flat JSON object
per area of the app, merged) maps it to that language's text, whose placeholders (``{n}``) are
the English ones: numbers are formatted before they reach :func:`tr` (``common.format``), so a
sentence reads the same numbers in every language. A string with no entry in the reader's
catalogue reads in English; ``tests/app/test_translations.py`` fails on any such string in the
translated areas, and on an entry whose placeholders differ from its English key.

Which language: the UI layer registers a function that says it for the current run
(``ui.language``: ``?lang=``, else the browser's ``st.context.locale``, else English);
:func:`using` overrides it in a block (tests, the lecturer's pack). No Streamlit here.
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import json
import string
from collections.abc import Callable, Iterator
from pathlib import Path

ENGLISH = "en"
# The languages the app offers, by code, each in its own words (a menu lists them so).
LANGUAGES = {"en": "English", "de": "Deutsch"}
LOCALES = Path(__file__).resolve().parent.parent / "locales"

_override: contextvars.ContextVar[str | None] = contextvars.ContextVar("language", default=None)
_provider: Callable[[], str] | None = None


def tr(text: str, /, **values: object) -> str:
    """``text`` in the current language, its ``{placeholders}`` filled from ``values``.

    Without ``values`` the text is returned as written (braces and all), so a string that
    shows a literal "{" needs no escaping unless it also takes values.
    """
    translated = catalogue(language()).get(text, text)
    return translated.format(**values) if values else translated


def language() -> str:
    """The current language's code: :func:`using`'s, else the registered provider's, else
    English; always one of ``LANGUAGES``."""
    chosen = _override.get()
    if chosen is None and _provider is not None:
        chosen = _provider()
    return chosen if chosen in LANGUAGES else ENGLISH


def set_provider(provider: Callable[[], str] | None) -> None:
    """Register the function that says the current run's language (``ui.language``'s)."""
    global _provider
    _provider = provider


@contextlib.contextmanager
def using(code: str) -> Iterator[None]:
    """Within the block, :func:`tr` writes in ``code``'s language (English if not offered)."""
    token = _override.set(code)
    try:
        yield
    finally:
        _override.reset(token)


def best_match(*asked: str | None) -> str | None:
    """The first offered language among ``asked`` codes ("de", "de-AT", "DE_ch"), matched on
    the primary subtag; None when none is offered."""
    for code in asked:
        if not code:
            continue
        primary = code.strip().replace("_", "-").split("-")[0].lower()
        if primary in LANGUAGES:
            return primary
    return None


@functools.cache
def catalogue(code: str) -> dict[str, str]:
    """The merged catalogue of ``code`` (English: empty, its keys are its words)."""
    if code == ENGLISH:
        return {}
    merged: dict[str, str] = {}
    for path in sorted((LOCALES / code).glob("*.json")):
        merged.update(json.loads(path.read_text(encoding="utf-8")))
    return merged


def placeholders(text: str) -> set[str]:
    """The names of ``text``'s ``{placeholders}`` ("{n} of {total}": {"n", "total"})."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}
