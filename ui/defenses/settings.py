"""The Defenses page's own settings: one table, their stops, and their URL form.

The reward model itself (b, σ) stays in :mod:`ui.state`'s table; this table holds what the
Defenses page adds: the ensemble (k, ρ and how it combines), the length penalty λ and the
number of spot checks m. Each reads from the URL through :func:`ui.state.parse_setting`, so a
hostile value gets the nearest stop and a plain note, exactly as the other sliders do.
"""

from __future__ import annotations

from collections.abc import Mapping

import streamlit as st

from ui import link_box
from ui.state import (
    SETTINGS,
    Setting,
    current,
    parse_setting,
    share_link,
    shown,
    url_form,
    url_slider,
    write_query_param,
)
from ui.state import show_notes as state_show_notes

K_STOPS = (1, 2, 3, 4, 6, 8, 12, 16)  # reward models in the ensemble
RHO_STOPS = tuple(round(0.1 * step, 1) for step in range(11))  # 0, 0.1, ..., 1
LAMBDA_STOPS = tuple(round(0.1 * step, 1) for step in range(21))  # 0, 0.1, ..., 2
# Spot checks per stop: 1 to 10,000 on log-like steps.
M_STOPS = (1, 2, 3, 5, 10, 20, 30, 50, 100, 200, 300, 500, 1000, 2000, 5000, 10000)

DEFENSE_SETTINGS: dict[str, Setting] = {
    setting.key: setting
    for setting in (
        Setting(
            key="fix",
            symbol="b′",
            label="b′ · padding penalty the better reward model learned",
            help=(
                "The first defense: a reward model that learned the fraction b′ of the padding "
                "penalty, against the page's reward model, which learned b (the slider above). "
                "b′ = 1 knows the whole penalty."
            ),
            stops=tuple(round(0.05 * step, 2) for step in range(21)),  # as b's: 0, ..., 1
            default=0.2,  # the story's fix: a fifth of the penalty removes the decline at σ = 0
            log_scale=False,
        ),
        Setting(
            key="k",
            symbol="k",
            label="k · reward models in the ensemble",
            help=(
                "Train k reward models instead of one and combine their scores. Each errs in "
                "its own places (σ times its own error field) and in the places all of them "
                "share (correlation ρ). k = 1 is a single reward model."
            ),
            stops=K_STOPS,
            default=4,
            log_scale=True,
        ),
        Setting(
            key="rho",
            symbol="ρ",
            label="ρ · errors shared by all members",
            help=(
                "How alike any two members' errors are: member j errs by "
                "σ·(√ρ·ε₀ + √(1 − ρ)·ε_j). ρ = 0: independent errors; ρ = 1: all err alike, "
                "and the ensemble is one reward model."
            ),
            stops=RHO_STOPS,
            default=0.5,
            log_scale=False,
        ),
        Setting(
            key="lam",
            symbol="λ",
            label="λ · length penalty",
            help=(
                "Subtract λ·length from the reward model's score. λ = 1 cancels the reward "
                "model's liking for length; above that it prefers short answers, and true "
                "quality (which wants some length) pays."
            ),
            stops=LAMBDA_STOPS,
            default=0.5,
            log_scale=False,
        ),
        Setting(
            key="m",
            symbol="m",
            label="m · answers checked at each stop",
            help=(
                "At every stop of the β and n sliders, m answers are checked by hand against "
                "true quality; optimization stops where their average looks best."
            ),
            stops=M_STOPS,
            default=10,
            log_scale=True,
        ),
    )
}
DEFENSE_KEYS = tuple(DEFENSE_SETTINGS)  # ("fix", "k", "rho", "lam", "m")
# σ as the page opens when neither the link nor the session set it: at σ = 0 every member of
# an ensemble is the same reward model, so the ensemble would change nothing on a first visit.
OPENING_SIGMA = 1.0

AGGREGATE = "agg"  # URL key of the ensemble's combination
# The URL form is the button's label (Streamlit binds a segmented control by its labels).
AGGREGATES = ("mean", "min")
DEFAULT_AGGREGATE = "mean"

_NOTES = "_defense_url_notes"  # session key: notes about this page's URL, shown once
_FIXED = "_defense_url_fixed"  # session key: the query last corrected (stops loops)


def parse_aggregate(raw_values: list[str]) -> tuple[str, str | None]:
    """The combination a URL asks for ("mean" or "min") and a plain note if unusable."""
    if not raw_values:
        return DEFAULT_AGGREGATE, None
    raw = raw_values[-1].strip().lower()
    if raw in AGGREGATES:
        return raw, None
    return DEFAULT_AGGREGATE, (
        f"The link asks to combine the ensemble by {shown(raw_values[-1])}, which is neither "
        f"“mean” nor “min”, so the ensemble takes the {DEFAULT_AGGREGATE}."
    )


