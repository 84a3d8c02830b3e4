"""Loopback ports for the servers that scripts, tests and benchmarks start (standard library
only, so scripts/cluster.py runs with the app's own requirements)."""

import socket

LOOPBACK = "127.0.0.1"


def free_port() -> int:
    """A TCP port on the loopback interface that was free a moment ago."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


class OnLoopback:
    """The addresses of an app served on ``self.port`` of the loopback interface."""

    port: int

    @property
    def url(self) -> str:
        """The app's root URL, e.g. http://127.0.0.1:8765/."""
        return f"http://{LOOPBACK}:{self.port}/"

    @property
    def websocket_url(self) -> str:
        """Streamlit's websocket endpoint there."""
        return f"ws://{LOOPBACK}:{self.port}/_stcore/stream"
