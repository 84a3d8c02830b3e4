"""Where Python last asked the Playground's stage to move (a story step, an arrival, Back or
Forward): the request the stage takes, numbered so it moves once for each; and which of the
page's two fragments (the stage's, the story's steps') a callback reruns."""

from __future__ import annotations

import streamlit as st

from ui import address

LIVE_STAGE = "live-stage"  # the stage's fragment (pages/playground.py): a settle reruns it
STORY_STEPS = "story-steps-run"  # the steps' fragment: rerun with the stage where they change
_STEPS_ASKED = "_story_steps_asked"  # session key: this run's queue holds the steps' fragment


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


def rerun_stage_and_steps() -> None:
    """From a callback: rerun the stage's fragment and then the steps' (not the whole page)."""
    st.session_state[_STEPS_ASKED] = True
    st.rerun([LIVE_STAGE, STORY_STEPS])


def steps_asked() -> bool:
    """Whether this run reruns the steps' fragment after the stage's (a callback asked)."""
    return bool(st.session_state.get(_STEPS_ASKED, False))


def steps_done() -> None:
    """The steps' fragment has run: the next run asks again, or not."""
    st.session_state.pop(_STEPS_ASKED, None)
