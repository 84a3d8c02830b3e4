"""The stage's worlds on disk (ui/disk_store.py, scripts/build_worlds.py): a world read
back is
the world built, another process's world is served without building, and anything wrong with
the store (a torn or foreign file, a folder that cannot be written, older code) costs a rebuild,
never a wrong world or an exception."""

from __future__ import annotations

import gzip
import json
import logging
import math
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from core.answers import ANSWERS_FILE
from ui import disk_store
from ui.defenses import compute as defense_compute
from ui.defenses import store as defense_store
from ui.playground import csv_numbers, world_files, world_store, worlds

# make test-fast leaves it out: it builds worlds, some in scripts/build_worlds.py's processes
pytestmark = pytest.mark.slow

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    """An empty store of this test's own, and no world kept in memory from before."""
    monkeypatch.setenv(disk_store.STORE_ENV, str(tmp_path / "worlds"))
    worlds.world_json.clear()
    yield disk_store.store_folder()
    worlds.world_json.clear()


def test_a_world_built_is_kept_on_disk_and_read_back_byte_for_byte(store):
    built = worlds.world_json(0.35, 0.7)
    path = world_store.world_path(0.35, 0.7)
    assert path.parent == store and path.read_text(encoding="utf-8") == built
    assert world_store.read(0.35, 0.7) == built == worlds.build_world_json(0.35, 0.7)
    assert world_store.stored_count() == 1
    assert not list(store.glob(".world-*"))  # no temporary file left behind


def test_a_world_another_process_stored_is_served_without_building_it(store, monkeypatch):
    world = json.loads(worlds.build_world_json(0.5, 1.0))
    world["glossary"] = "stored by another replica"
    assert world_store.write(0.5, 1.0, json.dumps(world))
    monkeypatch.setattr(worlds, "build_world_json", lambda *_: pytest.fail("built it again"))
    assert json.loads(worlds.world_json(0.5, 1.0))["glossary"] == "stored by another replica"


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # torn: half a file
        lambda text: "",
        lambda text: text.replace('"b":0.2,', '"b":0.25,', 1),  # another world's file
        lambda text: "[1, 2, 3]",
    ],
    ids=["half", "empty", "another-b", "not-a-world"],
)
def test_a_damaged_world_file_is_ignored_logged_and_rebuilt(store, caplog, damage):
    good = worlds.build_world_json(0.2, 0.3)
    store.mkdir(parents=True)
    world_store.world_path(0.2, 0.3).write_text(damage(good), encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="ui.disk_store"):
        assert worlds.world_json(0.2, 0.3) == good
    assert "building it again" in caplog.text
    assert world_store.read(0.2, 0.3) == good  # and the store now holds the whole world


def test_a_store_that_cannot_be_written_leaves_worlds_in_memory(tmp_path, monkeypatch, caplog):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(disk_store.STORE_ENV, str(blocker / "worlds"))
    worlds.world_json.clear()
    try:
        with caplog.at_level(logging.WARNING, logger="ui.disk_store"):
            first = worlds.world_json(0.1, 0.2)
            assert first == worlds.build_world_json(0.1, 0.2)
            assert worlds.world_json(0.15, 0.2) == worlds.build_world_json(0.15, 0.2)
    finally:
        worlds.world_json.clear()
    assert caplog.text.count("cannot write") == 1  # one warning, not one per world


# Build one world and one Defenses file in a fresh interpreter, and list every file of this
# repository it imported: what the store's bytes really come from, found without ui/module_graph.py.
IMPORTED_WHILE_BUILDING = """
import json, sys
from ui.defenses import compute
from ui.playground import worlds
worlds.build_world_json(0.2, 1.0)
compute.results_to_store(0.2, 1.0)
files = {getattr(module, "__file__", None) for module in list(sys.modules.values())}
print(json.dumps(sorted(name for name in files if name)))
"""


