"""This tree's app and an older release's, served side by side for a benchmark's same-run ratios.

The release's files are exported with `git archive` (no worktree is made) into a temporary
folder that goes when the servers stop; both servers use this virtualenv.
"""

from __future__ import annotations

import contextlib
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.support.server import REPO_ROOT, StreamlitServer, start_streamlit


def export_release(commit: str) -> Path:
    """The release's files in a new temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="release-"))
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit],
        cwd=REPO_ROOT,
        check=True,
        capture_output=True,
    )
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder


@contextlib.contextmanager
def beside_release(
    commit: str, *, this_name: str = "this", release_name: str = "release"
) -> Iterator[dict[str, StreamlitServer]]:
    """Serve this tree and ``commit``: ``{this_name: server, release_name: server}``.

    On the way out each server is stopped, and one that died first has its log printed (a
    benchmark's figures mean nothing without the reason).
    """
    release_dir = export_release(commit)
    servers: dict[str, StreamlitServer] = {}
    try:
        servers[this_name] = start_streamlit(REPO_ROOT / "app.py")
        servers[release_name] = start_streamlit(release_dir / "app.py", cwd=release_dir)
        yield servers
    finally:
        for name, server in servers.items():
            if not server.is_running():
                print(f"the {name} server died; its log:\n{server.log_text()}", file=sys.stderr)
            server.stop()
        shutil.rmtree(release_dir, ignore_errors=True)
