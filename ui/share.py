"""The link to the page at its current settings, to copy and send, in a box with a copy button.

Every lesson page ends with it; presenter mode leaves it out (the address bar holds the link).
"""

from __future__ import annotations

from collections.abc import Mapping
from urllib.parse import urlsplit

import streamlit as st

from common.i18n import tr
from ui import link_box, state
from ui.address import LANG_KEY, PARAMETER_ROWS
from ui.presenter import presenter_mode
from ui.settings import query_string


def share_link(
    values: Mapping[str, float | str | None],
    *,
    extra: Mapping[str, str | None] | None = None,
) -> str:
    """The address of the current page at these settings (a seed among them) and ``extra``
    parameters in URL form (such as the pin), to copy and send; the address's language
    (``?lang=``, which ``ui.address.resolve`` writes there) goes with it."""
    language = PARAMETER_ROWS[LANG_KEY].parse(state.query().get(LANG_KEY, []))  # a code
    extra = ({LANG_KEY: language} if language else {}) | dict(extra or {})
    page_url = st.context.url or ""
    if page_url and not urlsplit(page_url).path:
        page_url += "/"  # http://host:port?beta=... is not a link every tool accepts
    return page_url + query_string(values, extra=extra)


def share_box(
    values: Mapping[str, float | str | None],
    *,
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
    link_box.show(
        share_link(values, extra=extra) or tr("(the defaults)"),
        label=tr("Link to this setting"),
        caption=tr("Link to this setting (the address bar holds it too):"),
        container=slot if slot is not None else st,
    )
