"""The app's four settings: one table says what each is, where its slider stops, and its URL form.

Pages build their sliders with :func:`slider` and never read ``st.query_params`` themselves.
A setting lives in the address bar as ``?beta=0.6&n=49`` (a setting at its default is left
out), so a copied link restores the screen. The sliders are bound to the URL by Streamlit
(``bind="query-params"``); Streamlit drops a value that is not one of a slider's stops and
falls back to the default without a word, so :func:`settle_url` runs first on every page: it
replaces each unusable value with the nearest stop, keeps a plain note for the reader, and
reruns the page once so the sliders start from the corrected address.

The parsing functions (:func:`parse_setting`, :func:`parse_seed`) are pure, so tests can feed
them anything.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from urllib.parse import urlsplit

import streamlit as st
from streamlit.errors import StreamlitAPIException

# β runs from 10 (a strong penalty, little optimization) down to 0.25, so on every slider
# moving right means more optimization pressure.
# It holds every β the lesson prints (4, 2, 1, 0.6, 0.4, 0.3) and stops at 0.25: below about
# 0.15 the grid's edge at substance 6 caps the optimum and bends the curves (SPEC §3).
BETA_STOPS = (10.0, 8.0, 6.0, 5.0, 4.0, 3.0, 2.5, 2.0, 1.6, 1.3, 1.0)
BETA_STOPS += (0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25)
BETA_EDGE = 0.15  # below this β the grid's edge, not the lesson, shapes the optimum
# n, on roughly log-even steps from 1 to 10,000, with the lesson's 1, 49 (the peak) and 590
# (back below the base model) exactly.
N_STOPS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 40, 49, 60, 80, 100, 150, 200, 300, 400)
N_STOPS += (590, 800, 1000, 1500, 2000, 3000, 5000, 7000, 10000)
B_STOPS = tuple(round(0.05 * step, 2) for step in range(21))  # 0, 0.05, ..., 1
SIGMA_STOPS = tuple(round(0.1 * step, 1) for step in range(21))  # 0, 0.1, ..., 2

MAX_URL_VALUE = 64  # characters; a longer URL value is not read at all
SHOWN_CHARACTERS = 16  # how much of a bad URL value a note repeats (after cleaning)
SEED_KEY = "seed"  # URL parameter: which fresh set of 600 answers the Best-of-n page draws
SEED_LIMIT = 2**32  # seeds are whole numbers in [0, SEED_LIMIT)

_NOTES = "_url_notes"  # session key: notes waiting to be shown after a corrected URL
_LAST = "_last_settings"  # session key: the latest value of each setting, carried across pages
_PAGE = "_page"  # session key: the page that last settled the URL (to notice arrivals)
_PRESET = "_preset"  # session key: the name of the last preset button pressed
_FIXED = "_url_fixed"  # session key: the query this session last corrected (stops loops)
_REQUEST = "_stage_request"  # session key: where Python last asked the stage to move


@dataclass(frozen=True)
class Setting:
    """One slider: what it means, where it can stop, and how it reads from a URL."""

    key: str  # the widget key and the URL parameter name
    symbol: str  # how text writes it: "β"
    label: str  # the slider's label (Markdown)
    help: str  # the slider's tooltip: what the setting is, which way is more pressure
    stops: tuple[float, ...]  # every value the slider can take, left to right
    default: float
    log_scale: bool  # nearest stop by ratio (β, n) rather than by difference (b, σ)
    hint: str = ""  # one visible line under a slider: which way is more pressure

    @property
    def low(self) -> float:
        return min(self.stops)

    @property
    def high(self) -> float:
        return max(self.stops)


SETTINGS: dict[str, Setting] = {
    setting.key: setting
    for setting in (
        Setting(
            key="beta",
            symbol="β",
            label="β · KL penalty strength",
            help=(
                "The KL-penalized optimum maximizes E[reward model] − β·KL(π ‖ π_ref). "
                "A large β keeps the policy near the base model; a small β lets it chase "
                "the reward model. Right = weaker penalty = more optimization. "
                "β is in reward units per nat. It stops at 0.25: below about 0.15 the edge "
                "of the computed grid, not the lesson, would shape the answer."
            ),
            stops=BETA_STOPS,
            default=4.0,
            log_scale=True,
            hint="reward per nat. Right: weaker penalty, more optimization.",
        ),
        Setting(
            key="n",
            symbol="n",
            label="n · answers drawn (best-of-n)",
            help=(
                "Best-of-n draws n answers from the base model and keeps the one the reward "
                "model scores highest. Right = more answers = more optimization. "
                "n = 1 is the base model itself."
            ),
            stops=N_STOPS,
            default=1,
            log_scale=True,
            hint="Right: more answers, the reward model keeps its favourite.",
        ),
        Setting(
            key="b",
            symbol="b",
            label="b · padding penalty learned",
            help=(
                "The true goal subtracts a padding penalty, length² − 1. The reward model "
                "learned the fraction b of it: b = 0 is the lesson's reward model "
                "(longer is always better), b = 1 knows the whole penalty."
            ),
            stops=B_STOPS,
            default=0.0,
            log_scale=False,
        ),
        Setting(
            key="sigma",
            symbol="σ",
            label="σ · other reward-model errors",
            help=(
                "The reward model also errs in ways nobody mapped: σ times a fixed, smooth "
                "random field over the answers (mean 0, variance 1). σ = 0 is the lesson's "
                "reward model."
            ),
            stops=SIGMA_STOPS,
            default=0.0,
            log_scale=False,
        ),
    )
}
KEYS = tuple(SETTINGS)  # ("beta", "n", "b", "sigma")
# The Playground moves these on its stage, in the browser, not with Streamlit sliders.
STAGE_KEYS = ("beta", "n")
PRESENT_KEY = "present"  # URL parameter: ?present=1 opens the Playground in presenter mode
DEFAULTS = {key: setting.default for key, setting in SETTINGS.items()}


@dataclass(frozen=True)
class Preset:
    """A setting of all four sliders that tells one step of the story."""

    name: str  # the button's label
    story: str  # one line: what to look at
    values: Mapping[str, float]  # a value for every key in SETTINGS


PRESETS = (
    Preset(
        "Lesson default",
        "The lesson's toy: the reward model thinks longer is always better. Little pressure yet.",
        {"beta": 4.0, "n": 1, "b": 0.0, "sigma": 0.0},
    ),
    Preset(
        "The peak",
        "True quality at its best: β = 1 for the penalty, n = 49 for best-of-n.",
        {"beta": 1.0, "n": 49, "b": 0.0, "sigma": 0.0},
    ),
    Preset(
        "Overoptimized",
        "β = 0.3 and n = 590: the reward model's score still climbs, true quality has fallen "
        "below the base model's.",
        {"beta": 0.3, "n": 590, "b": 0.0, "sigma": 0.0},
    ),
    Preset(
        "Fix: b = 0.2",
        "Same pressure, but the reward model learned a fifth of the padding penalty: "
        "the decline is gone.",
        {"beta": 0.3, "n": 590, "b": 0.2, "sigma": 0.0},
    ),
    Preset(
        "Noisy reward model",
        "The lesson's reward model plus errors nobody mapped (σ = 0.5): true quality peaks "
        "sooner (best-of-n at about n = 6) and n = 200 is already worse than the base model.",
        {"beta": 0.6, "n": 200, "b": 0.0, "sigma": 0.5},
    ),
)


# --- URL form (pure) ---------------------------------------------------------------------


def url_form(value: float) -> str:
    """How a stop is written in the URL and on the slider: 0.6, 49, 10000 (never 4.0)."""
    return f"{value:g}"


def nearest_stop(setting: Setting, number: float) -> float:
    """The stop closest to a finite or infinite ``number`` (by ratio on log-scaled settings)."""
    clamped = min(max(number, setting.low), setting.high)
    if setting.log_scale:
        return min(setting.stops, key=lambda stop: abs(math.log(stop / clamped)))
    return min(setting.stops, key=lambda stop: abs(stop - clamped))


def shown(raw: str) -> str:
    """A bad URL value made safe to repeat in a note: letters, digits, '.', '+', '-' only."""
    cleaned = re.sub(r"[^0-9A-Za-z.+-]", "", raw)
    if not cleaned:
        return "nothing readable"
    if len(cleaned) > SHOWN_CHARACTERS:
        cleaned = cleaned[:SHOWN_CHARACTERS] + "…"
    return f"“{cleaned}”"


def parse_setting(setting: Setting, raw_values: list[str]) -> tuple[float, str | None]:
    """The slider value a URL asks for, and a plain note if the URL's value was not usable.

    ``raw_values`` are every value the URL gives for the key (a repeated key gives several;
    the last one counts). No values means the default, without a note. Notes are plain
    sentences that repeat at most the letters, digits, '.', '+' and '-' of a bad value.
    """
    if not raw_values:
        return setting.default, None
    raw = raw_values[-1]
    symbol, default = setting.symbol, url_form(setting.default)
    repeated = (
        f"The link sets {symbol} {len(raw_values)} times; the last one counts. "
        if len(raw_values) > 1
        else ""
    )
    if len(raw) > MAX_URL_VALUE:
        return setting.default, (
            f"{repeated}The link sets {symbol} to a value {len(raw)} characters long, too long "
            f"to be a setting, so {symbol} starts at its default, {default}."
        )
    try:
        number = float(raw)
    except ValueError:
        number = math.nan
    if math.isnan(number):
        return setting.default, (
            f"{repeated}The link sets {symbol} to {shown(raw)}, which is not a number, so "
            f"{symbol} starts at its default, {default}."
        )
    value = nearest_stop(setting, number)
    if value == number:
        return value, (repeated.strip() or None)
    if not setting.low <= number <= setting.high:
        why = (
            f"outside the slider's range of {url_form(setting.low)} to "
            f"{url_form(setting.high)}, so {symbol} starts at the nearest end"
        )
    else:
        why = f"between the slider's steps, so {symbol} starts at the nearest step"
    return value, (f"{repeated}The link sets {symbol} to {shown(raw)}, {why}, {url_form(value)}.")


def parse_seed(raw_values: list[str]) -> tuple[int | None, str | None]:
    """The answer set a URL asks for (None: the lesson's fixed set) and a note if unusable."""
    if not raw_values:
        return None, None
    raw = raw_values[-1].strip()
    if raw.isdigit() and len(raw) <= 10 and int(raw) < SEED_LIMIT:
        return int(raw), None
    return None, (
        f"The link asks for answer set {shown(raw)}, which is not a whole number from 0 to "
        f"{SEED_LIMIT - 1}, so the page shows the lesson's fixed 600 answers."
    )


def query_for(values: Mapping[str, float]) -> dict[str, str]:
    """The URL parameters for some settings, leaving out those at their default."""
    return {
        key: url_form(value)
        for key, value in values.items()
        if key in SETTINGS and value != SETTINGS[key].default
    }


def full_query(values: Mapping[str, float]) -> dict[str, str]:
    """URL parameters for every setting given, defaults included (a link that resets too)."""
    return {key: url_form(value) for key, value in values.items() if key in SETTINGS}


def query_string(values: Mapping[str, float], *, seed: int | None = None) -> str:
    """``?beta=0.3&n=590`` for the given settings ("" when all are at their defaults)."""
    query = query_for(values)
    if seed is not None:
        query[SEED_KEY] = str(seed)
    return "?" + "&".join(f"{key}={value}" for key, value in query.items()) if query else ""


# --- Streamlit glue ----------------------------------------------------------------------


def settle_url(
    page: str,
    keys: Iterable[str] = KEYS,
    *,
    with_seed: bool = False,
    stage_keys: Iterable[str] = (),
) -> None:
    """Make the address bar hold only usable settings; call it first on every page.

    ``page`` names the page, ``keys`` are its sliders. A value that is not a slider stop
    (``?beta=abc``, ``?n=1e99``, a repeated key) is replaced by the nearest stop, or dropped
    for the default, and a note is kept for :func:`show_notes`. A setting missing from the URL
    takes the value it last had in this session (on another page), so moving between pages
    keeps the setting. If the URL changed, the page reruns once so its sliders start from the
    corrected address. ``stage_keys`` are settings the page moves without a Streamlit slider
    (the Playground's stage): the address sets them on arrival, and the page writes them back.
    """
    stage_keys = tuple(stage_keys)
    entering = st.session_state.get(_PAGE) != page
    st.session_state[_PAGE] = page
    notes: list[str] = []
    url_changed = False
    attempt = tuple((key, tuple(st.query_params.get_all(key))) for key in (*keys, SEED_KEY))
    if st.session_state.get(_FIXED) == attempt:
        return  # this very address was corrected on the last run: never loop
    for key in keys:
        setting = SETTINGS[key]
        raw_values = st.query_params.get_all(key)
        if raw_values:
            value, note = parse_setting(setting, raw_values)
            if note:
                notes.append(note)
            if raw_values != [url_form(value)]:
                wanted = None if value == setting.default else url_form(value)
                if _write_url(key, wanted):
                    url_changed = True
                else:
                    # The page's slider already owns this parameter: set the slider
                    # instead, and Streamlit writes the URL for it.
                    st.session_state[key] = value
        else:
            value = current(key)
            if value != setting.default:
                url_changed |= _write_url(key, url_form(value))
        if key in stage_keys:
            if entering:
                remember({key: value})
        elif entering:
            # Arriving on a page, the address (or this session's last value) decides, never
            # what another page's slider left under the same key; Streamlit would otherwise
            # keep that old value when the address asks for the default.
            st.session_state[key] = value
    if with_seed:
        _, note = parse_seed(st.query_params.get_all(SEED_KEY))
        if note:
            notes.append(note)
            url_changed |= _write_url(SEED_KEY, None)
    if notes:
        st.session_state[_NOTES] = st.session_state.get(_NOTES, []) + notes
    if entering and stage_keys:
        request_stage_move()
    if url_changed:
        st.session_state[_FIXED] = attempt
        st.rerun()


def _write_url(key: str, url_value: str | None) -> bool:
    """Write one URL parameter (None: drop it); False if a slider already owns it."""
    try:
        if url_value is None:
            if key not in st.query_params:
                return False
            del st.query_params[key]
        else:
            st.query_params[key] = url_value
    except StreamlitAPIException:
        return False
    return True


def show_notes() -> None:
    """Show, once, the notes :func:`settle_url` kept about the URL (plain text, never HTML)."""
    notes = st.session_state.pop(_NOTES, [])
    if notes:
        st.warning("\n".join(f"- {note}" for note in notes), icon=":material/link_off:")


def slider(key: str, *, container=None, label_visibility: str = "visible") -> float:
    """The slider of setting ``key``, bound to the URL; returns its value (a stop).

    ``container`` is where to draw it (default: the current one).
    """
    setting = SETTINGS[key]
    target = container if container is not None else st
    value = target.select_slider(
        setting.label,
        options=setting.stops,
        value=setting.default,
        format_func=url_form,
        key=key,
        help=setting.help,
        bind="query-params",
        label_visibility=label_visibility,
    )
    st.session_state.setdefault(_LAST, {})[key] = value
    return value


def remember(values: Mapping[str, float]) -> None:
    """Make these the session's latest settings (what the next page and link start from)."""
    st.session_state.setdefault(_LAST, {}).update(values)


def write_url(values: Mapping[str, float]) -> None:
    """Write settings that no Streamlit slider owns into the address (defaults left out)."""
    for key, value in values.items():
        wanted = None if value == SETTINGS[key].default else url_form(value)
        if st.query_params.get(key) != wanted:
            _write_url(key, wanted)


def request_stage_move() -> None:
    """Ask the stage to show the session's current β and n (after a preset or an arrival)."""
    previous = st.session_state.get(_REQUEST, {}).get("id", 0)
    st.session_state[_REQUEST] = {
        "id": previous + 1,
        **{key: url_form(current(key)) for key in STAGE_KEYS},
    }


def stage_request() -> dict:
    """Where Python last asked the stage to move: {"id", "beta", "n"} (β and n as URL text)."""
    if _REQUEST not in st.session_state:
        request_stage_move()
    return st.session_state[_REQUEST]


def presenter_mode() -> bool:
    """Whether the address asks for presenter mode (?present=1); anything else is off."""
    return st.query_params.get(PRESENT_KEY, "").strip().lower() in {"1", "true", "yes", "on"}


def share_link(values: Mapping[str, float], *, seed: int | None = None) -> str:
    """The address of the current page at these settings, to copy and send."""
    page_url = st.context.url or ""
    if page_url and not urlsplit(page_url).path:
        page_url += "/"  # http://host:port?beta=... is not a link every tool accepts
    return page_url + query_string(values, seed=seed)


def share_box(values: Mapping[str, float], *, seed: int | None = None) -> None:
    """The link to this setting, in a box with a copy button."""
    st.caption("Link to this setting (the address bar holds it too):")
    st.code(share_link(values, seed=seed) or "(the defaults)", language=None, wrap_lines=True)


def current(key: str) -> float:
    """The latest value of a setting in this session (its default before any slider ran)."""
    return st.session_state.get(_LAST, {}).get(key, SETTINGS[key].default)


def apply_preset(preset: Preset) -> None:
    """Button callback: move every slider to the preset (Streamlit writes the URL)."""
    st.session_state[_PRESET] = preset.name
    for key, value in preset.values.items():
        st.session_state[key] = value
    remember(preset.values)
    request_stage_move()


def preset_buttons(on_apply: Callable[[Preset], None] = apply_preset) -> None:
    """A row of preset buttons, each with its story as the tooltip."""
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        st.markdown("**Story, step by step:**", width="content")
        for preset in PRESETS:
            st.button(
                preset.name,
                key=f"preset-{preset.name}",
                help=preset.story,
                on_click=on_apply,
                args=(preset,),
            )


def current_preset(values: Mapping[str, float]) -> Preset | None:
    """The story step the settings sit on: the last one chosen, else any one they match
    (a shared link or a Lesson link opens a step without a button press)."""
    matching = [p for p in PRESETS if all(values[key] == p.values[key] for key in KEYS)]
    last = st.session_state.get(_PRESET)
    return next((p for p in matching if p.name == last), matching[0] if matching else None)


def preset_story(values: Mapping[str, float]) -> None:
    """The story line of the step the settings sit on, if they sit on one."""
    chosen = current_preset(values)
    if chosen is not None:
        st.info(f"**{chosen.name}.** {chosen.story}")


def answer_seed() -> int | None:
    """The fresh answer set the URL asks for (None: the lesson's fixed 600 answers)."""
    seed, _ = parse_seed(st.query_params.get_all(SEED_KEY))
    return seed


def set_answer_seed(seed: int | None) -> None:
    """Button callback: show another fresh answer set (an int) or the lesson's (None)."""
    if seed is None:
        if SEED_KEY in st.query_params:
            del st.query_params[SEED_KEY]
    else:
        st.query_params[SEED_KEY] = str(int(seed) % SEED_LIMIT)
