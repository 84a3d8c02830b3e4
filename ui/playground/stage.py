"""The Playground's live stage: all four settings and everything they move, drawn in the browser.

A Streamlit slider reports only on release and every frame would be a server rerun, so the
stage is a custom component (``st.components.v2``; HTML, CSS and ES modules in
``ui/playground/stage_assets``, joined by ``stage_modules.py``) that gets, per (b, σ), a
"world": for every β and n stop the moving cloud, readouts and marks, both whole curves, the
plane's two fields and the 600 answers. β and n redraw from it at animation speed; b and σ
fetch another world from /worlds/ (world_files.py, worlds.js). The settled value comes back to
Python once, for the address bar, the share link and the story. Worlds are built from ui.compute,
one vectorized core call per kind, quantized to a pixel, and serialized once per (b, σ).
"""

from __future__ import annotations

import json
import logging
import os
import threading
import time
from pathlib import Path

import numpy as np
import streamlit as st

import core
from ui import compute, edge_note, slack_text, state, style
from ui import format as fmt
from ui.address import GUESS_KEYS, PREDICT_KEY, PREDICTION_KEYS
from ui.playground import answer_panel, pin, stage_modules, takeaway, world_files, world_store
from ui.settings import B_STOPS, SETTINGS, SIGMA_STOPS, STAGE_KEYS
from ui.story_steps import PRESETS

ASSETS = Path(__file__).with_name("stage_assets")
STAGE_KEY = "stage"  # the component's key; its state holds the last settled (β, n)
_ASKED = "_stage_prediction_asked"  # session key: predict-then-reveal as the request set it
_PREDICTION = "_stage_prediction"  # session key: the guesses and reveal the browser reported
_PREDICTION_FOR = "_stage_prediction_for"  # session key: the request those belong to
WORLD_ENTRIES = len(B_STOPS) * len(SIGMA_STOPS)  # all kept: 441 x ~60 KB = 26 MB
PREWARM_ENV = "STAGE_PREWARM"  # "1": build every world in the background after the first visit
PREWARM_PAUSE_SECONDS = 0.05  # between two worlds, so visitors' reruns get the cores first
COORDINATE_SCALE = 100  # plane coordinates go as integers in hundredths (0.01 units < 1 px)
FIELD_STEP = 4  # every 4th grid point (0.2 units) of the two fields for the plane
FIELD_MARGIN = 0.4  # field points kept beyond the plane's window, so contours reach its edge
CURVE_DECIMALS = 3  # curve values: 0.001 reward units is far below a pixel

# Every symbol on the stage, explained where it first appears (a projector shows no tooltips).
GLOSSARY = (
    "KL: how far the chosen answers moved from the base model π_ref, in nats (natural-log "
    "units). Gains: the reward model's score and true quality, above the base model's average."
)
# Until the stage's first drawing, what follows it on the page waits unseen: drawn at once, it
# was pushed down by the stage's 500-1200 px (CLS 0.2 at 1280x720, 0.8 on a phone, at
# 1.5 Mbit/s). Unseen, not undrawn: it keeps its place, and shows after 15 s whatever happens.
# A rerun over 0.5 s fades a stale element to 33%; the stage keeps its last picture, unfaded.
WAIT_CSS = """<style>
@keyframes rh-after-stage { to { visibility: visible; } }
[data-testid="stVerticalBlock"]
  > :is(.st-key-stage, :has(.st-key-stage)):not(:has([data-stage-drawn])) ~ * {
  visibility: hidden; animation: rh-after-stage 0s 15s forwards; }
.st-key-stage[data-stale="true"], [data-stale="true"]:has(.st-key-stage) {
  opacity: 1 !important; transition: none !important; }
</style>"""
log = logging.getLogger(__name__)
_prewarm_started = False  # one background builder per server process

