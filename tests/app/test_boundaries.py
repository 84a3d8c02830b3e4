"""Boundaries a hand mutation once moved unnoticed, each pinned on both sides: the cookies'
``Secure`` flag (set exactly when the browser came over TLS, itself or through a proxy that
says so) and the answer set's seed (2**32 - 1 the last, 2**32 the first refused)."""

from __future__ import annotations

import pytest

from core.best_of_n import ranked_answers
from poll_data import devices
from server import serving
from tests.support.asgi import header, request
from ui import lecturer_cookie
from ui.settings import SEED_KEY, SETTINGS
from ui.url_values import SEED_LIMIT

TOKEN = "t" * 32  # a lecturer token's shape (32 URL-safe characters)
PAGE = b'<html><head><title>Streamlit</title></head><body><div id="root"></div></body></html>'

# (scheme, X-Forwarded-Proto or None, whether the browser's side is TLS). The proxy's header
# lists hops nearest the browser first: "https, http" is TLS to the browser, "http, https" not.
SCHEMES = [
    ("http", None, False),  # plain http on localhost: a Secure cookie would never come back
    ("http", "http", False),
    ("http", "https", True),  # behind a TLS proxy (Caddy, nginx): Secure
    ("http", " https ", True),
    ("http", "https, http", True),
    ("http", "http, https", False),
    ("http", "", False),
    ("https", None, True),  # TLS to the app itself
]


async def streamlit_page(scope, receive, send) -> None:
    headers = [(b"content-type", b"text/html"), (b"content-length", str(len(PAGE)).encode())]
    await send({"type": "http.response.start", "status": 200, "headers": headers})
    await send({"type": "http.response.body", "body": PAGE})


def with_scheme(app, scheme: str):
    """``app`` reached over ``scheme`` (tests.support.asgi.request always says http)."""

    async def reached(scope, receive, send) -> None:
        await app({**scope, "scheme": scheme}, receive, send)

    return reached


def is_secure(cookie: str) -> bool:
    return "Secure" in {part.strip() for part in cookie.split(";")[1:]}


def forwarded(proto: str | None) -> dict[str, str]:
    return {} if proto is None else {"x_forwarded_proto": proto}


@pytest.mark.parametrize(("scheme", "proto", "tls"), SCHEMES)
def test_the_device_cookie_is_secure_exactly_behind_tls(scheme, proto, tls):
    app = with_scheme(serving.PageDocument(streamlit_page), scheme)
    (cookie,) = header(request(app, "/poll", **forwarded(proto)).headers, "set-cookie")
    assert cookie.startswith(f"{devices.COOKIE_NAME}=")
    assert is_secure(cookie) is tls


@pytest.mark.parametrize(("scheme", "proto", "tls"), SCHEMES)
def test_the_lecturer_cookie_is_secure_exactly_behind_tls(scheme, proto, tls):
    app = with_scheme(lecturer_cookie.LecturerCookieRoute(streamlit_page), scheme)
    reply = request(
        app,
        lecturer_cookie.ROUTE,
        method="POST",
        body=TOKEN.encode(),
        x_rh_cookie="lecturer",
        sec_fetch_site="same-origin",
        **forwarded(proto),
    )
    assert reply.status == 204
    (cookie,) = header(reply.headers, "set-cookie")
    assert cookie.startswith(f"{lecturer_cookie.LECTURER_COOKIE}={TOKEN};")
    assert is_secure(cookie) is tls


def test_the_last_seed_is_two_to_the_32_less_one_and_draws_answers():
    assert SEED_LIMIT == 2**32
    seed, note = SETTINGS[SEED_KEY].parse([str(2**32 - 1)])
    assert (seed, note) == (4_294_967_295, None)
    assert ranked_answers(b=0.2, sigma=1.0, seed=seed).order.shape == (600,)


@pytest.mark.parametrize("raw", [str(2**32), str(2**32 + 1), "9999999999"])
def test_a_seed_of_two_to_the_32_or_more_falls_back_to_the_lessons_answers_with_a_note(raw):
    seed, note = SETTINGS[SEED_KEY].parse([raw])
    assert seed is None  # the nearest valid state: the lesson's fixed 600 answers
    assert note == (
        f"The link asks for answer set “{raw}”, which is not a whole number from 0 to "
        "4294967295, so the page shows the lesson's fixed 600 answers."
    )
