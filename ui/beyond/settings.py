"""The settings of the pages beyond the lesson (Reward model, Compare): one table, their URL form.

The same pattern as :mod:`ui.state`, which owns the lesson's four settings: each setting is a
row of one table, its widget is bound to the URL, and :func:`settle_url` runs first on a page to
replace every unusable URL value by the nearest valid one, with a plain note. The numeric rows
reuse :class:`ui.state.Setting` and its pure parsing; the one switch (light or heavy tails) is a
:class:`Choice`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

import streamlit as st

from ui import state
from ui.state import MAX_URL_VALUE, Setting, nearest_stop, parse_setting, shown, url_form

# Comparisons on roughly log-even steps; 200,000 is where b lands within 0.03 of 1 (SPEC §9).
PAIR_STOPS = (10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000)
SPREAD_STOPS = (0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0)  # 1 = the base model's own lengths
NOISE_STOPS = (0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 1.0, 1.5, 2.0, 3.0, 5.0)  # rater temperature T
PRIOR_STOPS = (0.0, 0.1, 0.3, 1.0, 3.0, 10.0, 30.0, 100.0, 300.0, 1000.0)  # ridge strength

_NOTES = "_beyond_url_notes"  # session key: notes waiting to be shown
_LAST = "_beyond_last"  # session key: latest value of each setting, carried across pages
_PAGE = "_beyond_page"  # session key: the page that last settled the URL
_FIXED = "_beyond_url_fixed"  # session key: the query last corrected (stops loops)


@dataclass(frozen=True)
class Choice:
    """A switch between named options, bound to the URL by the option's name."""

    key: str
    symbol: str  # how a note names it
    label: str
    help: str
    options: tuple[str, ...]
    default: str


SETTINGS: dict[str, Setting | Choice] = {
    setting.key: setting
    for setting in (
        Setting(
            key="pairs",
            symbol="the number of comparisons",
            label="comparisons people made",
            help=(
                "How many pairs of answers raters compared. Each pair is two answers from the "
                "base model; the rater picks one. More comparisons, a surer reward model."
            ),
            stops=PAIR_STOPS,
            default=2000,
            log_scale=True,
        ),
        Setting(
            key="spread",
            symbol="the length spread",
            label="length spread of the compared answers",
            help=(
                "How much the compared answers' lengths vary, in units of the base model's: "
                "1 = answers as the base model writes them; 0.3 = raters only ever saw "
                "answers of typical length, so they rarely met padding."
            ),
            stops=SPREAD_STOPS,
            default=1.0,
            log_scale=True,
        ),
        Setting(
            key="noise",
            symbol="the rater noise",
            label="rater noise T",
            help=(
                "Raters prefer the first answer with probability sigmoid((gold₁ − gold₂)/T). "
                "Small T: they almost always pick the truly better answer. Large T: close to "
                "a coin flip."
            ),
            stops=NOISE_STOPS,
            default=1.0,
            log_scale=True,
        ),
        Setting(
            key="prior",
            symbol="the prior",
            label="prior strength (ridge)",
            help=(
                "A Gaussian prior pulling every weight toward 0, of strength prior·|w|²/2. "
                "0 = plain maximum likelihood. A strong prior with few comparisons leaves "
                "the padding weight near 0: the model then believes longer is always better."
            ),
            stops=PRIOR_STOPS,
            default=0.0,
            log_scale=False,
        ),
        Choice(
            key="tails",
            symbol="the error tails",
            label="tails of the reward model's errors",
            help=(
                "Each of the 600 answers gets its own error of size 1. Light: normal errors. "
                "Heavy: the same draws stretched into a Student-t with 2 degrees of freedom, "
                "so a few answers get huge errors (same order, longer tails)."
            ),
            options=("light", "heavy"),
            default="light",
        ),
    )
}
REWARD_MODEL_KEYS = ("pairs", "spread", "noise", "prior")
COMPARE_KEYS = ("tails",)


# --- URL form (pure) ---------------------------------------------------------------------


