"""A rating poll's screens: the room is the rater, and builds a reward model.

Phones get pairs of written answers drawn from the base model and tap the better one (or
"can't tell"); the lecturer's screen fits the room's choices live (Bradley–Terry), shows the
room's b with its interval, how often the room agreed with true quality, its reward model
against true quality on the plane, and what optimizing it does. The address is the guess
poll's (``?lecturer=TOKEN`` or ``?room=CODE``): the poll's kind is stored with it.
"""

from __future__ import annotations

import time

import numpy as np
import streamlit as st
from sqlalchemy.engine import Engine

import core
from common import format as fmt
from common.i18n import tr
from core.room_ratings import CANT_TELL, FIRST, SECOND
from core.room_reading import CHANCE
from poll_data import ratings, store
from ui import charts, fitted_model_figures, presenter, screen, style
from ui.class_poll import live, rating_data, rating_text
from ui.settings import PRESENT_KEY, SETTINGS
from ui.url_values import nearest_stop, url_form

REFRESH_SECONDS = 2  # the lecturer's fit re-reads the room's choices this often
PHONE_REFRESH_SECONDS = 5  # a phone without quick mode re-reads the room (closed?) this often
SHOWN_KEY = "rating_shown"  # session key: (pair index, when it was first shown)
SKIPPED_KEY = "rating_skipped"  # session key: pairs whose quick-mode time ran out
ADVANCE_KEY = "rating_advance"  # session key: this tab's last tap was stored: show the next
TAP_KEY = "rating_tap"  # session key: (accepted, sentence) of the last tap, shown once
EVEN_TICKS = {True: style.N_TICKS_EVEN, False: style.BETA_TICKS_EVEN}  # best-of-n's, KL's


def choice_buttons() -> tuple[tuple[int, str], ...]:
    """A phone's three choices and their buttons' words."""
    return (
        (FIRST, tr("Answer A is better")),
        (SECOND, tr("Answer B is better")),
        (CANT_TELL, tr("Can't tell")),
    )


# --- the start screen's part ---------------------------------------------------------


def start_form(container) -> dict | None:
    """The rating poll's choices on the start screen; the settings once Start is pressed."""
    container.markdown(
        tr(
            "Phones get pairs of written answers to everyday questions and tap the better one; "
            "the room's choices fit a reward model, live, and show what optimizing it does."
        )
    )
    spread = container.radio(
        tr("Lengths shown"),
        options=ratings.LENGTH_SPREADS,
        index=1,
        format_func=rating_text.spread_words,
        key="rating_spread",
        help=tr(
            "How varied the lengths of the answers in a pair are (a scale of the base model's "
            "lengths): varied lengths teach the padding penalty better."
        ),
    )
    seconds = container.selectbox(
        tr("Time per pair"),
        options=ratings.QUICK_SECONDS,
        format_func=rating_text.seconds_words,
        key="rating_seconds",
        help=tr("Quick mode moves on after a few seconds: raters in a hurry judge by length."),
    )
    if container.button(tr("Start a rating poll"), type="primary", key="rating_start"):
        return {"length_spread": spread, "seconds_per_pair": seconds}
    return None


# --- the lecturer's screen -----------------------------------------------------------


def room_summary(room: ratings.RatingRoom) -> str:
    """The room's settings in a sentence."""
    quick = (
        tr("quick mode, {seconds} seconds a pair", seconds=fmt.count(room.seconds_per_pair))
        if room.seconds_per_pair
        else tr("no time limit")
    )
    return tr(
        "Rate answers: each phone gets pairs of answers from the base model (lengths {lengths}; "
        "{quick}) and taps the better one.",
        lengths=rating_text.spread_words(room.length_spread).split(": ")[1],
        quick=quick,
    )


def _room_and_choices(engine: Engine, token: str) -> tuple:
    poll = store.poll_for_lecturer(engine, token)
    room = ratings.rating_room(engine, poll) if poll else None
    return room, poll, ratings.choices_of(engine, poll.id) if room else None


