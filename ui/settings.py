"""The app's settings in one table: what each is, where its slider stops, and its URL form.

Pure (no Streamlit): the stops, the table of four settings, the story's presets, and the
parsing of URL values (:func:`parse_setting`, :func:`parse_seed`), so tests can feed them
anything. ``ui.state`` puts them on the page.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass

# β runs from 10 (a strong penalty, little optimization) down to 0.25, so on every slider
# moving right means more optimization pressure.
# It holds every β the lesson prints (4, 2, 1, 0.6, 0.4, 0.3) and stops at 0.25. The grid ends
# at 6: at σ = 0 the optimum nears that edge only below about 0.15 (2.1% of it within 0.5 of the
# edge at β = 0.3, 8.4% at 0.25), but the reward model's errors pull it there sooner (8.3% at
# β = 0.3, b = 0.2, σ = 1). Of the stops only 0.3 and 0.25 ever reach 5% (at most 2.6% at 0.35,
# over all 441 (b, σ)); there every page notes it (ui/edge_note.py) rather than lose the
# lesson's 0.3.
BETA_STOPS = (10.0, 8.0, 6.0, 5.0, 4.0, 3.0, 2.5, 2.0, 1.6, 1.3, 1.0)
BETA_STOPS += (0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25)
BETA_EDGE = 0.15  # at σ = 0 the optimum's centre, substance 1/β, nears the edge below this
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
    hint: str = ""  # one visible line under a slider (a projector shows no tooltips)

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
                "β is in reward units per nat. The grid ends at length and substance 6: "
                "where 5% or more of the optimum sits within 0.5 of that edge (at β = 0.3 or "
                "0.25 for some b and σ), the readouts say so."
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
            hint="Share of the padding penalty the reward model learned: 0 none, 1 all.",
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
            hint="Size of the reward model's other, unmapped errors: 0 none.",
        ),
    )
}
KEYS = tuple(SETTINGS)  # ("beta", "n", "b", "sigma")
# The Playground moves all four on its stage, in the browser, not with Streamlit sliders; b and
# σ choose the stage's world (the reward model), fetched from /worlds/ as they move.
STAGE_KEYS = ("beta", "n", "b", "sigma")
WORLD_KEYS = ("b", "sigma")
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
        "True quality at its best: β = 1 for the penalty, n = 49 for best-of-n on this draw "
        "of 600 answers (other draws peak elsewhere: the Best-of-n page redraws them).",
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
    Preset(
        "The fix, with other errors left",
        "Padding fixed (b = 0.2) but other errors added (σ = 1): pushing harder barely hurts, "
        "and barely helps: best-of-n's true quality stalls near +1.5 while the reward model "
        "reports +3.4, and the KL optimum at β = 0.4 gets +1.4 for +3.4.",
        # β = 0.4, not 0.3: at 0.3 8.3% of the optimum sits on the grid's edge (0.28% here).
        {"beta": 0.4, "n": 590, "b": 0.2, "sigma": 1.0},
    ),
    Preset(
        "Best-of-n runs out of answers",
        "n = 10,000 draws from only 600 answers: best-of-n nearly always keeps the reward "
        "model's single favourite, and its KL stops just short of log 600.",
        # β = 0.3, not 0.25: at 0.25 8.4% of the optimum sits on the grid's edge (2.1% here).
        {"beta": 0.3, "n": 10000, "b": 0.0, "sigma": 0.0},
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
