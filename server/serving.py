"""What the server adds to Streamlit's HTTP answers: the first paint, compression, the device
cookie.

``app.py`` hands :func:`middleware` to ``st.App``, so ``streamlit run app.py``, ``make run``,
the container and every cluster replica serve the same bytes. Streamlit 1.67 sends its
bundles uncompressed (4.6 MB on a first visit, ~25 s at a lecture hall's 1.5 Mbit/s) and its
page is blank until ~1 MB of them has run; here:

- the page itself (``index.html``, ~7 KB) carries the app's title and one sentence, drawn by
  the browser before any script, hidden by CSS once the app draws its own title;
- ``/static/`` bundles are compressed once per process and coding and kept (server/bundles.py;
  content-hashed, immutable: the same bytes for every visitor), so compression costs no CPU
  per visit: zstd where the browser accepts it (Chromium 123+ and Firefox 126+ over HTTPS or
  to localhost; plotly's chunk 1.13 MB instead of gzip's 1.42 MB), else gzip, else the file
  as it is; the first visit's (:func:`first_bundles`) at start, before anyone asks;
- ``/worlds/`` serves the stage's worlds as immutable files (server/world_files.py);
- every page answer gives a browser without one a signed device cookie (poll_data/devices.py):
  the class poll's one-student-per-device; the poll lecturer's cookie is set by a route of
  its own (ui/lecturer_cookie.py), HttpOnly too.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from urllib.parse import quote

from starlette.datastructures import Headers, MutableHeaders
from starlette.middleware import Middleware
from starlette.types import ASGIApp, Receive, Scope, Send
from streamlit import config, file_util

from poll_data import devices
from server import bundles, world_files
from server.bundles import STATIC_PREFIX, collect, send_whole
from server.codings import chosen_coding, compress, mark_encoded
from ui import history, lecturer_cookie, page_css
from ui.page_frame import FRAME_CSS
from ui.playground import world_files as ui_world_files

PAGES_KEPT = 4  # index.html's forms kept: plain and gzipped, with room for a second build
APP_TITLE = "Reward hacking, live"
FIRST_SENTENCE = (
    "A teaching demo of reward-model overoptimization: push a learned reward too hard and "
    "what it was meant to measure gets worse. The page is loading…"
)
# Drawn over the top of the empty page, out of the flow: hiding it moves nothing (no layout
# shift). No h1 of its own, so the page keeps one heading of that level. The app's page stays
# unseen until the page's CSS (ui/page_css.py's, which Streamlit puts in stEvent) is in: drawn
# before it, the title and sliders were laid out twice (CLS 0.03 at 1280x720, 0.10 on a phone).
# Both waits end by themselves (8 s, 30 s), should a page bring no CSS.
FIRST_PAINT = f"""<style>{FRAME_CSS}
@keyframes rh-show {{ to {{ visibility: visible; }} }}
@keyframes rh-hide {{ to {{ visibility: hidden; }} }}
#rh-first-paint {{ position: absolute; top: 0; left: 0; right: 0; padding: 4.5rem 5rem 0;
  font-family: "Source Sans", "Source Sans Pro", sans-serif; color: #31333F;
  animation: rh-hide 0s 30s forwards; }}
#rh-first-paint .rh-title {{ font-size: 2.75rem; font-weight: 700; margin: 0 0 1rem; }}
#rh-first-paint p {{ font-size: 1rem; line-height: 1.6; max-width: 46rem; margin: 0; }}
@media (max-width: 640px) {{ #rh-first-paint {{ padding: 3.5rem 1rem 0; }} }}
#root:not(:has([data-testid="stEvent"] style)) [data-testid="stMain"] {{
  visibility: hidden; animation: rh-show 0s 8s forwards; }}
