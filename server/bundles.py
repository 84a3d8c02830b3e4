"""Streamlit's bundles (``/static/``) compressed once per process and coding, kept in memory.

Streamlit 1.67 sends them uncompressed, and its own gzip layer skips them on purpose (it would
recompress on every request); these files never change while the process runs (their names
carry a content hash, ``immutable`` for a year), so one compression per file and coding
(server/codings.py: zstd where the browser accepts it, else gzip) is all they cost, and the
first visit's bundles are compressed at start, before anyone asks (server/serving.py names
them).
"""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future
from pathlib import Path

import anyio
import anyio.to_thread
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from streamlit import file_util

from server.codings import STATIC_CODINGS, chosen_coding, compress, mark_encoded

# Every one of Streamlit's 357 files (25.2 MB) in both codings: 9.1 MB gzipped, 8.2 MB zstd.
STATIC_CACHE_BYTES = 24 * 1024 * 1024
STATIC_PREFIX = "/static/"  # Streamlit's own bundles (the app's files are under /app/static/)


async def collect(app: ASGIApp, scope: Scope, receive: Receive) -> tuple[Message, bytes]:
    """Run ``app`` for one HTTP request and return its start message and whole body."""
    start: Message = {}
    chunks: list[bytes] = []

    async def keep(message: Message) -> None:
        nonlocal start
        if message["type"] == "http.response.start":
            start = message
        elif message["type"] == "http.response.body":
            chunks.append(message.get("body", b""))

    await app(scope, receive, keep)
    return start, b"".join(chunks)


async def send_whole(send: Send, start: Message, body: bytes, headers: MutableHeaders) -> None:
    headers["content-length"] = str(len(body))
    await send({**start, "headers": headers.raw})
    await send({"type": "http.response.body", "body": body})


class StaticCompressed:
    """Streamlit's ``/static/`` bundles compressed once per coding and served from memory.

    Streamlit's own gzip layer skips them on purpose (it would recompress on every request);
    these files never change while the process runs (their names carry a content hash), so
    one compression per file, coding and process is all it costs. A hall arriving at once asks
    for the same chunk hundreds of times before its first compression ends: they all wait for
    that one. ``warm`` names bundles to compress at start, in a thread, before anyone asks
    (plotly's chunk takes 1.8 s of a core at zstd 19).
    """

    def __init__(
        self, app: ASGIApp, warm: tuple[str, ...] = (), static_dir: Path | None = None
    ) -> None:
        self.app = app
        self._starts: dict[str, Message] = {}  # Streamlit's answer's start, per path
        self._packed: dict[tuple[str, str], Future[bytes | None]] = {}  # per (path, coding)
        self._cached_bytes = 0
        self._lock = threading.Lock()
        self.warming: threading.Thread | None = None  # compressing ``warm``, until it ends
        if warm:
            root = Path(static_dir or file_util.get_static_dir())
            self.warming = threading.Thread(
                target=self._warm, args=(root, warm), name="warm-bundles", daemon=True
            )
            self.warming.start()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope.get("method") != "GET"
            or not scope.get("path", "").startswith(STATIC_PREFIX)
            or "range" in Headers(scope=scope)
        ):
            await self.app(scope, receive, send)
            return
        accept_encoding = Headers(scope=scope).get("accept-encoding")
        coding = chosen_coding(accept_encoding)
        if coding == "identity":  # Streamlit's own answer, marked as one of several
            await self.app(scope, receive, _varying(send))
            return
        path = scope["path"]
        packing, mine = self._claim((path, coding))
        if mine or path not in self._starts:
            # Asked unconditionally, and deaf to this browser leaving (Streamlit would stop
            # the file halfway): the whole file is what everyone waiting gets compressed.
            plain = {**scope, "headers": _without(scope["headers"], _CONDITIONS)}
            try:
                start, body = await collect(self.app, plain, _staying())
            except BaseException:
                if mine:  # cancelled or failed: those waiting ask Streamlit themselves
                    self._pack(path, coding, None)
                raise
            whole = start.get("status") == 200 and _is_whole(start, body)
            if whole:
                self._starts.setdefault(path, start)
            if mine and whole and self._ready_instead(path, coding, accept_encoding):
                # Compressed for those who come later; this browser takes the other now.
                asyncio.get_running_loop().run_in_executor(None, self._pack, path, coding, body)
            elif mine:
                await anyio.to_thread.run_sync(self._pack, path, coding, body if whole else None)
            if not whole:
                headers = MutableHeaders(raw=list(start["headers"]))
                await send_whole(send, start, body, headers)
                return
        instead = None if packing.done() else self._ready_instead(path, coding, accept_encoding)
        if instead is not None:  # zstd under way (1.8 s for plotly's), gzip ready: no wait
            coding, packing = instead
        packed = await asyncio.wrap_future(packing)
        if packed is None:  # Streamlit had no such file when first asked: ask it again
            await self.app(scope, receive, _varying(send))
            return
        start = self._starts[path]
        headers = MutableHeaders(raw=list(start["headers"]))
        mark_encoded(headers, coding)
        if _already_has(scope, headers.get("etag")):
            await _not_modified(send, headers)
            return
        await send_whole(send, start, packed, headers)

    def _ready_instead(
        self, path: str, coding: str, accept_encoding: str | None
    ) -> tuple[str, Future[bytes | None]] | None:
        """The browser's next choice of coding after ``coding``, if its bytes are ready."""
        rest = tuple(other for other in STATIC_CODINGS if other != coding)
        packing = self._packed.get((path, chosen_coding(accept_encoding, offered=rest)))
        if packing is None or not packing.done() or packing.exception() or not packing.result():
            return None
        return chosen_coding(accept_encoding, offered=rest), packing

    def _claim(self, key: tuple[str, str]) -> tuple[Future[bytes | None], bool]:
        """The (path, coding)'s compression, and whether the caller is to do it (the first)."""
        with self._lock:
            packing = self._packed.get(key)
            if packing is None:
                packing = self._packed[key] = Future()
                return packing, True
            return packing, False

    def _pack(self, path: str, coding: str, body: bytes | None) -> None:
        """Compress ``body`` (None: no such file) for those waiting; kept within the budget."""
        packing = self._packed[(path, coding)]
        try:
            packed = None if body is None else compress(body, coding)
        except BaseException as error:
            with self._lock:
                del self._packed[(path, coding)]
            packing.set_exception(error)
            raise
        with self._lock:
            if packed is not None and self._cached_bytes + len(packed) <= STATIC_CACHE_BYTES:
                self._cached_bytes += len(packed)
            else:  # not kept: whoever asks next compresses it again
                del self._packed[(path, coding)]
        packing.set_result(packed)

    def _warm(self, root: Path, paths: tuple[str, ...]) -> None:
        """Compress the files at ``paths`` (under ``root``) in every coding, in order: all in
        gzip first (0.25 s of a core for the 81 first bundles), then in zstd (3.1 s), so a
        plain-HTTP address, whose browsers take no zstd, waits for none of it."""
        for coding in reversed(STATIC_CODINGS):
            for path in paths:
                if self._claim((path, coding))[1]:
                    try:
                        body = (root / path.lstrip("/")).read_bytes()
                    except OSError:  # gone: those waiting ask Streamlit
                        body = None
                    self._pack(path, coding, body)