def query_for(values: Mapping[str, float | str]) -> dict[str, str]:
    """URL parameters for this page's settings, leaving out those at their default."""
    query = {
        key: url_form(value)
        for key, value in values.items()
        if key in DEFENSE_SETTINGS and value != DEFENSE_SETTINGS[key].default
    }
    if values.get(AGGREGATE, DEFAULT_AGGREGATE) != DEFAULT_AGGREGATE:
        query[AGGREGATE] = str(values[AGGREGATE])
    return query


def open_with_errors() -> None:
    """Call first on the Defenses page: with no σ in the link and the session's σ at the
    other pages' default (0), open at OPENING_SIGMA, written into the address as a link to it
    would be. A σ the reader moved to elsewhere is kept."""
    if "sigma" not in st.query_params and current("sigma") == SETTINGS["sigma"].default:
        write_query_param("sigma", url_form(OPENING_SIGMA))


def settle_url() -> None:
    """Replace unusable values of this page's settings in the address; keep notes; rerun once.

    Call it after :func:`ui.state.settle_url` on the Defenses page.
    """
    keys = (*DEFENSE_KEYS, AGGREGATE)
    attempt = tuple((key, tuple(st.query_params.get_all(key))) for key in keys)
    if st.session_state.get(_FIXED) == attempt:
        return  # this very address was corrected on the last run: never loop
    notes: list[str] = []
    changed = False
    for key, setting in DEFENSE_SETTINGS.items():
        raw_values = st.query_params.get_all(key)
        if not raw_values:
            continue
        value, note = parse_setting(setting, raw_values)
        notes += [note] if note else []
        if raw_values != [url_form(value)]:
            changed |= _correct(key, value, None if value == setting.default else url_form(value))
    raw_values = st.query_params.get_all(AGGREGATE)
    if raw_values:
        choice, note = parse_aggregate(raw_values)
        notes += [note] if note else []
        if raw_values != [choice]:
            wanted = None if choice == DEFAULT_AGGREGATE else choice
            changed |= _correct(AGGREGATE, choice, wanted)
    if notes:
        st.session_state[_NOTES] = st.session_state.get(_NOTES, []) + notes
    if changed:
        st.session_state[_FIXED] = attempt
        st.rerun()


def _correct(key: str, value, url_value: str | None) -> bool:
    """Write one corrected URL parameter; if a widget owns it, set the widget instead."""
    if write_query_param(key, url_value):
        return True
    st.session_state[key] = value  # the widget writes the URL for it
    return False


def show_notes() -> None:
    """Show, once, the notes :func:`settle_url` kept (plain text, never HTML)."""
    state_show_notes(_NOTES)


def slider(key: str, *, container=None, on_change=None) -> float:
    """The slider of this page's setting ``key``, bound to the URL; returns its value.

    ``on_change``: a callback run when the reader moves it (its section opens its chart).
    """
    return url_slider(DEFENSE_SETTINGS[key], key, container=container, on_change=on_change)


def aggregate_control(*, container=None, on_change=None) -> str:
    """Mean or minimum: how the ensemble combines its members, bound to the URL."""
    target = container if container is not None else st
    choice = target.segmented_control(
        "Combine the members' scores by their",
        options=AGGREGATES,
        default=DEFAULT_AGGREGATE,
        key=AGGREGATE,
        required=True,
        bind="query-params",
        on_change=on_change,
        help=(
            "Mean: the average score, whose independent errors shrink as k grows. Minimum: "
            "the lowest score, the worst case (Coste et al. 2023): an answer must please "
            "every member."
        ),
    )
    return choice or DEFAULT_AGGREGATE


def link_query(values: Mapping[str, float | str]) -> str:
    """The query string (without "?") for this page's settings, to append to a link."""
    # Values are stops or "min": digits, '.', letters; nothing from a URL is repeated here.
    return "&".join(f"{key}={value}" for key, value in query_for(values).items())


def current_values() -> dict[str, float | str]:
    """This page's settings as its widgets hold them now (defaults before they are drawn)."""
    values = {key: st.session_state.get(key, s.default) for key, s in DEFENSE_SETTINGS.items()}
    values[AGGREGATE] = st.session_state.get(AGGREGATE) or DEFAULT_AGGREGATE
    return values


def share_box(reward_model: Mapping[str, float], *, link_slot) -> None:
    """The link to this page's setting in ``link_slot`` (an ``st.empty``), replacing the last.

    Every section's fragment calls it, so the link follows whichever slider moved.
    """
    link = share_link(reward_model)
    query = link_query(current_values())
    if query:
        link += ("&" if "?" in link else "?") + query
    with link_slot.container():
        st.caption("Link to this setting (the address bar holds it too):")
        link_box.show(link, label="Link to this setting")
