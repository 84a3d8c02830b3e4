"""The story, step by step: numbered steps with Back and Next (and the ← → keys).

A step sets all four settings at once. The current step is the one the settings sit on
(the last one chosen, if several match), shown selected, and its line says what to look at
and how it was opened: by a button here, by a Lesson link, or by a shared link.

The steps are their own fragment (pages/playground.py), not part of the stage's: a settle's
rerun drew their 11 buttons, 2 lines and a row every time, ~40% of its server time and 2.6 of
its 6.6 KB (bench.profile_rerun), though they change only where a step is reached or left.
A settle that changes what they show, and a step's button, rerun both fragments by their keys
(``stage_request.rerun_stage_and_steps``), still not the whole page.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping

import streamlit as st
from streamlit.errors import StreamlitPageNotFoundError

from common.i18n import tr
from ui import compute, presenter, state
from ui.address import ASK_KEY
from ui.playground import answer_panel, stage_request
from ui.settings import KEYS, SETTINGS, STAGE_KEYS
from ui.story_steps import PRESETS, Preset

_CHOSEN = "_step_chosen"  # session key: the index of the step last chosen with a button
_LINE_SHOWN = "_step_line_shown"  # session key: the step whose line was last shown
_DRAWN = "_steps_drawn"  # session key: what the steps last showed (story on, current, anchor)


def current_step(values: Mapping[str, float]) -> int | None:
    """The index of the step the settings sit on, or None."""
    matching = [
        index
        for index, step in enumerate(PRESETS)
        if all(values[key] == step.values[key] for key in KEYS)
    ]
    chosen = st.session_state.get(_CHOSEN)
    if chosen in matching:
        return chosen
    return matching[0] if matching else None


def go_to_step(index: int) -> None:
    """Button callback: move every setting to step ``index`` and ask the stage to follow."""
    step = PRESETS[index]
    state.remember(step.values)
    stage_request.request_stage_move()
    st.session_state[_CHOSEN] = index
    state.note_arrival(None)  # from now on this step was chosen here
    stage_request.rerun_stage_and_steps()  # the stage moves, the steps light the step


def _view(values: Mapping[str, float], story_on: bool) -> tuple:
    """What the steps show: whether they show, the current step, the step Back and Next
    count from (the current one, else the one last chosen, else -1), and, off that step, the
    setting "Ask the room" carries (so a settle off the step redraws the link; on the step the
    step's values are the setting)."""
    current = current_step(values)
    anchor = current if current is not None else st.session_state.get(_CHOSEN, -1)
    asked_off_step = current is None and anchor >= 0  # only then does a settle move the link
    off_step = tuple(values[key] for key in STAGE_KEYS) if asked_off_step else None
    return story_on, current, anchor, off_step


def ask_query(index: int, values: Mapping[str, float]) -> dict[str, str]:
    """The class poll's address that asks the room step ``index``'s question at ``values``
    (read by ui.class_poll.ask_url): ?ask=4&beta=0.3&n=590&b=0.2&sigma=0."""
    return {ASK_KEY: str(index + 1)} | {
        key: SETTINGS[key].url_text(values[key]) for key in STAGE_KEYS
    }


def steps(values: Mapping[str, float], *, story_on: bool) -> None:
    """The steps (:func:`step_bar`), or, while predicting, a line saying they come back."""
    st.session_state[_DRAWN] = _view(values, story_on)
    stage_request.steps_done()
    if story_on:
        step_bar(values)
    else:
        st.caption(tr("The story's steps come back after Reveal: one of them is the answer."))


def steps_outdated(values: Mapping[str, float], *, story_on: bool) -> bool:
    """Whether the steps, last drawn by :func:`steps`, would show otherwise at ``values``."""
    return st.session_state.get(_DRAWN) != _view(values, story_on)


def keep_steps_current(values: Mapping[str, float], *, story_on: bool) -> None:
    """In a run of the stage's fragment alone, rerun the whole page if the steps would show
    otherwise: a net under the callbacks, which rerun the steps with the stage wherever they
    change (the stage's settle, a step's button)."""
    asked = stage_request.steps_asked()
    if state.fragment_run() and not asked and steps_outdated(values, story_on=story_on):
        st.rerun()


def step_bar(values: Mapping[str, float]) -> None:
    """Back, the numbered steps (the current one selected), Next."""
    _, current, anchor, _ = _view(values, True)
    last = len(PRESETS) - 1
    # No help= tooltips here: a tooltip stays up under the pointer after each click, over the
    # step line and the navigation. Streamlit draws the shortcut (← →) on Back and Next, and
    # the steps' names are said to screen readers (ui.page_css hides a described-* first child).
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.container(key="described-story", width="content").markdown(
            tr("Story steps (the ← and → keys move between them): ")
            + "; ".join(f"{index + 1}: {step.name}" for index, step in enumerate(PRESETS))
        )
        st.markdown(tr("**Story:**"), width="content")
        st.button(
            tr("Back"),
            key="step-back",
            icon=":material/arrow_back:",
            on_click=go_to_step,
            args=(max(anchor - 1, 0),),
            disabled=anchor <= 0,
            shortcut="Left",
        )
        for index in range(len(PRESETS)):
            st.button(
                str(index + 1),
                key=f"step-{index}",
                type="primary" if index == current else "secondary",
                on_click=go_to_step,
                args=(index,),
            )
        st.button(
            tr("Next"),
            key="step-next",
            icon=":material/arrow_forward:",
            icon_position="right",
            on_click=go_to_step,
            args=(min(anchor + 1, last),),
            disabled=anchor >= last,
            shortcut="Right",
        )
        # The lecturer asks the room this step's question at this setting. In presenter mode
        # it sits beside the step's line instead (step_line): its 139 px here wrapped the
        # steps under the title at 1280x720 (the title's row 40 -> 110 px high).
        if anchor >= 0 and not presenter.presenter_mode():
            ask_link(anchor, values)


def ask_link(index: int, values: Mapping[str, float]) -> None:
    """ "Ask the room": the class poll's start screen on step ``index``'s question at ``values``
    (the same tab, so presenter mode and the session's settings come along). Not on a phone:
    a lecturer runs a poll from the projector, and on a 390 px screen it put the steps' bar on
    a third row (132 px high, the 96 px held for it overrun): ui/page_css.py hides it there."""
    box = st.container(key="ask-room", width="content")
    # Only in AppTest does it fail: a run of the steps' fragment alone starts a new
    # PagesManager there that knows no pages (a served session keeps st.navigation's); the
    # next whole run draws the link.
    with contextlib.suppress(StreamlitPageNotFoundError):
        box.page_link(
            "pages/class_poll.py",
            label=tr("Ask the room"),
            icon=":material/how_to_vote:",
            query_params=ask_query(index, values),
            help=tr(
                "Start a class poll on step {step}'s question at this setting.", step=index + 1
            ),
        )


def step_line(values: Mapping[str, float], slot, *, always: bool = False) -> None:
    """What to look at in the current step, and how the step was opened; nothing off-story.

    A visitor who just opened the Playground gets no line (the screen is full enough) unless
    ``always`` (presenter mode), where the line is the step's one-line headline, and nothing
    about how it was opened: a projector's charts need the room. ``slot`` is an
    ``st.empty()`` the line goes into.
    """
    index, anchor = current_step(values), _view(values, True)[2]
    if always and anchor >= 0:  # the line, and beside it "Ask the room" (off the step: alone)
        row = slot.container(horizontal=True, vertical_alignment="center", gap="small")
        if index is not None:
            _headline(index, row)
        with row:
            ask_link(anchor, values)
        return
    if index is None:
        # Off the step whose line was shown: a line of the same kind in its place, so the
        # charts under it stay put (the line's going moved them 27 px up on a slider's release).
        left = st.session_state.get(_LINE_SHOWN)
        if left is not None and not always:
            slot.info(
                tr(
                    "**Off the story** (from step {step}). {story}",
                    step=left + 1,
                    story=PRESETS[left].story,
                ),
                icon=":material/school:",
            )
        return
    if always:
        _headline(index, slot)
        return
    step: Preset = PRESETS[index]
    numbered = _numbered(index)
    opened = _opened(state.arrival())
    if opened is None:
        return
    st.session_state[_LINE_SHOWN] = index
    slot.info(f"{numbered} ({opened}). {step.story}", icon=":material/school:")


def _headline(index: int, container) -> None:
    """Presenter mode's line: at most two lines of the largest type after the title, no icon
    (ui/page_css.py)."""
    step: Preset = PRESETS[index]
    numbered = _numbered(index)
    container.container(key="step-line-one").info(f"{numbered}: {step.headline}")


def _numbered(index: int) -> str:
    """ "**Step 2 of 7 · The peak**", in the reader's language."""
    return tr(
        "**Step {step} of {steps} · {name}**",
        step=index + 1,
        steps=len(PRESETS),
        name=PRESETS[index].name,
    )


def step_quote(values: Mapping[str, float]) -> None:
    """Under the stage, at steps 1-3 (outside presenter mode): best-of-n's answer at the step's
    n, quoted. Above the stage its two lines took a 1280x720 screen's charts below 30% of the
    height (176-200 px); the stage's own panel, just above it, has the answer whole."""
    index = current_step(values)
    if index is None or index >= answer_panel.QUOTED_STEPS or _opened(state.arrival()) is None:
        return
    clouds = compute.best_of_n_clouds_at_stops(values["b"], values["sigma"])
    quote = answer_panel.step_quote(values["n"], clouds)
    st.container(key="step-quote").caption(tr("Step {step}: {quote}", step=index + 1, quote=quote))


def _opened(arrival: str | None) -> str | None:
    """How the current step was opened, or None while the visitor has chosen no step."""
    if arrival is None and st.session_state.get(_CHOSEN) is None:
        return None
    if arrival == "lesson":
        return tr("opened from the Lesson")
    if arrival == "link":
        return tr("opened from a shared link")
    return tr("chosen with the story buttons")
