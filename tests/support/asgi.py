"""One HTTP request through an ASGI app in memory: how the tests drive the app's middleware
(server/serving.py, server/world_files.py) without a server."""

from __future__ import annotations

from typing import NamedTuple

from tests.support import event_loop


class Reply(NamedTuple):
    """What the app sent: its status, its headers in order (a repeated one, such as
    Set-Cookie, stays repeated), and its body joined."""

    status: int
    headers: list[tuple[str, str]]
    body: bytes

    def header(self, name: str) -> list[str]:
        """Every value of header ``name`` (lower case), in the order sent; [] if none."""
        return header(self.headers, name)


def header(headers: list[tuple[str, str]], name: str) -> list[str]:
    """Every value of ``name`` among ``headers`` (names compared in lower case)."""
    return [value for key, value in headers if key.lower() == name]


def request(
    app, path: str, *, method: str = "GET", query: str = "", body: bytes = b"", **headers: str
) -> Reply:
    """Send one ``method`` request for ``path`` (and ``query``, already encoded, and ``body``)
    through ``app``; header keywords are written with "_" for "-" (``accept_encoding="gzip"``)."""
    sent: list[dict] = []

    async def receive():
        return {"type": "http.request", "body": body, "more_body": False}

    async def send(message):
        sent.append(message)

    scope = {
        "type": "http",
        "method": method,
        "path": path,
        "query_string": query.encode(),
        "scheme": "http",
        "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()],
    }
    # In a thread of its own: once a browser test has run, Playwright owns this thread's loop.
    event_loop.run_to_end(app(scope, receive, send))
    start = sent[0]
    answer = b"".join(message.get("body", b"") for message in sent[1:])
    return Reply(start["status"], [(k.decode(), v.decode()) for k, v in start["headers"]], answer)