# ui/style.py's palette as CSS variables first: every colour is written there once.
STAGE_CSS = style.css_variables(":host, .stage") + "".join(
    (ASSETS / name).read_text("utf-8") for name in ("stage.css", "answers.css")
)
_stage_component = st.components.v2.component(
    "reward_hacking_stage",
    html=(ASSETS / "stage.html").read_text(encoding="utf-8"),
    css=STAGE_CSS,
    js=stage_modules.joined(ASSETS),  # the ES modules joined, once per process
)


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
        "proxy_gain": np.round(result.proxy_gain, CURVE_DECIMALS).tolist(),
        "gold_gain": np.round(result.gold_gain, CURVE_DECIMALS).tolist(),
    }


def _cloud(cloud: core.Cloud) -> list[list[int]]:
    """Each stop's cloud as one flat list [l0, s0, l1, s1, ...] in hundredths of a unit."""
    pairs = np.stack([cloud.length, cloud.substance], axis=-1)  # (stops, points, 2)
    scaled = np.rint(pairs * COORDINATE_SCALE).astype(int)
    return scaled.reshape(scaled.shape[0], -1).tolist()


def _curve(curve: compute.Curve) -> dict:
    """A whole curve and its peak of true quality, for drawing and for hover readouts."""
    return {
        "pressure": [float(f"{value:.5g}") for value in curve.pressure],
        "proxy_gain": np.round(curve.proxy_gain, CURVE_DECIMALS).tolist(),
        "gold_gain": np.round(curve.gold_gain, CURVE_DECIMALS).tolist(),
        "peak": {  # where the star goes (the score there is not drawn, so not sent)
            "pressure": curve.peak_pressure,
            "gold_gain": round(curve.peak_gold_gain, CURVE_DECIMALS),
        },
    }


def slack_line(key: str, slack: core.MethodSlack) -> str:
    """The price of stopping at the peak, in one line (ui.slack_text, the Defenses page's too)."""
    setting = SETTINGS[key]
    return slack_text.slack_sentence(setting.symbol, slack, stops=setting.stops, source=True)


# What "slack" means, before the slack sentence, behind the stage's one-line readout's button.
SLACK_DEFINITION = (
    "Slack: what stopping where true quality peaks, instead of at the strongest setting, "
    "keeps in true quality and gives up in the reward model's score."
)


def slack_readout(key: str, slack: core.MethodSlack) -> str:
    """The slack in one line on the stage: 'Stop at β = 1: +5.37 true quality for 70% of the
    score' (the sentence, its definition and caveats are one click away)."""
    symbol = SETTINGS[key].symbol
    if slack.peak_pressure == slack.strongest_pressure:
        strongest = fmt.named(symbol, slack.strongest_pressure)
        return f"True quality still rises at {strongest}: no slack."
    return (
        f"Stop at {fmt.named(symbol, slack.peak_pressure)}: "
        f"+{fmt.number(slack.gold_kept)} true quality for "
        f"{fmt.percent(slack.score_given_up)} of the score"
    )


def _edge(result, curve, stops) -> dict:
    """The KL side's notes: beside the readouts at every stop, and in the curve's hover."""
    return {
        "notes": [
            edge_note.edge_note(mass, fmt.named("β", stop)) or ""
            for mass, stop in zip(np.ravel(result.edge_mass), stops, strict=True)
        ],
        "hover": [edge_note.edge_hover(mass) for mass in curve.edge_mass],
        # Per curve point: capped by the grid's edge (drawn dotted and labelled "edge").
        "capped": [bool(edge_note.is_capped(mass)) for mass in curve.edge_mass],
    }


def _method(key: str, stops: np.ndarray, result, cloud: core.Cloud, curve, slack) -> dict:
    setting = SETTINGS[key]
    edge = {"edge": _edge(result, curve, stops)} if key == "beta" else {}
    return {
        **edge,
        "slack": slack_readout(key, slack),
        "slack_more": f"{SLACK_DEFINITION} {slack_line(key, slack)}",
        "symbol": setting.symbol,
        "label": setting.label,
        "hint": setting.hint,
        "stops": [setting.url_text(stop) for stop in stops],
        "readouts": _readouts(result),
        "marks": _marks(result),
        "table": takeaway.stop_table(result),  # the CSV download's numbers
        "cloud": _cloud(cloud),
        "curve": _curve(curve),
    }