_CONDITIONS = (b"if-none-match", b"if-modified-since")


def _staying() -> Receive:
    """A request without a body whose browser never leaves (its later reads wait forever)."""
    asked = False

    async def receive() -> Message:
        nonlocal asked
        if asked:
            await anyio.sleep_forever()
        asked = True
        return {"type": "http.request", "body": b"", "more_body": False}

    return receive


def _is_whole(start: Message, body: bytes) -> bool:
    """Whether ``body`` is as long as the answer's Content-Length said (if it said)."""
    length = MutableHeaders(raw=list(start.get("headers", []))).get("content-length")
    return length is None or length == str(len(body))


def _without(headers: list[tuple[bytes, bytes]], names: tuple[bytes, ...]) -> list:
    return [(name, value) for name, value in headers if name.lower() not in names]


def _already_has(scope: Scope, etag: str | None) -> bool:
    """Whether the request's If-None-Match names ``etag``, or the file's own tag (Caddy's
    ``encode`` strips its "-zstd"/"-gzip" from the tag a browser sends back, as it appends it)."""
    asked = Headers(scope=scope).get("if-none-match")
    if not asked or not etag:
        return False
    base = etag.rsplit("-", 1)[0] + '"'
    return any(tag.strip() in (etag, base, "*") for tag in asked.split(","))


async def _not_modified(send: Send, headers: MutableHeaders) -> None:
    kept = [(k, v) for k, v in headers.raw if k in (b"etag", b"cache-control", b"vary")]
    await send({"type": "http.response.start", "status": 304, "headers": kept})
    await send({"type": "http.response.body", "body": b""})


def _varying(send: Send) -> Send:
    """``send`` with ``Vary: Accept-Encoding`` added to the answer's start: a cache between
    here and the browser must not hand these plain bytes to a browser that asked for zstd."""

    async def marked(message: Message) -> None:
        if message["type"] == "http.response.start" and message.get("status") == 200:
            headers = MutableHeaders(raw=list(message["headers"]))
            headers.add_vary_header("Accept-Encoding")
            message = {**message, "headers": headers.raw}
        await send(message)

    return marked
