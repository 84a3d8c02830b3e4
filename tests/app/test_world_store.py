"""The stage's worlds on disk (ui/playground/world_store.py, scripts/build_worlds.py): a world read
back is
the world built, another process's world is served without building, and anything wrong with
the store (a torn or foreign file, a folder that cannot be written, older code) costs a rebuild,
never a wrong world or an exception."""

from __future__ import annotations

import ast
import importlib
import importlib.util
import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from ui.defenses import compute as defense_compute
from ui.defenses import store as defense_store
from ui.playground import world_store, worlds

REPO_ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def store(tmp_path, monkeypatch) -> Path:
    """An empty store of this test's own, and no world kept in memory from before."""
    monkeypatch.setenv(world_store.STORE_ENV, str(tmp_path / "worlds"))
    worlds.world_json.clear()
    yield world_store.store_folder()
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
    with caplog.at_level(logging.WARNING, logger="ui.playground.world_store"):
        assert worlds.world_json(0.2, 0.3) == good
    assert "building it again" in caplog.text
    assert world_store.read(0.2, 0.3) == good  # and the store now holds the whole world


def test_a_store_that_cannot_be_written_leaves_worlds_in_memory(tmp_path, monkeypatch, caplog):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(world_store.STORE_ENV, str(blocker / "worlds"))
    worlds.world_json.clear()
    try:
        with caplog.at_level(logging.WARNING, logger="ui.playground.world_store"):
            first = worlds.world_json(0.1, 0.2)
            assert first == worlds.build_world_json(0.1, 0.2)
            assert worlds.world_json(0.15, 0.2) == worlds.build_world_json(0.15, 0.2)
    finally:
        worlds.world_json.clear()
    assert caplog.text.count("cannot write") == 1  # one warning, not one per world


def test_the_fingerprint_changes_with_any_source_and_names_the_folder(tmp_path):
    for name in (
        "core/kl.py",
        "core/data/answers.csv",
        "ui/playground/worlds.py",
        "ui/pages_only.txt",
    ):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(f"# {name}\n")
    fingerprint = world_store.fingerprint.__wrapped__  # uncached: the files change below
    before = fingerprint(tmp_path)
    (tmp_path / "ui/pages_only.txt").write_text("not a source of worlds\n")
    assert fingerprint(tmp_path) == before
    for name in ("core/kl.py", "core/data/answers.csv", "ui/playground/worlds.py"):
        (tmp_path / name).write_text(f"# {name}, changed\n")
        assert fingerprint(tmp_path) != before
        before = fingerprint(tmp_path)
    assert world_store.store_folder().name == world_store.fingerprint()


def test_only_folders_of_older_code_are_removed(store):
    parent = store.parent
    older, unrelated = parent / "0123456789abcdef", parent / "notes"
    for folder in (store, older, unrelated):
        folder.mkdir(parents=True)
    assert world_store.remove_stale_folders() == [older]
    assert store.is_dir() and unrelated.is_dir() and not older.exists()


def run_builder(*args: str, store: Path) -> subprocess.CompletedProcess:
    environment = dict(os.environ, **{world_store.STORE_ENV: str(store.parent)})
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


# Imported by ui/playground/worlds.py, but no byte of a world comes from them.
NOT_IN_THE_WORLD = {
    "ui.story_steps",  # the story's (b, σ) settings: which worlds the prewarm builds first
}


def module_of(package: str, name: str) -> str:
    """What ``from package import name`` imports a module from: ui.playground.world_store."""
    if not hasattr(importlib.import_module(package), "__path__"):  # a module: names in it
        return package
    inner = f"{package}.{name}"
    return inner if importlib.util.find_spec(inner) is not None else package


def test_every_ui_module_the_world_is_built_from_is_in_its_fingerprint():
    """A stored world holds text as well as numbers: if a module whose words or number text go
    into it (edge notes, ui/format.py) were left out, changed code would serve old text."""
    tree = ast.parse(Path(worlds.__file__).read_text(encoding="utf-8"))
    imported = {
        module_of(node.module, alias.name)
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("ui")
        for alias in node.names
    }
    fingerprinted = {
        path.resolve() for pattern in world_store.SOURCES for path in REPO_ROOT.glob(pattern)
    }
    for module in sorted(imported - NOT_IN_THE_WORLD):
        path = Path(importlib.import_module(module).__file__).resolve()
        assert path in fingerprinted, f"{module} builds the world but is not in SOURCES"
    assert {"ui.format", "ui.edge_note"} <= imported