@st.fragment(run_every=REFRESH_SECONDS)
def live_fit(engine: Engine, token: str) -> None:
    """The room's comparisons, fit, reward model and its optimization, re-read every 2 s."""
    found = live.read_or_warn(_room_and_choices, engine, token)
    if found is None:
        return
    room, poll, choices = found
    status = "closed" if poll.closed else "open"
    # The count and, once there is a fit, the room's b in one row: on a 1280x720 projector the
    # count, b and the plane lie on the first screen (in two rows, with the agreement too, the
    # plane started at y 481 of 720).
    top = st.container(
        horizontal=True, vertical_alignment="bottom", gap="medium", key="rating_readouts"
    )
    top.container(key="poll_count", width="content").metric(
        f"Comparisons (poll {status})", choices.choice.size
    )
    fitted = rating_data.room_fit(room, choices)
    times = choices.seconds[np.isfinite(choices.seconds)]
    median = (
        f"; a choice took {fmt.number(np.median(times), decimals=1)} s (median)"
        if times.size
        else ""
    )
    who = (
        f"{fmt.count(choices.raters)} phone{'s' if choices.raters != 1 else ''}, "
        f'{fmt.count(fitted.ties)} "can\'t tell"{median}.'
    )
    if fitted.fit is None:
        top.caption(who)
        said = rating_text.room_sentences(fitted, stop=0.0, spread=room.length_spread)
        st.info(said["message"])
        if "agreement" in said:  # no reward model to read, but agreement against chance
            show_agreement(fitted, said["agreement"], who="")
        return
    show_fit(fitted, room, row=top, who=who)


def show_fit(fitted: core.RoomFit, room: ratings.RatingRoom, *, row, who: str) -> None:
    """The room's b and weights (in ``row``, beside the count), the plane, how often the room
    agreed with true quality (``who`` made the choices), both optimizers, and the way to the
    Playground. Only a room whose choices follow substance gets here (core.room_fit)."""
    reading = fitted.reading
    low, high = reading.b_interval
    stop = nearest_stop(SETTINGS["b"], reading.b)
    said = rating_text.room_sentences(fitted, stop=stop, spread=room.length_spread)
    row.metric("the room's b", fmt.number(reading.b))
    row.metric("90% interval of b", rating_text.bounds(low, high))
    row.metric("length weight", fmt.number(reading.length_weight))
    # The room's reward model and what optimizing it does side by side, under the number row:
    # a projector shows all three on its first screen (one under the other, with the formula
    # and the agreement between, the curves sat at y 1212-1612 of 720). The words below.
    plane_column, curves_column = st.columns(2, gap="medium")
    plane = fitted_model_figures.fitted_plane(
        core.GRID,
        core.gold_field(),
        rating_data.fitted_field(fitted.fit),
        length_spread=room.length_spread,
    )
    charts.chart(
        plane.update_layout(title_text="The room's model"),  # half a screen: a short title
        key="rating_plane",
        description="Orange fill: true quality; blue lines: the room's reward model.",
        container=plane_column,
        fit=True,
    )
    optimum = show_optimizers(fitted.fit, curves_column, screen.known("rating_plane"))
    st.caption(f"{said['model']} {said['weights']}")
    if said["wide"]:
        st.warning(said["wide"])
    st.caption(said["scale"])
    show_agreement(fitted, said["agreement"], who=who)
    st.caption(
        rating_text.curve_sentence(optimum.best_of_n, best_of_n=True)
        + " "
        + rating_text.curve_sentence(optimum.kl, best_of_n=False)
    )
    playground_link(stop, said["playground"])


