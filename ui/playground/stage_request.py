"""Where Python last asked the Playground's stage to move (a story step, an arrival, Back or
Forward): the request the stage takes, numbered so it moves once for each."""

from __future__ import annotations

import streamlit as st

from ui import address


def request_stage_move() -> None:
    """Ask the stage to show the session's current settings (after a preset or an arrival)."""
    st.session_state[address.REQUEST] = address.stage_move(
        st.session_state.get(address.REQUEST), st.session_state.get(address.LAST, {})
    )


def stage_request() -> dict:
    """Where Python last asked the stage to move: {"id", "beta", "n"} (β and n as URL text)."""
    if address.REQUEST not in st.session_state:
        request_stage_move()
    return st.session_state[address.REQUEST]
