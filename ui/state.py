"""The app's settings on the page: sliders bound to the URL, the URL cleaned, presets, links.

Pages build their sliders with :func:`slider` and never read ``st.query_params`` themselves. A
setting lives in the address bar as ``?beta=0.6&n=49`` (a setting at its default is left out),
so a copied link restores the screen. The sliders are bound to the URL by Streamlit
(``bind="query-params"``); Streamlit drops a value that is not one of a slider's stops and falls
back to the default without a word, so :func:`settle_url` runs first on every page: it replaces
each unusable value with the nearest stop, keeps a plain note for the reader, and reruns the
page once so the sliders start from the corrected address. This module is the glue: the table
lives in ``ui.settings``, the other parameters and the one function that resolves an address in
``ui.address``, the parsing in ``ui.url_values`` (all pure); import their names from there.
Every setting follows the student from page to page: one value per setting per session
(:func:`current`), whichever page moved it last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import streamlit as st
from streamlit.errors import StreamlitAPIException

from ui import address, lecturer_cookie
from ui.settings import PRESENT_KEY, SEED_KEY, SETTINGS, keys_for, url_text
from ui.url_values import url_form

_NOTES = "_url_notes"  # session key: notes waiting to be shown after a corrected URL
_SHOWN_NOTES = "_url_notes_shown"  # session key: (page and address, notes) on screen

# --- Streamlit glue ----------------------------------------------------------------------


def query() -> dict[str, list[str]]:
    """The address's query as a plain dict: every value of every key."""
    return {key: st.query_params.get_all(key) for key in st.query_params}


def settle_url(
    page: str,
    keys: Iterable[str] | None = None,
    *,
    stage_keys: Iterable[str] = (),
) -> None:
    """Make the address bar hold only usable settings; call it first on every page.

    ``ui.address.resolve`` decides (``page`` is one of ``ui.settings.PAGES``, ``keys`` its
    settings, ``stage_keys`` those the Playground's stage moves); this writes its address and
    the session's memory back, keeps its notes for :func:`show_notes`, and reruns the page once
    if the address changed, so the sliders start from the corrected address.
    """
    asked = query()
    memory = {key: st.session_state[key] for key in address.MEMORY if key in st.session_state}
    resolution = address.resolve(
        page,
        asked,
        memory,
        keys=keys,
        stage_keys=stage_keys,
        lecturer_cookie=lecturer_cookie.read(),
    )
    st.session_state.update(resolution.session)
    url_changed = False
    for key, text in address.changes(asked, resolution.address).items():
        written = write_query_param(key, text)
        if key in SETTINGS:
            url_changed |= written
            if not written and key in resolution.widgets:
                # The page's widget already owns this parameter: set the widget instead, and
                # Streamlit writes the URL for it.
                st.session_state[key] = resolution.values[key]
    if resolution.notes:
        add_notes(list(resolution.notes))
    if url_changed:
        st.session_state[address.FIXED] = resolution.attempt
        st.rerun()


def write_query_param(key: str, url_value: str | None) -> bool:
    """Write one URL parameter (None: drop it); False if a slider already owns it."""
    try:
        if url_value is None:
            if key not in st.query_params:
                return False
            del st.query_params[key]
        else:
            st.query_params[key] = url_value
    except StreamlitAPIException:
        return False
    return True


def open_address(parameters: Mapping[str, str]) -> None:
    """Replace the whole query with ``parameters`` (rows of ``ui.address``): the class poll's
    lecturer link, a student's room, or none (back to the start)."""
    st.query_params.from_dict(parameters)


def add_notes(notes: list[str]) -> None:
    """Keep notes about the address for :func:`show_notes` (e.g. an unusable pin)."""
    st.session_state[_NOTES] = st.session_state.get(_NOTES, []) + notes


def show_notes() -> list[str]:
    """Show the notes :func:`settle_url` kept about the URL (plain text, never HTML), until the
    reader changes the picture: another page, a setting or the address; the notes shown.

    Not only on the run after the correction: a rerun nobody asked for (the screen's size
    report that fits the main chart, ui/screen.py) came next, and the note was gone in a blink.
    """
    notes = st.session_state.pop(_NOTES, [])
    page = st.session_state.get(address.PAGE)
    values = tuple((key, st.session_state.get(key)) for key in (keys_for(page) if page else ()))
    picture = (page, values, tuple(sorted(st.query_params.to_dict().items())))
    if notes:
        st.session_state[_SHOWN_NOTES] = (picture, notes)
    else:
        shown_for, kept = st.session_state.get(_SHOWN_NOTES, (None, []))
        notes = kept if shown_for == picture else []
    if notes:
        st.warning("\n".join(f"- {note}" for note in notes), icon=":material/link_off:")
    return notes


def slider(
    key: str,
    *,
    container=None,
    label_visibility: str = "visible",
    on_change=None,
    widget_key: str | None = None,
) -> float:
    """The slider of setting ``key`` (a Setting row), bound to the URL; returns its value.

    ``container`` is where to draw it (default: the current one); ``on_change`` a callback run
    when the reader moves it. The row's hint, if any, goes under it. ``widget_key`` draws the
    row as a slider of its own, outside the address and the session's settings: the class
    poll's b and σ (``poll_b``), whose address holds only the poll's token or room.
    """
    row = SETTINGS[key]
    target = container if container is not None else st
    value = target.select_slider(
        row.label,
        options=row.stops,
        value=row.default,
        format_func=url_form,
        key=widget_key or key,
        help=row.help,
        bind=None if widget_key else "query-params",
        label_visibility=label_visibility,
        on_change=on_change,
    )
    slider_caption(key, container=target)
    if not widget_key:
        remember({key: value})
    return value


