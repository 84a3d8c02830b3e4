"""The stage's worlds: everything the stage can show for one reward model (b, σ), as JSON.

A world holds, for every β and n stop, the moving cloud, readouts and marks, both whole curves,
the plane's two fields and the 600 answers, so β and n redraw in the browser without a rerun.
Worlds are shaped from the numbers world_numbers.py gathers in one pass (one vectorized core
call per kind), quantized to a pixel, serialized once per (b, σ), kept in memory and on disk
(world_store.py), served over HTTP (world_files.py), and, with STAGE_PREWARM=1, all built once
in a background thread. A world's words are in one language (``common.i18n``): each language
has its own worlds, in memory, on disk and at its own address (world_files.py).
No Streamlit here: the stage that mounts them is ui/playground/stage.py.
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time

import numpy as np

import core
from common import format as fmt
from common import i18n
from common.i18n import tr
from ui import compute, disk_store, edge_note, slack_text, step_questions, style, swamp_text
from ui.playground import answer_panel, csv_numbers, world_numbers, world_store
from ui.playground.world_numbers import MethodNumbers, WorldNumbers
from ui.settings import B_STOPS, SETTINGS, SIGMA_STOPS
from ui.story_steps import PRESETS

# All kept, in every language: 441 x ~60 KB = 26 MB a language (a German class fills its own).
WORLD_ENTRIES = len(B_STOPS) * len(SIGMA_STOPS) * len(i18n.LANGUAGES)
PREWARM_ENV = "STAGE_PREWARM"  # "1": build every world in the background after the first visit
PREWARM_PAUSE_SECONDS = 0.05  # between two worlds, so visitors' reruns get the cores first
COORDINATE_SCALE = 100  # plane coordinates go as integers in hundredths (0.01 units < 1 px)
FIELD_STEP = 4  # every 4th grid point (0.2 units) of the two fields for the plane
FIELD_MARGIN = 0.4  # field points kept beyond the plane's window, so contours reach its edge
CURVE_DECIMALS = 3  # curve values: 0.001 reward units is far below a pixel

log = logging.getLogger(__name__)
_prewarm_started = False  # one background builder per server process


def _readouts(result) -> dict[str, list[str]]:
    """The four readouts at every stop, as the page prints them (strings, Python-rounded)."""
    return {
        "kl": [fmt.kl(value) for value in np.ravel(result.kl)],
        "proxy": [fmt.signed(value) for value in np.ravel(result.proxy_gain)],
        "gold": [fmt.signed(value) for value in np.ravel(result.gold_gain)],
        "length": [fmt.signed(value) for value in np.ravel(result.mean_length)],
    }


def _marks(result) -> dict[str, list[float]]:
    """Both gains at every stop, where the current setting is marked on the curves."""
    return {
        "proxy_gain": csv_numbers.rounded(result.proxy_gain, CURVE_DECIMALS),
        "gold_gain": csv_numbers.rounded(result.gold_gain, CURVE_DECIMALS),
    }


def _cloud(cloud: core.Cloud) -> list[list[int]]:
    """Each stop's cloud as one flat list [l0, s0, l1, s1, ...] in hundredths of a unit."""
    pairs = np.stack([cloud.length, cloud.substance], axis=-1)  # (stops, points, 2)
    scaled = np.rint(pairs * COORDINATE_SCALE).astype(int)
    return scaled.reshape(scaled.shape[0], -1).tolist()


