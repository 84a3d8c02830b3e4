"""Run the app once on a freshly started server, before the first visitor arrives.

    python scripts/warm_up.py [PORT]     # default: $STREAMLIT_SERVER_PORT or 8501

Why: one run of the app through the script health check (``server.scriptHealthCheckEnabled``
in ``.streamlit/config.toml``) fills the shared caches before the first visitor. (It used to
be needed for deep links too: ``app.py`` now tells Streamlit before the first session that
the pages are st.navigation's, so ``/best-of-n`` never meets a "Page not found" box.)
``make run`` and the Dockerfile start this beside the server. Bounded: gives up after a minute.
"""

import os
import sys
import time
import urllib.error
import urllib.request

WAIT_SECONDS = 60.0  # how long to wait for the server to come up
POLL_SECONDS = 0.5


def warm_up(port: int, *, host: str = "127.0.0.1") -> bool:
    """Wait for the server's health endpoint, then run the app once; True if it ran."""
    base = f"http://{host}:{port}/_stcore"
    deadline = time.monotonic() + WAIT_SECONDS
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"{base}/health", timeout=2):
                break
        except (urllib.error.URLError, OSError):
            time.sleep(POLL_SECONDS)
    else:
        return False
    try:
        with urllib.request.urlopen(f"{base}/script-health-check", timeout=WAIT_SECONDS) as reply:
            return reply.status == 200
    except (urllib.error.URLError, OSError):
        return False


if __name__ == "__main__":
    chosen = sys.argv[1] if len(sys.argv) > 1 else os.environ.get("STREAMLIT_SERVER_PORT", "8501")
    ran = warm_up(int(chosen))
    print(f"warm-up on port {chosen}: {'the app ran once' if ran else 'skipped (no answer)'}")
