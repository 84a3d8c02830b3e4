"""The class poll's three screens: the start (no link), the lecturer's, the student's.

Which one a visitor sees is decided by the address: ``?lecturer=TOKEN`` (the lecturer's own
link, the only way to the controls), ``?room=CODE`` (the join link), or neither. Nothing a
visitor typed is ever rendered as Markdown or HTML: messages come from ``poll_data.guesses`` and
``poll_data.store``, which never repeat raw input.
"""

from __future__ import annotations

import io

import segno
import streamlit as st
from sqlalchemy.engine import Engine

from common import format as fmt
from common.i18n import tr
from poll_data import guesses, ratings, store
from ui import charts, compute, glossary, lecturer_cookie, link_box, presenter, sliders, state
from ui.address import LECTURER_KEY, OLD_STUDENT_KEY, ROOM_KEY
from ui.class_poll import export as poll_export
from ui.class_poll import figures as poll_figures
from ui.class_poll import guess_text, identity, live, rating_views, step_text, step_views
from ui.class_poll.page_scripts import BACK_ROW_CSS, KEYBOARD_SCRIPT, TO_TOP_SCRIPT
from ui.settings import PRESENT_KEY

REFRESH_SECONDS = 2  # the lecturer's count and histogram re-read the database this often
# Phones re-read the poll's state this often: 100 phones make 40 small reads a second.
STUDENT_REFRESH_SECONDS = 5
QR_SCALE = 8  # px per QR module: ~300 px across, readable from the back of a lecture hall
QR_SHOWN_PX = 300  # drawn this wide: a phone at the back of a lecture hall still reads it
GUESS, RATE, STEP = "guess", "rate", "step"  # the kinds of poll a lecturer may start
MESSAGE_KEY = "poll_message"  # session key: the answer to the last submission, shown once
FORM_OPEN_KEY = "poll_form_open"  # session key: the guess form was last drawn enabled
TO_TOP_KEY = "poll_to_top"  # session key: the lecturer's screen opens at its top, once


def kind_words(kind: str) -> str:
    """A kind of poll as the start screen offers it."""
    return {
        GUESS: tr("Guess the peak"),
        RATE: tr("Rate answers"),
        STEP: tr("A story step's question"),
    }[kind]


def truth(poll: store.Poll) -> compute.Curve:
    """The asked method's curve at the poll's reward model, with the peak of true quality."""
    if poll.question == "kl":
        return compute.kl_curve(poll.b, poll.sigma)
    return compute.best_of_n_curve(poll.b, poll.sigma)


def join_link(room_code: str) -> str:
    """The address students open: this page's own URL with ?room=CODE."""
    try:
        here = st.context.url
    except Exception:  # no browser (AppTest): a path is the best we can give
        here = None
    return f"{here or '/poll'}?room={room_code}"


def lead(token: str) -> None:
    """Open the lecturer's screen of the poll with ``token``: kept in the session (and then
    the device's cookie), never in the address, which the projector shows the room."""
    identity.keep_lecturer(token)
    st.session_state[TO_TOP_KEY] = True
    go_to({})


def go_to(parameters: dict[str, str]) -> None:
    """Rerun at this page's address with only ``parameters`` (and presenter mode, if on: the
    lecturer who starts a poll on the projector stays in it)."""
    if presenter.presenter_mode():
        parameters = {**parameters, PRESENT_KEY: "1"}
    state.open_address(parameters)
    st.rerun()


def qr_png(link: str) -> bytes:
    """The join link as a QR code, a PNG of ~300 px."""
    buffer = io.BytesIO()
    segno.make(link, error="m").save(buffer, kind="png", scale=QR_SCALE, border=2)
    return buffer.getvalue()


# --- no link: start a poll, or join one ----------------------------------------------


