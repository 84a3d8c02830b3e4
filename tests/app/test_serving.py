"""server/serving.py's middleware, driven as ASGI with a stand-in for Streamlit: zstd or gzip of
/static/ once per process and coding, the page's first paint and title, the device cookie."""

from __future__ import annotations

import asyncio
import gzip
import threading

import pytest
import zstandard
from streamlit import config

from poll_data import devices
from server import bundles, codings, serving
from tests.support import event_loop
from tests.support.asgi import header, request
from ui import lecturer_cookie

BUNDLE = b"export const stage = 'drawn';\n" * 2_000  # 60 KB of very compressible JavaScript
IMMUTABLE = b"public, immutable, max-age=31536000"  # Streamlit's for its hashed bundles
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
            body, kind, cache = BUNDLE, b"application/javascript", IMMUTABLE
        else:
            body, kind, cache = PAGE, b"text/html; charset=utf-8", b"no-cache"
        headers = [
            (b"content-type", kind),
            (b"content-length", str(len(body)).encode()),
            (b"etag", b'"abc"'),
            (b"accept-ranges", b"bytes"),
            (b"cache-control", cache),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": body})


# What Chromium 156 sends to an HTTPS or localhost address, and to a plain-HTTP one.
CHROMIUM_SECURE = "gzip, deflate, br, zstd"
CHROMIUM_PLAIN = "gzip, deflate"
DECODE = {"zstd": zstandard.ZstdDecompressor().decompress, "gzip": gzip.decompress}


@pytest.mark.parametrize(
    ("accept_encoding", "coding"),
    [
        (CHROMIUM_SECURE, "zstd"),
        (CHROMIUM_PLAIN, "gzip"),
        ("gzip, br", "gzip"),  # Safari
        ("zstd, gzip", "zstd"),
        ("gzip, zstd", "zstd"),  # a tie goes to the server's order, not the header's
        ("gzip;q=1.0, zstd;q=1", "zstd"),
        ("gzip;q=0.9, zstd;q=0.5", "gzip"),
        ("zstd;q=0, gzip", "gzip"),
        ("ZSTD;Q=0, GZIP", "gzip"),
        ("zstd, gzip;q=0", "zstd"),
        ("gzip;q=0", "identity"),
        ("zstd;q=0, gzip;q=0", "identity"),
        ("br, deflate", "identity"),
        ("identity", "identity"),
        ("identity, gzip;q=0.5", "identity"),
        ("gzip;q=0.001", "gzip"),
        ("gzip;q=abc", "identity"),
        ("gzip;q=2", "identity"),
        ("*", "zstd"),
        ("*;q=0.5, zstd;q=0", "gzip"),
        ("*;q=0", "identity"),  # nothing acceptable: the bytes as they are
        ("x-gzip", "gzip"),
        ("", "identity"),
        (None, "identity"),
    ],
)
def test_the_coding_follows_the_browsers_q_values_and_prefers_zstd_on_a_tie(
    accept_encoding, coding
):
    assert codings.chosen_coding(accept_encoding) == coding


def test_the_page_and_the_worlds_are_offered_gzip_alone():
    assert codings.chosen_coding(CHROMIUM_SECURE, offered=("gzip",)) == "gzip"
    assert codings.chosen_coding("zstd", offered=("gzip",)) == "identity"
    assert codings.chosen_coding("zstd;q=1, gzip;q=0.5", offered=("gzip",)) == "gzip"


@pytest.mark.parametrize(
    ("accept_encoding", "coding"),
    [(CHROMIUM_SECURE, "zstd"), (CHROMIUM_PLAIN, "gzip"), ("zstd;q=0, gzip", "gzip")],
)
def test_a_bundle_comes_in_the_chosen_coding_compressed_once(accept_encoding, coding):
    streamlit = Streamlit()
    app = bundles.StaticCompressed(streamlit)
    for _ in range(3):
        status, headers, body = request(
            app, "/static/js/index.abc.js", accept_encoding=accept_encoding
        )
        assert status == 200
        assert header(headers, "content-encoding") == [coding]
        assert header(headers, "content-length") == [str(len(body))]
        assert header(headers, "etag") == [f'"abc-{coding}"']
        assert header(headers, "accept-ranges") == []
        assert header(headers, "vary") == ["Accept-Encoding"]
        assert header(headers, "cache-control") == ["public, immutable, max-age=31536000"]
        assert DECODE[coding](body) == BUNDLE
        assert len(body) < len(BUNDLE) / 20
    assert len(streamlit.asked) == 1, "compressed once, then served from memory"


def test_each_coding_is_compressed_once_and_kept_beside_the_other():
    streamlit = Streamlit()
    app = bundles.StaticCompressed(streamlit)
    bodies = {}
    for accept_encoding in (CHROMIUM_SECURE, CHROMIUM_PLAIN, CHROMIUM_SECURE, CHROMIUM_PLAIN):
        _status, headers, body = request(
            app, "/static/js/index.abc.js", accept_encoding=accept_encoding
        )
        bodies.setdefault(header(headers, "content-encoding")[0], set()).add(body)
    assert {coding: len(found) for coding, found in bodies.items()} == {"zstd": 1, "gzip": 1}
    assert len(streamlit.asked) == 2, "one compression per coding"
    (zstd_body,), (gzip_body,) = bodies["zstd"], bodies["gzip"]
    assert zstd_body[:4] == b"\x28\xb5\x2f\xfd" and gzip_body[:2] == b"\x1f\x8b"  # the magics
    assert gzip_body[4:8] == b"\0\0\0\0", "no time in gzip's header: every replica's bytes alike"


@pytest.mark.parametrize("accept_encoding", [None, "identity", "gzip;q=0", "br"])
def test_a_bundle_comes_plain_to_a_client_that_accepts_neither_coding(accept_encoding):
    streamlit = Streamlit()
    headers_sent = {} if accept_encoding is None else {"accept_encoding": accept_encoding}
    status, headers, body = request(
        bundles.StaticCompressed(streamlit), "/static/js/index.abc.js", **headers_sent
    )
    assert (status, body, header(headers, "content-encoding")) == (200, BUNDLE, [])
    assert header(headers, "etag") == ['"abc"'] and header(headers, "vary") == ["Accept-Encoding"]
    assert header(headers, "content-length") == [str(len(BUNDLE))]


def test_a_hall_arriving_at_once_waits_for_one_compression():
    streamlit = Streamlit()
    app = bundles.StaticCompressed(streamlit)

    async def one(accept_encoding: str) -> bytes:
        sent = []

        async def receive():
            return {"type": "http.request", "body": b"", "more_body": False}

        async def send(message):
            sent.append(message)

        scope = {
            "type": "http",
            "method": "GET",
            "path": "/static/js/PlotlyChart.abc.js",
            "query_string": b"",
            "headers": [(b"accept-encoding", accept_encoding.encode())],
        }
        await app(scope, receive, send)
        return sent[1]["body"]

    async def hall():
        return await asyncio.gather(*(one(CHROMIUM_SECURE) for _ in range(20)))

    bodies = event_loop.run_to_end(hall())
    assert len(set(bodies)) == 1 and zstandard.ZstdDecompressor().decompress(bodies[0]) == BUNDLE
    assert len(streamlit.asked) == 1, "20 requests at once, one compression"


def test_a_browser_that_has_the_bundle_gets_a_304_even_through_caddy():
    app = bundles.StaticCompressed(Streamlit())
    path = "/static/js/index.abc.js"
    request(app, path, accept_encoding=CHROMIUM_SECURE)
    # Its own tag back, or the file's (Caddy's encode strips the "-zstd" it would have added).
    for tag in ('"abc-zstd"', '"abc"'):
        status, headers, body = request(
            app, path, accept_encoding=CHROMIUM_SECURE, if_none_match=tag
        )
        assert (status, body) == (304, b"")
        assert header(headers, "etag") == ['"abc-zstd"']
        assert header(headers, "vary") == ["Accept-Encoding"]
    status, _headers, body = request(
        app, path, accept_encoding=CHROMIUM_SECURE, if_none_match='"x"'
    )
    assert status == 200 and zstandard.ZstdDecompressor().decompress(body) == BUNDLE


def test_a_first_request_that_is_conditional_still_fills_the_cache():
    streamlit = Streamlit()
    app = bundles.StaticCompressed(streamlit)
    status, _headers, _body = request(
        app, "/static/js/index.abc.js", accept_encoding=CHROMIUM_PLAIN, if_none_match='"old"'
    )
    assert status == 200
    assert b"if-none-match" not in streamlit.asked[0][1], "asked of Streamlit unconditionally"


def test_a_bundle_past_the_memory_budget_is_sent_compressed_but_not_kept(monkeypatch):
    streamlit = Streamlit()
    app = bundles.StaticCompressed(streamlit)
    request(app, "/static/js/index.abc.js", accept_encoding=CHROMIUM_SECURE)  # kept
    monkeypatch.setattr(bundles, "STATIC_CACHE_BYTES", 0)
    for _ in range(2):
        _status, headers, body = request(app, "/static/js/other.abc.js", accept_encoding="gzip")
        assert header(headers, "content-encoding") == ["gzip"] and gzip.decompress(body) == BUNDLE
    request(app, "/static/js/index.abc.js", accept_encoding=CHROMIUM_SECURE)
    assert [path for path, _headers in streamlit.asked] == ["/static/js/index.abc.js"] + [
        "/static/js/other.abc.js"
    ] * 2


def test_a_bundle_cut_short_is_passed_on_as_it_came_and_not_kept():
    class CutShort(Streamlit):
        async def __call__(self, scope, receive, send) -> None:
            self.asked.append((scope["path"], dict(scope.get("headers", []))))
            length = str(len(BUNDLE)).encode()  # promised, then half sent (the browser left)
            headers = [(b"content-length", length), (b"etag", b'"abc"')]
            await send({"type": "http.response.start", "status": 200, "headers": headers})
            await send({"type": "http.response.body", "body": BUNDLE[: len(BUNDLE) // 2]})

    streamlit = CutShort()
    app = bundles.StaticCompressed(streamlit)
    for _ in range(2):
        _status, headers, body = request(app, "/static/js/index.abc.js", accept_encoding="gzip")
        assert header(headers, "content-encoding") == [] and body == BUNDLE[: len(BUNDLE) // 2]
    assert len(streamlit.asked) == 2, "nothing kept"


def test_the_first_visits_bundles_are_compressed_at_start_before_anyone_asks(tmp_path):
    (tmp_path / "index.html").write_text(
        '<script type="module" src="./static/js/index.abc.js"></script>'
        '<link rel="modulepreload" href="./static/js/react.def.js">'
    )
    folder = tmp_path / "static" / "js"
    folder.mkdir(parents=True)
    for name in ("index.abc.js", "react.def.js", "Button.b1.js", "PlotlyChart.p1.js", "Map.m.js"):
        (folder / name).write_bytes(name.encode() * 500)
    first = serving.first_bundles(tmp_path)
    assert first == tuple(
        f"/static/js/{name}"
        for name in ("index.abc.js", "react.def.js", "Button.b1.js", "PlotlyChart.p1.js")
    )
    streamlit = Streamlit()
    app = bundles.StaticCompressed(streamlit, warm=first, static_dir=tmp_path)
    app.warming.join(timeout=30)
    for coding, accept_encoding in (("zstd", CHROMIUM_SECURE), ("gzip", CHROMIUM_PLAIN)):
        _status, headers, body = request(app, first[-1], accept_encoding=accept_encoding)
        # The file on disk, compressed before the request (Streamlit's stand-in sends other bytes).
        assert DECODE[coding](body) == b"PlotlyChart.p1.js" * 500
        assert header(headers, "content-encoding") == [coding]
    assert len(streamlit.asked) == 1, "asked once, for its headers"


def test_a_browser_gets_gzip_at_once_while_its_zstd_is_still_being_compressed(
    tmp_path, monkeypatch
):
    (tmp_path / "static").mkdir()
    (tmp_path / "static" / "PlotlyChart.p1.js").write_bytes(BUNDLE)
    zstd_started, zstd_may_go = threading.Event(), threading.Event()

    def slow_zstd(body: bytes, coding: str) -> bytes:
        if coding == "zstd":
            zstd_started.set()
            assert zstd_may_go.wait(timeout=30)
        return codings.compress(body, coding)

    monkeypatch.setattr(bundles, "compress", slow_zstd)
    path = "/static/PlotlyChart.p1.js"
    app = bundles.StaticCompressed(Streamlit(), warm=(path,), static_dir=tmp_path)
    request(app, path, accept_encoding="gzip")  # compressed first: ready
    assert zstd_started.wait(timeout=30), "the warm's zstd is under way (held)"
    _status, headers, body = request(app, path, accept_encoding=CHROMIUM_SECURE)
    assert header(headers, "content-encoding") == ["gzip"] and gzip.decompress(body) == BUNDLE
    assert header(headers, "etag") == ['"abc-gzip"']
    # A browser that takes zstd alone waits for it.
    zstd_may_go.set()
    app.warming.join(timeout=30)
    _status, headers, body = request(app, path, accept_encoding=CHROMIUM_SECURE)
    assert header(headers, "content-encoding") == ["zstd"]


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
        serving.PageDocument(streamlit), "/poll", accept_encoding=CHROMIUM_SECURE
    )
    assert header(headers, "content-encoding") == ["gzip"]
    assert header(headers, "vary") == ["Accept-Encoding"]
    assert b"rh-first-paint" in gzip.decompress(body)
    assert b"accept-encoding" not in streamlit.asked[0][1]
    _status, headers, body = request(
        serving.PageDocument(Streamlit()), "/poll", accept_encoding="gzip;q=0"
    )
    assert header(headers, "content-encoding") == [] and b"rh-first-paint" in body
    assert header(headers, "vary") == ["Accept-Encoding"]


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


TOKEN = "T0KEN-abcdefghijklmnop"  # as poll_data.guesses makes them: URL-safe, 16-64 characters


def lecturer_post(app, token: str = TOKEN, **headers: str):
    """The lecturer's page asking for its cookie, as its script does (ui/lecturer_cookie.py)."""
    headers = {"x_rh_cookie": "lecturer", "sec_fetch_site": "same-origin", **headers}
    return request(app, lecturer_cookie.ROUTE, method="POST", body=token.encode(), **headers)


def attributes(cookie: str) -> set[str]:
    return {part.strip().split("=")[0] for part in cookie.split(";")[1:]}


def test_the_lecturer_cookie_is_set_by_the_server_httponly_like_the_device_cookie():
    streamlit = Streamlit()
    app = lecturer_cookie.LecturerCookieRoute(streamlit)
    status, headers, body = lecturer_post(app)
    assert (status, body) == (204, b"")
    (cookie,) = header(headers, "set-cookie")
    assert cookie.startswith(f"rh_lecturer={TOKEN};")
    assert {"HttpOnly", "Path", "Max-Age", "SameSite"} <= attributes(cookie)
    assert "Max-Age=86400" in cookie and "SameSite=Strict" in cookie
    assert "Secure" not in attributes(cookie), "plain HTTP: a Secure cookie would be dropped"
    # Behind TLS (the proxy says so, as for the device cookie) it is Secure too.
    _status, headers, _body = lecturer_post(app, x_forwarded_proto="https")
    assert "Secure" in attributes(header(headers, "set-cookie")[0])
    _status, headers, _body = request(serving.PageDocument(Streamlit()), "/poll")
    (device,) = header(headers, "set-cookie")
    assert "HttpOnly" in attributes(device)  # the two cookies alike
    # Cleared by an empty body (New poll, or a stale one), and Streamlit never asked.
    _status, headers, _body = lecturer_post(app, token="")
    assert header(headers, "set-cookie")[0].startswith("rh_lecturer=; Path=/; Max-Age=0;")
    assert streamlit.asked == []


def test_the_lecturer_cookie_route_refuses_other_sites_methods_and_tokens():
    app = lecturer_cookie.LecturerCookieRoute(Streamlit())
    refused = {
        "another site": lecturer_post(app, sec_fetch_site="cross-site").status,
        "a sibling site": lecturer_post(app, sec_fetch_site="same-site").status,
        "no header": request(
            app, lecturer_cookie.ROUTE, method="POST", body=TOKEN.encode()
        ).status,  # a form on another site cannot send one
        "a malformed token": lecturer_post(app, token="no spaces; Path=/x").status,
        "a short token": lecturer_post(app, token="abc").status,
        "a huge body": lecturer_post(app, token="A" * 1_000).status,
        "GET": request(app, lecturer_cookie.ROUTE).status,
    }
    assert refused == {
        "another site": 403,
        "a sibling site": 403,
        "no header": 400,
        "a malformed token": 400,
        "a short token": 400,
        "a huge body": 400,
        "GET": 405,
    }


def test_the_lecturer_cookie_route_is_in_the_app_and_found_under_a_base_path():
    assert lecturer_cookie.LecturerCookieRoute in [item.cls for item in serving.middleware()]
    streamlit = Streamlit()
    app = lecturer_cookie.LecturerCookieRoute(streamlit)
    reply = request(
        app, "/lesson" + lecturer_cookie.ROUTE, method="POST", body=TOKEN.encode(),
        x_rh_cookie="lecturer",
    )  # fmt: skip
    assert reply.status == 204  # no Sec-Fetch-Site (an older browser): same-origin by default
    for path in ("/poll", "/_rh/other"):
        assert request(app, path).status == 200
    assert [asked for asked, _headers in streamlit.asked] == ["/poll", "/_rh/other"]


def test_the_lecturers_page_asks_the_server_and_writes_no_cookie_itself(monkeypatch):
    drawn: list[str] = []

    class Box:
        def container(self, key):
            return self

        def html(self, text, unsafe_allow_javascript):
            drawn.append(text)

    monkeypatch.setattr(lecturer_cookie, "read", lambda: None)  # no cookie yet
    lecturer_cookie.write(TOKEN, container=Box())
    monkeypatch.setattr(lecturer_cookie, "read", lambda: TOKEN)  # kept: now cleared
    lecturer_cookie.write(None, container=Box())
    kept, cleared = drawn
    assert "document.cookie" not in kept + cleared
    assert f'fetch("{lecturer_cookie.ROUTE}", {{method: "POST", body: "{TOKEN}"' in kept
    assert '"X-RH-Cookie": "lecturer"' in kept
    assert 'body: ""' in cleared


def test_the_page_is_rewritten_and_compressed_once_and_each_visitor_gets_a_cookie(monkeypatch):
    """Every visitor of a lecture hall asks for the same page: gzipped once per process (it was
    once per first page), while the device cookie stays each visitor's own."""
    compressed = []
    real_compress = serving.compress
    monkeypatch.setattr(
        serving, "compress", lambda *a, **k: compressed.append(1) or real_compress(*a, **k)
    )
    app = serving.PageDocument(Streamlit())
    answers = [request(app, "/", accept_encoding="gzip") for _ in range(3)]
    assert len(compressed) == 1
    assert len({body for _status, _headers, body in answers}) == 1
    cookies = [header(headers, "set-cookie")[0] for _status, headers, _body in answers]
    assert len(set(cookies)) == 3, "one device each"
    assert b"rh-first-paint" in gzip.decompress(answers[0][2])
    _status, headers, plain = request(app, "/")  # plain to a client that asks so
    assert header(headers, "content-encoding") == [] and b"rh-first-paint" in plain


def test_the_page_preloads_the_stages_script_and_carries_the_shells_scripts():
    from ui import history, page_css
    from ui.playground import world_files

    _status, _headers, body = request(serving.PageDocument(Streamlit()), "/")
    address = world_files.stage_script()[0]
    assert f'<link rel="modulepreload" crossorigin href="{address}">'.encode() in body
    # The history keeper and the page shell's script are in the page's <head> alone now: each
    # was also a component mounted by every run (an element and its script in every first
    # page's websocket messages), which installed nothing more.
    for script in (history.page_script(), page_css.shell_script()):
        assert script in body and body.index(script) < body.index(b"</head>")
    shell = page_css.shell_script().decode()
    assert "export " not in shell and "import " not in shell, "a plain script, not a module"
    assert shell.endswith("module_menu_js.default();\n\n})();</script>"), "run, not exported"


def test_no_page_mounts_the_shells_scripts_per_run():
    from app_pages import open_page

    for page in ("playground", "lesson"):
        mounted = [element.proto.id for element in open_page(page).get("bidi_component")]
        assert not [name for name in mounted if "screen-menu" in name or "one-entry" in name]