body:has(#root [data-testid="stEvent"] style):has(#root h1) #rh-first-paint {{ display: none; }}
</style>
<div id="rh-first-paint"><div class="rh-title">{html.escape(APP_TITLE)}</div>
<p>{html.escape(FIRST_SENTENCE)}</p></div>
""".encode()


# Streamlit's bundles that the Playground needs before its stage can draw but that the page
# names only once it runs (st.html, buttons, sliders, the stage's component and its Arrow
# serialization): requested at 6.8-9.0 s of a 1.5 Mbit/s first visit, behind the world's
# websocket frame; named in the page, they come with the first bundles (~130 KB gzipped).
EARLY_CHUNKS = (
    "Html", "purify.es", "Button", "Slider", "useFormReset", "WidgetLabel",
    "WidgetLabelHelpIcon", "useBasicWidgetState", "styled-components", "moment",
    "formatNumber", "numbro", "sprintfjs", "withCalculatedWidth", "formatMoment",
    "BidiComponent", "_arrayReduce", "serialization", "recordbatch",
)  # fmt: skip


# The icons' font (374 KB, not compressible): asked for once the app draws its first icon, it
# took the bandwidth the websocket and the stage's world needed; asked for at once, it comes
# while the first bundles' many small requests wait on round trips.
ICON_FONT = "MaterialSymbols-Rounded"
PLOTLY_CHUNK = "PlotlyChart"  # Streamlit's largest bundle: 4.7 MB, 1.13 MB in zstd


def early_chunk_links(static_dir: Path | None = None) -> bytes:
    """``<link rel="modulepreload">`` for EARLY_CHUNKS as this Streamlit names them (their
    names carry a content hash; a chunk this version does not have is left out)."""
    folder = Path(static_dir or file_util.get_static_dir()) / "static" / "js"
    files = sorted({path.name for chunk in EARLY_CHUNKS for path in folder.glob(f"{chunk}.*.js")})
    links = [f'<link rel="modulepreload" crossorigin href="./static/js/{name}">' for name in files]
    for font in sorted((folder.parent / "media").glob(f"{ICON_FONT}.*.woff2")):
        links.append(
            f'<link rel="preload" href="./static/media/{font.name}" as="font" '
            'type="font/woff2" crossorigin>'
        )
    return "".join(f"{link}\n" for link in links).encode()


def stage_script_link() -> bytes:
    """``<link rel="modulepreload">`` for the stage's script (a file since it left the first
    page's websocket message, ui/playground/world_files.stage_script): fetched with the first
    bundles, not after the stage's element arrives (one round trip later)."""
    address = ui_world_files.stage_script_url()
    return f'<link rel="modulepreload" crossorigin href="{html.escape(address)}">\n'.encode()


def middleware() -> list[Middleware]:
    """The middleware ``st.App`` runs in front of Streamlit's own, outermost first."""
    return [
        Middleware(world_files.WorldFiles),
        Middleware(lecturer_cookie.LecturerCookieRoute),
        Middleware(bundles.StaticCompressed, warm=first_bundles()),
        Middleware(PageDocument),
    ]


def first_bundles(static_dir: Path | None = None) -> tuple[str, ...]:
    """The addresses of the bundles every first visit asks for, the first needed first: the
    page's own (index.html's script and preloads), EARLY_CHUNKS, and plotly's chunk (every
    page but the Lesson and the poll draws with it)."""
    root = Path(static_dir or file_util.get_static_dir())
    page = root / "index.html"
    named = re.findall(
        r'(?:src|href)="\./(static/[^"]+)"', page.read_text() if page.is_file() else ""
    )
    folder = root / "static" / "js"
    chunks = [*EARLY_CHUNKS, PLOTLY_CHUNK]
    found = [path for chunk in chunks for path in sorted(folder.glob(f"{chunk}.*.js"))]
    files = [root / name for name in named] + found
    return tuple(
        dict.fromkeys("/" + file.relative_to(root).as_posix() for file in files if file.is_file())
    )


class PageDocument:
    """The app's page (``index.html``, served for every page's address): the first paint, the
    app's title in the tab, gzip, and a device cookie for a browser that has none."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self._early_links = early_chunk_links() + stage_script_link()
        self._head_scripts = history.page_script()  # one entry per action from the start
        self._head_scripts += page_css.shell_script()  # the menu and fingers, once a page
        # Streamlit's index.html -> the page as sent (plain, gzipped): the same bytes for every
        # visitor (the cookie is a header), so rewritten and compressed once per process, not
        # once per first visit (~7 KB at level 9). Keyed by Streamlit's bytes: a new build's
        # page is another key (plain and gzipped: two here).
        self._pages: dict[tuple[bytes, bool], bytes] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path = scope.get("path", "")
        if (
            scope["type"] != "http"
            or scope.get("method") != "GET"
            or path.startswith((STATIC_PREFIX, "/_stcore/", "/media/", "/component/", "/app/"))
        ):
            await self.app(scope, receive, send)
            return
        flat = flat_address(path)
        if flat is not None:
            await _redirect(send, flat, scope.get("query_string", b""))
            return
        # Asked plain of Streamlit (whose gzip layer takes page addresses but "/"), so the page
        # can be read and changed here; compressed below.
        plain = {
            **scope,
            "headers": [(k, v) for k, v in scope["headers"] if k != b"accept-encoding"],
        }
        start, body = await collect(self.app, plain, receive)
        headers = MutableHeaders(raw=list(start.get("headers", [])))
        if start.get("status") != 200 or not headers.get("content-type", "").startswith(
            "text/html"
        ):
            await send_whole(send, start, body, headers)
            return
        # gzip alone: on this ~13 KB page zstd saves 36 bytes at level 19 and costs 3 ms a
        # request (gzip 9: 4.25 KB in 0.2 ms); each form made once per process
        coding = chosen_coding(Headers(scope=scope).get("accept-encoding"), offered=("gzip",))
        gzipped = coding == "gzip"
        key = (body, gzipped)
        page = self._pages.get(key)
        if page is None:
            if len(self._pages) >= PAGES_KEPT:  # a page that differs per request: no growth
                self._pages.clear()
            page = self._pages.setdefault(key, self._page(body, gzipped=gzipped))
        secret = config.get_option("server.cookieSecret")
        cookies = _cookies(scope)
        if devices.device_of(cookies.get(devices.COOKIE_NAME), secret) is None:
            headers.append(
                "set-cookie", device_cookie(secret, secure=lecturer_cookie.is_https(scope))
            )
        if gzipped:
            mark_encoded(headers, "gzip")
        else:
            headers.add_vary_header("Accept-Encoding")
        headers.setdefault("cache-control", "no-cache")
        await send_whole(send, start, page, headers)

    def _page(self, body: bytes, *, gzipped: bool) -> bytes:
        """Streamlit's index.html with the app's title, first paint and early links."""
        body = body.replace(b"<title>Streamlit</title>", f"<title>{APP_TITLE}</title>".encode())
        body = body.replace(b'<div id="root">', FIRST_PAINT + b'<div id="root">', 1)
        body = body.replace(b"</head>", self._early_links + self._head_scripts + b"</head>", 1)
        return compress(body, "gzip") if gzipped else body  # ~7 KB


def flat_address(path: str) -> str | None:
    """Where a nested page address goes (``/best-of-n/extra/path`` to
    ``/best-of-n_extra_path``), or None for a page's own address or a server route.

    Streamlit's page at a nested address stays blank: its bundles, named relative to the
    address (``./static/``), come back as the page itself, and its frontend looks for the
    server only at the address and one level up. Joined by "_", which no page's address holds
    (app.py writes them with "-"), the address names no page, so the app's not-found page
    (ui/not_found.py) lists the real ones.
    """
    base = config.get_option("server.baseUrlPath").strip("/")
    inside = path.removeprefix(f"/{base}") if base else path
    parts = [part for part in inside.split("/") if part]
    # /lesson/_stcore/health is the frontend asking whether the app lives under /lesson: no.
    if len(parts) < 2 or "_stcore" in parts:
        return None
    return (f"/{base}/" if base else "/") + quote("_".join(parts))


async def _redirect(send: Send, location: str, query: bytes) -> None:
    """A temporary redirect to ``location`` (an encoded path), keeping the query."""
    target = location.encode() + (b"?" + query if query else b"")
    headers = [(b"location", target), (b"content-length", b"0"), (b"cache-control", b"no-cache")]
    await send({"type": "http.response.start", "status": 307, "headers": headers})
    await send({"type": "http.response.body", "body": b""})


def _cookies(scope: Scope) -> dict[str, str]:
    found: dict[str, str] = {}
    for part in Headers(scope=scope).get("cookie", "").split(";"):
        name, _, value = part.strip().partition("=")
        if name:
            found.setdefault(name, value)
    return found


def device_cookie(secret: str, *, secure: bool) -> str:
    """A new device's ``Set-Cookie`` value: SameSite=Lax, or None when the app is embedded in
    other sites' pages (poll_data/devices.py: a cross-site iframe sends no Lax cookie)."""
    embedded = devices.embedded(config.get_option("server.xsrfCookieSameSite"))
    attributes = devices.cookie_attributes(secure=secure, embedded=embedded)
    return (
        f"{devices.COOKIE_NAME}={devices.new_device_cookie(secret)}; Path=/; "
        f"Max-Age={devices.COOKIE_MAX_AGE_SECONDS}; HttpOnly; {attributes}"
    )
