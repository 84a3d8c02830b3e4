"""The address bar and the session's settings: the URL cleaned, read and written, the latest
value of each setting, and how the page was reached.

Pages never read ``st.query_params`` themselves; this is the one module that does. A setting
lives in the address bar as ``?beta=0.6&n=49`` (a setting at its default is left out), so a
copied link restores the screen. The sliders (``ui.sliders``) are bound to the URL by Streamlit
(``bind="query-params"``); Streamlit drops a value that is not one of a slider's stops and falls
back to the default without a word, so :func:`settle_url` runs first on every page: it replaces
each unusable value with the nearest stop, keeps a plain note for the reader (``ui.notes``
shows it), and reruns the page once so the sliders start from the corrected address. This
module is the glue: the table lives in ``ui.settings``, the other parameters and the one
function that resolves an address in ``ui.address``, the parsing in ``ui.url_values`` (all
pure); import their names from there. Every setting follows the student from page to page: one
value per setting per session (:func:`current`), whichever page moved it last.

The address's other jobs read and write it through :func:`query` and
:func:`write_query_param`: presenter mode (``ui.presenter``), predict-then-reveal
(``ui.playground.predict``), the class poll's lecturer and room (``ui.class_poll.identity``),
the answers' seed (``ui.best_of_n.answers``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import streamlit as st
from streamlit.errors import StreamlitAPIException
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui import address, lecturer_cookie
from ui.settings import SETTINGS, url_text

NOTES = "_url_notes"  # session key: notes about the address, waiting for ui.notes to show them

# --- Streamlit glue ----------------------------------------------------------------------


def query() -> dict[str, list[str]]:
    """The address's query as a plain dict: every value of every key."""
    return {key: st.query_params.get_all(key) for key in st.query_params}


def fragment_run() -> bool:
    """Whether this run is a fragment's alone (a widget inside one), not the whole page's."""
    context = get_script_run_ctx()
    return bool(context is not None and context.fragment_ids_this_run)


def settle_url(
    page: str,
    keys: Iterable[str] | None = None,
    *,
    stage_keys: Iterable[str] = (),
) -> None:
    """Make the address bar hold only usable settings; call it first on every page.

    ``ui.address.resolve`` decides (``page`` is one of ``ui.settings.PAGES``, ``keys`` its
    settings, ``stage_keys`` those the Playground's stage moves); this writes its address and
    the session's memory back, keeps its notes for ``ui.notes.show_notes``, and reruns the page once
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
        st.session_state[NOTES] = [*st.session_state.get(NOTES, []), *resolution.notes]
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


def current(key: str) -> float | str:
    """The latest value of a setting in this session, from any page (its default before any
    widget ran)."""
    return st.session_state.get(address.LAST, {}).get(key, SETTINGS[key].default)


def current_values(keys: Iterable[str]) -> dict[str, float | str]:
    """The session's latest value of each of ``keys``."""
    return {key: current(key) for key in keys}
