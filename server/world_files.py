"""The stage's worlds over HTTP: the middleware that answers ``GET``/``HEAD /worlds/...``.

The addresses, the stops they may name and the gzipped bytes are ui/playground/world_files.py's
(no HTTP there: scripts/build_worlds.py stores the gzipped worlds with it); this half only reads a
request, answers it (a world, the answer writer's banks, or a plain 404) and hands everything
else on. The world is built or read in a worker thread, never in the event loop.

A browser that takes zstd (server/codings.py) gets a world in zstd once this machine has one:
level 19, 16% smaller than gzip 9 (19.2 KB instead of 23.0 KB a world, the 115 stored here) but
18.7 ms of a core to compress, a b/σ move's whole server time. So it is never made while a
browser waits: the first ask gets the gzip, and a thread of its own compresses the world and
stores it beside its .gz (``<world>.json.zst``), for every process and later start.
"""

from __future__ import annotations

import contextlib
import gzip
import queue
import threading
from pathlib import Path

import anyio.to_thread
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Receive, Scope, Send

from common import i18n
from server.codings import chosen_coding, compress
from ui import disk_store
from ui.playground.world_files import (
    CACHE_CONTROL,
    GZIP_LEVEL,
    NOT_FOUND,
    PREFIX,
    answers_address,
    gzip_path,
    gzipped_world,
    setting_of,
    stage_script,
    world_bytes,
)

ZSTD_MAGIC = b"\x28\xb5\x2f\xfd"  # a stored file that does not start so is made again
WORLD_CODINGS = ("zstd", "gzip")


class WorldFiles:
    """Middleware: answers ``GET``/``HEAD /worlds/...``; everything else goes to ``app``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        # (b, σ, language): 441 worlds a language, ~19 KB each in zstd (~8.5 MB at most)
        self._gzipped: dict[tuple[float, float, str], bytes] = {}
        self._zstd: dict[tuple[float, float, str], bytes] = {}
        self._lock = threading.Lock()
        self.to_compress: queue.Queue[tuple[float, float, str]] = queue.Queue()  # for zstd
        self._queued: set[tuple[float, float, str]] = set()
        self._compressor: threading.Thread | None = None
        self._tables: dict[bool, bytes] = {}  # gzipped or not -> the banks' bytes, once each
        self._script: dict[bool, bytes] = {}  # gzipped or not -> the stage's script, once each

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "") if scope["type"] == "http" else ""
        if not (path.startswith(PREFIX) or path.endswith(stage_script()[0])):
            await self.app(scope, receive, send)
            return
        setting = setting_of(scope["path"])
        if scope["path"] == answers_address() and scope.get("method") in ("GET", "HEAD"):
            await self._answer_tables(scope, send)
            return
        if scope["path"].endswith(stage_script()[0]) and scope.get("method") in ("GET", "HEAD"):
            await self._answer_script(scope, send)
            return
        if scope.get("method") not in ("GET", "HEAD") or setting is None:
            await _answer(send, 404, NOT_FOUND, [(b"content-type", b"text/plain; charset=utf-8")])
            return
        headers = [
            (b"content-type", b"application/json"),
            (b"cache-control", CACHE_CONTROL.encode()),
            (b"vary", b"Accept-Encoding"),
        ]
        accept_encoding = Headers(scope=scope).get("accept-encoding")
        coding = chosen_coding(accept_encoding, offered=WORLD_CODINGS)
        body = None
        if coding == "zstd":
            body = await anyio.to_thread.run_sync(self._zstd_world, setting)
            if body is None:  # not compressed yet (now under way): the next choice
                coding = chosen_coding(accept_encoding, offered=("gzip",))
        if coding == "gzip":
            body = await anyio.to_thread.run_sync(self._gzipped_world, setting)
        elif coding == "identity":
            body = await anyio.to_thread.run_sync(world_bytes, *setting)
        if coding != "identity":
            headers.append((b"content-encoding", coding.encode()))
        await _answer(send, 200, body, headers, head=scope["method"] == "HEAD")

    async def _answer_tables(self, scope: Scope, send: Send) -> None:
        """The answer writer's banks: ~9 KB, 3.9 KB gzipped (~0.5 ms at level 9)."""
        await _answer_kept(scope, send, b"application/json", self._tables, _tables_bytes)

    async def _answer_script(self, scope: Scope, send: Send) -> None:
        """The stage's modules joined (ui/playground/world_files.stage_script): a module
        script, so served as JavaScript (a browser refuses to run one sent as anything else);
        ~102 KB, ~26 KB gzipped (~5 ms at level 9)."""
        await _answer_kept(
            scope, send, b"text/javascript; charset=utf-8", self._script, _script_bytes
        )

    def _gzipped_world(self, setting: tuple[float, float, str]) -> bytes:
        packed = self._gzipped.get(setting)
        if packed is None:
            packed = gzipped_world(*setting)
            with self._lock:
                self._gzipped.setdefault(setting, packed)
        return packed

    def _zstd_world(self, setting: tuple[float, float, str]) -> bytes | None:
        """The world in zstd, from memory or the store; None (and compressed later) if neither
        has it yet."""
        packed = self._zstd.get(setting)
        if packed is None:
            with contextlib.suppress(OSError):
                stored = zstd_path(*setting).read_bytes()
                if stored.startswith(ZSTD_MAGIC):
                    packed = self._zstd.setdefault(setting, stored)
        if packed is None:
            self._compress_later(setting)
        return packed

    def _compress_later(self, setting: tuple[float, float, str]) -> None:
        with self._lock:
            if setting in self._queued:
                return
            self._queued.add(setting)
            self.to_compress.put(setting)
            if self._compressor is None:
                self._compressor = threading.Thread(
                    target=self._compress_queued, name="world-zstd", daemon=True
                )
                self._compressor.start()

    def _compress_queued(self) -> None:
        """One world after another, in zstd, kept in memory and in the store (one core at most,
        18.7 ms a world, once per world and machine)."""
        while True:
            setting = self.to_compress.get()
            try:
                packed = compress(world_bytes(*setting), "zstd")
                _store(zstd_path(*setting), packed)
                self._zstd.setdefault(setting, packed)
            finally:
                self.to_compress.task_done()