def switch(key: str, *, container=None, on_change=None) -> str:
    """The switch of setting ``key`` (a Choice row), bound to the URL; returns the option.

    ``on_change``: a callback run when the reader picks another option.
    """
    row = SETTINGS[key]
    value = (container if container is not None else st).segmented_control(
        row.label,
        options=row.options,
        default=row.default,
        # The button shows the option's own name: Streamlit writes what a button shows into
        # the URL, and ?tails=heavy is what a lecturer would type.
        key=key,
        help=row.help,
        required=True,
        bind="query-params",
        on_change=on_change,
    )
    value = value if value in row.options else row.default
    remember({key: value})
    return value


def slider_caption(key: str, *, container=None) -> None:
    """The setting's hint as a visible line under its slider: what the symbol means and which
    way is more pressure (``help=`` is a tooltip, which a projector never shows)."""
    hint = getattr(SETTINGS[key], "hint", "")  # a Choice row has none
    if hint:
        # The page's CSS (ui.page_css) tucks it under the track, in small type.
        (container if container is not None else st).container(key=f"hint-{key}").caption(hint)


def arriving(page: str) -> bool:
    """Whether this run comes to ``page`` from another page (or as an arrival again); true
    only before :func:`settle_url` has settled ``page``."""
    return st.session_state.get(address.PAGE) != page


def arrive_again() -> None:
    """Make the next run of this page an arrival: the address decides, the stage follows."""
    st.session_state[address.PAGE] = None


def note_arrival(how: str | None) -> None:
    """Remember how this page was reached: "lesson", "link" (an address), or None."""
    st.session_state[address.ARRIVAL] = how


def arrival() -> str | None:
    """How this page was reached: "lesson", "link" (an address with settings), or None."""
    return st.session_state.get(address.ARRIVAL)


def remember(values: Mapping[str, float | str]) -> None:
    """Make these the session's latest settings (what the next page and link start from)."""
    st.session_state.setdefault(address.LAST, {}).update(values)


def write_url(values: Mapping[str, float], extra: Mapping[str, str | None] | None = None) -> None:
    """Write settings that no Streamlit slider owns into the address (defaults left out), and
    ``extra`` parameters (None drops one).

    Every value set goes in one update, so a move adds one entry to the browser's history.
    """
    wanted = {
        key: None if value == SETTINGS[key].default else url_text(key, value)
        for key, value in values.items()
    }
    wanted |= dict(extra or {})
    # What the stage's parameters read as written: an address that differs later is one the
    # browser's Back or Forward restored (ui.address.resolve then asks the stage again).
    stage_parameters = (*values, *address.PREDICTION_KEYS)
    st.session_state[address.WRITTEN] = {
        key: text for key, text in wanted.items() if key in stage_parameters
    }
    changed = {key: text for key, text in wanted.items() if st.query_params.get(key) != text}
    updates = {key: text for key, text in changed.items() if text is not None}
    if updates:
        st.query_params.update(updates)
    for key in changed.keys() - updates.keys():
        write_query_param(key, None)


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


def presenter_mode() -> bool:
    """Whether presenter mode is on (?present=1; anything else is off), as :func:`settle_url`
    left it: the address decides, except arriving on a page without it, where the session's
    carries over (a page switch drops every parameter no slider of the new page owns)."""
    return st.session_state.get(address.PRESENT, _present_in_address())


def _present_in_address() -> bool:
    return address.PARAMETER_ROWS[PRESENT_KEY].parse(st.query_params.get_all(PRESENT_KEY))


def set_prediction(on: bool) -> None:
    """Turn predict-then-reveal on (``?predict=1``, no guesses yet) or off, as a new arrival:
    the address decides, and the stage takes it."""
    for key in address.PREDICTION_KEYS:
        write_query_param(key, None)
    if on:
        write_query_param(address.PREDICT_KEY, "1")
    arrive_again()


def prediction_in_url() -> dict:
    """Predict-then-reveal as the address asks for it (``ui.address.prediction``)."""
    return address.prediction(query())


def poll_identity() -> tuple[str | None, str | None]:
    """The class poll's (lecturer token, room code), None each when absent: the address's,
    or the token :func:`settle_url` took out of it into the session (``ui.address``)."""
    memory = {address.LECTURER: st.session_state.get(address.LECTURER)}
    return address.poll_identity(query(), memory)


def keep_lecturer(token: str) -> None:
    """This session is the lecturer of the poll with ``token`` (never put in the address)."""
    st.session_state[address.LECTURER] = token


def forget_lecturer() -> None:
    """This session, and this device's cookie, no longer open a poll's controls."""
    st.session_state[address.LECTURER] = ""


def set_presenter_mode(on: bool) -> None:
    """Turn presenter mode on or off, here and on the pages after it (the switch)."""
    st.session_state[address.PRESENT] = on
    write_query_param(PRESENT_KEY, "1" if on else None)


def current(key: str) -> float | str:
    """The latest value of a setting in this session, from any page (its default before any
    widget ran)."""
    return st.session_state.get(address.LAST, {}).get(key, SETTINGS[key].default)


def current_values(keys: Iterable[str]) -> dict[str, float | str]:
    """The session's latest value of each of ``keys``."""
    return {key: current(key) for key in keys}


def answer_seed() -> int | None:
    """The fresh answer set the URL asks for, read by its row (None: the lesson's 600)."""
    seed, _ = SETTINGS[SEED_KEY].parse(st.query_params.get_all(SEED_KEY))
    return seed


def set_answer_seed(seed: int | None) -> None:
    """Button callback: show another fresh answer set (an int) or the lesson's (None)."""
    write_query_param(SEED_KEY, None if seed is None else url_text(SEED_KEY, seed))
