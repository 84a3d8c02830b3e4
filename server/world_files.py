"""The stage's worlds over HTTP: the middleware that answers ``GET``/``HEAD /worlds/...``.

The addresses, the stops they may name and the gzipped bytes are ui/playground/world_files.py's
(no HTTP there: scripts/build_worlds.py stores the gzipped worlds with it); this half only reads a
request, answers it (a world, the answer writer's banks, or a plain 404) and hands everything
else on. The world is built or read in a worker thread, never in the event loop.
"""

from __future__ import annotations

import gzip
import threading

import anyio.to_thread
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from ui.playground.world_files import (
    CACHE_CONTROL,
    GZIP_LEVEL,
    NOT_FOUND,
    PREFIX,
    answers_address,
    gzipped_world,
    setting_of,
    world_bytes,
)


class WorldFiles:
    """Middleware: answers ``GET``/``HEAD /worlds/...``; everything else goes to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._gzipped: dict[tuple[float, float, str], bytes] = {}
        self._lock = threading.Lock()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope.get("path", "").startswith(PREFIX):
            await self.app(scope, receive, send)
            return
        setting = setting_of(scope["path"])
        if scope["path"] == answers_address() and scope.get("method") in ("GET", "HEAD"):
            await self._answer_tables(scope, send)
            return
        if scope.get("method") not in ("GET", "HEAD") or setting is None:
            await _answer(send, 404, NOT_FOUND, [(b"content-type", b"text/plain; charset=utf-8")])
            return
        headers = [
            (b"content-type", b"application/json"),
            (b"cache-control", CACHE_CONTROL.encode()),
            (b"vary", b"Accept-Encoding"),
        ]
        if "gzip" in Headers(scope=scope).get("accept-encoding", "").lower():
            body = await anyio.to_thread.run_sync(self._gzipped_world, setting)
            headers.append((b"content-encoding", b"gzip"))
        else:
            body = await anyio.to_thread.run_sync(world_bytes, *setting)
        await _answer(send, 200, body, headers, head=scope["method"] == "HEAD")

    async def _answer_tables(self, scope: Scope, send: Send) -> None:
        from ui.playground import answer_panel  # like world_bytes: after Streamlit's start

        body = answer_panel.tables_bytes()  # ~4.5 KB; 2.2 KB gzipped
        headers = [
            (b"content-type", b"application/json"),
            (b"cache-control", CACHE_CONTROL.encode()),
            (b"vary", b"Accept-Encoding"),
        ]
        if "gzip" in Headers(scope=scope).get("accept-encoding", "").lower():
            body = gzip.compress(body, GZIP_LEVEL, mtime=0)
            headers.append((b"content-encoding", b"gzip"))
        await _answer(send, 200, body, headers, head=scope["method"] == "HEAD")

    def _gzipped_world(self, setting: tuple[float, float, str]) -> bytes:
        packed = self._gzipped.get(setting)
        if packed is None:
            packed = gzipped_world(*setting)
            with self._lock:
                self._gzipped.setdefault(setting, packed)
        return packed


async def _answer(send: Send, status: int, body: bytes, headers, *, head: bool = False) -> None:
    headers = [*headers, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})
