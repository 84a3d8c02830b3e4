"""One anonymous student per device: a signed device cookie and the per-room id made from it.

The server hands every browser a cookie ``<device>.<signature>`` on its first page (see
server/serving.py); the class poll trusts only a cookie whose signature is the server's, so an id
cannot be forged, and a copied join link carries no id at all (a second phone gets its own
cookie). Every replica signs with the same ``server.cookieSecret``, so a student who
reconnects to another replica is the same student. No name is ever asked or stored.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
import secrets

COOKIE_NAME = "rh_device"  # first-party, HttpOnly: the page's scripts never read it
COOKIE_MAX_AGE_SECONDS = 30 * 24 * 3600  # a month of lectures; polls last a day
DEVICE_BYTES = 16  # 128 random bits per device
SIGNATURE_CHARACTERS = 32  # 192 bits of HMAC-SHA256: not guessable, short enough for a cookie
# "1": the app is served inside other sites' pages (a course site's iframe; docs/hosting.md).
# Streamlit's server.xsrfCookieSameSite = "none" says the same (server/serving.py reads it).
EMBEDDED_ENV = "RH_EMBEDDED"
# In a cross-site iframe a browser sends only SameSite=None cookies, which must be Secure;
# Partitioned (CHIPS) keeps them where third-party cookies are blocked, keyed by the course
# site, so a device is one student per course page that embeds the poll.
EMBEDDED_ATTRIBUTES = "SameSite=None; Secure; Partitioned"


def embedded(xsrf_same_site: object = None) -> bool:
    """Whether the app is served inside other sites' pages: $RH_EMBEDDED is 1 (true, yes), or
    Streamlit's XSRF cookie is SameSite=None (``xsrf_same_site``: that option's value)."""
    flag = os.environ.get(EMBEDDED_ENV, "").strip().lower() in {"1", "true", "yes"}
    return flag or str(xsrf_same_site or "").strip().lower() == "none"


def cookie_attributes(*, secure: bool, embedded: bool, same_site: str = "Lax") -> str:
    """A cookie's SameSite (and Secure) attributes: ``same_site`` on the app's own site, Secure
    over HTTPS; SameSite=None; Secure; Partitioned when embedded (it then needs HTTPS)."""
    if embedded:
        return EMBEDDED_ATTRIBUTES
    return f"SameSite={same_site}" + ("; Secure" if secure else "")


def _mac(secret: str, purpose: str, text: str) -> str:
    digest = hmac.new(secret.encode(), f"{purpose}:{text}".encode(), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest).decode()[:SIGNATURE_CHARACTERS]


def new_device_cookie(secret: str) -> str:
    """A fresh cookie value for one device: a random id and the server's signature of it."""
    device = secrets.token_urlsafe(DEVICE_BYTES)
    return f"{device}.{_mac(secret, 'device', device)}"


def device_of(cookie: object, secret: str) -> str | None:
    """The device id in a cookie value the server signed, or None (missing, forged, mangled)."""
    if not isinstance(cookie, str) or cookie.count(".") != 1 or len(cookie) > 128:
        return None
    device, signature = cookie.split(".")
    if not device or not hmac.compare_digest(signature, _mac(secret, "device", device)):
        return None
    return device


def student_id(device: str, room_code: str, secret: str) -> str:
    """This device's anonymous id in one room: the same on every tab, reload and replica.

    Derived, not the device id itself, so the rows of two polls cannot be linked by it.
    """
    return _mac(secret, f"student:{room_code}", device)


def opener_id(device: str, secret: str) -> str:
    """This device's id where it opens rooms (counted against the cap on opening rooms):
    derived, like :func:`student_id`, so it links to no room's rows."""
    return _mac(secret, "opener", device)
