"""Reading a poll for a screen that refreshes itself: a database that is down, or a poll that
is gone, is a plain warning in place of the screen, never a traceback."""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st

from poll_data import store

GONE = "This poll is gone (polls are deleted after a day)."


def read_or_warn(read: Callable[..., tuple], *args) -> tuple | None:
    """``read(*args)``, a tuple whose first item is None when the poll is gone; or None after
    a warning that says why (the database is down, or the poll gone)."""
    try:
        found = read(*args)
    except store.StoreUnavailable as error:
        st.warning(str(error))
        return None
    if found[0] is None:
        st.warning(GONE)
        return None
    return found
