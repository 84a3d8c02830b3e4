"""A step room's screens: the room answers one story step's question, as clickers do.

The lecturer starts it on the start screen (a step chosen there) or from the Playground's "Ask
the room" (``?ask=STEP&beta=..&n=..&b=..&sigma=..``, read by ``ask_url``), which opens the
start screen on that step at the stage's setting. Phones get the question and one full-width
button per answer (a tap is the vote; another tap changes it while the poll is open); the
projector shows a bar per answer with its count, live, and Reveal marks the right one (worked
out by ``ui.step_questions`` at the setting the poll was started at), says why, and links to
the step's picture on the Playground. No text a student sends is stored or shown.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import streamlit as st
from sqlalchemy.engine import Engine

from common.i18n import tr
from poll_data import guesses, step_polls, store
from ui import presenter, state, step_questions
from ui.class_poll import ask_url, identity, live, step_text
from ui.class_poll.ask_url import Ask
from ui.settings import PRESENT_KEY
from ui.story_steps import PRESETS

REFRESH_SECONDS = 2  # the projector's bars re-read the room this often (as the guess poll's)
PHONE_REFRESH_SECONDS = 5  # a phone re-reads the poll (closed? revealed?) this often
KIND_KEY, STEP_KEY = "poll_kind", "step_pick"  # the start screen's widgets' keys
ASKED_KEY = "step_asked"  # session key: the ?ask= address last put into the start form
VOTE_KEY = "step_vote"  # session key: (accepted, sentence) of the phone's last tap, shown once
# A phone's answers: full width and at least 48 px tall (44 px is the smallest target a thumb
# hits reliably, WCAG 2.5.5), their words wrapped and read from the left.
PHONE_CSS = """<style>
.st-key-step_choices button { min-height: 48px; justify-content: flex-start; text-align: left;
  padding-block: 0.5rem; }
.st-key-step_choices button p { white-space: normal; font-size: max(17px, 1.05rem); }
</style>"""


def step_room(engine: Engine, poll: store.Poll) -> step_polls.StepRoom | None:
    """The poll's step and setting, or None (another kind of poll)."""
    return step_polls.step_room(engine, poll)


def question_of(room: step_polls.StepRoom) -> step_questions.StepQuestion:
    """The room's question at the setting it was started at."""
    return step_questions.question(room.step, room.values)


# --- the start screen's part ---------------------------------------------------------


def take_ask(kind: str) -> Ask | None:
    """The question ``?ask=`` names, if any; a new one (or a start form drawn afresh) opens the
    start screen on kind ``kind`` and that step."""
    ask = ask_url.read_ask(state.query())
    if ask is not None and (
        st.session_state.get(ASKED_KEY) != ask or KIND_KEY not in st.session_state
    ):
        st.session_state[ASKED_KEY] = ask
        st.session_state[KIND_KEY] = kind
        st.session_state[STEP_KEY] = ask.step
    return ask


def start_form(engine: Engine, container, ask: Ask | None, lead: Callable[[str], None]) -> None:
    """Choose a story step; see its question (not its answer) and the setting it is asked at;
    Start opens the room and ``lead`` takes the lecturer to it."""
    # The notes in one container, so the form under them keeps its place (rating_views.py).
    notes = container.container(key="step_ask_notes")
    for note in ask.notes if ask is not None else ():
        notes.warning(note)
    step = container.selectbox(
        tr("Story step"),
        options=range(len(PRESETS)),
        format_func=lambda index: f"{index + 1}. {PRESETS[index].name}",
        key=STEP_KEY,
    )
    from_playground = ask is not None and ask.step == step
    values = ask.values if from_playground else dict(PRESETS[step].values)
    question = step_questions.question(step, values)

    container.markdown(f"**{question.prompt}**")
    container.text(
        "\n".join(
            step_text.choice_label(index, text) for index, text in enumerate(question.choices)
        )
    )
    setting = step_text.setting_sentence(values)
    if from_playground:
        asked = tr("Asked at the Playground's setting: {setting}.", setting=setting)
    else:
        asked = tr("Asked at the step's setting: {setting}.", setting=setting)
    hidden = tr("The right answer is worked out there and stays hidden until you press Reveal.")
    container.caption(f"{asked} {hidden}")
    if not container.button(tr("Ask the room"), type="primary", key="step_start"):
        return
    try:
        poll, _room = step_polls.start_step_poll(
            engine,
            step=step,
            values=values,
            choices=len(question.choices),
            opener=identity.opener(),
        )
    except store.RoomLimit as refused:
        container.warning(str(refused))
        return
    st.session_state.pop(ASKED_KEY, None)
    lead(poll.lecturer_token)


# --- the lecturer's screen -----------------------------------------------------------


def lecturer_part(
    engine: Engine, token: str, room: step_polls.StepRoom, join_column, results_column
) -> None:
    """The step and setting under the join panel; the question and the room's bars, live."""
    join_column.markdown(
        tr(
            "{step}: asked at {setting}.",
            step=step_text.step_title(room.step),
            setting=step_text.setting_sentence(room.values),
        )
    )
    with results_column:
        live_answers(engine, token)