def show_agreement(fitted: core.RoomFit, sentence: str, *, who: str) -> None:
    """How often the room agreed with true quality, beside coin flips' 50% (the chance line)
    and the reference raters' share, with the sentence that tests it against chance."""
    agreement = st.container(horizontal=True, gap="small", key="rating_agreement")
    agreement.metric("agreed with true quality", fmt.percent(fitted.agreement))
    agreement.metric(
        "coin flips",
        fmt.percent(CHANCE),
        help="A room that tapped at random would pick the truly better answer half the time.",
    )
    agreement.metric(
        "reference, same pairs",
        fmt.percent(fitted.reference),
        help="How often raters who follow true quality with ordinary noise (Bradley–Terry at "
        "T = 1) would pick the truly better answer of the room's decided pairs, on average.",
    )
    st.caption(f"{who} {sentence}".strip())


CURVES_GAP_PX = 16  # between the two curves stacked beside the plane (Streamlit's 1rem)


def show_optimizers(fit, column, known: screen.Screen | None):
    """Best-of-n over the KL optimum on the room's model, in ``column`` beside the plane;
    their heights share the plane's (``known``: the screen the plane was fitted to) on a wide
    screen, so both end on its first screen. Returns the optimum, for its sentences."""
    optimum = rating_data.optimum(fit)
    height = None
    if known is not None and known.width >= style.FITTED_MIN_WIDTH:
        room = known.height - known.top - style.FITTED_ROOM_BELOW - CURVES_GAP_PX
        height = max(style.MIN_FITTED_HEIGHT * 0.6, room / 2)
        if presenter.presenter_mode():  # charts.chart scales it up with its text
            height /= charts.presenter_scale()
    for curve, is_best_of_n, key in (
        (optimum.best_of_n, True, "rating_best_of_n"),
        (optimum.kl, False, "rating_kl"),
    ):
        figure = fitted_model_figures.overoptimization(
            curve, best_of_n=is_best_of_n, b=fit.b, model="the room's model"
        )
        # Half the screen wide: the lesson's eight n ticks (or seven β) ran into each other
        # ("200" into "590"); evenly spaced ones do not.
        figure.update_xaxes(tickvals=list(EVEN_TICKS[is_best_of_n]))
        if height is not None:  # half a screen's height beside the plane: the words go
            # (the legend's three lines and the long title took the plot's room at 18 px;
            # the plane names the colours, the sentences below name the peaks)
            figure.update_layout(
                height=round(height),
                showlegend=False,
                margin_t=36,  # the title's line alone
                title_text="Best-of-n" if is_best_of_n else "KL optimum",
            )
            figure.update_yaxes(title_text="gain")
        charts.chart(
            figure,
            key=key,
            container=column,
            description=rating_text.curve_sentence(curve, best_of_n=is_best_of_n),
        )
    return optimum


def playground_link(stop: float, sentence: str) -> None:
    """The Playground at the room's b (its nearest ``stop``), presenter mode kept, with the
    sentence saying what that keeps and drops of the room's model."""
    parameters = {"b": url_form(stop)}
    if presenter.presenter_mode():
        parameters[PRESENT_KEY] = "1"
    st.page_link(
        "pages/playground.py",
        label=f"Open the Playground at the room's b: {fmt.named('b', stop)} (nearest step)",
        icon=":material/tune:",
        query_params=parameters,
    )
    st.caption(sentence)


# --- the phone's screen --------------------------------------------------------------


def phone_screen(engine: Engine, room_code: str, student: str) -> None:
    """One pair at a time: the question, answers A and B, and three buttons."""
    poll = store.poll_for_room(engine, room_code)
    room = ratings.rating_room(engine, poll) if poll else None
    if room is None:
        st.warning(
            tr(
                "No open poll has the room code {room}. Check the code on the screen.",
                room=room_code,
            )
        )
        return
    st.markdown(
        tr(
            '**Room {room}.** Which answer is better? Tap it, or "can\'t tell"; the next pair '
            "follows.",
            room=room_code,
        )
    )
    # The answers are written from core's English sentence banks (core/answer_text.py, shared
    # with the stage's JavaScript twin): another language says so here.
    st.caption(
        tr(
            "The answers are illustrations of what answers of different lengths and substance "
            "might read like, written by this app from its own sentences. No name is stored."
        )
    )
    # Quick mode re-reads every pair's seconds, to move on; otherwise only to see a close.
    every = room.seconds_per_pair or PHONE_REFRESH_SECONDS
    st.fragment(pair_card, run_every=every)(engine, room_code, student, room)


