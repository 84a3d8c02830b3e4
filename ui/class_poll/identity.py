"""Who is asking, on the class poll's screens: the lecturer and the room the address names
(the lecturer's token kept in the session, never in the address), one anonymous student per
device in each room, and the device's id for the cap on opening rooms (``poll_data.devices``
makes both from the signed device cookie the server gives every browser, server/serving.py). No
name is ever asked.
"""

from __future__ import annotations

import streamlit as st
from streamlit import config

from poll_data import devices, guesses
from ui import address, state

STUDENT_KEY = "poll_student_id"  # session key: the id of a student whose browser sends no cookie


def poll_identity() -> tuple[str | None, str | None]:
    """The class poll's (lecturer token, room code), None each when absent: the address's,
    or the token ``ui.state.settle_url`` took out of it into the session (``ui.address``)."""
    memory = {address.LECTURER: st.session_state.get(address.LECTURER)}
    return address.poll_identity(state.query(), memory)


def keep_lecturer(token: str) -> None:
    """This session is the lecturer of the poll with ``token`` (never put in the address)."""
    st.session_state[address.LECTURER] = token


def forget_lecturer() -> None:
    """This session, and this device's cookie, no longer open a poll's controls."""
    st.session_state[address.LECTURER] = ""


def student_id(room: str) -> str:
    """This device's anonymous id in this room (no name is ever asked).

    From the signed device cookie the server gave this browser (server/serving.py): every tab,
    reload, rescan of the QR code and reconnect to another replica is the same student, and
    an id cannot be forged or copied through a link. A browser that sends no cookie (or a
    forged one) is one student per session.
    """
    secret = config.get_option("server.cookieSecret")
    device = devices.device_of(st.context.cookies.get(devices.COOKIE_NAME), secret)
    if device is not None:
        return devices.student_id(device, room, secret)
    if STUDENT_KEY not in st.session_state:
        st.session_state[STUDENT_KEY] = guesses.new_student_id()
    return st.session_state[STUDENT_KEY]


def opener() -> str:
    """This device's id for the cap on opening rooms (its session's, without a cookie)."""
    secret = config.get_option("server.cookieSecret")
    device = devices.device_of(st.context.cookies.get(devices.COOKIE_NAME), secret)
    if device is not None:
        return devices.opener_id(device, secret)
    return student_id("opener")  # one per session: the cookie-less visitor's own id