def test_every_file_a_stored_world_is_built_from_is_fingerprinted():
    done = subprocess.run(
        [sys.executable, "-c", IMPORTED_WHILE_BUILDING],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    imported = {Path(name).resolve() for name in json.loads(done.stdout.splitlines()[-1])}
    ours = {
        path
        for path in imported
        if path.is_relative_to(REPO_ROOT) and "site-packages" not in path.parts  # not a venv's
    }
    sources = set(disk_store.source_files())
    assert REPO_ROOT / "ui/rows.py" in ours  # every world carries URL text from ui/rows.py
    assert sorted(path.relative_to(REPO_ROOT).as_posix() for path in ours - sources) == []
    assert ANSWERS_FILE.resolve() in sources  # data read, not imported
    # A page's or the mount's edit costs no rebuild of the 441 worlds.
    assert not {REPO_ROOT / "pages/playground.py", REPO_ROOT / "ui/playground/stage.py"} & sources


def copy_sources(into: Path) -> list[str]:
    """The fingerprint's files, copied with their paths under ``into``: their names."""
    names = [path.relative_to(REPO_ROOT).as_posix() for path in disk_store.source_files()]
    for name in [*names, "pages/playground.py"]:
        (into / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(REPO_ROOT / name, into / name)
    return names


def test_an_edit_to_any_source_changes_the_fingerprint_and_names_the_folder(tmp_path):
    names = copy_sources(tmp_path)
    fingerprint = disk_store.compute_fingerprint  # uncached: the files change below
    original = fingerprint(tmp_path)
    assert original == disk_store.fingerprint()  # the copy holds every source, as they are
    # A real edit: ui/rows.py writes a setting's URL text (0.2 -> "0.2"); every world holds it.
    rows = tmp_path / "ui/rows.py"
    text = rows.read_text(encoding="utf-8")
    assert "def url_text" in text
    rows.write_text(text.replace("def url_text", "def url_text_renamed", 1), encoding="utf-8")
    assert fingerprint(tmp_path) != original
    rows.write_text(text, encoding="utf-8")
    for name in names:  # and any change to any of them, one at a time
        path = tmp_path / name
        before = path.read_bytes()
        path.write_bytes(before + b"\n")
        assert fingerprint(tmp_path) != original, f"{name} is not in the fingerprint"
        path.write_bytes(before)
    (tmp_path / "pages/playground.py").write_text("# a page, not a source of worlds\n")
    assert fingerprint(tmp_path) == original
    assert disk_store.store_folder().name == disk_store.fingerprint()


def test_only_folders_of_older_code_are_removed(store):
    parent = store.parent
    older, unrelated = parent / "0123456789abcdef", parent / "notes"
    for folder in (store, older, unrelated):
        folder.mkdir(parents=True)
    assert disk_store.remove_stale_folders() == [older]
    assert store.is_dir() and unrelated.is_dir() and not older.exists()


def run_builder(*args: str, store: Path) -> subprocess.CompletedProcess:
    environment = dict(os.environ, **{disk_store.STORE_ENV: str(store.parent)})
    command = [sys.executable, "scripts/build_worlds.py", *args]
    return subprocess.run(
        command, cwd=REPO_ROOT, env=environment, capture_output=True, text=True, timeout=300
    )


def test_the_builder_stores_the_worlds_the_server_would_build(store):
    done = run_builder("--only", "1,2", "--only", "0,0", "--jobs", "2", store=store)
    assert done.returncode == 0, done.stderr
    assert "0 of 2 already" in done.stdout and "built 2 in" in done.stdout
    for b, sigma in ((1.0, 2.0), (0.0, 0.0)):
        assert world_store.read(b, sigma) == worlds.build_world_json(b, sigma)
        # ... and beside each world, the Defenses page's results at its defaults
        stored = defense_store.read(b, sigma, defense_store.SLACK)
        expected = defense_compute.results_to_store(b, sigma)[defense_store.SLACK]
        assert defense_store.from_plain(type(expected), stored) == expected
    again = run_builder("--only", "1,2", store=store)
    assert again.returncode == 0 and "1 of 1 already" in again.stdout
    assert "built" not in again.stdout


def test_the_builder_stores_each_world_gzipped_beside_it_as_served(store):
    done = run_builder("--only", "0.5,1.5", "--jobs", "1", store=store)
    assert done.returncode == 0, done.stderr
    packed = world_files.gzip_path(0.5, 1.5).read_bytes()
    assert gzip.decompress(packed) == world_store.world_path(0.5, 1.5).read_bytes()
    assert packed[4:8] == b"\0\0\0\0"  # no timestamp: every machine stores the same bytes
    # A store from before the gzipped files: the next build adds them without rebuilding.
    world_files.gzip_path(0.5, 1.5).unlink()
    again = run_builder("--only", "0.5,1.5", store=store)
    assert again.returncode == 0 and "built" not in again.stdout
    assert "gzipped 1 stored" in again.stdout
    assert world_files.gzip_path(0.5, 1.5).read_bytes() == packed


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--only", "0.33,0.7"], "must be a stop"),
        (["--only", "b=1"], "takes 'b,sigma'"),
        (["--jobs", "0"], "at least 1"),
    ],
)
def test_the_builder_refuses_bad_arguments_plainly(store, args, message):
    done = run_builder(*args, store=store)
    assert done.returncode == 2 and message in done.stderr
    assert "Traceback" not in done.stderr and world_store.stored_count() == 0


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.35, 0.7), (1.0, 1.5)])
def test_a_world_has_no_signed_zero_so_every_machine_builds_the_same_bytes(b, sigma):
    """A gain at the base is a difference of equal means, +-1e-16 by the machine's summation
    order: rounded, it read -0.0 on one machine and 0.0 on another, so the stage's JS fixture
    (and a world's bytes) followed the machine."""
    assert csv_numbers.rounded([-1e-17, 1e-17, -0.0004, -0.0], 3) == [0.0, 0.0, 0.0, 0.0]
    assert all(math.copysign(1, v) == 1 for v in csv_numbers.rounded([-1e-17, -0.0], 3))
    text = worlds.build_world_json(b, sigma)
    assert re.search(r"[\[,:]-0(\.0+)?[,\]}]", text) is None
