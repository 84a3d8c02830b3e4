"""server/serving.py's middleware, driven as ASGI with a stand-in for Streamlit: gzip of /static/
once per process, the page's first paint and title, the device cookie."""

from __future__ import annotations

import gzip

from streamlit import config

from poll_data import devices
from server import serving
from tests.support.asgi import header, request
from ui import lecturer_cookie

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
    real_compress = gzip.compress
    monkeypatch.setattr(
        serving.gzip, "compress", lambda *a, **k: compressed.append(1) or real_compress(*a, **k)
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
