"""Presenter mode on a page (?present=1: larger type, fewer words; its CSS is
ui/page_css.py's): whether it is on, the button into it and out, and the stretches of
explanation it folds."""

from __future__ import annotations

import streamlit as st

from common.i18n import tr
from ui import address, state
from ui.settings import PRESENT_KEY


def presenter_mode() -> bool:
    """Whether presenter mode is on (?present=1; anything else is off), as
    ``ui.state.settle_url`` left it: the address decides, except arriving on a page without it,
    where the session's carries over (a page switch drops every parameter no slider of the new
    page owns)."""
    return st.session_state.get(address.PRESENT, _present_in_address())


def _present_in_address() -> bool:
    return address.PARAMETER_ROWS[PRESENT_KEY].parse(state.query().get(PRESENT_KEY, []))


def set_presenter_mode(on: bool) -> None:
    """Turn presenter mode on or off, here and on the pages after it (the switch)."""
    st.session_state[address.PRESENT] = on
    state.write_query_param(PRESENT_KEY, "1" if on else None)


def words(label: str):
    """Where a stretch of a page's explanation goes: the page itself, or in presenter mode a
    closed expander named ``label`` (fewer words on the projector, one click from the rest)."""
    if presenter_mode():
        return st.expander(label, icon=":material/notes:")
    return st.container()


def switch(present: bool | None = None) -> None:
    """A button into presenter mode (?present=1), or back out of it, for this page and the
    pages after it; ``present`` defaults to the session's presenter mode."""
    present = presenter_mode() if present is None else present
    label = (
        tr("Leave presenter mode") if present else tr("Presenter mode (larger type, fewer words)")
    )
    if st.button(label, key="presenter-switch", icon=":material/co_present:"):
        set_presenter_mode(not present)
        st.rerun()