def parse_choice(choice: Choice, raw_values: list[str]) -> tuple[str, str | None]:
    """The option a URL asks for, and a plain note if the URL's value was not one of them.

    The last of repeated values counts; letter case and spaces around are forgiven.
    """
    if not raw_values:
        return choice.default, None
    raw = raw_values[-1]
    repeated = (
        f"The link sets {choice.symbol} {len(raw_values)} times; the last one counts. "
        if len(raw_values) > 1
        else ""
    )
    wanted = raw.strip().lower() if len(raw) <= MAX_URL_VALUE else ""
    if wanted in choice.options:
        return wanted, (repeated.strip() or None)
    names = " or ".join(choice.options)
    return choice.default, (
        f"{repeated}The link sets {choice.symbol} to {shown(raw)}, which is not {names}, so "
        f"the page starts at {choice.default}."
    )


def parse(key: str, raw_values: list[str]) -> tuple[float | str, str | None]:
    """The value of setting ``key`` a URL asks for (always valid) and a note if it was not."""
    setting = SETTINGS[key]
    if isinstance(setting, Choice):
        return parse_choice(setting, raw_values)
    # ui.state's notes name a setting by its symbol; ours are phrases ("the rater noise").
    return parse_setting(setting, raw_values)


def url_value(key: str, value: float | str) -> str:
    """How a value of setting ``key`` is written in the URL."""
    return value if isinstance(value, str) else url_form(value)


def nearest(key: str, number: float) -> float:
    """The stop of numeric setting ``key`` nearest ``number``."""
    return nearest_stop(SETTINGS[key], number)


# --- Streamlit glue ----------------------------------------------------------------------


def settle_url(page: str, keys: Iterable[str]) -> None:
    """Make the address bar hold only usable values of ``keys``; call it first on the page.

    As :func:`ui.state.settle_url`: a bad value becomes the nearest valid one (or the default)
    with a note for :func:`show_notes`; a missing one takes this session's last value when
    arriving from another page (on the same page, an address without it is one the browser's
    Back restored: the default); the page reruns once if the address changed.
    """
    keys = tuple(keys)
    entering = st.session_state.get(_PAGE) != page
    st.session_state[_PAGE] = page
    attempt = tuple((key, tuple(st.query_params.get_all(key))) for key in keys)
    if st.session_state.get(_FIXED) == attempt:
        return  # this very address was corrected on the last run: never loop
    notes, url_changed = [], False
    for key in keys:
        default = SETTINGS[key].default
        raw_values = st.query_params.get_all(key)
        if raw_values:
            value, note = parse(key, raw_values)
            notes += [note] if note else []
            if raw_values != [url_value(key, value)]:
                wanted = None if value == default else url_value(key, value)
                if state.write_query_param(key, wanted):
                    url_changed = True
                else:
                    st.session_state[key] = value  # the widget owns the parameter
        else:
            value = current(key) if entering else default
            if value != default:
                url_changed |= state.write_query_param(key, url_value(key, value))
        if entering:
            st.session_state[key] = value
    if notes:
        st.session_state[_NOTES] = st.session_state.get(_NOTES, []) + notes
    if url_changed:
        st.session_state[_FIXED] = attempt
        st.rerun()


def show_notes() -> None:
    """Show, once, the notes :func:`settle_url` kept about the URL (plain text, never HTML)."""
    state.show_notes(_NOTES)


def current(key: str) -> float | str:
    """The latest value of a setting in this session (its default before any widget ran)."""
    return st.session_state.get(_LAST, {}).get(key, SETTINGS[key].default)


def slider(key: str, *, container=None) -> float:
    """The slider of numeric setting ``key``, bound to the URL; returns its value (a stop)."""
    value = state.url_slider(SETTINGS[key], key, container=container)
    st.session_state.setdefault(_LAST, {})[key] = value
    return value


def switch(key: str, *, container=None) -> str:
    """The switch of choice setting ``key``, bound to the URL; returns the option chosen."""
    choice = SETTINGS[key]
    target = container if container is not None else st
    value = target.segmented_control(
        choice.label,
        options=choice.options,
        default=choice.default,
        # The button shows the option's own name: Streamlit writes what a button shows into
        # the URL, and ?tails=heavy is what a lecturer would type.
        key=key,
        help=choice.help,
        required=True,
        bind="query-params",
    )
    value = value if value in choice.options else choice.default
    st.session_state.setdefault(_LAST, {})[key] = value
    return value