def start_screen(engine: Engine) -> None:
    """Lecturers start a poll (a step's question if ``?ask=`` names one); students join one."""
    ask = step_views.take_ask(STEP)
    lecturer_cookie.write(None)  # this device leads no poll now (New poll, or a stale one)
    start, join = st.columns(2, gap="large")
    # The students' box first in the run: a phone puts its column first (server/serving.py's
    # FRAME_CSS, by the box's key), and written last it moved the lecturers' form down 236 px
    # when it came (CLS 0.22 on a phone's first visit at 1.5 Mbit/s).
    _join_form(join)
    start.header(tr("Lecturers: start a poll"))
    start.markdown(
        tr(
            "Students guess where true quality will peak, answer a story step's question, or "
            "rate answers and so build a reward model, on their phones; you show the room's "
            "answers live."
        )
    )
    glossary.explain("true quality", "reward model", container=start)
    kind = start.radio(
        tr("Kind of poll"),
        options=(GUESS, RATE, STEP),
        format_func=kind_words,
        key="poll_kind",
        horizontal=True,
    )
    if kind == RATE:
        rating = rating_views.start_form(start)
        if rating is not None:
            try:
                poll, _room = ratings.start_rating_poll(engine, **rating, opener=identity.opener())
            except store.RoomLimit as refused:
                start.warning(str(refused))
            else:
                lead(poll.lecturer_token)
    elif kind == STEP:
        step_views.start_form(engine, start, ask, lead)
    else:
        _guess_form(engine, start)


def _guess_form(engine: Engine, start) -> None:
    question = start.radio(
        tr("Question"),
        options=list(guesses.QUESTIONS),
        format_func=lambda key: guesses.QUESTIONS[key].asked().replace("**", ""),
        key="poll_question",
    )
    # The table's b and σ rows, as sliders of the poll's own: its address is its token or room.
    b = sliders.slider("b", container=start, widget_key="poll_b")
    sigma = sliders.slider("sigma", container=start, widget_key="poll_sigma")
    if start.button(tr("Start a poll"), type="primary", key="poll_start"):
        try:
            poll = store.start_poll(
                engine, b=b, sigma=sigma, question=question, opener=identity.opener()
            )
        except store.RoomLimit as refused:
            start.warning(str(refused))
        else:
            lead(poll.lecturer_token)


def _join_form(join) -> None:
    join.header(tr("Students: join a poll"))
    with join.form("poll_join", border=False):
        code = st.text_input(
            tr("Room code"),
            max_chars=12,
            placeholder=tr("e.g. {code}", code="K7QM2X"),
            key="poll_room",
        )
        if st.form_submit_button(tr("Join"), key="poll_join_button"):
            try:
                room = guesses.normalize_room_code(code)
            except guesses.BadInput as error:
                st.warning(str(error))
            else:
                state.open_address({ROOM_KEY: room})
                st.rerun()


# --- the lecturer's screen -----------------------------------------------------------


def lecturer_screen(engine: Engine, raw_token: str, controls=None) -> None:
    """Room code, join link and QR code to project; live count and histogram; the controls
    (in ``controls``, a container beside the title, or at the top of the page)."""
    try:
        token = guesses.check_token(raw_token, what="lecturer link")
        poll = store.poll_for_lecturer(engine, token)
    except guesses.BadInput as error:
        poll, message = None, str(error)
    else:
        message = tr("This lecturer link belongs to no poll (polls are deleted after a day).")
    if poll is None:
        identity.forget_lecturer()
        st.warning(message)
        _back_to_start()
        return
    # The scripts that draw nothing go in the title's row, where they take no line.
    hidden = controls if controls is not None else st.container()
    lecturer_cookie.write(token, container=hidden)
    if st.session_state.pop(TO_TOP_KEY, False):
        hidden.container(key="screen-poll-top").html(TO_TOP_SCRIPT, unsafe_allow_javascript=True)
    link = join_link(poll.room_code)
    # On a 1280x720 projector both lie on the first screen: the guesses, and how to join.
    # A rating room's fit is wider (the count and b's three readouts in one row): [2, 1].
    room, step_room = ratings.rating_room(engine, poll), step_views.step_room(engine, poll)
    results_column, join_column = st.columns([3, 2] if room is None else [2, 1], gap="large")
    _join_panel(join_column, poll, link)
    _controls(engine, token, poll, reveal=room is None, container=controls)
    if room is not None:  # a rating poll: the room's fit, not a histogram
        join_column.markdown(rating_views.room_summary(room))
        with results_column:
            rating_views.live_fit(engine, token)
    elif step_room is not None:  # a story step's question: a bar per answer
        step_views.lecturer_part(engine, token, step_room, join_column, results_column)
    else:
        question = guesses.QUESTIONS[poll.question]
        join_column.markdown(
            tr(
                "The question: {question} ({b}, {sigma})",
                question=question.asked(),
                b=fmt.named("b", poll.b),
                sigma=fmt.named("σ", poll.sigma),
            )
        )
        glossary.explain(question.symbol, "true quality", "b", "σ", container=join_column)
        with results_column:
            live_results(engine, token)
    _lecturer_link(token, poll)


