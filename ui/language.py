"""The reader's language for this run: ``?lang=``, else the session's, else the browser's
(``st.context.locale``), else English (``ui.language_url.choose_language`` decides); registered with
``common.i18n`` so ``tr`` follows it; and the menu that changes it.

``app.py`` calls :func:`settle` first on every run; a fragment's rerun skips app.py, so the
language is kept in the session state (``ui.address.LANGUAGE``), where the provider reads it on
any run. The page's ``ui.state.settle_url`` then writes it into the address (``ui.address``), so
a page switch, which drops ``?lang=``, keeps it, and a link carries it.
"""

from __future__ import annotations

import contextlib

import streamlit as st

from common import i18n
from ui import address, state
from ui.language_url import choose_language

LANGUAGE = address.LANGUAGE  # session key: the language code this session reads in
LANG_KEY = address.LANG_KEY  # the URL parameter: ?lang=de
MENU_KEY = "language-menu"  # the menu's widget key (not "lang": the address's row owns that)
# The menu's label in every language at once: a reader who cannot read the page's language
# must still find the way out of it.
MENU_LABEL = " · ".join(("Language", "Sprache"))


def settle() -> str:
    """Decide this run's language and keep it for the session; its code."""
    code = choose_language(
        state.query().get(LANG_KEY, []), st.session_state.get(LANGUAGE), _browser_locale()
    )
    st.session_state[LANGUAGE] = code
    return code


def current() -> str:
    """The session's language (English outside a run, or before :func:`settle`)."""
    with contextlib.suppress(Exception):  # no script run context: a build script, a test
        return st.session_state.get(LANGUAGE, i18n.ENGLISH)
    return i18n.ENGLISH


def menu() -> None:
    """A small menu of the offered languages, each in its own words; a choice is written
    into the address (``?lang=en`` too: asked for, it stays) and the session."""
    st.session_state[MENU_KEY] = current()
    st.selectbox(
        MENU_LABEL,
        tuple(i18n.LANGUAGES),
        format_func=i18n.LANGUAGES.__getitem__,
        key=MENU_KEY,
        on_change=_chosen,
        label_visibility="collapsed",
        width=130,
    )


def _chosen() -> None:
    code = st.session_state[MENU_KEY]
    st.session_state[LANGUAGE] = code
    state.write_query_param(LANG_KEY, code)


def _browser_locale() -> str | None:
    with contextlib.suppress(AttributeError, RuntimeError):
        return st.context.locale
    return None


i18n.set_provider(current)
