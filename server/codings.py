"""Which content coding a request gets, and the bytes in it: zstd, gzip, or none.

server/serving.py compresses Streamlit's bundles with these once per process and coding, and
its page with gzip; server/world_files.py sends the stage's worlds gzipped as stored. Browsers
name what they accept in ``Accept-Encoding`` with q-values: Chromium (123+) and Firefox (126+)
add ``br, zstd`` only for HTTPS or localhost addresses, Safari names no zstd, so a student on a
plain-HTTP address gets gzip and one behind the HTTPS proxies (deploy/caddy, deploy/nginx, which
pass a coded answer through as it is) gets zstd.
"""

from __future__ import annotations

import gzip

import zstandard
from starlette.datastructures import MutableHeaders

GZIP_LEVEL = 9  # once per bundle per process: the smallest files are worth the one-off ~1 s
# Once per bundle per process too: plotly's 4.7 MB chunk to 1.126 MB for 1.8 s of one core
# (level 12: 1.221 MB in 0.17 s; gzip 9: 1.415 MB in 0.17 s), 95 KB (0.5 s at a hall's
# 1.5 Mbit/s) less than level 12 for every student. Level 19's window stays within 8 MB, which
# browsers need not exceed (RFC 9659; levels 20-22 ask for more).
ZSTD_LEVEL = 19
STATIC_CODINGS = ("zstd", "gzip")  # the server's order when the browser's q-values tie


def chosen_coding(accept_encoding: str | None, offered: tuple[str, ...] = STATIC_CODINGS) -> str:
    """The content coding to send for a request's ``Accept-Encoding`` (None: no such header):
    the offered coding of the highest q-value above 0, the earlier in ``offered`` on a tie, or
    ``"identity"`` (the bytes as they are) when none is accepted or the header ranks identity
    itself higher.

    ``q=0`` refuses a coding; ``*`` stands for every coding the header does not name. Identity
    is acceptable unless refused (RFC 9110 §12.5.3), but comes after any coding accepted; when
    it is refused too, the bytes go as they are all the same (the RFC's other choice is a 406).
    """
    named: dict[str, float] = {}
    for entry in (accept_encoding or "").split(","):
        coding, *parameters = (part.strip() for part in entry.split(";"))
        coding = {"x-gzip": "gzip"}.get(coding.lower(), coding.lower())
        if coding:
            named.setdefault(coding, _quality(parameters))
    anything = named.get("*", 0.0)
    best = max(offered, key=lambda coding: named.get(coding, anything))  # a tie keeps order
    quality = named.get(best, anything)
    return best if quality > 0 and quality >= named.get("identity", 0.0) else "identity"


def _quality(parameters: list[str]) -> float:
    """An entry's q-value (1 if it gives none; 0, a refusal, if it gives one that is not a
    number from 0 to 1)."""
    for parameter in parameters:
        name, _, value = parameter.partition("=")
        if name.strip().lower() == "q":
            try:
                quality = float(value.strip())
            except ValueError:
                return 0.0
            return quality if 0.0 <= quality <= 1.0 else 0.0
    return 1.0


def compress(body: bytes, coding: str) -> bytes:
    """``body`` in ``coding`` ("zstd" or "gzip"), the same bytes on every replica (gzip's
    header carries no time), so one entity tag names one byte string."""
    if coding == "zstd":
        return zstandard.ZstdCompressor(level=ZSTD_LEVEL).compress(body)  # the size in its frame
    return gzip.compress(body, GZIP_LEVEL, mtime=0)


def mark_encoded(headers: MutableHeaders, coding: str) -> None:
    """Headers of a file's answer made those of its ``coding`` form: the coding, ``Vary``, no
    byte ranges, and an entity tag of its own (RFC 9110 §8.8.3.3)."""
    headers["content-encoding"] = coding
    if "accept-encoding" not in headers.get("vary", "").lower():
        headers.add_vary_header("Accept-Encoding")
    if "accept-ranges" in headers:  # byte ranges of the file, not of its compressed form
        del headers["accept-ranges"]
    if "etag" in headers:  # "abc" becomes "abc-zstd", as Caddy's encode writes it
        headers["etag"] = headers["etag"].rstrip('"') + f'-{coding}"'
