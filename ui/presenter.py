"""Presenter mode on a page (?present=1: larger type, fewer words; its CSS is
ui/page_css.py's): the button into it and out, and the stretches of explanation it folds."""

from __future__ import annotations

import streamlit as st

from ui import state


def words(label: str):
    """Where a stretch of a page's explanation goes: the page itself, or in presenter mode a
    closed expander named ``label`` (fewer words on the projector, one click from the rest)."""
    if state.presenter_mode():
        return st.expander(label, icon=":material/notes:")
    return st.container()


def switch(present: bool | None = None) -> None:
    """A button into presenter mode (?present=1), or back out of it, for this page and the
    pages after it; ``present`` defaults to the session's presenter mode."""
    present = state.presenter_mode() if present is None else present
    label = "Leave presenter mode" if present else "Presenter mode (larger type, fewer words)"
    if st.button(label, key="presenter-switch", icon=":material/co_present:"):
        state.set_presenter_mode(not present)
        st.rerun()
