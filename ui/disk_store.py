"""What the app keeps on disk: built once per machine, shared by every replica and restart.

It holds the stage's worlds (ui/playground/world_store.py names their files) and, beside each, the
Defenses page's results (ui/defenses/store.py). A world (ui/playground/worlds.py) is ~60 KB of
JSON that costs 60-400 ms of a core to build (core over all 48 stops). Kept only in memory, every
replica built all 441 of them again, and so did every replica restarted after a crash: two
replicas prewarming took 90 s of both cores (load 3-5), and 300 sessions arriving before that
waited 37 s (p95) for worlds being built on demand. On disk, 441 files (~26 MB) are built once
(``scripts/build_worlds.py``, the Docker image, or the first server's prewarm) and read back in
well under a millisecond each.

What is stored depends only on the code and data that build it, so the store lives in a folder
named by a fingerprint of those files (and of Python's and numpy's versions): changed code
never reads an old file. Those files are found, not listed by hand: every module the builders
import, transitively (ui/module_graph.py), and their packages' data/ folders; a list kept by
hand once left out ui/rows.py, whose URL text every world carries. The builders say so
themselves: a function whose code decides what is stored is marked ``@disk_store.builder``
(the worlds' ``build_world_json``, the Defenses page's ``results_to_store`` and its store's
``write``), and the fingerprint covers every module of ui/ holding one, found by reading the
sources (ui/module_graph.py), never by importing them: this shared module sits below the page
packages that build, and a process that has imported one builder must get the same fingerprint
as one that has imported all.
Files are written to a temporary name and renamed, so a reader sees a whole file or none;
anything unreadable is ignored (and rebuilt), and a store that cannot be written is given up
with one warning: what it would hold is then kept in memory alone.

The fingerprint is computed once per process, under a lock, and first here at import (~0.25 s):
the server imports this module (app.py -> server/serving.py -> the worlds' files) in its main
thread before any session's. Computed lazily by whichever thread asked first, the prewarm's
thread and the warm-up's run both parsed the ~50 sources at once, and Python 3.11's ``ast`` is
not safe for two threads: ``SystemError: AST constructor recursion depth mismatch`` ended
``make run``'s warm-up. The lock keeps this module's parses apart, not Streamlit's own (it
parses each page's script on its first run); computing before any session starts does both.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
import platform
import shutil
import tempfile
import threading
from pathlib import Path

import numpy as np

from ui import module_graph

REPO_ROOT = Path(__file__).resolve().parents[1]
STORE_ENV = "STAGE_WORLD_DIR"  # where the store's fingerprint folders go
DEFAULT_STORE = REPO_ROOT / "data" / "worlds"  # data/ is git-ignored
BUILDER_MARK = "disk_store.builder"  # the decorator that marks a builder, as its module writes it
DATA_FOLDER = "data"  # a package's files read at run time (core/data/answers.csv)
LOCALES_FOLDER = "locales"  # common/i18n.py's catalogues: German worlds are written from them
log = logging.getLogger(__name__)
_marked: set[str] = set()  # the modules whose builders have run @builder (see builders())
_unwritable: set[Path] = set()  # folders already found unwritable (warned once each)
_fingerprints: dict[Path, str] = {}  # root -> its fingerprint, computed once per process
_fingerprint_lock = threading.Lock()  # one computation at a time: ast is not thread-safe


def builder(function):
    """Mark ``function`` as one whose code decides what the store holds (the function is
    unchanged): its module and all it imports are in the fingerprint (:func:`builders`)."""
    _marked.add(function.__module__)
    return function


def builders(root: Path = REPO_ROOT) -> list[str]:
    """The modules that build what the store holds: those of ui/ with a function marked
    ``@disk_store.builder``, read from their source (sorted)."""
    return module_graph.decorated("ui", BUILDER_MARK, root)


def source_files(root: Path = REPO_ROOT) -> list[Path]:
    """Every file a stored world's bytes can come from: each module the builders import,
    transitively, every file in the data/ folder of a package among them, and the catalogues
    of locales/ when common/i18n.py is among them (sorted)."""
    modules = module_graph.dependencies(builders(root), root)
    files = {module_graph.module_path(name, root) for name in modules}
    for folder in {path.parent for path in files}:
        files.update(path for path in (folder / DATA_FOLDER).rglob("*") if path.is_file())
    if root / "common" / "i18n.py" in files:  # a world's sentences come from the catalogues too
        files.update((root / LOCALES_FOLDER).rglob("*.json"))
    return sorted(path for path in files if "__pycache__" not in path.parts)


def fingerprint(root: Path = REPO_ROOT) -> str:
    """This code's fingerprint (:func:`compute_fingerprint`), computed once per process and
    ``root``, safely from any number of threads at once."""
    found = _fingerprints.get(root)
    if found is None:
        with _fingerprint_lock:
            found = _fingerprints.get(root)  # another thread may have computed it meanwhile
            if found is None:
                found = _fingerprints[root] = compute_fingerprint(root)
    return found


def compute_fingerprint(root: Path = REPO_ROOT) -> str:
    """16 hex digits of SHA-256 over the source files' paths and bytes, and Python's and
    numpy's versions (computed anew each call: :func:`fingerprint` keeps it)."""
    digest = hashlib.sha256(f"{platform.python_version()} {np.__version__}".encode())
    for path in source_files(root):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def store_folder() -> Path:
    """This code's folder in the store ($STAGE_WORLD_DIR or data/worlds)."""
    return Path(os.environ.get(STORE_ENV) or DEFAULT_STORE) / fingerprint()


def read_text(path: Path, check) -> str | None:
    """The JSON text at ``path`` if ``check(parsed)`` accepts it; None if missing or damaged
    (logged: the caller builds it again)."""
    try:
        text = path.read_text(encoding="utf-8")
        check(json.loads(text))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError) as error:
        log.warning("disk store: ignored %s (%s); building it again", path, error)
        return None
    return text


def write_whole(path: Path, data: bytes) -> None:
    """Write ``data`` at ``path`` whole or not at all: a reader (another process, a replica)
    sees the old file or the new, never half of one; raises OSError if it cannot."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=".world-", suffix=".tmp")
    try:
        with os.fdopen(handle, "wb") as file:
            file.write(data)
        os.chmod(temporary, 0o644)  # readable by a server running as another user
        os.replace(temporary, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temporary)


def write_text(path: Path, text: str) -> bool:
    """Write ``text`` to ``path`` in the store atomically; False (one warning a folder) if not."""
    folder = path.parent
    if folder in _unwritable:
        return False
    try:
        write_whole(path, text.encode("utf-8"))
    except OSError as error:
        _unwritable.add(folder)
        log.warning(
            "disk store: cannot write in %s (%s); what it would hold stays in memory", folder, error
        )
        return False
    return True


def remove_stale_folders() -> list[Path]:
    """Delete the store's folders of other code (other fingerprints); the ones removed."""
    current = store_folder()
    removed = []
    with contextlib.suppress(OSError):
        for folder in current.parent.iterdir():
            if folder.is_dir() and folder != current and _is_fingerprint(folder.name):
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(folder)
    return removed


def _is_fingerprint(name: str) -> bool:
    return len(name) == 16 and all(character in "0123456789abcdef" for character in name)


fingerprint()  # here, in the importing thread, before the server starts any other (see above)