def pair_card(engine: Engine, room_code: str, student: str, room: ratings.RatingRoom) -> None:
    """The current pair; in quick mode it moves on when its seconds are up."""
    try:
        poll = store.poll_for_room(engine, room_code)
        rated = ratings.rated_by(engine, room.poll_id, student)
    except store.StoreUnavailable as error:
        st.warning(str(error))
        return
    # A pair stays on this tab until this tab taps it (or its quick-mode time is up), so a
    # text never changes under a reader's eyes when another tab of the device taps.
    shown, now = st.session_state.get(SHOWN_KEY), time.time()
    advance = st.session_state.pop(ADVANCE_KEY, False) or shown is None
    timed_out = bool(
        room.seconds_per_pair and not advance and now - shown[1] >= room.seconds_per_pair
    )
    if timed_out:
        st.session_state[SKIPPED_KEY] = st.session_state.get(SKIPPED_KEY, 0) + 1
    if advance or timed_out:
        index = ratings.pair_for(student, rated + st.session_state.get(SKIPPED_KEY, 0))
        st.session_state[SHOWN_KEY] = (index, now)
    else:
        index = shown[0]
    question, first, second = rating_data.pair_texts(
        rating_data.room_pairs(room.pair_seed, room.length_spread), index
    )
    st.markdown(f"#### {question}")
    for column, name, text in zip(st.columns(2), "AB", (first, second), strict=True):
        box = column.container(border=True, key=f"rating_answer_{name}")
        box.markdown(tr("**Answer {name}**", name=name))
        box.text(text)
    closed = poll is None or poll.closed
    buttons = st.container(horizontal=True, key="rating_buttons")
    for choice, label in choice_buttons():
        buttons.button(
            label,
            # The pair's index in the key: each pair's buttons are widgets of their own, so a
            # click that Streamlit fires again after an interrupted run (seen once in four
            # five-phone browser runs: a third pair counted after two taps) reaches the pair
            # that was tapped (a replaced choice), never the next pair's callback.
            key=choice_key(choice, index),
            type="primary" if choice != CANT_TELL else "secondary",
            disabled=closed,
            on_click=_tap,
            args=(engine, room_code, student, index, choice),
        )
    _notices(timed_out=timed_out, closed=closed)
    st.caption(rating_text.rated_sentence(rated, room.seconds_per_pair))


def _notices(*, timed_out: bool, closed: bool) -> None:
    """The tap's verdict and the pair's notes, in one container, so the count under them
    keeps its place in the page: after a tap's note, the next refresh without one drew the
    count one place up while the old count still showed ("You have rated 7 pairs." twice)."""
    notices = st.container(key="rating_notices")
    accepted, sentence = st.session_state.pop(TAP_KEY, (None, None))
    if accepted:
        notices.success(sentence)
    elif sentence:
        notices.warning(sentence)
    if timed_out:
        notices.info(tr("Time is up on that pair: here is the next."))
    if closed:
        notices.info(ratings.closed_to_choices())


def choice_key(choice: int, index: int) -> str:
    """The widget key of a choice's button on the pair of this index."""
    return f"rating_choice_{choice}_{index}"


def _tap(engine: Engine, room_code: str, student: str, index: int, choice: int) -> None:
    """A button's click: store the choice with the time since the pair was shown."""
    shown = st.session_state.get(SHOWN_KEY)
    seconds = time.time() - shown[1] if shown and shown[0] == index else None
    try:
        tap = ratings.submit_choice(
            engine,
            room_code=room_code,
            student_id=student,
            pair_index=index,
            choice=choice,
            seconds=seconds,
        )
    except store.StoreUnavailable as error:
        st.session_state[TAP_KEY] = (False, str(error))
        return
    st.session_state[TAP_KEY] = (tap.accepted, tap.message)
    st.session_state[ADVANCE_KEY] = tap.accepted
