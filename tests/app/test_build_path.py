"""The build path without Streamlit: the stage's worlds and the Defenses page's results are built
by scripts/build_worlds.py in a process that loads neither Streamlit nor pandas, on ui.compute's
plain caches; and the disk store finds its builders by their mark, not by a list of names.

worlds.py said "No Streamlit here" and loaded it all the same, through ui.compute's
``st.cache_resource``; scripts/build_worlds.py loaded Streamlit and pandas (~1 s of imports per
process) to build 441 files of JSON.
"""

from __future__ import annotations

import json
import threading
import time

import pytest

from scripts.processes import run_python
from ui import compute, disk_store, module_graph

# In a fresh interpreter: build and store one (b, σ) as the script does, into a new store; then
# say what the process has loaded of the libraries the build must not need.
BUILD_ONE = """
import json, os, sys
os.environ["STAGE_WORLD_DIR"] = sys.argv[1]
from scripts import build_worlds
stored = build_worlds.build_one((0.35, 0.7))
print(json.dumps([stored, sorted({{n.split(".")[0] for n in sys.modules}} & {names!r})]))
"""


def test_building_a_world_and_the_defenses_results_loads_no_streamlit_nor_pandas(tmp_path):
    run = run_python("-c", BUILD_ONE.format(names={"streamlit", "pandas"}), str(tmp_path))
    assert run.returncode == 0, run.stderr
    stored, loaded = json.loads(run.stdout)
    assert stored is True
    assert loaded == []
    names = sorted(path.name for path in tmp_path.rglob("*.json*"))
    assert names == [
        "b0.35-sigma0.7.json",
        "b0.35-sigma0.7.json.gz",
        "defenses-b0.35-sigma0.7.json",
    ]


def test_the_store_finds_its_builders_by_their_mark_both_ways():
    """The modules read as builders are those whose builders have run ``@disk_store.builder``
    on import, and the other way round."""
    import ui.defenses.compute
    import ui.defenses.store
    import ui.playground.worlds  # noqa: F401  (their marks run on import)

    found = disk_store.builders()
    assert found == ["ui.defenses.compute", "ui.defenses.store", "ui.playground.worlds"]
    assert sorted(disk_store._marked) == found


def test_a_builder_is_found_by_its_decorator_not_by_a_mention(tmp_path):
    files = {
        "ui/__init__.py": "",
        "ui/disk_store.py": "def builder(function):\n    return function\n",
        "ui/page/__init__.py": "",
        "ui/page/builds.py": (
            "from ui import disk_store\n\n@disk_store.builder\ndef f():\n    pass\n"
        ),
        "ui/page/says.py": '"""Not a builder: no @disk_store.builder here."""\n',
        "ui/page/other.py": "import functools\n\n@functools.cache\ndef f():\n    pass\n",
        "ui/methods.py": (
            "from ui import disk_store\n\nclass A:\n    @disk_store.builder\n"
            "    async def f(self):\n        pass\n"
        ),
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    found = module_graph.decorated("ui", disk_store.BUILDER_MARK, tmp_path)
    assert found == ["ui.methods", "ui.page.builds"]


# --- ui.compute's plain cache ------------------------------------------------------------------


def test_the_cache_keeps_at_most_its_bound_least_recently_used_out_first():
    calls = []

    @compute.cached(3)
    def square(x: float, power: int = 2) -> float:
        calls.append(x)
        return x**power

    for x in (1.0, 2.0, 3.0, 1.0, 4.0):  # 1 used again: 2 is the least recently used
        square(x)
    assert list(square.entries) == [(3.0, 2), (1.0, 2), (4.0, 2)]
    assert calls == [1.0, 2.0, 3.0, 4.0]
    assert square(1.0000000001) == 1.0 and square(1.0, power=2) == 1.0  # rounded; defaults filled
    assert square(x=1.0) == 1.0 and calls == [1.0, 2.0, 3.0, 4.0]
    square.clear()
    assert list(square.entries) == [] and square(1.0) == 1.0 and calls[-1] == 1.0


def test_the_cache_computes_a_key_once_however_many_threads_ask_at_once():
    """As st.cache_resource did: 300 sessions arriving for one world wait for its one build."""
    calls = []

    @compute.cached(4)
    def slow(b: float) -> float:
        calls.append(b)
        time.sleep(0.2)
        return 2 * b

    results = []
    threads = [threading.Thread(target=lambda: results.append(slow(0.35))) for _ in range(8)]
    threads += [threading.Thread(target=lambda: results.append(slow(0.4)))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(calls) == [0.35, 0.4]
    assert sorted(results) == [0.7] * 8 + [0.8]


def test_a_failed_computation_is_not_kept():
    tries = []

    @compute.cached(2)
    def fails_once(b: float) -> float:
        tries.append(b)
        if len(tries) == 1:
            raise ValueError("once")
        return b

    with pytest.raises(ValueError, match="once"):
        fails_once(0.5)
    assert fails_once(0.5) == 0.5 and tries == [0.5, 0.5]
