"""The app's settings on the page: sliders bound to the URL, the URL cleaned, presets, links.

Pages build their sliders with :func:`slider` and never read ``st.query_params`` themselves.
A setting lives in the address bar as ``?beta=0.6&n=49`` (a setting at its default is left
out), so a copied link restores the screen. The sliders are bound to the URL by Streamlit
(``bind="query-params"``); Streamlit drops a value that is not one of a slider's stops and
falls back to the default without a word, so :func:`settle_url` runs first on every page: it
replaces each unusable value with the nearest stop, keeps a plain note for the reader, and
reruns the page once so the sliders start from the corrected address. The table itself lives
in ``ui.settings`` and the parsing in ``ui.url_values`` (both pure); import their names from
there. Every setting follows the student from page to page: one value per setting per session
(:func:`current`), whichever page moved it last.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from urllib.parse import urlsplit

import streamlit as st
from streamlit.errors import StreamlitAPIException

from ui import link_box
from ui.settings import (
    KEYS,
    PAGE_OPENINGS,
    PRESENT_KEY,
    SEED_KEY,
    SETTINGS,
    STAGE_KEYS,
    keys_for,
    query_string,
    url_text,
)
from ui.url_values import SEED_LIMIT, parse_seed, url_form

_NOTES = "_url_notes"  # session key: notes waiting to be shown after a corrected URL
_SHOWN_NOTES = "_url_notes_shown"  # session key: (page and address, notes) on screen
_LAST = "_last_settings"  # session key: the latest value of each setting, carried across pages
_PAGE = "_page"  # session key: the page that last settled the URL (to notice arrivals)
_ARRIVAL = "_arrival"  # session key: how the session came to this page ("lesson", "link")
_WRITTEN = "_stage_url"  # session key: the stage settings as this page last wrote them
_FIXED = "_url_fixed"  # session key: the query this session last corrected (stops loops)
_REQUEST = "_stage_request"  # session key: where Python last asked the stage to move
_PRESENT = "_present"  # session key: presenter mode is on (carried from page to page)
PRESENT_ON = {"1", "true", "yes", "on"}  # what ?present= may say to turn presenter mode on


# --- Streamlit glue ----------------------------------------------------------------------


def settle_url(
    page: str,
    keys: Iterable[str] | None = None,
    *,
    with_seed: bool = False,
    stage_keys: Iterable[str] = (),
) -> None:
    """Make the address bar hold only usable settings; call it first on every page.

    ``page`` is one of ``ui.settings.PAGES``; ``keys`` its settings (default: the table's rows
    that list it). A value that is not a stop or an option (``?n=1e99``, ``?agg=max``, a
    repeated key) becomes the nearest valid one, or the default, with a note for
    :func:`show_notes`. Arriving on a page, a setting the URL leaves out takes its latest value
    in this session, from any page (or, while that is the default, the page's opening value,
    ``ui.settings.PAGE_OPENINGS``). If the URL changed, the page reruns once. ``stage_keys``
    are settings moved without a Streamlit slider (the Playground's stage): the address sets
    them on arrival, and the page writes them back.
    """
    keys = keys_for(page) if keys is None else tuple(keys)
    stage_keys = tuple(stage_keys)
    previous_page = st.session_state.get(_PAGE)
    entering = previous_page != page
    st.session_state[_PAGE] = page
    if entering:
        linked = any(key in st.query_params for key in KEYS)
        note_arrival("lesson" if previous_page == "lesson" else "link" if linked else None)
    _settle_presenter_mode(carried=entering)
    notes: list[str] = []
    url_changed = moved_by_address = False
    attempt = tuple((key, tuple(st.query_params.get_all(key))) for key in (*keys, SEED_KEY))
    if st.session_state.get(_FIXED) == attempt:
        return  # this very address was corrected on the last run: never loop
    for key in keys:
        value, note, changed = _settle_key(key, page, carried=entering)
        notes += [note] if note else []
        url_changed |= changed
        if key in stage_keys:
            # Arriving, or the address changed under the page (the browser's Back and
            # Forward): the address decides, and the stage is asked to follow.
            written = st.session_state.get(_WRITTEN, {})
            if entering or (key in written and written[key] != st.query_params.get(key)):
                remember({key: value})
                moved_by_address = True
        elif entering:
            # Arriving on a page, the address (or this session's last value) decides, never
            # what another page's widget left under the same key; Streamlit would otherwise
            # keep that old value when the address asks for the default.
            st.session_state[key] = value
    if with_seed:
        _, note = parse_seed(st.query_params.get_all(SEED_KEY))
        if note:
            notes.append(note)
            url_changed |= write_query_param(SEED_KEY, None)
    if notes:
        add_notes(notes)
    if stage_keys and (entering or moved_by_address):
        request_stage_move()
    if url_changed:
        st.session_state[_FIXED] = attempt
        st.rerun()


def _settle_key(key: str, page: str, *, carried: bool) -> tuple[float | str, str | None, bool]:
    """One setting's usable value from the URL, a note if the URL's was not usable, and
    whether the URL was rewritten.

    A setting the URL leaves out is at its default, except when ``carried`` (arriving on
    ``page``), where it takes this session's latest value, or the page's opening value while
    that is the default. On the same page an address without it is one the browser's Back
    restored, and that address decides.
    """
    row = SETTINGS[key]
    raw_values = st.query_params.get_all(key)
    if not raw_values:
        value = row.default
        if carried:
            value = current(key)
            if value == row.default:
                value = PAGE_OPENINGS.get(page, {}).get(key, row.default)
        changed = value != row.default and write_query_param(key, row.url_text(value))
        return value, None, changed
    value, note = row.parse(raw_values)
    if raw_values == [row.url_text(value)]:
        return value, note, False
    wanted = None if value == row.default else row.url_text(value)
    if write_query_param(key, wanted):
        return value, note, True
    # The page's widget already owns this parameter: set the widget instead, and Streamlit
    # writes the URL for it.
    st.session_state[key] = value
    return value, note, False


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


def add_notes(notes: list[str]) -> None:
    """Keep notes about the address for :func:`show_notes` (e.g. an unusable pin)."""
    st.session_state[_NOTES] = st.session_state.get(_NOTES, []) + notes


def show_notes() -> None:
    """Show the notes :func:`settle_url` kept about the URL (plain text, never HTML), until the
    reader changes the picture: another page, a setting or the address.

    Not only on the run after the correction: a rerun nobody asked for (the screen's size
    report that fits the main chart, ui/screen.py) came next, and the note was gone in a blink.
    """
    notes = st.session_state.pop(_NOTES, [])
    page = st.session_state.get(_PAGE)
    values = tuple((key, st.session_state.get(key)) for key in (keys_for(page) if page else ()))
    picture = (page, values, tuple(sorted(st.query_params.to_dict().items())))
    if notes:
        st.session_state[_SHOWN_NOTES] = (picture, notes)
    else:
        shown_for, kept = st.session_state.get(_SHOWN_NOTES, (None, []))
        notes = kept if shown_for == picture else []
    if notes:
        st.warning("\n".join(f"- {note}" for note in notes), icon=":material/link_off:")


def slider(key: str, *, container=None, label_visibility: str = "visible", on_change=None) -> float:
    """The slider of setting ``key`` (a Setting row), bound to the URL; returns its value.

    ``container`` is where to draw it (default: the current one); ``on_change`` a callback run
    when the reader moves it. The row's hint, if any, goes under it.
    """
    row = SETTINGS[key]
    target = container if container is not None else st
    value = target.select_slider(
        row.label,
        options=row.stops,
        value=row.default,
        format_func=url_form,
        key=key,
        help=row.help,
        bind="query-params",
        label_visibility=label_visibility,
        on_change=on_change,
    )
    slider_caption(key, container=target)
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
        # The page's CSS (ui.layout) tucks it under the track, in small type.
        (container if container is not None else st).container(key=f"hint-{key}").caption(hint)


def arriving(page: str) -> bool:
    """Whether this run comes to ``page`` from another page (or as an arrival again); true
    only before :func:`settle_url` has settled ``page``."""
    return st.session_state.get(_PAGE) != page


def arrive_again() -> None:
    """Make the next run of this page an arrival: the address decides, the stage follows."""
    st.session_state[_PAGE] = None


def note_arrival(how: str | None) -> None:
    """Remember how this page was reached: "lesson", "link" (an address), or None."""
    st.session_state[_ARRIVAL] = how


def arrival() -> str | None:
    """How this page was reached: "lesson", "link" (an address with settings), or None."""
    return st.session_state.get(_ARRIVAL)


def remember(values: Mapping[str, float | str]) -> None:
    """Make these the session's latest settings (what the next page and link start from)."""
    st.session_state.setdefault(_LAST, {}).update(values)


def write_url(values: Mapping[str, float], extra: Mapping[str, str | None] | None = None) -> None:
    """Write settings that no Streamlit slider owns into the address (defaults left out), and
    ``extra`` parameters (None drops one).

    Every value set goes in one update, so a move adds one entry to the browser's history.
    """
    wanted = {
        key: None if value == SETTINGS[key].default else url_text(key, value)
        for key, value in values.items()
    }
    st.session_state[_WRITTEN] = dict(wanted)
    wanted |= dict(extra or {})
    changed = {key: text for key, text in wanted.items() if st.query_params.get(key) != text}
    updates = {key: text for key, text in changed.items() if text is not None}
    if updates:
        st.query_params.update(updates)
    for key in changed.keys() - updates.keys():
        write_query_param(key, None)


def request_stage_move() -> None:
    """Ask the stage to show the session's current settings (after a preset or an arrival)."""
    previous = st.session_state.get(_REQUEST, {}).get("id", 0)
    st.session_state[_REQUEST] = {
        "id": previous + 1,
        **{key: url_text(key, current(key)) for key in STAGE_KEYS},
    }


def stage_request() -> dict:
    """Where Python last asked the stage to move: {"id", "beta", "n"} (β and n as URL text)."""
    if _REQUEST not in st.session_state:
        request_stage_move()
    return st.session_state[_REQUEST]


def presenter_mode() -> bool:
    """Whether presenter mode is on (?present=1; anything else is off), as :func:`settle_url`
    left it: the address decides, except arriving on a page without it, where the session's
    carries over (a page switch drops every parameter no slider of the new page owns)."""
    return st.session_state.get(_PRESENT, _present_in_address())


def _present_in_address() -> bool:
    return st.query_params.get(PRESENT_KEY, "").strip().lower() in PRESENT_ON


def _settle_presenter_mode(*, carried: bool) -> None:
    """Presenter mode follows the lecturer like a setting: arriving on a page whose address
    leaves it out, it stays on (and the address says so); otherwise the address decides, so
    Back to an address without it, or Leave presenter mode, turns it off."""
    if carried and PRESENT_KEY not in st.query_params and st.session_state.get(_PRESENT):
        write_query_param(PRESENT_KEY, "1")
    st.session_state[_PRESENT] = _present_in_address()


def set_presenter_mode(on: bool) -> None:
    """Turn presenter mode on or off, here and on the pages after it (the switch)."""
    st.session_state[_PRESENT] = on
    write_query_param(PRESENT_KEY, "1" if on else None)


def share_link(
    values: Mapping[str, float | str],
    *,
    seed: int | None = None,
    extra: Mapping[str, str | None] | None = None,
) -> str:
    """The address of the current page at these settings (and ``extra`` parameters in URL
    form, such as the pin), to copy and send."""
    page_url = st.context.url or ""
    if page_url and not urlsplit(page_url).path:
        page_url += "/"  # http://host:port?beta=... is not a link every tool accepts
    return page_url + query_string(values, seed=seed, extra=extra)


def share_box(
    values: Mapping[str, float | str],
    *,
    seed: int | None = None,
    extra: Mapping[str, str | None] | None = None,
    slot=None,
) -> None:
    """The link to these settings (and ``extra`` parameters), in a box with a copy button
    (none in presenter mode).

    ``slot``: an ``st.empty`` to fill, replacing what it held (a fragment's sliders move the
    link of the whole page), or None to draw it here.
    """
    if presenter_mode():
        return  # fewer words on a projector: the address bar holds the link
    link = share_link(values, seed=seed, extra=extra)
    with slot.container() if slot is not None else st.container():
        st.caption("Link to this setting (the address bar holds it too):")
        link_box.show(link or "(the defaults)", label="Link to this setting")


def current(key: str) -> float | str:
    """The latest value of a setting in this session, from any page (its default before any
    widget ran)."""
    return st.session_state.get(_LAST, {}).get(key, SETTINGS[key].default)


def current_values(keys: Iterable[str]) -> dict[str, float | str]:
    """The session's latest value of each of ``keys``."""
    return {key: current(key) for key in keys}


def answer_seed() -> int | None:
    """The fresh answer set the URL asks for (None: the lesson's fixed 600 answers)."""
    seed, _ = parse_seed(st.query_params.get_all(SEED_KEY))
    return seed


def set_answer_seed(seed: int | None) -> None:
    """Button callback: show another fresh answer set (an int) or the lesson's (None)."""
    if seed is None:
        if SEED_KEY in st.query_params:
            del st.query_params[SEED_KEY]
    else:
        st.query_params[SEED_KEY] = str(int(seed) % SEED_LIMIT)
