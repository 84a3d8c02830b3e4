"""Predict-then-reveal on the stage: ``?predict=1`` hides true quality until a guess is revealed.

The address asks for it (and may carry guesses and a reveal); the browser reports the guesses
and the reveal; the page writes them back to the address and, while the truth is hidden, holds
back the story's steps (one of them names the peak).
"""

from __future__ import annotations

import streamlit as st

from common.i18n import tr
from ui import address, state
from ui.address import GUESS_KEYS, PREDICT_KEY, PREDICTION_KEYS
from ui.playground import stage_request
from ui.playground.reports import settled_from_browser
from ui.settings import SETTINGS

_ASKED = "_stage_prediction_asked"  # session key: predict-then-reveal as the request set it
_PREDICTION = "_stage_prediction"  # session key: the guesses and reveal the browser reported
_PREDICTION_FOR = "_stage_prediction_for"  # session key: the request those belong to


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
    """Predict-then-reveal as the address asks for it: ?predict=1 (and guesses, a reveal;
    ``ui.address.prediction``)."""
    return address.prediction(state.query())


def set_prediction(on: bool) -> None:
    """Turn predict-then-reveal on (``?predict=1``, no guesses yet) or off, as a new arrival:
    the address decides, and the stage takes it."""
    for key in PREDICTION_KEYS:
        state.write_query_param(key, None)
    if on:
        state.write_query_param(PREDICT_KEY, "1")
    state.arrive_again()


def remember_report(report) -> None:
    """Keep the guesses and the reveal of the stage's last report as the session's."""
    st.session_state[_PREDICTION] = prediction_from_browser(report)


def request_with_prediction() -> dict:
    """Where Python last asked the stage to move, with the prediction the address held then
    (changes only with the request, so a guess does not resend the world)."""
    request = stage_request.stage_request()
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
    on = st.session_state.get(_ASKED, {}).get("on", False)  # as the stage was last asked
    return on and prediction_url()["revealed"] != "1"


def switch(predicting: bool) -> None:
    """A button into predict-then-reveal (?predict=1: true quality hidden until a guess), or out."""
    label = (
        tr("Show true quality again")
        if predicting
        else tr("Predict, then reveal (hide true quality)")
    )
    if st.button(label, key="predict-switch", icon=":material/psychology_alt:"):
        set_prediction(not predicting)  # a new arrival: the stage takes the address
        st.rerun()
