"""Cases for the stage's JavaScript, written from the Python it repeats (tests/js/fixtures/).

The stage repeats two of Python's rules (the nearest stop to a click, ui/url_values.py; how far
a guess is off, poll_data/guesses.py), writes numbers as common/format.py does (format.js), reads
the plane's fields that ui/playground/worlds.py ships, and writes answers as core/answer_counts.py
and core/answer_text.py do (answer_writer.js). Each fixture holds inputs and what the Python
gives for them; node --test checks the JavaScript gives the same, and
tests/app/test_js_fixtures.py that the files are current.

    python -m scripts.js_fixtures      # rewrite tests/js/fixtures/*.json
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np

import core
from common import format as fmt
from core import answer_counts, answer_text
from poll_data import guesses
from ui import compute, settings, style, url_values
from ui.playground import answer_panel, world_files, worlds

FOLDER = Path(__file__).resolve().parents[1] / "tests" / "js" / "fixtures"
SEED = 20261201  # the sampled cases' seed (any fixed one: the cases only need to be many)
SAMPLED = 200  # values drawn per setting, log-uniform across its axis and a little beyond
PLANE_WORLD = (0.2, 1.0)  # a wiggly reward model (σ = 1): its field is nowhere symmetric
PLANE_POINTS = 60  # points inside the plane where both fields are read
# The stage tests' world (tests/js/stage_world.json): the same wiggly reward model, where
# the reward model's gain and true quality's differ at every stop.
STAGE_WORLD = PLANE_WORLD
STAGE_ADDRESS = "/worlds/fixture/"  # the server's has the code's fingerprint, new each change
# Peaks a reveal compares guesses with: the lesson's n = 49 and β = 1, others from curves.
TRUTHS = (49.0, 42.0, 1.0, 0.6, 0.35, 2.5, 7.3)


def _case_values(stops: tuple[float, ...], rng: np.random.Generator) -> list[float]:
    """Every stop, both sides of every midpoint (by ratio), beyond both ends, and a sample."""
    ordered = sorted(stops)
    midpoints = [float(np.sqrt(a * b)) for a, b in zip(ordered, ordered[1:], strict=False)]
    near = [m * factor for m in midpoints for factor in (1 - 1e-6, 1 + 1e-6)]
    beyond = [ordered[0] / 3, ordered[0] * 0.99, ordered[-1] * 1.01, ordered[-1] * 3]
    low, high = np.log(ordered[0] / 1.2), np.log(ordered[-1] * 1.2)
    sampled = np.exp(rng.uniform(low, high, SAMPLED)).tolist()
    return [float(value) for value in (*ordered, *near, *beyond, *sampled)]


def _exact_ties(stops) -> list[float]:
    """Values exactly as far (by ratio) from two neighbouring stops: halfway between 150 and 200
    is 173.2...; Python's min keeps the first of equals (the lower stop), and so must the stage."""
    ties = []
    for low, high in zip(stops, stops[1:], strict=False):
        value = math.sqrt(low * high)
        if abs(math.log(low / value)) == abs(math.log(high / value)):
            ties.append(value)
    return ties


def nearest_stop_cases() -> dict:
    """For β and n: the stops as the world sends them, and [value, index of Python's nearest]."""
    rng = np.random.default_rng(SEED)
    cases = {}
    # The log-scaled stage settings, where a click on a curve picks a stop (b and σ joined
    # STAGE_KEYS with the live sliders; their stops start at 0 and are never clicked).
    for key in (key for key in settings.STAGE_KEYS if settings.SETTINGS[key].log_scale):
        setting = settings.SETTINGS[key]
        values = _case_values(setting.stops, rng) + _exact_ties(setting.stops)
        nearest = [setting.stops.index(url_values.nearest_stop(setting, v)) for v in values]
        cases[key] = {
            "stops": [url_values.url_form(stop) for stop in setting.stops],
            "cases": [[value, index] for value, index in zip(values, nearest, strict=True)],
        }
    return cases


def guess_factor_cases() -> list[dict]:
    """Every stop of β and n as a guess against each truth: the factor and its printed text."""
    cases = []
    for truth in TRUTHS:
        key = "n" if truth > 20 else "beta"
        for guess in settings.SETTINGS[key].stops:
            factor = guesses.factor_off(guess, truth)
            text = f"{factor:.1f}"  # as ui/class_poll/views.py prints it
            cases.append({"guess": guess, "truth": truth, "factor": factor, "text": text})
    return cases