def _curve(curve: core.Curve) -> dict:
    """A whole curve and its peak of true quality, for drawing and for hover readouts."""
    flat = step_questions.levels_off(curve)
    return {
        "pressure": [float(f"{value:.5g}") for value in curve.pressure],
        "proxy_gain": csv_numbers.rounded(curve.proxy_gain, CURVE_DECIMALS),
        "gold_gain": csv_numbers.rounded(curve.gold_gain, CURVE_DECIMALS),
        "peak": {  # where the star goes (the score there is not drawn, so not sent)
            "pressure": curve.peak_pressure,
            "gold_gain": round(curve.peak_gold_gain, CURVE_DECIMALS) + 0.0,
            # True quality never turns down before the curve's end (clear of the grid's edge):
            # the reveal says "highest at the end", not "peaks" (b = 0.2, σ = 0: n = 10,000).
            "at_end": core.peak_at_end(
                curve.pressure, curve.peak_pressure, edge_mass=curve.edge_mass, capped=curve.capped
            ),
            # Where it peaks but levels off to the end, [gentlest, strongest] of that stretch
            # within 0.005 of the top (the class poll's plateau rule): the reveal says it levels
            # off there and a guess on it is right (b = 0, σ = 1: n = 1,942 to 10,000, where
            # "peaks at n = 212" called a guess of 10,000 a factor of 47 off). Else null.
            "levels_off": (
                [float(f"{flat.levels_from:.5g}"), float(f"{flat.levels_to:.5g}")]
                if flat.place == step_questions.PLATEAU
                else None
            ),
        },
    }


def slack_line(key: str, slack: core.MethodSlack) -> str:
    """The price of stopping at the peak, in one line (ui.slack_text, the Defenses page's too)."""
    setting = SETTINGS[key]
    return slack_text.slack_sentence(setting.symbol, slack, stops=setting.stops, source=True)


def glossary() -> str:
    """Every symbol on the stage, explained where it first appears (a projector shows no
    tooltips)."""
    return tr(
        "KL: how far the chosen answers moved from the base model π_ref, in nats (natural-log "
        "units). Gains: the reward model's score and true quality, above the base model's "
        "average."
    )


def slack_definition() -> str:
    """What "slack" means, before the slack sentence, behind the stage's one-line readout's
    button."""
    return tr(
        "Slack: what stopping where true quality peaks, instead of at the strongest setting, "
        "keeps in true quality and gives up in the reward model's score (the line beside "
        "counts from the stop you are at)."
    )


def setting_words(key: str) -> tuple[str, str]:
    """The stage's four settings' label and hint (``ui.settings``' English) in the reader's
    language: the stage draws them; other pages' sliders read the table's."""
    words = {
        "beta": (
            tr("β · KL penalty strength"),
            tr("reward per nat. Right: weaker penalty, more optimization."),
        ),
        "n": (
            tr("n · answers drawn (best-of-n)"),
            tr("Right: more answers, the reward model keeps its favourite."),
        ),
        "b": (
            tr("b · padding penalty learned"),
            tr("Share of the padding penalty the reward model learned: 0 none, 1 all."),
        ),
        "sigma": (
            tr("σ · other reward-model errors"),
            tr("Size of the reward model's other, unmapped errors: 0 none."),
        ),
    }
    return words[key]


def slack_readouts(key: str, stops, result, swamped: str | None = None, capped=None) -> list[str]:
    """The slack in one line at every stop, from where the student is (ui.slack_text): 'Push
    on to β = 1: +0.56 true quality, +1.50 score' at β = 4, 'Back off to β = 1: ...' past it.
    ``result`` is the method's core result at ``stops`` (fields (stops,)); ``capped`` the KL
    stops' edge check (core.edge_check(...).capped, (stops,)). ``swamped``
    (best-of-n's line where σ swamps b) stands where the line would say "at the peak": there
    the peak is no cure, and that line says why."""
    pressure = np.asarray(stops, dtype=float)
    at_stops = core.slack_at_stops(
        1 / pressure if key == "beta" else pressure,  # larger is stronger: 1/β, n
        proxy_gain=result.proxy_gain,
        gold_gain=result.gold_gain,
        edge_mass=result.edge_mass if key == "beta" else None,
        capped=capped,
    )
    lines = slack_text.stop_readouts(SETTINGS[key].symbol, stops, at_stops)
    if swamped is None:
        return lines
    at_peak = (at_stops.side == 0) & ~at_stops.capped
    return [swamped if here else line for line, here in zip(lines, at_peak, strict=True)]


