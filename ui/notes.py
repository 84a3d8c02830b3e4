"""The notes about the address: what ``ui.state.settle_url`` changed in an unusable address
(a value off the stops, an unusable pin), said plainly under the page's sliders."""

from __future__ import annotations

import streamlit as st

from ui import address, state
from ui.settings import keys_for

_SHOWN = "_url_notes_shown"  # session key: (page and address, notes) on screen


def show_notes() -> list[str]:
    """Show the notes ``ui.state.settle_url`` kept about the URL (plain text, never HTML), until
    the reader changes the picture: another page, a setting or the address; the notes shown.

    Not only on the run after the correction: a rerun nobody asked for (the screen's size
    report that fits the main chart, ui/screen.py) came next, and the note was gone in a blink.
    """
    notes = st.session_state.pop(state.NOTES, [])
    page = st.session_state.get(address.PAGE)
    values = tuple((key, st.session_state.get(key)) for key in (keys_for(page) if page else ()))
    asked = tuple(sorted((key, tuple(texts)) for key, texts in state.query().items()))
    picture = (page, values, asked)
    if notes:
        st.session_state[_SHOWN] = (picture, notes)
    else:
        shown_for, kept = st.session_state.get(_SHOWN, (None, []))
        notes = kept if shown_for == picture else []
    if notes:
        st.warning("\n".join(f"- {note}" for note in notes), icon=":material/link_off:")
    return notes