def _join_panel(join_column, poll: store.Poll, link: str) -> None:
    """The room code, join link and QR code, sized for the back of a lecture hall."""
    st.html(BACK_ROW_CSS)
    join_column.container(key="poll_room_code").markdown(
        tr("## Room code: `{room}`", room=poll.room_code)
    )
    join_column.markdown(
        tr("Students open this link, or scan the code, and answer on their phone:")
    )
    link_box.show(link, label=tr("Join link"), container=join_column)
    join_column.image(
        qr_png(link),
        caption=tr("QR code of the join link for room {room}", room=poll.room_code),
        alt=tr("QR code that opens {link}", link=link),
        width=QR_SHOWN_PX,
    )


def _lecturer_link(token: str, poll: store.Poll) -> None:
    """The lecturer's link, folded: to open these controls on another device of their own
    (this one keeps them without it). Not in the address, which the projector shows."""
    with st.expander(tr("Your lecturer link (keep it to yourself: it opens these controls)")):
        lecturer_link = f"{join_link(poll.room_code).split('?')[0]}?{LECTURER_KEY}={token}"
        link_box.show(lecturer_link, label=tr("Your lecturer link"))


def _controls(
    engine: Engine, token: str, poll: store.Poll, *, reveal: bool = True, container=None
) -> None:
    """Reveal (a guess poll's), Close and New poll, in a row in ``container``."""
    row = container if container is not None else st.container(horizontal=True, gap="small")
    if reveal and row.button(
        tr("Reveal"), type="primary", disabled=poll.revealed, key="poll_reveal"
    ):
        store.set_state(engine, token, revealed=True)
        st.rerun()
    if row.button(tr("Close"), disabled=poll.closed, key="poll_close"):
        store.set_state(engine, token, closed=True)
        st.rerun()
    if row.button(tr("New poll"), key="poll_new"):
        identity.forget_lecturer()
        go_to({})


def _poll_and_guesses(engine: Engine, token: str) -> tuple:
    poll = store.poll_for_lecturer(engine, token)
    return poll, store.guesses_of(engine, poll.id) if poll else None


@st.fragment(run_every=REFRESH_SECONDS)
def live_results(engine: Engine, token: str) -> None:
    """The number of answers and the histogram, re-read every REFRESH_SECONDS seconds."""
    found = live.read_or_warn(_poll_and_guesses, engine, token)
    if found is None:
        return
    poll, guessed = found
    known = truth(poll) if poll.revealed else None
    question = guesses.QUESTIONS[poll.question]
    st.container(key="poll_count").metric(step_text.answers_label(poll.closed), len(guessed))
    said = poll_figures.describe(guessed, question=question, truth=known)
    # The verdict's place held, revealed or not (rating_views.py): drawn in its own place, the
    # reveal moved the histogram one place down, and the old one gave way to the verdict.
    verdict = st.container(key="poll_verdict")
    if known is not None:  # the verdict above the histogram: read first, on the first screen
        verdict.markdown(said)
    figure = poll_figures.guess_histogram(guessed, question=question, truth=known)
    charts.chart(
        figure,
        key="poll_histogram",
        fit=True,  # the lecturer projects it
        hover=True,
        description=tr("Its numbers are written just below it."),
    )
    below = st.container(key="poll_said")  # so the downloads keep their place
    if known is None:
        below.caption(said)
    poll_export.downloads(guessed, question, known, key="poll_downloads")


