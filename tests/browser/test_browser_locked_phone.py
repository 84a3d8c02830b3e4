"""A phone that locks comes back to its poll, its room and its setting.

A locked phone's websocket dies without a close frame. Streamlit keeps the dead tab's session
for ``server.disconnectedSessionTTL`` seconds and hands it back to a tab that reconnects with its
session id (the third entry of the websocket's subprotocol header, as Streamlit's own frontend
sends it). .streamlit/config.toml raises the TTL to 900 s; here the server gets 3 s, so the
test shows both sides in seconds, not minutes: a reconnect after 1 s gets the same session, one
after 5 s a new session, whose state comes back from the address (the room code, the setting)
and the device cookie ``rh_device`` (the same student: the vote is replaced, not counted twice).

The protocol is spoken by tests/support/poll_client.py (no Chromium), against a real
`streamlit run app.py`.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass

import pytest
import websockets
from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

from poll_data import devices
from poll_data.location import DATA_DIR_ENV
from tests.support.event_loop import run_to_end
from tests.support.load_client import CONNECT_TIMEOUT_SECONDS, MAX_MESSAGE_BYTES, Visitor
from tests.support.poll_client import PollVisitor, open_lecturer, page_device_cookie, send_guess
from tests.support.server import ServerStartError, start_streamlit
from ui.settings import SETTINGS
from ui.url_values import url_form

pytestmark = pytest.mark.browser

TTL_SECONDS = 3  # the held session's life here; .streamlit/config.toml gives a hall 900 s
SHORT_LOCK_SECONDS = 1.0  # well inside the TTL: the same session
LONG_LOCK_SECONDS = TTL_SECONDS + 2.0  # past it (the TTL cache expires entries lazily, on read)


@dataclass
class Resumable:
    """What a locked tab keeps: its session id, from the server's new_session message."""

    session_id: str = ""

    def note(self, message: ForwardMsg) -> None:
        if message.WhichOneof("type") == "new_session":
            self.session_id = message.new_session.initialize.session_id


class Lockable:
    """A tab that reconnects as Streamlit's frontend does: with the last session id (mixed in
    before the visitor class, whose _absorb it passes each message on to)."""

    seen: Resumable | None = None

    def _absorb(self, message: ForwardMsg) -> bool:
        if self.seen is None:
            self.seen = Resumable()
        self.seen.note(message)
        return super()._absorb(message)


class LockablePoll(Lockable, PollVisitor):
    """A poll tab that can lock."""


class LockablePage(Lockable, Visitor):
    """A Playground tab, the same way."""


async def lock_and_wake(tab: Visitor, seconds: float) -> None:
    """The phone locks: the socket is dropped without a close frame (a TCP reset), and after
    ``seconds`` the tab reconnects with the session id it had, the same address and cookies."""
    tab.websocket.transport.abort()
    await asyncio.sleep(seconds)
    session_id = tab.seen.session_id
    tab.cached_hashes.clear()  # a new session's cache is empty; a browser clears its own too
    await connect_with_session(tab, session_id)
    await tab.run()


async def connect_with_session(tab: Visitor, session_id: str) -> None:
    """Connect as the frontend reconnects: subprotocols streamlit, an XSRF token (none here:
    the websocket carries no Origin, so the server ignores it), the old session id."""
    cookie = ""
    if isinstance(tab, PollVisitor) and tab.device_cookie:
        cookie = f"{devices.COOKIE_NAME}={tab.device_cookie}"
    tab.websocket = await websockets.connect(
        tab.url,
        subprotocols=["streamlit", "no-xsrf", session_id],
        max_size=MAX_MESSAGE_BYTES,
        compression=None,
        open_timeout=CONNECT_TIMEOUT_SECONDS,
        ping_interval=None,
        additional_headers={"Cookie": cookie} if cookie else {},
    )
    tab._socket = tab.websocket.transport.get_extra_info("socket")


@pytest.fixture(scope="module")
def short_ttl_server(tmp_path_factory):
    os.environ.setdefault(DATA_DIR_ENV, str(tmp_path_factory.mktemp("poll-data")))
    try:
        server = start_streamlit(
            "app.py",
            log_dir=tmp_path_factory.mktemp("streamlit"),
            extra_args=(f"--server.disconnectedSessionTTL={TTL_SECONDS}",),
        )
    except ServerStartError as error:
        pytest.fail(str(error), pytrace=False)
    try:
        yield server
    finally:
        server.stop()


def test_a_locked_phone_keeps_its_session_within_the_ttl_and_its_state_past_it(short_ttl_server):
    url = short_ttl_server.websocket_url
    beta = SETTINGS["beta"]
    stop = url_form(beta.stops[-1])

    async def scenario() -> dict:
        lecturer = await open_lecturer(url)
        room = lecturer.room_code()
        cookie = await asyncio.to_thread(page_device_cookie, url, room)
        student = LockablePoll(url, device_cookie=cookie)
        student.url_query = {"room": [room]}
        await student.connect()
        await student.run()
        page = LockablePage(url)
        page.url_query = {"beta": [stop]}
        await page.connect()
        await page.run()
        found: dict = {"first": (student.seen.session_id, page.seen.session_id)}
        found["voted"] = await send_guess(student, "7")

        await asyncio.gather(
            lock_and_wake(student, SHORT_LOCK_SECONDS), lock_and_wake(page, SHORT_LOCK_SECONDS)
        )
        found["short"] = (student.seen.session_id, page.seen.session_id)
        await asyncio.gather(
            lock_and_wake(student, LONG_LOCK_SECONDS), lock_and_wake(page, LONG_LOCK_SECONDS)
        )
        found["long"] = (student.seen.session_id, page.seen.session_id)
        found["page_beta"] = page.stage.stops["beta"][page.stage.position["beta"]]
        found["page_query"] = dict(page.url_query)
        found["replaced"] = await send_guess(student, "8") and student.said(
            "replaced your earlier one"
        )
        found["room_said"] = " ".join(student.markdown + student.alerts)
        await lecturer.run()
        found["answers"] = lecturer.answers
        await asyncio.gather(lecturer.close(), student.close(), page.close())
        return found

    found = run_to_end(scenario())
    assert found["voted"], "the student's first guess was not taken"
    assert all(found["first"]), "no session id in new_session"
    assert found["short"] == found["first"], "a 1 s lock lost the session: the TTL is not honoured"
    assert found["long"][0] != found["first"][0], "the TTL did not expire the student's session"
    assert found["long"][1] != found["first"][1], "the TTL did not expire the page's session"
    # Past the TTL: the setting from the address, the room from the address, the student from
    # the device cookie (the second guess replaces the first; the lecturer counts one).
    assert found["page_beta"] == stop, found
    assert found["page_query"].get("beta") == [stop], found
    assert found["replaced"], f"the new session is a new student: {found['room_said']}"
    assert found["answers"] == 1, f"the vote was counted {found['answers']} times"
