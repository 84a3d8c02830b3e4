"""The tests' support's `streamlit run`: a port that another server takes between choosing it
and binding it is not mistaken for ours."""

import http.server
import threading
import urllib.request

from scripts.ports import LOOPBACK, free_port
from tests.support import server as support_server
from tests.support.server import REPO_ROOT, start_streamlit


class AlwaysHealthy(http.server.BaseHTTPRequestHandler):
    """Another engineer's server: answers every GET with "ok", as Streamlit's health check."""

    def do_GET(self) -> None:  # noqa: N802 - http.server's name
        self.send_response(200)
        self.end_headers()
        self.wfile.write(b"ok")

    def log_message(self, *args) -> None:
        pass


def test_a_port_taken_by_another_healthy_server_is_left_for_the_next(monkeypatch, tmp_path):
    squatter = http.server.ThreadingHTTPServer((LOOPBACK, 0), AlwaysHealthy)
    taken = squatter.server_address[1]
    threading.Thread(target=squatter.serve_forever, daemon=True).start()
    ports = iter([taken, free_port()])
    monkeypatch.setattr(support_server, "free_port", lambda: next(ports))
    try:
        with start_streamlit(REPO_ROOT / "app.py", log_dir=tmp_path) as server:
            assert server.port != taken
            with urllib.request.urlopen(f"{server.url}_stcore/host-config", timeout=30) as reply:
                assert reply.status == 200  # Streamlit's, which the squatter does not serve
            logs = sorted(path.name for path in tmp_path.iterdir())
            assert logs == sorted(f"streamlit-app-{port}.log" for port in (taken, server.port))
    finally:
        squatter.shutdown()
        squatter.server_close()
