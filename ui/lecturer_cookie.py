"""The class poll's lecturer token kept on their own device, in a cookie no page script reads.

A reload or a reconnection (a new session) keeps the lecturer's controls with no token in the
projected address: a cookie kept a day (polls are deleted after a day), sent only to this site.
``ui.state`` reads it when it resolves the address (the websocket's handshake carries it).

The server sets it, HttpOnly like the device cookie (server/serving.py): a page script cannot set
an HttpOnly cookie, and one written by ``document.cookie`` was readable by any script on any of
the app's pages. The lecturer's page asks for it once with a same-origin POST of the token to
:data:`ROUTE` (:class:`LecturerCookieRoute`, in server/serving.py's middleware), which answers 204
and ``Set-Cookie``. The request must carry :data:`HEADER`: a form or image on another site
cannot send a custom header, and a cross-origin script that tries is stopped by the browser's
preflight, so no other site can plant a token in a lecturer's browser.
"""

from __future__ import annotations

import json

import streamlit as st
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send
from streamlit import config

from poll_data import devices, guesses

LECTURER_COOKIE = "rh_lecturer"
LECTURER_COOKIE_SECONDS = 86_400
ROUTE = "/_rh/lecturer-cookie"  # after server.baseUrlPath, if any
HEADER = "x-rh-cookie"  # value "lecturer": what a cross-site form cannot send
MAX_BODY_BYTES = 256  # a token is 16 to 64 URL-safe characters
_COOKIE_SCRIPT = """<script>
if (window.rhLecturerCookie !== %(value)s) {
  window.rhLecturerCookie = %(value)s;
  fetch(%(route)s, {method: "POST", body: %(value)s, credentials: "same-origin",
    headers: {"X-RH-Cookie": "lecturer", "Content-Type": "text/plain"}, keepalive: true});
}
</script>"""


def read() -> str | None:
    """The lecturer token this device's cookie keeps, or None (AppTest has no cookies)."""
    cookie = st.context.cookies.get(LECTURER_COOKIE)
    return cookie if isinstance(cookie, str) and cookie else None


def route_path() -> str:
    """The route's path on this server (under ``server.baseUrlPath``)."""
    base = config.get_option("server.baseUrlPath").strip("/")
    return f"/{base}{ROUTE}" if base else ROUTE


def write(token: str | None, *, container=None) -> None:
    """Keep ``token`` (checked: a poll's own) in this device's cookie, or clear it (None),
    so the lecturer reopens the room from this device without the token in the address; the
    script goes in ``container`` (default: the page), and draws nothing."""
    if read() == token:
        return
    value = guesses.check_token(token) if token else ""
    script = _COOKIE_SCRIPT % {"value": json.dumps(value), "route": json.dumps(route_path())}
    box = (container if container is not None else st).container(key="screen-lecturer-device")
    box.html(script, unsafe_allow_javascript=True)


def set_cookie(token: str, *, secure: bool, embedded: bool | None = None) -> str:
    """The ``Set-Cookie`` value that keeps ``token`` a day ("" clears the cookie): SameSite=Strict
    on the app's own site; SameSite=None; Secure; Partitioned when it is embedded in other
    sites' pages (``embedded``; by default poll_data.devices.embedded's answer)."""
    if embedded is None:
        embedded = devices.embedded(config.get_option("server.xsrfCookieSameSite"))
    seconds = LECTURER_COOKIE_SECONDS if token else 0
    attributes = devices.cookie_attributes(secure=secure, embedded=embedded, same_site="Strict")
    return f"{LECTURER_COOKIE}={token}; Path=/; Max-Age={seconds}; HttpOnly; {attributes}"


class LecturerCookieRoute:
    """``POST <base>/_rh/lecturer-cookie`` with a token (or nothing, to clear): 204 and the
    HttpOnly cookie; 400 for a malformed token or a request without :data:`HEADER`, 403 from
    another site, 405 for any other method. Everything else passes to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope.get("path", "").endswith(ROUTE):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        if scope.get("method") != "POST":
            await _answer(send, 405, ((b"allow", b"POST"),))
            return
        if headers.get("sec-fetch-site", "same-origin") not in {"same-origin", "none"}:
            await _answer(send, 403)
            return
        body = await _body(receive)
        try:
            if headers.get(HEADER) != "lecturer" or body is None:
                raise guesses.BadInput("no lecturer cookie request")
            token = body.decode("ascii").strip()
            if token:
                guesses.check_token(token)
        except (guesses.BadInput, UnicodeDecodeError):
            await _answer(send, 400)
            return
        cookie = set_cookie(token, secure=is_https(scope))
        await _answer(send, 204, ((b"set-cookie", cookie.encode()),))


async def _body(receive: Receive) -> bytes | None:
    """The request's body, or None past MAX_BODY_BYTES."""
    body = b""
    while True:
        message = await receive()
        body += message.get("body", b"")
        if len(body) > MAX_BODY_BYTES:
            return None
        if not message.get("more_body", False):
            return body


async def _answer(send: Send, status: int, headers: tuple = ()) -> None:
    fixed = [(b"content-length", b"0"), (b"cache-control", b"no-store")]
    await send({"type": "http.response.start", "status": status, "headers": [*fixed, *headers]})
    await send({"type": "http.response.body", "body": b""})


def is_https(scope: Scope) -> bool:
    """Whether the browser reached the app over TLS (itself, or a proxy saying so)."""
    forwarded = Headers(scope=scope).get("x-forwarded-proto", "")
    return scope.get("scheme") == "https" or forwarded.split(",")[0].strip() == "https"
