"""A browser tab on the class poll, over Streamlit's websocket: a lecturer or a student.

Built on tests/support/load_client.py's Visitor: it opens the page /poll (the ClientState names the
page, as the browser does from its path), can hold HAProxy's sticky cookie (``REPLICA=NAME``)
to be served by one replica, holds the device cookie the page's first answer gives a browser
(``rh_device``: one student per device, poll_data/devices.py) and, for a lecturer, the cookie
the lecturer's page writes (``rh_lecturer``: the token, never in the address;
ui/lecturer_cookie.py), types into text inputs, presses buttons (a button's trigger travels
with the next run only, as in the browser) and keeps what the page said: its alerts
(st.success, st.warning), metrics and Markdown. Used by tests/cluster and bench.cluster_poll.
"""

from __future__ import annotations

import asyncio
import re
import urllib.request
from dataclasses import dataclass, field
from http.cookies import SimpleCookie

import websockets
from streamlit.proto.BackMsg_pb2 import BackMsg
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from poll_data import devices
from tests.support.load_client import CONNECT_TIMEOUT_SECONDS, MAX_MESSAGE_BYTES, RunResult, Visitor
from ui import link_box
from ui.address import LECTURER_KEY
from ui.lecturer_cookie import LECTURER_COOKIE

POLL_PAGE = "poll"  # app.py's url_path of pages/class_poll.py
ROOM_CODE = re.compile(r"Room code: `([A-Z0-9]+)`")
ANSWERS_LABEL = "Answers (poll "  # the lecturer's metric: "Answers (poll open)"
DATABASE_DOWN = "database cannot be reached"  # poll_data.database.UNAVAILABLE, in part


@dataclass
class PollVisitor(Visitor):
    """One tab on /poll; ``replica`` (e.g. "replica2") asks HAProxy for that replica."""

    replica: str = ""
    device_cookie: str = ""  # this device's signed rh_device value ("": none, as a new browser)
    widget_ids: dict[str, str] = field(default_factory=dict)  # user key -> widget id
    widget_fragments: dict[str, str] = field(default_factory=dict)  # user key -> its fragment
    typed: dict[str, str] = field(default_factory=dict)  # user key -> text in that input
    pressed: set[str] = field(default_factory=set)  # user keys of buttons pressed for next run
    alerts: list[str] = field(default_factory=list)  # this run's st.success / st.warning texts
    markdown: list[str] = field(default_factory=list)
    answers: int | None = None  # the lecturer's count of answers, if this run showed it
    # The lecturer's token, read from their page's folded lecturer link; sent back as the
    # cookie the page's script writes in a browser (after a reconnection, say).
    lecturer_token: str = ""

    async def connect(self) -> None:
        cookies = [f"REPLICA={self.replica}"] if self.replica else []
        if self.device_cookie:
            cookies.append(f"{devices.COOKIE_NAME}={self.device_cookie}")
        if self.lecturer_token:
            cookies.append(f"{LECTURER_COOKIE}={self.lecturer_token}")
        headers = {"Cookie": "; ".join(cookies)} if cookies else {}
        self.websocket = await asyncio.wait_for(
            websockets.connect(
                self.url,
                subprotocols=["streamlit"],
                max_size=MAX_MESSAGE_BYTES,
                compression=None,
                open_timeout=CONNECT_TIMEOUT_SECONDS,
                ping_interval=None,
                additional_headers=headers,
            ),
            timeout=CONNECT_TIMEOUT_SECONDS,
        )
        self._socket = self.websocket.transport.get_extra_info("socket")

    def _client_state_message(self, fragment_id: str = "") -> BackMsg:
        message = super()._client_state_message(fragment_id)
        state = message.rerun_script
        state.page_name = POLL_PAGE
        for key, text in self.typed.items():
            if key in self.widget_ids:
                widget = state.widget_states.widgets.add()
                widget.id, widget.string_value = self.widget_ids[key], text
        for key in self.pressed:
            if key in self.widget_ids:
                widget = state.widget_states.widgets.add()
                widget.id, widget.trigger_value = self.widget_ids[key], True
        return message

    async def run(self, fragment_id: str = "") -> RunResult:
        """One run of the page; what it said replaces what the last run said."""
        self.alerts, self.markdown, self.answers = [], [], None
        try:
            return await super().run(fragment_id)
        finally:
            self.pressed.clear()  # a trigger is sent once, as the browser does

    def _absorb(self, message: ForwardMsg) -> bool:
        if message.WhichOneof("type") == "delta" and message.delta.WhichOneof("type") == (
            "new_element"
        ):
            element = message.delta.new_element
            kind = element.WhichOneof("type")
            if kind in ("text_input", "button"):
                widget_id = getattr(element, kind).id
                key = widget_id.rsplit("-", 1)[-1]  # "$$ID-hash-KEY"
                self.widget_ids[key] = widget_id
                self.widget_fragments[key] = message.delta.fragment_id
            elif kind == "alert":
                self.alerts.append(element.alert.body)
            elif kind == "markdown":
                self.markdown.append(element.markdown.body)
            elif kind == "html":
                link = link_box.link_in(element.html.body) or ""
                if f"?{LECTURER_KEY}=" in link:
                    self.lecturer_token = link.split(f"?{LECTURER_KEY}=", 1)[1]
            elif kind == "metric" and element.metric.label.startswith(ANSWERS_LABEL):
                self.answers = int(element.metric.body)
        return super()._absorb(message)

    def room_code(self) -> str | None:
        """The room code the lecturer's page shows, if it does."""
        for text in self.markdown:
            found = ROOM_CODE.search(text)
            if found:
                return found.group(1)
        return None

    def said(self, words: str) -> bool:
        """True if one of this run's alerts contains ``words``."""
        return any(words in alert for alert in self.alerts)