def _poll_room_counts(engine: Engine, token: str) -> tuple:
    poll = store.poll_for_lecturer(engine, token)
    room = step_polls.step_room(engine, poll) if poll else None
    return poll, room, step_polls.counts_of(engine, room) if room else None


@st.fragment(run_every=REFRESH_SECONDS)
def live_answers(engine: Engine, token: str) -> None:
    """The question, the count and a bar per answer, re-read every REFRESH_SECONDS; after
    Reveal the right answer marked, why, and the way to the step's picture."""
    found = live.read_or_warn(_poll_room_counts, engine, token)
    if found is None:
        return
    poll, room, counts = found
    question = question_of(room)
    # As many bars as the question has answers, should a new version of the app have changed
    # their number under a running poll (its votes name answers by index).
    counts = np.resize(
        np.append(counts, np.zeros(len(question.choices), int)), len(question.choices)
    )
    st.markdown(f"#### {question.prompt}")
    st.container(key="poll_count").metric(step_text.answers_label(poll.closed), int(counts.sum()))
    right = question.right if poll.revealed else None
    st.html(step_text.BARS_CSS + step_text.bars_html(question.choices, counts, right))
    # The reveal's four lines in one container, so the download button under them keeps its
    # place: moved down four on a refresh, the old button showed beside the new one for a moment.
    reveal = st.container(key="step_reveal")
    if poll.revealed:
        reveal.success(step_text.right_sentence(question))
        reveal.markdown(question.why)
        reveal.caption(step_text.common_wrong_sentence(question, counts))
        with reveal:
            playground_link(room)
    st.download_button(
        tr("Download the answers (CSV)"),
        step_text.counts_csv(question, counts, revealed=poll.revealed),
        file_name=f"step_{room.step + 1}_answers.csv",
        mime="text/csv",
        key="step_csv",
        on_click="ignore",
    )


def playground_link(room: step_polls.StepRoom) -> None:
    """The step's picture: the Playground at the setting the question was asked at."""
    parameters = ask_url.playground_query(room.values)
    if presenter.presenter_mode():
        parameters[PRESENT_KEY] = "1"
    st.page_link(
        "pages/playground.py",
        label=tr("See step {step} on the Playground", step=room.step + 1),
        icon=":material/tune:",
        query_params=parameters,
    )


# --- the phone's screen --------------------------------------------------------------


def phone_screen(engine: Engine, room_code: str, student: str) -> None:
    """The question and one big button per answer; the state re-read every few seconds."""
    st.html(PHONE_CSS)
    st.fragment(phone_card, run_every=PHONE_REFRESH_SECONDS)(engine, room_code, student)


def phone_card(engine: Engine, room_code: str, student: str) -> None:
    """The question, the answers as buttons (this phone's shown pressed), what was stored, and
    the right answer once revealed."""
    try:
        poll = store.poll_for_room(engine, room_code)
        room = step_polls.step_room(engine, poll) if poll else None
        mine = step_polls.vote_of(engine, poll.id, student) if room else None
    except store.StoreUnavailable as error:
        st.warning(str(error))
        return
    if room is None:
        st.warning(
            tr(
                "No open poll has the room code {room}. Check the code on the screen.",
                room=room_code,
            )
        )
        return
    question = question_of(room)
    mine = (
        mine if mine is not None and mine < len(question.choices) else None
    )  # one no longer offered
    st.caption(tr("Room {room} · {step}", room=room_code, step=step_text.step_title(room.step)))
    st.markdown(f"**{question.prompt}**")
    buttons = st.container(key="step_choices", gap="small")
    for index, text in enumerate(question.choices):
        buttons.button(
            step_text.choice_label(index, text),
            key=f"step_choice_{index}",
            type="primary" if index == mine else "secondary",
            width="stretch",
            disabled=poll.closed,
            on_click=_tap,
            args=(engine, room_code, student, index),
        )
    # The tap's answer once (the next refresh, 5 s on, drops it), and what is stored always.
    # A refused tap's note in a container of its own, so what is stored keeps its place under it
    # (after a note, the next refresh drew the stored line one place up while the old one still
    # showed: two for a moment, as rating_views.py's count did); closed and revealed likewise.
    accepted, sentence = st.session_state.pop(VOTE_KEY, (None, None))
    notes = st.container(key="step_notes")
    if sentence and not accepted:
        notes.warning(sentence)
    stored = step_text.phone_confirmation(question, mine, poll.closed)
    if mine is None:
        st.caption(stored)
    else:
        st.success(f"{sentence} {stored}" if accepted else stored)
    closed, revealed = st.container(key="step_closed"), st.container(key="step_revealed")
    if poll.closed:
        closed.info(guesses.closed_to_answers())
    if poll.revealed:
        revealed.success(step_text.phone_reveal(question, mine))


def _tap(engine: Engine, room_code: str, student: str, index: int) -> None:
    """A button's click: store this phone's choice (or say why not)."""
    try:
        vote = step_polls.submit_vote(engine, room_code=room_code, student_id=student, choice=index)
    except store.StoreUnavailable as error:
        st.session_state[VOTE_KEY] = (False, str(error))
        return
    if vote.outcome is step_polls.Outcome.CLOSED:
        st.session_state[VOTE_KEY] = (None, None)  # the status line says it, once
        return
    st.session_state[VOTE_KEY] = (vote.accepted, vote.message)