def _plane(b: float, sigma: float) -> dict:
    """The plane's still parts: both fields on a coarse grid, and the 600 answers."""
    low, high = style.PLANE_RANGE
    grid = core.GRID[::FIELD_STEP]
    inside = (grid >= low - FIELD_MARGIN) & (grid <= high + FIELD_MARGIN)

    def field(values: np.ndarray) -> list[int]:
        thinned = values[::FIELD_STEP, ::FIELD_STEP][np.ix_(inside, inside)]  # [substance, length]
        return np.rint(thinned * COORDINATE_SCALE).astype(int).ravel().tolist()

    scored = compute.answers(0.0, 0.0)
    answers = np.stack([scored.length, scored.substance], axis=-1)
    return {
        "range": [low, high],
        "grid": np.round(grid[inside], 3).tolist(),
        "gold": field(compute.gold_field()),
        "proxy": field(compute.proxy_field(b, sigma)),
        "answers": np.rint(answers * COORDINATE_SCALE).astype(int).ravel().tolist(),
        "gold_levels": style.GOLD_LEVELS,
        "proxy_levels": style.PROXY_LEVELS,
    }


@compute.cached(WORLD_ENTRIES)
def world_json(b: float, sigma: float) -> str:
    """Everything the stage can show for one reward model (b, σ), as one JSON string.

    Kept in memory, and on disk for every other process of this code (ui/playground/world_store.py).
    """
    stored = world_store.read(b, sigma)
    if stored is not None:
        return stored
    built = build_world_json(b, sigma)
    world_store.write(b, sigma, built)
    return built


