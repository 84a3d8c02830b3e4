"""The sliders and switches of the settings (rows of ``ui.settings``), bound to the URL: pages
build their widgets here and never read the address bar themselves (``ui.state`` is the glue
between the address and the session)."""

from __future__ import annotations

import streamlit as st

from ui import state
from ui.settings import SETTINGS
from ui.url_values import url_form


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
        state.remember({key: value})
    return value


SWITCHES_WRITTEN = "_switches_written"  # session key: each switch's option as last put in the URL


def switch(key: str, *, container=None, on_change=None) -> str:
    """The switch of setting ``key`` (a Choice row), kept in the URL; returns the option.

    ``on_change``: a callback run when the reader picks another option.

    The buttons say the row's words ("KL from the base model"), the URL its short names
    (?against=kl). Not bound by Streamlit (``bind="query-params"``): that writes what a button
    shows into the URL, so words there, and an old link's ?against=kl no longer read. This
    does the binding's two jobs: the address sets the switch when it changed under the page
    (arriving, a link, Back or Forward), and the switch writes the address.
    """
    row = SETTINGS[key]
    asked, _note = row.parse(state.query().get(key, []))  # state.settle_url noted a bad one
    written = st.session_state.setdefault(SWITCHES_WRITTEN, {})
    if key not in st.session_state or written.get(key) != asked:
        st.session_state[key] = asked
    value = (container if container is not None else st).segmented_control(
        row.label,
        options=row.options,
        format_func=row.button_text,
        key=key,
        help=row.help,
        required=True,
        on_change=on_change,
    )
    value = value if value in row.options else row.default
    state.write_query_param(key, None if value == row.default else row.url_text(value))
    written[key] = value
    state.remember({key: value})
    return value


def slider_caption(key: str, *, container=None) -> None:
    """The setting's hint as a visible line under its slider: what the symbol means and which
    way is more pressure (``help=`` is a tooltip, which a projector never shows)."""
    hint = getattr(SETTINGS[key], "hint", "")  # a Choice row has none
    if hint:
        # The page's CSS (ui.page_css) tucks it under the track, in small type.
        (container if container is not None else st).container(key=f"hint-{key}").caption(hint)