def plane_cases() -> dict:
    """The plane as the stage's world ships it for PLANE_WORLD, and points with core's values."""
    b, sigma = PLANE_WORLD
    plane = json.loads(worlds.build_world_json(b, sigma))["plane"]
    low, high = plane["range"]
    rng = np.random.default_rng(SEED + 1)
    length, substance = rng.uniform(low, high, (2, PLANE_POINTS))
    grid = np.array(plane["grid"])
    # Nodes of the shipped grid, inside it (no edge clamp): there bilinear reading is exact.
    rows, columns = rng.integers(1, len(grid) - 1, (2, PLANE_POINTS))
    return {
        "world": {"b": b, "sigma": sigma},
        "scale": worlds.COORDINATE_SCALE,
        "plane": {key: plane[key] for key in ("range", "grid", "gold", "proxy")},
        "points": [
            [float(l), float(s), float(core.gold(l, s))]
            for l, s in zip(length, substance, strict=True)  # noqa: E741 (length, as in core)
        ],
        "nodes": [
            [float(grid[c]), float(grid[r]), float(core.proxy(grid[c], grid[r], b=b, sigma=sigma))]
            for r, c in zip(rows, columns, strict=True)
        ],
    }


def stage_data() -> dict:
    """What the stage component gets from Python for STAGE_WORLD (ui/playground/stage.py's
    show()), the world parsed: node's stage tests draw it, hover it and download it."""
    b, sigma = STAGE_WORLD
    return {
        "world": json.loads(worlds.build_world_json(b, sigma)),
        # Fixed addresses: the code's fingerprint in them changes with every edit of core/.
        "worlds": {
            **world_files.stage_controls(),
            "address": STAGE_ADDRESS,
            "answers": f"{STAGE_ADDRESS}{world_files.ANSWERS_FILE}",
        },
        "predict_ticks": style.STAGE_EVEN_TICKS,
    }


# The format cases' inputs (format_cases below).
GAINS = [0.5199, -1.2447890254356728, 6.645289215357791, -4.365787306909915, 2.0, 100.5]
GAINS += [-0.001391480405560766, 0.0014, -0.00014, 0.00004, -6.3e-16, 0.0, -0.0, -0.005]
GAINS += [0.125, -0.125, 0.375, 0.625, -0.875, 0.005, 0.015, 1.005, 2.675, -2.675, 0.0625]
GAINS += [-0.00049, 0.0005, 1e-9, -13.04, 151.6, 2.5, 3.5]
PLAIN = [11.046969203896406, 0.06249999381923255, -0.0001, -0.74, 0.125, 0.375, -2.5, 5.0]
SIGNIFICANT = [(0.30004, 3), (0.3664, 3), (1.0, 3), (0.45, 2), (1.0, 2), (9.78, 2), (0.125, 2)]
SIGNIFICANT += [(10.0, 3), (0.25, 3), (0.0313, 2), (2.5, 1), (3.5, 1)]
COUNTS = [1, 49, 590, 999, 1000, 1500, 10000, 12345.6, 49.5, 50.5, 0, -0.0]  # -0: as Python
TICKS = [(0.25, None), (0.3, None), (1, None), (4, None), (10, None), (100, None)]
TICKS += [(1000, None), (3000, None), (10000, None), (1000, 1000), (10000, 1000), (100, 1000)]
STOPS = sorted({*settings.BETA_STOPS, *settings.N_STOPS, *settings.B_STOPS, *settings.SIGMA_STOPS})
NAMED = [("β", 0.3), ("β", 4.0), ("β", 0.45), ("n", 590), ("n", 10000), ("n", 49.0), ("b", 0.2)]
NAMED += [("σ", 1.0), ("k", 1000), ("ρ", 0.3)]


