"""The stage's worlds as immutable files: their addresses (``/worlds/<fingerprint>/<b>_<σ>.json``)
and their gzipped bytes in the store. No HTTP here: server/world_files.py answers requests.

A drag of b or σ on the stage fetches one world (~61 KB of JSON, ~17 KB gzipped) per step it
crosses, so the worlds are plain HTTP files, not websocket messages: the browser caches each
forever (the fingerprint of the code that builds it is in its address, so changed code has new
addresses), any replica answers (they share the store of ui/playground/world_store.py; one not
stored yet is built by the server, in a worker thread), and a CDN could keep them. Only the 441
canonical addresses exist: the fingerprint of this code, b and σ written as their sliders' stops
(``0.2_1.json``, never ``0.20_1.0.json``), and for a language other than English its code
before them (``/worlds/<fingerprint>/de/0.2_1.json``: a world holds sentences);
:func:`setting_of` reads anything else as None (a plain 404). Nothing in the path ever reaches
the file system: it is matched against the stops, and the world comes from
``worlds.world_json`` (memory, then the store, then core).

Gzipped, a world is stored beside its JSON in the store (``<world>.json.gz``, written by
scripts/build_worlds.py or by the first process that sends it), so a GET costs a file read
(~0.1 ms) instead of a compression (~4-19 ms of a core at level 6: the largest share of a b/σ
move's server time when a thousand students drag at once), and every replica sends the same
bytes.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import re
from pathlib import Path

from common import i18n
from ui import disk_store, js_modules
from ui.playground import world_store, worlds
from ui.settings import B_STOPS, SETTINGS, SIGMA_STOPS, WORLD_KEYS
from ui.url_values import url_form

PREFIX = "/worlds/"
CACHE_CONTROL = "public, max-age=31536000, immutable"  # a year: the address names the bytes
GZIP_LEVEL = 9  # once per world and machine (stored): ~2% smaller than level 6, ~10 ms more
GZIP_MAGIC = b"\x1f\x8b"  # a stored file that does not start so is ignored (and rewritten)
# Every world gzipped stays in memory too: 441 x ~17 KB ≈ 7.5 MB per process.
_PATH = re.compile(
    r"/worlds/(?P<fingerprint>[0-9a-f]{16})/(?:(?P<language>[a-z]{2})/)?"
    r"(?P<b>[0-9.]{1,5})_(?P<sigma>[0-9.]{1,4})\.json"
)
_B_BY_TEXT = {url_form(stop): stop for stop in B_STOPS}
_SIGMA_BY_TEXT = {url_form(stop): stop for stop in SIGMA_STOPS}
NOT_FOUND = b"No such world: the stage asks for /worlds/<fingerprint>/<b>_<sigma>.json.\n"


def world_address(b: float, sigma: float, language: str = i18n.ENGLISH) -> str:
    """The path of the world for (b, σ) of this code in ``language``, as the stage fetches it."""
    return f"{worlds_folder(language)}{url_form(b)}_{url_form(sigma)}.json"


def worlds_folder(language: str = i18n.ENGLISH) -> str:
    """Where this code's worlds in ``language`` are: ``/worlds/<fingerprint>/`` (+ ``de/``)."""
    tail = "" if language == i18n.ENGLISH else f"{language}/"
    return f"{PREFIX}{disk_store.fingerprint()}/{tail}"


ANSWERS_FILE = "answers.json"  # the answer writer's banks (answer_panel.py), beside the worlds


def answers_address() -> str:
    """Where the stage fetches the answer writer's banks, once: immutable like the worlds."""
    return f"{PREFIX}{disk_store.fingerprint()}/{ANSWERS_FILE}"


STAGE_ASSETS = Path(__file__).with_name("stage_assets")


