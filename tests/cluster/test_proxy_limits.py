"""The proxies' limits, run: HAProxy's configuration (deploy/haproxy.cfg.template, `make cluster`
and compose) and nginx's site (deploy/nginx/reward-hacking.conf) in front of a stand-in app on
loopback, their limits lowered from a hall's (thousands) to a handful so a few requests reach
them: each answers 429 past the sessions a client may open and the requests it may hold open,
and lets pages and other clients through; Caddy's cap on connections to the app makes the rest
wait. nginx's site also serves certbot's renewals over
plain HTTP and sends everything else to HTTPS (with a throwaway certificate here)."""

from __future__ import annotations

import concurrent.futures
import contextlib
import http.server
import os
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from scripts.haproxy_config import render_config, server_line
from scripts.ports import LOOPBACK, free_port
from tests.cluster.conftest import require_haproxy
from tests.cluster.test_deploy_files import CADDYFILE, NGINX_SITE, required_tool

pytestmark = pytest.mark.cluster

SLOW_SECONDS = 1.5  # how long the stand-in holds a /slow request open
SESSION = "/_stcore/stream"  # Streamlit's websocket: one a session


class _StandIn(http.server.BaseHTTPRequestHandler):
    """The app: "ok" for every GET, after SLOW_SECONDS for /slow."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        if self.path.startswith("/slow"):
            time.sleep(SLOW_SECONDS)
        self.send_response(200)
        self.send_header("content-length", "2")
        self.end_headers()
        with contextlib.suppress(OSError):  # the proxy gave up on it first
            self.wfile.write(b"ok")

    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def stand_in_app() -> Iterator[int]:
    """The stand-in app on a free loopback port, for as long as the block runs."""
    server = http.server.ThreadingHTTPServer((LOOPBACK, free_port()), _StandIn)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()


@contextlib.contextmanager
def running(command: list[str], port: int, env: dict | None = None) -> Iterator[None]:
    """``command`` (a proxy in the foreground) until the block ends; waits for ``port``."""
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection((LOOPBACK, port), 0.2):
                break
            assert process.poll() is None, process.stderr.read().decode()
            time.sleep(0.05)
        yield
    finally:
        process.terminate()
        process.wait(timeout=10)


def get(url: str, **headers: str) -> int:
    """The status of one GET (redirects not followed; headers' "_" sent as "-")."""

    class NoRedirect(urllib.request.HTTPRedirectHandler):
        def redirect_request(self, *args, **kwargs):
            return None

    context = ssl.create_default_context()
    context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # throwaway certificate
    opener = urllib.request.build_opener(NoRedirect, urllib.request.HTTPSHandler(context=context))
    try:
        named = {name.replace("_", "-"): value for name, value in headers.items()}
        with opener.open(urllib.request.Request(url, headers=named), timeout=10) as reply:
            return reply.status
    except urllib.error.HTTPError as error:
        return error.code


def at_once(url: str, count: int) -> list[int]:
    """``count`` GETs of ``url`` held open together: their statuses, sorted."""
    with concurrent.futures.ThreadPoolExecutor(count) as pool:
        return sorted(pool.map(lambda _: get(url), range(count)))


def lowered(text: str, replacements: dict[str, str]) -> str:
    """``text`` with each limit replaced: each must be there (the test follows the file)."""
    for old, new in replacements.items():
        assert old in text, f"{old!r} is no longer in the configuration"
        text = text.replace(old, new)
    return text


def test_haproxy_limits_each_clients_sessions_and_open_requests(tmp_path):
    haproxy = require_haproxy()
    with stand_in_app() as app_port:
        port = free_port()
        config = render_config(lb_port=port, servers=[server_line(1, app_port)])
        assert "    maxconn 4000" in config  # the cap on every connection together
        config = lowered(
            config,
            {
                "sc0_conn_cur gt 3000": "sc0_conn_cur gt 2",
                "sc1_http_req_rate gt 2000": "sc1_http_req_rate gt 3",
                f"option httpchk GET {SESSION.replace('stream', 'health')}": "option httpchk GET /",
            },
        )
        (tmp_path / "haproxy.cfg").write_text(config)
        base = f"http://{LOOPBACK}:{port}"
        with running([haproxy, "-f", str(tmp_path / "haproxy.cfg")], port):
            sessions = [get(base + SESSION) for _ in range(5)]
            # The same count from another client, as nginx or Caddy in front tells it.
            other = [get(base + SESSION, x_forwarded_for="203.0.113.9") for _ in range(3)]
            pages = [get(base + "/poll") for _ in range(8)]
            held = at_once(base + "/slow", 5)
    assert sessions == [200, 200, 200, 429, 429]
    assert other == [200, 200, 200]
    assert pages == [200] * 8, "pages and bundles are not sessions"
    assert held == [200, 200, 429, 429, 429]


def nginx_site_here(
    tmp_path: Path, www: Path, app_port: int, http_port: int, https_port: int
) -> str:
    """The guide's site on loopback ports, before the stand-in, its limits lowered."""
    site = NGINX_SITE.read_text()
    site = lowered(
        site,
        {
            "listen 80;": f"listen {LOOPBACK}:{http_port};",
            "listen [::]:80;": "",
            "listen 443 ssl http2;": f"listen {LOOPBACK}:{https_port} ssl http2;",
            "listen [::]:443 ssl http2;": "",
            "/etc/letsencrypt/live/demo.example.org": str(tmp_path),
            "root /var/www/html;": f"root {www};",
            "proxy_pass http://127.0.0.1:8501;": f"proxy_pass http://{LOOPBACK}:{app_port};",
            "rate=100r/s": "rate=1r/m",
            "burst=1000": "burst=2",
            "rh_per_address 3000": "rh_per_address 2",
        },
    )
    return site


def test_nginx_limits_sessions_and_open_requests_and_serves_certbots_renewals(tmp_path):
    nginx = required_tool("nginx")
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", "/CN=demo.example.org", "-keyout", str(tmp_path / "privkey.pem")]
        + ["-out", str(tmp_path / "fullchain.pem")],
        capture_output=True,
        check=True,
    )
    # Where certbot writes its challenge: readable by nginx's workers (nobody, under root),
    # which pytest's own folders (mode 700) are not.
    www = Path(tempfile.mkdtemp(prefix="acme-"))
    www.chmod(0o755)
    challenge = www / ".well-known" / "acme-challenge" / "token-1"
    challenge.parent.mkdir(parents=True)
    challenge.write_text("token-1.key")
    for folder in (challenge.parent, challenge.parent.parent):
        folder.chmod(0o755)
    challenge.chmod(0o644)
    with contextlib.ExitStack() as stack:
        stack.callback(shutil.rmtree, www, ignore_errors=True)
        app_port = stack.enter_context(stand_in_app())
        http_port, https_port = free_port(), free_port()
        (tmp_path / "site.conf").write_text(
            nginx_site_here(tmp_path, www, app_port, http_port, https_port)
        )
        (tmp_path / "nginx.conf").write_text(
            f"pid {tmp_path}/nginx.pid;\nerror_log {tmp_path}/error.log;\nevents {{}}\n"
            f"http {{\n  access_log off;\n  include {tmp_path}/site.conf;\n}}\n"
        )
        command = [nginx, "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)]
        with running([*command, "-g", "daemon off;"], https_port):
            plain, secure = f"http://{LOOPBACK}:{http_port}", f"https://{LOOPBACK}:{https_port}"
            renewal = get(plain + "/.well-known/acme-challenge/token-1")
            to_https = get(plain + "/poll")
            sessions = [get(secure + SESSION) for _ in range(5)]
            pages = [get(secure + "/poll") for _ in range(8)]
            held = at_once(secure + "/slow", 5)
    assert (renewal, to_https) == (200, 301)
    assert sessions == [200, 200, 200, 429, 429]  # one a minute here, and a burst of two
    assert pages == [200] * 8
    assert held == [200, 200, 429, 429, 429]


def test_caddy_caps_its_connections_to_the_app_and_makes_the_rest_wait(tmp_path):
    """Debian's Caddy has no per-client limit; its cap on connections to the app (lowered to 2
    here) holds: five requests of SLOW_SECONDS each pass in three rounds, none refused."""
    caddy = required_tool("caddy")
    caddyfile = lowered(CADDYFILE.read_text(), {"max_conns_per_host 4000": "max_conns_per_host 2"})
    (tmp_path / "Caddyfile").write_text("{\n\tadmin off\n}\n" + caddyfile)  # no :2019 to share
    with stand_in_app() as app_port:
        port = free_port()
        environment = {
            **os.environ,
            "SITE_ADDRESS": f"http://{LOOPBACK}:{port}",  # plain HTTP: no certificate here
            "UPSTREAM": f"{LOOPBACK}:{app_port}",
            "HOME": str(tmp_path),
            "XDG_DATA_HOME": str(tmp_path / "data"),
            "XDG_CONFIG_HOME": str(tmp_path / "config"),
        }
        command = [caddy, "run", "--config", str(tmp_path / "Caddyfile"), "--adapter", "caddyfile"]
        with running(command, port, env=environment):
            started = time.monotonic()
            held = at_once(f"http://{LOOPBACK}:{port}/slow", 5)
            took = time.monotonic() - started
    assert held == [200] * 5
    assert took >= 2.5 * SLOW_SECONDS, f"{took:.1f} s: five at once passed in fewer than 3 rounds"
