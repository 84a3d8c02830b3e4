"""The reader's language for this run: ``?lang=``, else the session's, else the browser's
(``st.context.locale``), else English; registered with ``common.i18n`` so ``tr`` follows it.

``app.py`` calls :func:`settle` first on every run; a fragment's rerun skips app.py, so the
language is kept in the session state, where the provider reads it on any run.
"""

from __future__ import annotations

import contextlib

import streamlit as st

from common import i18n
from ui import state

LANGUAGE = "_language"  # session key: the language code this session reads in
LANG_KEY = "lang"  # the URL parameter: ?lang=de


def settle() -> str:
    """Decide this run's language and keep it for the session; its code."""
    asked = state.query().get(LANG_KEY) or [None]
    code = (
        i18n.best_match(asked[-1])
        or st.session_state.get(LANGUAGE)
        or i18n.best_match(_browser_locale())
        or i18n.ENGLISH
    )
    st.session_state[LANGUAGE] = code
    return code


def current() -> str:
    """The session's language (English outside a run, or before :func:`settle`)."""
    with contextlib.suppress(Exception):  # no script run context: a build script, a test
        return st.session_state.get(LANGUAGE, i18n.ENGLISH)
    return i18n.ENGLISH


def _browser_locale() -> str | None:
    with contextlib.suppress(AttributeError, RuntimeError):
        return st.context.locale
    return None


i18n.set_provider(current)