def _edge(result, curve, stops, check=None) -> dict:
    """The KL side's notes: beside the readouts at every stop (``check``: core's edge check
    there, (stops,)), and in the curve's hover."""
    at_stops = [None] * len(stops) if check is None else edge_note.split_check(check)
    along = edge_note.point_checks(curve)
    return {
        "notes": [
            edge_note.stage_note(mass, point) or ""
            for mass, point in zip(np.ravel(result.edge_mass), at_stops, strict=True)
        ],
        "hover": [
            edge_note.edge_hover(mass, point)
            for mass, point in zip(curve.edge_mass, along, strict=True)
        ],
        # Per curve point: capped by the grid's edge (core's edge check; drawn dotted, over a
        # band labelled "edge"): the stage draws these flags, it decides nothing itself.
        "capped": edge_note.capped_flags(curve.edge_mass, curve.capped),
    }


def _method(key: str, numbers: MethodNumbers, swamped: tuple[str, str] | None = None) -> dict:
    """One method's part of a world; ``swamped`` (best-of-n's) says where σ swamps b: its one
    line stands in the slack's place, its sentence first behind "slack?"."""
    setting = SETTINGS[key]
    result, curve, slack = numbers.at_stops, numbers.curve, numbers.slack
    edge = {"edge": _edge(result, curve, numbers.stops, numbers.edge)} if key == "beta" else {}
    more = f"{slack_definition()} {slack_line(key, slack)}"
    label, hint = setting_words(key)
    return {
        **edge,
        "slack": slack_readouts(
            key,
            numbers.stops,
            result,
            swamped[0] if swamped else None,
            capped=None if numbers.edge is None else numbers.edge.capped,
        ),
        "slack_more": f"{swamped[1]} {more}" if swamped else more,
        "symbol": setting.symbol,
        "label": label,
        "hint": hint,
        "stops": [setting.url_text(stop) for stop in numbers.stops],
        "readouts": _readouts(result),
        "marks": _marks(result),
        "table": csv_numbers.stop_table(result),  # the CSV download's numbers
        "cloud": _cloud(numbers.clouds),
        "curve": _curve(curve),
    }


# Best-of-n's win rate beside n (Beirami et al., 2024; Gui, Gârbacea & Veitch, 2024): how often
# its pick beats one random answer of the 600, exactly (core.win_rates), one line per n stop.
# "by score", not "by the score": in presenter mode at 1280x720 its 18 px line needed 587 px of
# n's 549 px column and was cut with an ellipsis; 8 characters fewer, it needs ~511.
NEVER_WHOLE = 0.995  # a win rate at or above this prints "99%+": at finite n it is never whole


def win_share(rate: float) -> str:
    """A win rate to the whole percent ("61%"), "99%+" where that would round to 100%."""
    return "99%+" if rate >= NEVER_WHOLE else fmt.percent(rate, decimals=0)


def win_lines(rates: core.WinRates) -> list[str]:
    """The win-rate line at every n stop, from core.win_rates at the stops (fields (stops,))."""
    pairs = zip(np.ravel(rates.by_reward_model), np.ravel(rates.by_true_quality), strict=True)
    return [
        tr(
            "Beats a random answer: {by_model} by score, {by_truth} by true quality",
            by_model=win_share(model),
            by_truth=win_share(truth),
        )
        for model, truth in pairs
    ]


def _plane(numbers: WorldNumbers) -> dict:
    """The plane's still parts: both fields on a coarse grid, and the 600 answers."""
    low, high = style.PLANE_RANGE
    grid = core.GRID[::FIELD_STEP]
    inside = (grid >= low - FIELD_MARGIN) & (grid <= high + FIELD_MARGIN)

    def field(values: np.ndarray) -> list[int]:
        thinned = values[::FIELD_STEP, ::FIELD_STEP][np.ix_(inside, inside)]  # [substance, length]
        return np.rint(thinned * COORDINATE_SCALE).astype(int).ravel().tolist()

    answers = np.stack([numbers.answers.length, numbers.answers.substance], axis=-1)
    return {
        "range": [low, high],
        "grid": np.round(grid[inside], 3).tolist(),
        "gold": field(numbers.gold_field),
        "proxy": field(numbers.proxy_field),
        "answers": np.rint(answers * COORDINATE_SCALE).astype(int).ravel().tolist(),
        "gold_levels": style.GOLD_LEVELS,
        "proxy_levels": style.PROXY_LEVELS,
    }


