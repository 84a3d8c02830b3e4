"""The class poll's lecturer token kept on their own device, in a cookie.

A reload or a reconnection (a new session) keeps the lecturer's controls with no token in the
projected address: a cookie the page's script writes, kept a day (polls are deleted after a
day), sent only to this site. ``ui.state`` reads it when it resolves the address.
"""

from __future__ import annotations

import streamlit as st

from poll_data import guesses

LECTURER_COOKIE = "rh_lecturer"
LECTURER_COOKIE_SECONDS = 86_400
_COOKIE_SCRIPT = """<script>
document.cookie = "%s=%s; path=/; max-age=%d; SameSite=Strict"
  + (location.protocol === "https:" ? "; Secure" : "");
</script>"""


def read() -> str | None:
    """The lecturer token this device's cookie keeps, or None (AppTest has no cookies)."""
    cookie = st.context.cookies.get(LECTURER_COOKIE)
    return cookie if isinstance(cookie, str) and cookie else None


def write(token: str | None, *, container=None) -> None:
    """Keep ``token`` (checked: a poll's own) in this device's cookie, or clear it (None),
    so the lecturer reopens the room from this device without the token in the address; the
    script goes in ``container`` (default: the page), and draws nothing."""
    if read() == token:
        return
    value, seconds = (guesses.check_token(token), LECTURER_COOKIE_SECONDS) if token else ("", 0)
    script = _COOKIE_SCRIPT % (LECTURER_COOKIE, value, seconds)
    box = (container if container is not None else st).container(key="screen-lecturer-device")
    box.html(script, unsafe_allow_javascript=True)
