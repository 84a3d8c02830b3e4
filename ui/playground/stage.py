"""The Playground's live stage: all four settings and everything they move, drawn in the browser.

A Streamlit slider reports only on release and every frame would be a server rerun, so the
stage is a custom component (``st.components.v2``; HTML, CSS and ES modules in
``ui/playground/stage_assets``, joined by ``ui/js_modules.py``) that gets, per (b, σ), a
world (worlds.py). β and n redraw from it at animation speed; b and σ fetch another world
from /worlds/ (world_files.py, worlds.js). The settled value comes back to Python once, for
the address bar, the share link and the story: its report is read safely (reports.py), with
predict-then-reveal's guesses (predict.py) and the pin (pin.py).
"""

from __future__ import annotations

import json
from pathlib import Path

import streamlit as st

from common import i18n
from ui import state, style
from ui.playground import (
    pin,
    predict,
    stage_request,
    stage_words,
    story_bar,
    world_files,
    worlds,
)
from ui.playground.reports import settled_from_browser
from ui.settings import STAGE_KEYS
from ui.story_steps import PRESETS

ASSETS = Path(__file__).with_name("stage_assets")
STAGE_KEY = "stage"  # the component's key; its state holds the last settled (β, n)
_SETTLE_RUN = "_stage_settle_run"  # session key: the stage's settle report started this run
_LANGUAGE_SENT = "_stage_language"  # session key: the language of the world last sent
_SENT = "_stage_sent"  # session key: the request and pin ids whose world and pin it last got


# ui/style.py's palette as CSS variables first: every colour is written there once.
STAGE_CSS = style.css_variables(":host, .stage") + "".join(
    (ASSETS / name).read_text("utf-8") for name in ("stage.css", "answers.css")
)
# The component's own script only fetches the stage's modules, joined, from their file
# (world_files.stage_script: 102 KB inline were deflated per visitor with every first page):
# the first mount imports it, every mount then hands its data on, in order. An absolute URL,
# since an inline script runs from a blob: URL, against which "/worlds/..." resolves to
# nothing; a failed import is tried again by the next run's mount.
LOADER_JS = """const ADDRESS = %s;
let mount = null;
let loading = null;
export default function mountStageFromFile(component) {
  if (mount) return mount(component);
  loading ??= import(new URL(ADDRESS, document.baseURI).href).then(
    (module) => (mount = module.default),
    (error) => { loading = null; throw error; },
  );
  loading.then((loaded) => loaded(component));
}
"""
_stage_component = st.components.v2.component(
    "reward_hacking_stage",
    html=(ASSETS / "stage.html").read_text(encoding="utf-8"),
    css=STAGE_CSS,
    js=LOADER_JS % json.dumps(world_files.stage_script_url()),
)


def _on_settled() -> None:
    """Callback: the stage settled on a new (β, n), guess or reveal; make it the session's."""
    report = (st.session_state.get(STAGE_KEY) or {}).get("settled")
    st.session_state[_SETTLE_RUN] = True  # the stage that reported holds what it was sent
    state.remember(settled_from_browser(report))
    pin.remember_report(report)
    predict.remember_report(report)
    if isinstance(report, dict) and report.get("world_missing") is True:
        stage_request.request_stage_move()  # it could not fetch that world: send it, as on arrival
    if story_bar.steps_outdated(settled(), story_on=not predict.hiding_truth()):
        stage_request.rerun_stage_and_steps()  # a step reached or left: the steps follow


def step_pointers() -> list[dict]:
    """Each story step's setting and what its line points at on the curves, its labels in the
    reader's language (annotations.js draws the labels where the step's settings are on the
    stage, and nowhere else)."""
    return [
        {"values": dict(step.values), "points_at": [list(point) for point in step.points_at]}
        for step in PRESETS
    ]


def show(*, present: bool) -> dict[str, float]:
    """Draw the stage; returns the settled setting {beta, n, b, sigma}. It gets the world
    Python last asked it to show (arrival, story step, Back); b and σ moved on the stage fetch
    theirs over HTTP, and a settle report's rerun sends no world (:func:`_stage_holds`)."""
    worlds.prewarm_in_background()
    language = i18n.language()  # a world holds sentences: each language has its own
    if st.session_state.get(_LANGUAGE_SENT, language) != language:
        stage_request.request_stage_move()  # a new request: the stage reads the new world
    st.session_state[_LANGUAGE_SENT] = language
    request = predict.request_with_prediction()
    pinned = pin.for_stage(lambda b, sigma: worlds.world_json(b, sigma, language))
    ids = (request["id"], pinned["id"])
    holds = _stage_holds(ids, settle_run=st.session_state.pop(_SETTLE_RUN, False))
    st.session_state[_SENT] = ids
    _stage_component(
        key=STAGE_KEY,
        data={
            "world": None
            if holds
            else worlds.world_json(float(request["b"]), float(request["sigma"]), language),
            "request": request,
            "present": present,
            "predict_ticks": style.STAGE_EVEN_TICKS,
            "worlds": world_files.stage_controls(language),
            "pin": {**pinned, "snapshot": None} if holds else pinned,
            "steps": step_pointers(),
            # 6.6 KB in German: sent with the world, not in a settle's rerun (the stage keeps it).
            "words": None if holds else stage_words.words(language),
            "language": language,  # another one: the stage builds itself again, in it
        },
        default={"settled": None},
        on_settled_change=_on_settled,
        height="content",
    )
    return settled()


def _stage_holds(ids: tuple, *, settle_run: bool) -> bool:
    """Whether the stage in the browser already holds the world and pin snapshot of ``ids``
    (the request's and the pin's), so this run need not send them.

    A settle report reruns the stage's fragment only, from a stage that holds the world and
    pin of the ids it was last sent, and reads them only with new ids (stage.js,
    pin_controls.js). Sent again, the ~60 KB world was serialized, hashed twice and compared
    in every settle's rerun: ~2/3 of its server time (bench.profile_rerun). Any other run
    sends them: a full run may mount a fresh stage (a page switch, Back), which holds nothing.
    """
    return settle_run and state.fragment_run() and st.session_state.get(_SENT) == ids


def settled() -> dict[str, float]:
    """The stage's settled setting {beta, n, b, sigma}: its last report, already in the session
    state (its callback runs before the page's script), so known before the stage is drawn."""
    return {key: state.current(key) for key in STAGE_KEYS}