def build_world_json(b: float, sigma: float) -> str:
    """Build the world for (b, σ) from ui.compute: ~60 KB, 60-400 ms of a core."""
    betas, counts = compute.STOP_BETAS, compute.STOP_COUNTS
    slack = compute.slack(b, sigma)
    world = {
        "b": b,
        "sigma": sigma,
        "scale": COORDINATE_SCALE,
        "beta": _method(
            "beta",
            betas,
            compute.kl_at_stops(b, sigma),
            compute.kl_clouds_at_stops(b, sigma),
            compute.kl_curve(b, sigma),
            slack.kl,
        ),
        "n": _method(
            "n",
            counts,
            compute.best_of_n_at_stops(b, sigma),
            compute.best_of_n_clouds_at_stops(b, sigma),
            compute.best_of_n_curve(b, sigma),
            slack.best_of_n,
        ),
        "plane": _plane(b, sigma),
        "answers": answer_panel.world_part(b, sigma),  # which answer the panel reads, per stop
        "glossary": GLOSSARY,
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


def settled_from_browser(raw) -> dict[str, float]:
    """The settings a browser reports, snapped to stops (it sends only stops: anything else is
    tampered or broken, so the nearest stop, or dropped if no number; logged, never raised)."""
    if not isinstance(raw, dict):
        log.warning("stage: ignored a report that is not an object: %.80r", raw)
        return {}
    values = {}
    for key in STAGE_KEYS:
        if key not in raw:
            continue
        value, note = SETTINGS[key].parse([str(raw[key])[:100]])
        if note:
            log.warning("stage: %s from the browser corrected: %s", key, note)
        if note is None or "nearest" in note:
            values[key] = value
    return values


def prediction_from_browser(raw) -> dict:
    """The guesses and the reveal a browser reports, guesses snapped to stops (or dropped)."""
    if not isinstance(raw, dict):
        return {}
    guesses = settled_from_browser(
        {key: raw[f"guess_{key}"] for key in GUESS_KEYS if raw.get(f"guess_{key}")}
    )
    prediction = {f"guess_{key}": SETTINGS[key].url_text(value) for key, value in guesses.items()}
    if guesses and raw.get("revealed") is True:
        prediction["revealed"] = "1"
    return prediction


def prediction_in_url() -> dict:
    """Predict-then-reveal as the address asks for it: ?predict=1 (and guesses, a reveal)."""
    return state.prediction_in_url()


def _on_settled() -> None:
    """Callback: the stage settled on a new (β, n), guess or reveal; make it the session's."""
    report = (st.session_state.get(STAGE_KEY) or {}).get("settled")
    state.remember(settled_from_browser(report))
    pin.remember_report(report)
    st.session_state[_PREDICTION] = prediction_from_browser(report)
    if isinstance(report, dict) and report.get("world_missing") is True:
        state.request_stage_move()  # it could not fetch that world: send it, as on arrival


def _request_with_prediction() -> dict:
    """Where Python last asked the stage to move, with the prediction the address held then
    (changes only with the request, so a guess does not resend the world)."""
    request = state.stage_request()
    if st.session_state.get(_PREDICTION_FOR) != request["id"]:
        st.session_state[_PREDICTION_FOR] = request["id"]
        st.session_state[_ASKED] = prediction_in_url()
        st.session_state[_PREDICTION] = {
            key: value for key, value in st.session_state[_ASKED].items() if key != "on"
        }
    return {**request, "predict": st.session_state[_ASKED]}


def prediction_url() -> dict[str, str | None]:
    """The address's predict-then-reveal parameters for the session's guesses (None: drop);
    ``predict`` is "1" while predicting, so the page's link keeps it (and not the answer)."""
    on = st.session_state.get(_ASKED, {}).get("on", False)
    prediction = st.session_state.get(_PREDICTION, {}) if on else {}
    return {key: prediction.get(key) for key in PREDICTION_KEYS} | {
        PREDICT_KEY: "1" if on else None
    }


def hiding_truth() -> bool:
    """Whether predict-then-reveal is on and the truth not yet revealed (nothing may name or
    mark true quality's peak: neither the stage, nor the story's steps and their lines)."""
    on = st.session_state.get(_ASKED, {}).get("on", False)  # as show() last asked the stage
    return on and prediction_url()["revealed"] != "1"


# Each story step's setting and what its line points at on the curves (curves.js draws the
# labels where the step's settings are on the stage, and nowhere else).
STEP_POINTERS = [
    {"values": dict(step.values), "points_at": [list(point) for point in step.points_at]}
    for step in PRESETS
]

# While predicting, the curves' axes carry these instead of the lesson's values.
EVEN_TICKS = {"beta": list(style.BETA_TICKS_EVEN), "n": list(style.N_TICKS_EVEN)}


def show(*, present: bool) -> dict[str, float]:
    """Draw the stage; returns the settled setting {beta, n, b, sigma}. It gets the world
    Python last asked it to show (arrival, story step, Back); b and σ moved on the stage fetch
    theirs over HTTP, so their settle report reruns this with the same data: nothing resent."""
    prewarm_in_background()
    request = _request_with_prediction()
    st.html(WAIT_CSS)
    _stage_component(
        key=STAGE_KEY,
        data={
            "world": world_json(float(request["b"]), float(request["sigma"])),
            "request": request,
            "present": present,
            "predict_ticks": EVEN_TICKS,
            "worlds": world_files.stage_controls(),
            "pin": pin.for_stage(world_json),
            "steps": STEP_POINTERS,
        },
        default={"settled": None},
        on_settled_change=_on_settled,
        height="content",
    )
    return settled()


def settled() -> dict[str, float]:
    """The stage's settled setting {beta, n, b, sigma}: its last report, already in the session
    state (its callback runs before the page's script), so known before the stage is drawn."""
    return {key: state.current(key) for key in STAGE_KEYS}