@compute.cached(WORLD_ENTRIES)
def world_json(b: float, sigma: float, language: str = i18n.ENGLISH) -> str:
    """Everything the stage can show for one reward model (b, σ), as one JSON string, its
    words in ``language`` (the cache keys on it: a world holds sentences).

    Kept in memory, and on disk for every other process of this code (ui/playground/world_store.py).
    """
    stored = world_store.read(b, sigma, language)
    if stored is not None:
        return stored
    with i18n.using(language):
        built = build_world_json(b, sigma)
    world_store.write(b, sigma, built, language)
    return built


def _swamped(found: swamp_text.Swamping | None) -> tuple[str, str] | None:
    """Where σ swamps b (ui.swamp_text): its one line and its sentence, else None."""
    if found is None:
        return None
    return swamp_text.swamped_readout(found), swamp_text.swamped_sentence(found)


@disk_store.builder
def build_world_json(b: float, sigma: float) -> str:
    """Build the world for (b, σ): its numbers in one pass (world_numbers.py), shaped here
    (~60 KB, 60-400 ms of a core)."""
    return world_text(world_numbers.gather(b, sigma))


def world_text(numbers: WorldNumbers) -> str:
    """A world's numbers shaped into the JSON the stage reads (no call into ui.compute here)."""
    world = {
        "b": numbers.b,
        "sigma": numbers.sigma,
        "scale": COORDINATE_SCALE,
        "beta": _method("beta", numbers.kl),
        "n": {
            **_method("n", numbers.best_of_n, swamped=_swamped(numbers.swamping)),
            # Additive: the win rate's line per n stop (the stage's [data-win="n"]).
            **({"win": win_lines(numbers.win_rates)} if numbers.win_rates is not None else {}),
        },
        "plane": _plane(numbers),
        # which answer the panel reads, per stop
        "answers": answer_panel.world_part(kl=numbers.kl.panel, best_of_n=numbers.best_of_n.panel),
        "glossary": glossary(),
        "ticks": {"beta": list(style.BETA_TICKS), "n": list(style.N_TICKS)},
        "palette": {
            "gold": style.GOLD,
            "proxy": style.PROXY,
            "kl": style.KL_METHOD,
            "best_of_n": style.BEST_OF_N,
            "answers": style.ANSWERS,
            "ink": style.INK,
            "gold_scale": style.GOLD_SCALE,
        },
    }
    return json.dumps(world, separators=(",", ":"), allow_nan=False)


def prewarm_in_background() -> None:
    """With STAGE_PREWARM=1 (make run, the Dockerfile, the cluster), build every world once,
    in a background thread of this process: the story steps' first, then the rest."""
    global _prewarm_started
    if _prewarm_started or os.environ.get(PREWARM_ENV) != "1":
        return
    _prewarm_started = True
    threading.Thread(target=_prewarm, name="stage-prewarm", daemon=True).start()


def every_world_setting() -> list[tuple[float, float]]:
    """Every (b, σ) stop: the story steps' first (the ones a class opens), then the rest."""
    steps = [(preset.values["b"], preset.values["sigma"]) for preset in PRESETS]
    every = [(b, sigma) for sigma in SIGMA_STOPS for b in B_STOPS]
    return list(dict.fromkeys(steps + every))


def _prewarm() -> None:
    built = 0
    for b, sigma in every_world_setting():
        stored = world_store.world_path(b, sigma).exists()
        world_json(b, sigma)
        if not stored:  # it was built here: leave the cores to visitors for a moment
            built += 1
            time.sleep(PREWARM_PAUSE_SECONDS)
    log.info("stage: every world ready (%d built here, the rest read from disk)", built)
