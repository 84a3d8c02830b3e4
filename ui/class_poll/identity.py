"""Who is asking, on the class poll's screens: one anonymous student per device in each room,
and the device's id for the cap on opening rooms (``poll_data.devices`` makes both from the
signed device cookie the server gives every browser, ui/serving.py). No name is ever asked.
"""

from __future__ import annotations

import streamlit as st
from streamlit import config

from poll_data import devices, guesses

STUDENT_KEY = "poll_student_id"  # session key: the id of a student whose browser sends no cookie


def student_id(room: str) -> str:
    """This device's anonymous id in this room (no name is ever asked).

    From the signed device cookie the server gave this browser (ui/serving.py): every tab,
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