async def open_lecturer(url: str, *, replica: str = "") -> PollVisitor:
    """A lecturer's tab that has started a poll (default question, b = σ = 0) on /poll."""
    lecturer = PollVisitor(url, replica=replica)
    await lecturer.connect()
    await lecturer.run()
    lecturer.pressed.add("poll_start")
    await lecturer.run()  # starts the poll (its token in the session), reruns to its screen
    if lecturer.room_code() is None or not lecturer.lecturer_token:
        raise RuntimeError(f"no poll started: the page said {lecturer.alerts or lecturer.markdown}")
    return lecturer


def page_device_cookie(websocket_url: str, room: str, *, replica: str = "") -> str:
    """The device cookie the join link's page gives a browser that has none (a blocking GET)."""
    page = websocket_url.replace("ws://", "http://", 1).replace("/_stcore/stream", "/")
    request = urllib.request.Request(f"{page}{POLL_PAGE}?room={room}")
    if replica:
        request.add_header("Cookie", f"REPLICA={replica}")
    with urllib.request.urlopen(request, timeout=30) as reply:
        for header in reply.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie(header)
            if devices.COOKIE_NAME in cookie:
                return cookie[devices.COOKIE_NAME].value
    raise RuntimeError("the page gave no device cookie")


async def open_student(
    url: str,
    room: str,
    *,
    replica: str = "",
    query: dict[str, list[str]] | None = None,
    device_cookie: str = "",
) -> PollVisitor:
    """A student's tab on the join link ?room=CODE (or on ``query``, the address it had): a
    device new to the app first loads the page for its cookie, as a browser does."""
    device_cookie = device_cookie or await asyncio.to_thread(
        page_device_cookie, url, room, replica=replica
    )
    student = PollVisitor(url, replica=replica, device_cookie=device_cookie)
    student.url_query = dict(query or {"room": [room]})
    await student.connect()
    await student.run()
    return student


async def send_guess(student: PollVisitor, guess: str) -> bool:
    """Type a guess and press "Send my guess"; True if the page says it is in."""
    student.typed["poll_guess"] = guess
    student.pressed.add("poll_send")
    await student.run()
    return student.said("is in") or student.said("replaced your earlier one")


async def tap_pair(phone: PollVisitor, choice: int) -> bool:
    """Tap a rating poll's button (0 first, 1 second, 2 can't tell), as the browser does: a
    run of the pair's fragment; True if the page says the choice is stored."""
    # Each pair's buttons have keys of their own (rating_choice_CHOICE_PAIR): the newest.
    prefix = f"rating_choice_{choice}_"
    key = [name for name in phone.widget_ids if name.startswith(prefix)][-1]
    phone.pressed.add(key)
    await phone.run(phone.widget_fragments.get(key, ""))
    return phone.said("Stored: ") or phone.said("Changed: ")


async def reopen(visitor: PollVisitor) -> PollVisitor:
    """The same tab after its websocket broke: a new connection with the same address."""
    await visitor.close()
    fresh = PollVisitor(
        visitor.url,
        replica=visitor.replica,
        device_cookie=visitor.device_cookie,
        lecturer_token=visitor.lecturer_token,
    )
    fresh.url_query = dict(visitor.url_query)
    await fresh.connect()
    await fresh.run()
    return fresh
