"""The app runs numpy's BLAS on one thread (app.py sets OPENBLAS_NUM_THREADS).

Checked in a fresh interpreter, as a `streamlit run` process starts: numpy is not loaded until
the app's first run, so OpenBLAS reads the app's setting as it loads.
"""

import json
import os
import subprocess
import sys
from pathlib import Path

from app_pages import APP, TIMEOUT_SECONDS

REPO = Path(__file__).resolve().parents[2]
CHECK = f"""
import json, sys
from streamlit.testing.v1 import AppTest
from threadpoolctl import threadpool_info

loaded_before = "numpy" in sys.modules
app = AppTest.from_file({APP!r}, default_timeout={TIMEOUT_SECONDS}).run()
threads = [info["num_threads"] for info in threadpool_info() if info["user_api"] == "blas"]
print(json.dumps({{"loaded_before": loaded_before, "threads": threads,
                  "exception": bool(app.exception)}}))
"""


def run_check() -> dict:
    environment = {key: value for key, value in os.environ.items() if "NUM_THREADS" not in key}
    done = subprocess.run(
        [sys.executable, "-c", CHECK],
        cwd=REPO,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_fresh_process_running_the_app_has_one_blas_thread():
    found = run_check()
    assert found["loaded_before"] is False, "numpy loaded before the app could set its threads"
    assert not found["exception"]
    assert found["threads"] == [1], "numpy's OpenBLAS, loaded by the app, on one thread"