def zstd_path(b: float, sigma: float, language: str = i18n.ENGLISH) -> Path:
    """Where the store keeps the world in zstd: beside its JSON and its .gz."""
    gzipped = gzip_path(b, sigma, language)
    return gzipped.with_name(gzipped.name.removesuffix(".gz") + ".zst")


def _store(path: Path, packed: bytes) -> None:
    """Write ``packed`` at ``path`` whole or not at all (another process may be reading it); an
    unwritable store keeps it in memory alone."""
    with contextlib.suppress(OSError):
        disk_store.write_whole(path, packed)


def _gzip_accepted(scope: Scope) -> bool:
    """Whether the request's Accept-Encoding takes gzip (q above 0, and not below identity's)."""
    return chosen_coding(Headers(scope=scope).get("accept-encoding"), offered=("gzip",)) == "gzip"


async def _answer_kept(
    scope: Scope, send: Send, content_type: bytes, kept: dict[bool, bytes], make
) -> None:
    """A file every visitor's stage fetches alike, made by ``make(gzipped)`` once per process
    and form (plain or gzipped) and kept in ``kept``."""
    headers = [
        (b"content-type", content_type),
        (b"cache-control", CACHE_CONTROL.encode()),
        (b"vary", b"Accept-Encoding"),
    ]
    gzipped = _gzip_accepted(scope)
    if gzipped:
        headers.append((b"content-encoding", b"gzip"))
    body = kept.get(gzipped)
    if body is None:
        body = kept.setdefault(gzipped, make(gzipped))
    await _answer(send, 200, body, headers, head=scope["method"] == "HEAD")


def _script_bytes(gzipped: bool) -> bytes:
    text = stage_script()[1]
    return gzip.compress(text, GZIP_LEVEL, mtime=0) if gzipped else text


def _tables_bytes(gzipped: bool) -> bytes:
    from ui.playground import answer_panel  # like world_bytes: after Streamlit's start

    body = answer_panel.tables_bytes()  # ~9 KB; 3.9 KB gzipped, ~0.5 ms at level 9
    return gzip.compress(body, GZIP_LEVEL, mtime=0) if gzipped else body


async def _answer(send: Send, status: int, body: bytes, headers, *, head: bool = False) -> None:
    headers = [*headers, (b"content-length", str(len(body)).encode())]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": b"" if head else body})
