"""The stage's JavaScript is checked on cases Python writes (scripts/js_fixtures.py); here: the
files in tests/js/fixtures/ are what the Python gives today, so node --test checks against it."""

from __future__ import annotations

import json

import pytest

from scripts import js_fixtures

CURRENT = js_fixtures.fixtures()


@pytest.mark.parametrize("name", sorted(CURRENT))
def test_each_fixture_is_what_the_python_gives_today(name):
    written = (js_fixtures.FOLDER / name).read_text(encoding="utf-8")
    assert written == js_fixtures.text(CURRENT[name]), f"run python -m scripts.js_fixtures ({name})"


def test_every_fixture_file_is_written_by_the_python():
    assert sorted(path.name for path in js_fixtures.FOLDER.glob("*.json")) == sorted(CURRENT)


def test_the_cases_hold_what_the_node_tests_need():
    stops = CURRENT["nearest_stop.json"]
    assert stops["beta"]["stops"][:3] == ["10", "8", "6"]  # as the world sends them
    assert [0.08, 19] in [[round(v, 2), i] for v, i in stops["beta"]["cases"]]  # 0.25 / 3: the last
    # Exact ties by ratio (150 and 200, 300 and 400): the lower stop, as Python's min keeps it.
    n_stops = [float(stop) for stop in stops["n"]["stops"]]
    assert [173.21, n_stops.index(150)] in [[round(v, 2), i] for v, i in stops["n"]["cases"]]
    assert {"guess": 4, "truth": 49.0, "factor": 12.25, "text": "12.2"} in CURRENT[
        "guess_factor.json"
    ]
    plane = CURRENT["plane.json"]
    assert len(plane["plane"]["gold"]) == len(plane["plane"]["grid"]) ** 2
    assert json.dumps(plane["world"]) == '{"b": 0.2, "sigma": 1.0}'
    data = CURRENT["stage_data.json"]
    assert data["world"]["n"]["stops"][-1] == "10000"  # the export's label writes it 10,000
    assert data["worlds"]["address"] == "/worlds/fixture/"  # not the code's fingerprint
    table = data["world"]["beta"]["table"]  # the CSV's columns: never equal at a stop
    assert all(p != g for p, g in zip(table["proxy_gain"], table["gold_gain"], strict=True))