@functools.lru_cache(maxsize=1)
def stage_script() -> tuple[str, bytes]:
    """The stage's ES modules joined (ui/js_modules.py), as one immutable file beside the
    worlds: its address (named by its bytes' hash) and its bytes, once per process.

    Inline in the component, its 102 KB went through every visitor's websocket with the first
    page and were deflated there per visitor (server.enableWebsocketCompression): ~3 ms of the
    server's CPU a first page (bench.first_page); as a file it is gzipped once per process,
    cached by the browser for a year, and fetched while Streamlit's bundles load (its
    modulepreload link, server/serving.py).
    """
    text = js_modules.joined(STAGE_ASSETS).encode()
    digest = hashlib.sha256(text).hexdigest()[:16]
    return f"{PREFIX}{disk_store.fingerprint()}/stage-{digest}.js", text


def stage_script_url() -> str:
    """Where the page fetches the stage's script: its address under ``server.baseUrlPath``, if
    any (server/world_files.py answers both), so the stage draws under a base path too."""
    from streamlit import config  # like ui.lecturer_cookie's route: read when asked

    base = config.get_option("server.baseUrlPath").strip("/")
    return f"/{base}{stage_script()[0]}" if base else stage_script()[0]


def stage_controls(language: str = i18n.ENGLISH) -> dict:
    """b and σ as the stage draws their sliders, and where it fetches each (b, σ)'s world in
    ``language``."""
    return {
        "address": worlds_folder(language),  # + "0.2_1.json"
        "answers": answers_address(),
        **world_sliders(),
    }


def world_sliders() -> dict:
    """b and σ's sliders as the stage draws them: symbol, label, hint (in the reader's
    language) and stops (URL form)."""
    return {
        key: {
            "symbol": SETTINGS[key].symbol,
            "label": worlds.setting_words(key)[0],
            "hint": worlds.setting_words(key)[1],
            "stops": [url_form(stop) for stop in SETTINGS[key].stops],
        }
        for key in WORLD_KEYS
    }


def setting_of(path: str) -> tuple[float, float, str] | None:
    """The (b, σ, language) a world's path names, or None if it is not one of this code's
    441 addresses in an offered language ("en" is never written: its address has none)."""
    match = _PATH.fullmatch(path)
    if match is None or match["fingerprint"] != disk_store.fingerprint():
        return None
    language = match["language"] or i18n.ENGLISH
    if language not in i18n.LANGUAGES or match["language"] == i18n.ENGLISH:
        return None
    b, sigma = _B_BY_TEXT.get(match["b"]), _SIGMA_BY_TEXT.get(match["sigma"])
    return None if b is None or sigma is None else (b, sigma, language)


def world_bytes(b: float, sigma: float, language: str = i18n.ENGLISH) -> bytes:
    """The world's JSON as UTF-8: the very text the stage gets over the websocket."""
    return worlds.world_json(b, sigma, language).encode()


def gzip_path(b: float, sigma: float, language: str = i18n.ENGLISH) -> Path:
    """Where the store keeps the world's gzipped bytes: beside its JSON."""
    path = world_store.world_path(b, sigma, language)
    return path.with_name(f"{path.name}.gz")


def pack(text: str) -> bytes:
    """A world's JSON gzipped as it is served (mtime 0: the same bytes from every replica, so
    caches and ETags agree)."""
    return gzip.compress(text.encode(), GZIP_LEVEL, mtime=0)


def store_gzipped(
    b: float, sigma: float, text: str | None = None, language: str = i18n.ENGLISH
) -> bytes:
    """Gzip the world (``text``, or as worlds.world_json finds it) and keep it in the store;
    returns the bytes (kept in memory alone if the store cannot be written)."""
    packed = pack(text if text is not None else worlds.world_json(b, sigma, language))
    path = gzip_path(b, sigma, language)
    with contextlib.suppress(OSError):  # an unwritable store: world_store warns once of it
        disk_store.write_whole(path, packed)
    return packed


def gzipped_world(b: float, sigma: float, language: str = i18n.ENGLISH) -> bytes:
    """The world gzipped: read from the store, or packed (and stored) the first time."""
    with contextlib.suppress(OSError):
        packed = gzip_path(b, sigma, language).read_bytes()
        if packed.startswith(GZIP_MAGIC):
            return packed
    return store_gzipped(b, sigma, language=language)
