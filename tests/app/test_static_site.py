"""The offline Playground (`make static`, scripts/static_site.py): the files it writes, its stage as
one classic script (no ES module: Chromium loads none over file://), a world per script, and its
size (at most 10 MB as `tar czf`). tests/browser/test_browser_static.py opens it."""

import gzip
import json
import re
import subprocess
import sys

import pytest

from scripts import static_site
from ui.playground import worlds
from ui.settings import B_STOPS, SIGMA_STOPS
from ui.story_steps import PRESETS

MAX_TAR_GZ_BYTES = 10_000_000  # the whole folder, compressed
FEW = [(0.0, 0.0), (0.2, 1.0)]


@pytest.fixture(scope="module")
def few(tmp_path_factory):
    return static_site.build(tmp_path_factory.mktemp("static") / "playground", settings=FEW)


def test_it_writes_the_page_its_scripts_and_one_script_per_world(few):
    names = sorted(path.relative_to(few).as_posix() for path in few.rglob("*") if path.is_file())
    assert names == [
        "data.js",
        "index.html",
        "playground.js",
        "stage.js",
        "worlds/0.2_1.js",
        "worlds/0_0.js",
    ]


def world_in(folder, key: str) -> dict:
    script = (folder / "worlds" / f"{key}.js").read_text("utf-8")
    call = re.fullmatch(rf'rhWorld\("{re.escape(key)}", (\{{.*\}})\);\n', script, flags=re.DOTALL)
    assert call is not None, script[:80]
    return json.loads(call[1])


def data_in(folder) -> dict:
    text = (folder / "data.js").read_text("utf-8")
    return json.loads(text.removeprefix("window.rhData = ").rstrip().removesuffix(";"))


def test_a_world_script_and_the_shared_parts_make_the_very_world_the_server_sends(few):
    shared = data_in(few)["shared"]
    assert len(shared) == len(static_site.SHARED)  # each is in the first world
    for b, sigma in FEW:
        world = world_in(few, static_site.world_key(b, sigma))
        sent = json.loads(worlds.world_json(b, sigma))
        assert world != sent and "gold" not in world["plane"]  # true quality's field: shared
        for path, value in shared:  # as playground.js puts them back
            holder = world
            for folder in path[:-1]:
                holder = holder[folder]
            holder.setdefault(path[-1], value)
        assert world == sent


def test_a_world_whose_part_differs_keeps_its_own():
    shared = [[["plane", "gold"], [1, 2]], [["ticks"], [3]]]
    world = {"plane": {"gold": [1, 5], "proxy": [0]}, "ticks": [3]}
    assert static_site.without_shared(world, shared) == {"plane": {"gold": [1, 5], "proxy": [0]}}


def test_the_stage_is_one_classic_script_without_module_syntax(few):
    script = (few / "stage.js").read_text("utf-8")
    assert not re.search(r"^\s*(import|export)\b", script, flags=re.MULTILINE)
    assert script.startswith('"use strict";\nwindow.rhMountStage = (function (fetch) {')
    assert script.rstrip().endswith("})(window.rhStaticFetch);")
    if subprocess.run(["node", "--version"], capture_output=True).returncode == 0:
        checked = subprocess.run(["node", "--check", str(few / "stage.js")], capture_output=True)
        assert checked.returncode == 0, checked.stderr.decode()


def test_the_page_loads_only_classic_scripts_and_says_what_it_leaves_out(few):
    page = (few / "index.html").read_text("utf-8")
    assert 'type="module"' not in page and "{{" not in page
    assert re.findall(r'<script src="([^"]+)"', page) == ["data.js", "playground.js", "stage.js"]
    assert "no class poll" in page and 'href="http://localhost:8501/"' in page
    assert "--ink:" in page  # ui/style.py's palette, as stage.py sends it


def test_the_data_holds_the_seven_steps_and_both_sliders_stops(few):
    data = data_in(few)
    assert [step["name"] for step in data["steps"]] == [preset.name for preset in PRESETS]
    assert data["steps"][1]["values"] == {"beta": "1", "n": "49", "b": "0", "sigma": "0"}
    assert len(data["controls"]["b"]["stops"]) == len(B_STOPS) == 21
    assert len(data["controls"]["sigma"]["stops"]) == len(SIGMA_STOPS) == 21
    assert data["answers"]["questions"]


def test_all_441_worlds_would_fit_in_10_mb_compressed(tmp_path):
    # Building all 441 worlds takes 2-8 minutes on a loaded core, so 21 are built, one per
    # stop of b and of σ (the diagonal), and the folder's gzipped size is projected from them:
    # each file gzipped alone, as tar czf's 32 KB window sees a ~47 KB world. Measured on the
    # whole folder: 6.60 MB projected this way, 6.52 MB as tar czf, 21 MB on disk.
    diagonal = list(zip(B_STOPS, SIGMA_STOPS, strict=True))
    out = static_site.build(tmp_path / "playground", settings=diagonal)
    packed = {path: len(gzip.compress(path.read_bytes())) for path in out.rglob("*.js")}
    packed[out / "index.html"] = len(gzip.compress((out / "index.html").read_bytes()))
    worlds = [size for path, size in packed.items() if path.parent.name == "worlds"]
    assert len(worlds) == 21
    projected = (
        sum(packed.values())
        - sum(worlds)
        + len(B_STOPS) * len(SIGMA_STOPS) * (sum(worlds) / len(worlds))
    )
    assert projected <= MAX_TAR_GZ_BYTES, projected


def test_the_static_build_imports_neither_streamlit_nor_pandas():
    # A host without the app's runtime can still write the folder: checked in a fresh interpreter.
    probe = (
        "import sys, scripts.static_site; print(sorted({'streamlit', 'pandas'} & set(sys.modules)))"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=static_site.ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    assert found.stdout.strip() == "[]", found.stdout + found.stderr