# --- the student's screen ------------------------------------------------------------


def student_screen(engine: Engine, raw_room: str) -> None:
    """The question, one guess per student (a new one replaces it), and the truth once shown."""
    try:
        room = guesses.normalize_room_code(raw_room)
        poll = store.poll_for_room(engine, room)
    except guesses.BadInput as error:
        st.warning(str(error))
        _back_to_start()
        return
    if poll is None:
        st.warning(no_open_poll(room))
        _back_to_start()
        return
    state.write_query_param(OLD_STUDENT_KEY, None)  # an old link's id: the cookie decides
    phone = {guesses.RATING: rating_views.phone_screen, guesses.STEP: step_views.phone_screen}
    if poll.question in phone:
        phone[poll.question](engine, room, identity.student_id(room))
        return
    question = guesses.QUESTIONS[poll.question]
    st.markdown(tr("**Room {room}.** {question}", room=room, question=question.asked()))
    st.caption(" ".join(guess_text.guess_notes(question, b=poll.b, sigma=poll.sigma)))
    # Closed: the form stays on screen, disabled; the status below says why, once.
    st.session_state[FORM_OPEN_KEY] = not poll.closed
    with st.form("poll_guess"):
        raw = st.text_input(
            tr("Your guess: {symbol} =", symbol=question.symbol),
            max_chars=guesses.MAX_GUESS_CHARACTERS,
            key="poll_guess",
            disabled=poll.closed,
        )
        sent = st.form_submit_button(
            tr("Send my guess"), type="primary", key="poll_send", disabled=poll.closed
        )
    st.html(KEYBOARD_SCRIPT % ("numeric" if question.whole else "decimal"),
            unsafe_allow_javascript=True)  # fmt: skip
    if sent and not poll.closed:
        submission = store.submit_guess(
            engine, room_code=room, student_id=identity.student_id(room), raw_guess=raw
        )
        if submission.outcome is store.Outcome.CLOSED:  # closed since this page was drawn
            st.rerun()
        st.session_state[MESSAGE_KEY] = (submission.accepted, submission.message)
    _show_submission()
    student_status(engine, room)


def no_open_poll(room: str) -> str:
    """A phone's words for a room code no open poll has."""
    return tr("No open poll has the room code {room}. Check the code on the screen.", room=room)


@st.fragment(run_every=STUDENT_REFRESH_SECONDS)
def student_status(engine: Engine, room: str) -> None:
    """The student's stored guess, and the poll's state: closed, and the truth once revealed.

    Re-read every STUDENT_REFRESH_SECONDS, so phones show the reveal without a reload.
    """
    try:
        poll = store.poll_for_room(engine, room)
        mine = store.guess_of(engine, poll.id, identity.student_id(room)) if poll else None
    except store.StoreUnavailable as error:
        st.warning(str(error))
        return
    if poll is None:
        return
    question = guesses.QUESTIONS[poll.question]
    # Each line in its place, shown or not (rating_views.py): a guess stored from another tab
    # moved "closed" one place down, and the old one showed beside the new for a moment.
    places = [st.container(key=f"poll_status_{name}") for name in ("mine", "closed", "truth")]
    if mine is not None:
        setting = f"{question.symbol} = {question.shown(mine)}"
        places[0].markdown(tr("Your guess: **{setting}**", setting=setting))
    if poll.closed and st.session_state.get(FORM_OPEN_KEY):
        st.rerun()  # the whole page again, its form disabled (a fragment cannot redraw it)
    if poll.closed:
        places[1].info(guesses.closed_to_answers())
    if poll.revealed:
        places[2].success(guess_text.reveal_sentence(truth(poll), question, mine))


def _show_submission() -> None:
    # In a container, so the status under it keeps its place on the next run without a message.
    accepted, message = st.session_state.pop(MESSAGE_KEY, (None, None))
    box = st.container(key="poll_submission")
    if accepted:
        box.success(message)
    elif message:
        box.warning(message)


def _back_to_start() -> None:
    if st.button(tr("Start or join another poll"), key="poll_back"):
        state.open_address({})
        st.rerun()
