"""The reader's language in the address, ``?lang=de``, and which language a run reads in (pure).

``ui.address`` has its row (and writes the session's language back into the address, as a page
switch drops it); ``ui.language`` asks :func:`choose_language` on every run.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from common import i18n
from ui.url_values import MAX_URL_VALUE

LANG_KEY = "lang"  # ?lang=de: the reader's language (ui.language)


@dataclass(frozen=True)
class LanguageRow:
    """The reader's language, ``?lang=de``: one of ``common.i18n.LANGUAGES`` ("de-AT" reads as
    "de"); any other value is not usable (a note, and the session's language)."""

    key: str
    pages: tuple[str, ...]

    def parse(self, raw_values: Sequence[str]) -> str | None:
        """The offered language the address asks for (the last value counts), else None."""
        if not raw_values or len(raw_values[-1]) > MAX_URL_VALUE:
            return None
        return i18n.best_match(raw_values[-1])


def choose_language(asked: Sequence[str], kept: str | None, browser: str | None) -> str:
    """This run's language: the address's (``asked``: its ``lang`` values) if offered, else
    the session's (``kept``: carried from page to page, as a page switch drops the address's
    parameters), else the browser's locale's ("de-DE"), else English."""
    return (
        LanguageRow(LANG_KEY, ()).parse(asked)
        or (kept if kept in i18n.LANGUAGES else None)
        or i18n.best_match(browser)
        or i18n.ENGLISH
    )
