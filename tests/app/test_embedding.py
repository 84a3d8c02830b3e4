"""The poll's two cookies in a course page's iframe (docs/hosting.md, "Inside a course page"): on
the app's own site the device cookie is SameSite=Lax and the lecturer's Strict (Secure behind
TLS); embedded ($RH_EMBEDDED=1, or Streamlit's server.xsrfCookieSameSite = "none") both are
SameSite=None; Secure; Partitioned, the only form a browser sends from a cross-site iframe."""

from __future__ import annotations

import pytest
from streamlit import config

from poll_data import devices
from server import serving
from tests.support.asgi import header, request
from ui import lecturer_cookie

TOKEN = "A" * 32  # a well-formed lecturer token (16 to 64 URL-safe characters)
EMBEDDED = {"SameSite=None", "Secure", "Partitioned"}


class Page:
    """Streamlit's page, as far as the device cookie's middleware needs it."""

    async def __call__(self, scope, receive, send) -> None:
        body = (
            b'<html><head><title>Streamlit</title></head><body><div id="root"></div></body></html>'
        )
        headers = [(b"content-type", b"text/html; charset=utf-8")]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def attributes(cookie: str) -> set[str]:
    """A Set-Cookie value's attributes after its name=value: {"HttpOnly", "SameSite=Lax", ...}."""
    return {
        part.strip() for part in cookie.split(";")[1:] if not part.strip().startswith("Max-Age")
    }


def both_cookies(**headers) -> tuple[set[str], set[str]]:
    """The attributes of a new device's cookie and of a lecturer's, as the server sets them."""
    _status, answer, _body = request(serving.PageDocument(Page()), "/poll", **headers)
    (device,) = header(answer, "set-cookie")
    route = lecturer_cookie.LecturerCookieRoute(Page())
    _status, answer, _body = request(
        route,
        lecturer_cookie.ROUTE,
        method="POST",
        body=TOKEN.encode(),
        x_rh_cookie="lecturer",
        sec_fetch_site="same-origin",
        **headers,
    )
    (lecturer,) = header(answer, "set-cookie")
    return attributes(device), attributes(lecturer)


@pytest.fixture
def xsrf_same_site():
    """Set Streamlit's server.xsrfCookieSameSite for one test, as config.toml or its env var."""
    before = config.get_option("server.xsrfCookieSameSite")
    yield lambda value: config.set_option("server.xsrfCookieSameSite", value)
    config.set_option("server.xsrfCookieSameSite", before)


def test_on_its_own_site_the_cookies_are_lax_and_strict(monkeypatch):
    monkeypatch.delenv(devices.EMBEDDED_ENV, raising=False)
    device, lecturer = both_cookies()
    assert device == {"Path=/", "HttpOnly", "SameSite=Lax"}
    assert lecturer == {"Path=/", "HttpOnly", "SameSite=Strict"}
    device, lecturer = both_cookies(x_forwarded_proto="https")
    assert device == {"Path=/", "HttpOnly", "SameSite=Lax", "Secure"}
    assert lecturer == {"Path=/", "HttpOnly", "SameSite=Strict", "Secure"}


@pytest.mark.parametrize("flag", ["1", "true", "yes"])
def test_embedded_by_the_env_var_both_are_samesite_none_secure_partitioned(monkeypatch, flag):
    monkeypatch.setenv(devices.EMBEDDED_ENV, flag)
    for proto in ("https", "http"):  # Secure either way: TLS may end at the proxy
        device, lecturer = both_cookies(x_forwarded_proto=proto)
        assert device == {"Path=/", "HttpOnly", *EMBEDDED}
        assert lecturer == {"Path=/", "HttpOnly", *EMBEDDED}


def test_embedded_by_streamlits_xsrf_setting_too(monkeypatch, xsrf_same_site):
    monkeypatch.delenv(devices.EMBEDDED_ENV, raising=False)
    xsrf_same_site("none")
    device, lecturer = both_cookies(x_forwarded_proto="https")
    assert device >= EMBEDDED and lecturer >= EMBEDDED
    xsrf_same_site("lax")
    device, lecturer = both_cookies(x_forwarded_proto="https")
    assert "SameSite=Lax" in device and "SameSite=Strict" in lecturer


@pytest.mark.parametrize(("value", "expected"), [("", False), ("0", False), ("no", False)])
def test_other_values_of_the_env_var_leave_it_unembedded(monkeypatch, value, expected):
    monkeypatch.setenv(devices.EMBEDDED_ENV, value)
    assert devices.embedded("lax") is expected
    assert devices.embedded("None") is True  # Streamlit's option, in any case


def test_a_cleared_lecturer_cookie_keeps_the_same_attributes(monkeypatch):
    monkeypatch.setenv(devices.EMBEDDED_ENV, "1")
    cleared = lecturer_cookie.set_cookie("", secure=True)
    assert cleared.startswith("rh_lecturer=; Path=/; Max-Age=0;")
    assert attributes(cleared) >= EMBEDDED  # a browser drops it only when it matches
