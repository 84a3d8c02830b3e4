"""ui/serving.py's middleware, driven as ASGI with a stand-in for Streamlit: gzip of /static/
once per process, the page's first paint and title, the device cookie."""

from __future__ import annotations

import gzip

from streamlit import config

from poll_data import devices
from tests.support.asgi import header, request
from ui import serving

BUNDLE = b"export const stage = 'drawn';\n" * 2_000  # 60 KB of very compressible JavaScript
PAGE = (
    b"<!DOCTYPE html><html><head><title>Streamlit</title></head>"
    b'<body><noscript>JavaScript</noscript><div id="root"></div></body></html>'
)


class Streamlit:
    """Answers like Streamlit's static routes and remembers what it was asked."""

    def __init__(self) -> None:
        self.asked: list[tuple[str, dict[bytes, bytes]]] = []

    async def __call__(self, scope, receive, send) -> None:
        self.asked.append((scope["path"], dict(scope.get("headers", []))))
        if scope["path"].startswith("/static/"):
            body, kind = BUNDLE, b"application/javascript"
        else:
            body, kind = PAGE, b"text/html; charset=utf-8"
        headers = [
            (b"content-type", kind),
            (b"content-length", str(len(body)).encode()),
            (b"etag", b'"abc"'),
            (b"accept-ranges", b"bytes"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def test_a_bundle_comes_gzipped_when_asked_and_is_compressed_once():
    streamlit = Streamlit()
    app = serving.StaticGzip(streamlit)
    for _ in range(3):
        status, headers, body = request(app, "/static/js/index.abc.js", accept_encoding="gzip, br")
        assert status == 200
        assert header(headers, "content-encoding") == ["gzip"]
        assert header(headers, "content-length") == [str(len(body))]
        assert header(headers, "etag") == ['"abc-gzip"']
        assert header(headers, "accept-ranges") == []
        assert "Accept-Encoding" in header(headers, "vary")[0]
        assert gzip.decompress(body) == BUNDLE
        assert len(body) < len(BUNDLE) / 20
    assert len(streamlit.asked) == 1, "compressed once, then served from memory"


def test_a_bundle_comes_plain_to_a_client_that_does_not_ask_for_gzip():
    app = serving.StaticGzip(Streamlit())
    status, headers, body = request(app, "/static/js/index.abc.js")
    assert (status, body, header(headers, "content-encoding")) == (200, BUNDLE, [])


def test_the_page_carries_the_title_and_a_sentence_before_any_script():
    streamlit = Streamlit()
    status, headers, body = request(serving.PageDocument(streamlit), "/best-of-n")
    assert status == 200 and header(headers, "content-encoding") == []
    assert b"<title>Reward hacking, live</title>" in body
    paint = body.index(b'<div id="rh-first-paint">')
    assert paint < body.index(b'<div id="root">')
    assert b'<div class="rh-title">Reward hacking, live</div>' in body
    assert b"A teaching demo of reward-model overoptimization" in body
    assert header(headers, "content-length") == [str(len(body))]
    # The page's frame from the first byte, not from the script's first run (on a busy
    # server the page showed before it and then moved up 18 px).
    frame = body.index(b'[data-testid="stMainBlockContainer"] { padding-top: 3.6rem !important; }')
    assert frame < paint and body.index(b"h1 { font-size: clamp(1.5rem, 2vw, 2.6rem)") < paint


def test_the_page_is_gzipped_here_and_asked_plain_of_streamlit():
    streamlit = Streamlit()
    _status, headers, body = request(
        serving.PageDocument(streamlit), "/poll", accept_encoding="gzip"
    )
    assert header(headers, "content-encoding") == ["gzip"]
    assert b"rh-first-paint" in gzip.decompress(body)
    assert b"accept-encoding" not in streamlit.asked[0][1]


def test_a_browser_without_a_device_cookie_gets_a_signed_one_and_keeps_it():
    secret = config.get_option("server.cookieSecret")
    app = serving.PageDocument(Streamlit())
    _status, headers, _body = request(app, "/poll")
    (cookie,) = header(headers, "set-cookie")
    value = cookie.split(";")[0].removeprefix(f"{devices.COOKIE_NAME}=")
    assert devices.device_of(value, secret) is not None
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie and "Path=/" in cookie
    _status, headers, _body = request(
        app, "/poll", cookie=f"other=1; {devices.COOKIE_NAME}={value}"
    )
    assert header(headers, "set-cookie") == [], "a valid cookie is kept, not replaced"
    forged = value.split(".")[0] + ".forged"
    _status, headers, _body = request(app, "/poll", cookie=f"{devices.COOKIE_NAME}={forged}")
    (fresh,) = header(headers, "set-cookie")
    assert value.split(".")[0] not in fresh, "a forged cookie is replaced by a new device"


def test_bundles_websockets_and_stcore_pass_the_page_layer_untouched():
    streamlit = Streamlit()
    _status, headers, body = request(serving.PageDocument(streamlit), "/static/js/index.abc.js")
    assert body == BUNDLE and header(headers, "set-cookie") == []
    _status, _headers, body = request(serving.PageDocument(streamlit), "/_stcore/health")
    assert b"rh-first-paint" not in body


def test_a_nested_address_goes_to_one_that_names_no_page_keeping_its_query():
    streamlit = Streamlit()
    app = serving.PageDocument(streamlit)
    for path, query, location in (
        ("/best-of-n/extra/path", "", "/best-of-n_extra_path"),
        ("/x/y/", "beta=0.3&n=49", "/x_y?beta=0.3&n=49"),
        ("/x/<b>y</b>", "", "/x_%3Cb%3Ey%3C_b%3E"),  # split at "/", quoted
    ):
        status, headers, body = request(app, path, query=query)
        assert (status, header(headers, "location"), body) == (307, [location], b"")
    assert streamlit.asked == [], "Streamlit never served the blank page"
    # A page's own address, and the frontend asking whether the app lives under /lesson
    # (it must hear no), are Streamlit's as before.
    for path in ("/best-of-n", "/best-of-n/", "/lesson/_stcore/health", "/"):
        assert request(app, path).status == 200
    assert [asked for asked, _headers in streamlit.asked] == [
        "/best-of-n",
        "/best-of-n/",
        "/lesson/_stcore/health",
        "/",
    ]


def test_the_early_chunks_are_named_as_this_streamlit_names_them(tmp_path):
    js = tmp_path / "static" / "js"
    media = tmp_path / "static" / "media"
    js.mkdir(parents=True)
    media.mkdir()
    for name in ("Slider.AbC1.js", "BidiComponent.x_Y.js", "Unrelated.Q.js"):
        (js / name).write_text("")
    (media / "MaterialSymbols-Rounded.Z9.woff2").write_bytes(b"")
    links = serving.early_chunk_links(tmp_path).decode()
    assert '<link rel="modulepreload" crossorigin href="./static/js/BidiComponent.x_Y.js">' in links
    assert '<link rel="modulepreload" crossorigin href="./static/js/Slider.AbC1.js">' in links
    assert "Unrelated" not in links
    assert 'href="./static/media/MaterialSymbols-Rounded.Z9.woff2" as="font"' in links