def format_cases() -> dict[str, list]:
    """common/format.py's text for awkward inputs, [inputs..., text] by function: gains that round
    to zero (n = 590's -0.0014), exact binary ties (0.125: Python rounds them to even, toFixed away
    from zero), -0, every slider stop, axis ticks. format.js must give the same."""
    return {
        "signed": [[value, fmt.signed(value)] for value in GAINS]
        + [[value, 1, fmt.signed(value, decimals=1)] for value in (-13.04, 0.04, 0.0, 0.25)],
        "number": [[value, fmt.number(value)] for value in PLAIN]
        + [[value, 3, fmt.number(value, decimals=3)] for value in (0.998, -0.0004, 0.0625)],
        "significant": [
            [value, digits, fmt.significant(value, digits=digits)] for value, digits in SIGNIFICANT
        ],
        "count": [[value, fmt.count(value)] for value in COUNTS],
        "tick": [
            [
                value,
                short_from,
                fmt.tick(value, **({"short_from": short_from} if short_from else {})),
            ]
            for value, short_from in TICKS
        ],
        "stop": [[value, fmt.stop(value)] for value in STOPS],
        "named": [[symbol, value, fmt.named(symbol, value)] for symbol, value in NAMED],
    }


WRITER_POINTS = 24  # random points per question for the answer writer's cases
WRITER_INNER = 12  # and random points within ±3, where the answers and clouds lie (every kind)
# Values whose hundredths are on a rounding edge (halves, float noise, negatives, the grid's ends).
HUNDREDTHS = [0.005, -0.005, 1.005, -1.005, 2.675, -2.675, 0.125, 0.0, -0.0, 6.0, -6.0, 3.3149999]


def panel_cards() -> dict[str, str]:
    """What the stage's panel writes for STAGE_WORLD at β = 1 and n = 49 (stage_data.json's
    world): each method's cloud point nearest its mean, answering the first question."""
    b, sigma = STAGE_WORLD
    cards = {}
    for key, stops, clouds, stop in (
        ("n", compute.STOP_COUNTS, compute.best_of_n_clouds_at_stops(b, sigma), 49),
        ("beta", compute.STOP_BETAS, compute.kl_clouds_at_stops(b, sigma), 1.0),
    ):
        length, substance = answer_panel.panel_point(clouds, stops.tolist().index(stop))
        cards[key] = core.write_answer(answer_text.QUESTIONS[0], length, substance)
    return cards


def answer_writer_cases() -> dict:
    """The writer's tables as answers.json ships them, and the sentences Python writes for
    points (in hundredths) across the plane and past the grid, and for every question and a
    few seeds: [id, length, substance, seed, [[kind, text], ...]]."""
    rng = np.random.default_rng(SEED + 2)
    cases = []
    for question in answer_text.QUESTION_BANKS:
        points = rng.integers(-700, 701, (WRITER_POINTS, 2)).tolist()
        points += rng.integers(-300, 301, (WRITER_INNER, 2)).tolist()
        points += [[0, 0], [-169, 150], [-170, -201], [322, 0], [600, -600], [-600, 600]]
        points += [[154, 134], [337, 319], [-100, 300], [50, -250]]  # the peak, β = 0.3, ...
        points += [[-250, 300], [150, -120], [450, 500], [1000, 1000], [-1000, -1000]]
        for number, (length, substance) in enumerate(points):
            seed = number % 3
            written = answer_text.answer_sentences(
                question.id, length / 100, substance / 100, seed=seed
            )
            pairs = [[sentence.kind, sentence.text] for sentence in written]
            cases.append([question.id, length, substance, seed, pairs])
    return {
        "tables": json.loads(answer_panel.tables_bytes()),
        "panel": panel_cards(),
        "cases": cases,
        "hundredths": [[value, int(answer_counts.hundredths(value))] for value in HUNDREDTHS],
    }


def fixtures() -> dict[str, object]:
    """Each fixture file's name and content."""
    return {
        "nearest_stop.json": nearest_stop_cases(),
        "guess_factor.json": guess_factor_cases(),
        "plane.json": plane_cases(),
        "format_cases.json": format_cases(),
        "answer_writer.json": answer_writer_cases(),
        "stage_data.json": stage_data(),
    }


def text(content: object) -> str:
    """A fixture as it is written: compact JSON, ending in a newline."""
    return json.dumps(content, separators=(",", ":"), allow_nan=False) + "\n"


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for name, content in fixtures().items():
        (FOLDER / name).write_text(text(content), encoding="utf-8")
        print(f"{FOLDER / name}: {len(text(content)) / 1000:.1f} KB")


if __name__ == "__main__":
    main()
