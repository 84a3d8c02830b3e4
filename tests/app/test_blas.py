"""The app limits BLAS to one thread for its whole process (ui/blas.py).

Checked in a fresh interpreter, as a server process starts: there no thread has set OpenBLAS's
thread count before the app's first run does (once the main thread has set it, OpenBLAS
ignores what other threads set).
"""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from app_pages import APP, TIMEOUT_SECONDS

REPO = Path(__file__).resolve().parents[2]
CHECK = f"""
import json, threading
import numpy as np
from streamlit.testing.v1 import AppTest
from threadpoolctl import threadpool_info

def blas_threads():
    return [info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"]

before = blas_threads()
app = AppTest.from_file({APP!r}, default_timeout={TIMEOUT_SECONDS}).run()
seen = {{}}
later = threading.Thread(target=lambda: seen.update(threads=blas_threads()))  # a later rerun's
later.start()
later.join()
print(json.dumps({{"before": before, "after": seen["threads"], "exception": bool(app.exception)}}))
"""


def test_after_the_first_run_every_thread_of_the_process_has_one_blas_thread():
    done = subprocess.run(
        [sys.executable, "-c", CHECK], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    if found["before"] == [1]:
        pytest.skip("OpenBLAS starts with one thread here (one core): nothing to limit")
    assert len(found["before"]) == 1, "numpy's OpenBLAS should be loaded"
    assert not found["exception"]
    assert found["after"] == [1]
