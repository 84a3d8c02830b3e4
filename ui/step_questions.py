"""A question for each story step, its right answer computed from core (pure: numbers in, words
out; no Streamlit).

Each of the story's seven steps (``ui.story_steps.PRESETS``) asks the room one thing, the way a
clicker question does before the reveal: fixed answers (words or bins, short enough for a
phone's buttons), one of them the answer students usually give and one the right one. The right
one is not written down: ``question`` computes it from core at whatever β, n, b and σ the
lecturer has set, so a question stays true after a slider moves (step 2 at b = 0.6 says true
quality is above the base model, where the preset's b = 0 has it fall to -4.37).

Where the model gives no single answer the choices say so: where best-of-n levels off (b = 0,
σ = 1: its highest point n = 212, +1.54, and from n = 1,942 to 10,000 within 0.005 of it) the
right answer is "never turns down: rises or levels off", by the class poll's plateau rule (its
LEVEL, ``ui.class_poll.guess_text``; ``levels_off`` here is that rule below the page packages,
where the stage's world reads it too); where the grid's edge, not the trade-off, sets a KL
optimum (``core.edge_check``: β = 0.25 at b = 0, 8.4% of it at the edge) it is "can't tell".
The class poll runs these questions, the Lesson's pack prints them, and the stage's
predict-then-reveal reads ``levels_off`` for its reveal.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

import core
from common import format as fmt
from ui.settings import SETTINGS
from ui.story_steps import PRESETS

# A difference in true quality below this prints as 0.00 (gains are told to 0.01): two values
# this close are equally high to anyone reading the chart (the class poll's LEVEL too).
LEVEL = 0.005
# Step 5's "helps": a move of true quality of 0.1 or more, the edge check's tolerance for "the
# same number" (core.EDGE_SHIFT_TOLERANCE); b = 0.2 at σ = 1 moves best-of-n at n = 590 by +0.05.
HELPS = core.EDGE_SHIFT_TOLERANCE
RARELY, NEARLY_ALWAYS = 0.01, 0.9  # step 6's bins of the favourite's share (1 and 90 in 100)
N_CURVE = core.log_spaced_counts(high=int(SETTINGS["n"].high))  # n from 1 to 10,000
PEAK_BINS = (10, 100, 1000)  # step 1's bins of n: below 10, 10-99, 100-999, 1,000 on

# Where a curve's true quality is highest (the class poll's words for it).
PEAK, END, START, PLATEAU = "peak", "end", "start", "plateau"


@dataclass(frozen=True)
class StepQuestion:
    """One story step's question, its answers and which is right at a setting."""

    step: int  # index into ui.story_steps.PRESETS (0..6)
    prompt: str  # the question, one or two short sentences, readable on a phone
    choices: tuple[str, ...]  # 3 to 5 answers, each at most ~60 characters (phone buttons)
    right: int  # index of the right choice, computed from core at the setting
    common_wrong: int  # index of the wrong answer students usually give
    why: str  # one or two sentences: why the right one is right (numbers from core)


@dataclass(frozen=True)
class LevelsOff:
    """Where a curve's true quality is highest, by the class poll's plateau rule, among its
    points clear of the grid's edge (a KL curve's ``capped``; best-of-n has no edge)."""

    place: str  # PEAK, END (still rising at the range's end), START (only falls) or PLATEAU
    peak: float  # the pressure (n or β) of the highest point (core's peak_pressure)
    top: float  # true quality's gain there
    levels_from: float  # where the last run within LEVEL of the top begins
    levels_to: float  # the strongest point looked at (the run's end where it reaches it)
    end_gain: float  # true quality's gain at that strongest point (n = 10,000)


def levels_off(curve: core.Curve) -> LevelsOff:
    """Where a curve (gentle to strong) is highest: a PEAK inside, a PLATEAU (it peaks but its
    strongest end is back within LEVEL of the top), END (highest at the end) or START (at the
    gentlest point), among the points clear of the grid's edge, as the class poll reads it."""
    edge = np.zeros(curve.pressure.shape) if curve.edge_mass is None else curve.edge_mass
    looked = core.uncapped_stops(edge, capped=curve.capped)
    gold = np.asarray(curve.gold_gain)[looked]
    pressure = np.asarray(curve.pressure)[looked]
    top = max(float(gold.max()), curve.peak_gold_gain)
    near = gold >= top - LEVEL
    # The last run of near points: from the last point that is not near, plus one.
    below = np.flatnonzero(~near)
    first = int(below[-1]) + 1 if below.size else 0
    levels_from = float(pressure[min(first, pressure.size - 1)])
    at_end = core.peak_at_end(
        curve.pressure, curve.peak_pressure, edge_mass=curve.edge_mass, capped=curve.capped
    )
    if at_end:
        place = END
    elif curve.peak_pressure == pressure[0]:
        place = START
    else:
        place = PLATEAU if bool(near[-1]) else PEAK
    end = (float(pressure[-1]), float(gold[-1]))
    return LevelsOff(place, curve.peak_pressure, top, levels_from, end[0], end[1])


def _named(symbol: str, value: float) -> str:
    return fmt.named(symbol, value)


def _bon_curve(b: float, sigma: float) -> core.Curve:
    return _cached_bon_curve(round(b, 6), round(sigma, 6))


@functools.lru_cache(maxsize=64)  # one curve per (b, σ): 441 slider settings, 0.02 s each
def _cached_bon_curve(b: float, sigma: float) -> core.Curve:
    return core.best_of_n_curve(N_CURVE, b=b, sigma=sigma)


def _bon_gain(n: float, b: float, sigma: float) -> float:
    return float(core.best_of_n(np.array([n]), b=b, sigma=sigma).gold_gain[0])


def _kl_point(beta: float, b: float, sigma: float) -> core.EdgeCheck:
    return core.edge_check(np.array(beta, dtype=float), b=b, sigma=sigma)


# --- the answers, shared by steps with the same kind of question -------------------------

VS_BASE = (
    "It rises above the base model",
    "It stays at the base model's (within 0.005)",
    "It falls below the base model",
    "Can't tell: the grid's edge sets it here",
)
UP, SAME, DOWN, EDGE = range(4)


def _vs_base(gain: float, capped: bool) -> int:
    if capped:
        return EDGE
    return UP if gain > LEVEL else DOWN if gain < -LEVEL else SAME


def _kl_why(beta: float, b: float, sigma: float, check: core.EdgeCheck) -> str:
    at = f"At {_named('β', beta)} (b = {fmt.stop(b)}, σ = {fmt.stop(sigma)})"
    if check.capped:
        return (
            f"{at} {fmt.share_percent(float(check.edge_mass))} of the KL optimum sits within 0.5 "
            "of the grid's edge: the edge, not the trade-off, sets its numbers."
        )
    return f"{at} the KL optimum's true quality gain is {fmt.signed(float(check.gold_gain))}."


def _step0(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    check = _kl_point(v["beta"], v["b"], v["sigma"])
    right = _vs_base(float(check.gold_gain), bool(check.capped))
    prompt = (
        f"The KL penalty at {_named('β', v['beta'])}: does true quality rise above the base "
        "model's, or fall?"
    )
    why = _kl_why(v["beta"], v["b"], v["sigma"], check)
    if right == UP:
        why += " A little pressure on a flawed reward model still helps."
    return prompt, VS_BASE, right, DOWN, why


PEAK_CHOICES = (
    "Below n = 10",
    "Between n = 10 and 99",
    "Between n = 100 and 999",
    "At n = 1,000 or more, then it falls",
    "It never turns down: it rises or levels off",
)
NEVER_DOWN = len(PEAK_BINS) + 1


def _peak_bin(n: float) -> int:
    return int(np.searchsorted(PEAK_BINS, n, side="right"))


def _peak_why(flat: LevelsOff) -> str:
    top = f"{_named('n', flat.peak)} ({fmt.signed(flat.top)})"
    end = _named("n", N_CURVE[-1])
    if flat.place == END:
        return f"Best-of-n's true quality is still rising at {end} ({fmt.signed(flat.top)})."
    if flat.place == PLATEAU:
        return (
            f"Best-of-n's highest point is {top}, and from {_named('n', flat.levels_from)} to "
            f"{fmt.count(N_CURVE[-1])} it stays within 0.005 of it: it levels off."
        )
    if flat.place == START:
        fall = fmt.signed(flat.end_gain)
        return f"Best-of-n is best at n = 1: true quality only falls ({fall} at {end})."
    return (
        f"On this draw of 600 answers best-of-n peaks at {top}, and is back to "
        f"{fmt.signed(flat.end_gain)} at {end}."
    )


def _step1(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    flat = levels_off(_bon_curve(v["b"], v["sigma"]))
    right = NEVER_DOWN if flat.place in (END, PLATEAU) else _peak_bin(flat.peak)
    prompt = (
        "Best-of-n keeps the answer the reward model likes best of n. Where does true quality peak?"
    )
    return prompt, PEAK_CHOICES, right, NEVER_DOWN, _peak_why(flat)


def _step2(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    check = _kl_point(v["beta"], v["b"], v["sigma"])
    right = _vs_base(float(check.gold_gain), bool(check.capped))
    prompt = (
        f"At {_named('β', v['beta'])} the reward model's score is still climbing. What does "
        "true quality do?"
    )
    why = _kl_why(v["beta"], v["b"], v["sigma"], check)
    bon = _bon_gain(v["n"], v["b"], v["sigma"])
    why += f" Best-of-n at {_named('n', v['n'])}: {fmt.signed(bon)}."
    return prompt, VS_BASE, right, UP, why


SHAPE_CHOICES = (
    "It keeps rising, or levels off",
    "It peaks, then falls but stays above the base",
    "It peaks, then falls below the base model",
)


def _step3(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    flat = levels_off(_bon_curve(v["b"], v["sigma"]))
    right = 0 if flat.place in (END, PLATEAU) else 2 if flat.end_gain < -LEVEL else 1
    prompt = (
        f"The reward model learned b = {fmt.stop(v['b'])} of the padding penalty "
        f"(σ = {fmt.stop(v['sigma'])}). As best-of-n's n grows to 10,000, true quality…"
    )
    return prompt, SHAPE_CHOICES, right, 2, _peak_why(flat)


SOONER_CHOICES = (
    "Sooner: at a smaller n",
    "At the same n: the errors average out",
    "Later: at a larger n",
    "It never turns down: it rises or levels off",
)


def _where(flat: LevelsOff) -> str:
    """ "peaks at n = 6 (+1.25)", "levels off from n = 1,942 (+1.54)", "still rises at ..."."""
    if flat.place == PLATEAU:
        return f"levels off from {_named('n', flat.levels_from)} ({fmt.signed(flat.top)})"
    if flat.place == END:
        return f"still rises at {_named('n', flat.peak)} ({fmt.signed(flat.top)})"
    return f"peaks at {_named('n', flat.peak)} ({fmt.signed(flat.top)})"


def _step4(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    noisy = levels_off(_bon_curve(v["b"], v["sigma"]))
    clean = levels_off(_bon_curve(v["b"], 0.0))
    if noisy.place in (END, PLATEAU):
        right = 3
    else:
        right = 0 if noisy.peak < clean.peak else 1 if noisy.peak == clean.peak else 2
    prompt = (
        f"The reward model gets other errors, σ = {fmt.stop(v['sigma'])}. Compared with σ = 0, "
        "where does best-of-n's true quality peak?"
    )
    why = (
        f"With σ = {fmt.stop(v['sigma'])} best-of-n {_where(noisy)}; with σ = 0 it {_where(clean)}."
    )
    return prompt, SOONER_CHOICES, right, 1, why


HELP_CHOICES = (
    "Only the KL penalty",
    "Only best-of-n",
    "Both",
    "Neither",
    "Can't tell: the grid's edge sets the KL optimum",
)


def _step5(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    beta, n, b, sigma = v["beta"], v["n"], v["b"], v["sigma"]
    fixed, flawed = _kl_point(beta, b, sigma), _kl_point(beta, 0.0, sigma)
    kl_gain = float(fixed.gold_gain) - float(flawed.gold_gain)
    bon_fixed, bon_flawed = _bon_gain(n, b, sigma), _bon_gain(n, 0.0, sigma)
    bon_gain = bon_fixed - bon_flawed
    kl_helps, bon_helps = kl_gain >= HELPS, bon_gain >= HELPS
    if fixed.capped or flawed.capped:
        right = 4
    else:
        right = {(True, False): 0, (False, True): 1, (True, True): 2}.get((kl_helps, bon_helps), 3)
    prompt = (
        f"With σ = {fmt.stop(sigma)}, which optimizer does learning b = {fmt.stop(b)} help by "
        f"0.1 or more, against b = 0 ({_named('β', beta)}, {_named('n', n)})?"
    )
    why = (
        f"Best-of-n: {fmt.signed(bon_fixed)} against {fmt.signed(bon_flawed)} at b = 0. "
        f"KL penalty: {fmt.signed(float(fixed.gold_gain))} against "
        f"{fmt.signed(float(flawed.gold_gain))}."
    )
    if right == 4:
        why += " " + _kl_why(beta, b, sigma, fixed if fixed.capped else flawed)
    return prompt, HELP_CHOICES, right, 2, why


SHARE_CHOICES = (
    "Hardly ever: under 1 time in 100",
    "Sometimes: 1 to 90 times in 100",
    "Nearly always: over 90 times in 100",
)


def favourite_share(n: float, b: float, sigma: float) -> float:
    """The chance best-of-n keeps the reward model's favourite of the 600 answers (all of them
    tied at its top score together)."""
    ranked = core.ranked_answers(b=b, sigma=sigma)
    favourites = ranked.order[ranked.proxy == ranked.proxy[-1]]
    return float(core.win_probabilities(np.array([n]), b=b, sigma=sigma)[0, favourites].sum())


def _step6(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    n = v["n"]
    share = favourite_share(n, v["b"], v["sigma"])
    right = 0 if share < RARELY else 1 if share <= NEARLY_ALWAYS else 2
    result = core.best_of_n(np.array([n]), b=v["b"], sigma=v["sigma"])
    prompt = (
        f"Best-of-n draws {_named('n', n)} from only 600 answers. How often does it keep the "
        "reward model's single favourite?"
    )
    why = (
        f"At {_named('n', n)} it keeps the favourite {fmt.share_percent(share)} of the time; "
        f"its KL is {fmt.kl(float(result.kl[0]))} nats: with 600 answers it can never pass "
        f"log 600 = {fmt.kl(float(np.log(core.ANSWER_COUNT)))}."
    )
    return prompt, SHARE_CHOICES, right, 0, why


_STEPS = (_step0, _step1, _step2, _step3, _step4, _step5, _step6)


def question(step: int, values: Mapping[str, float]) -> StepQuestion:
    """Story step ``step``'s question, its right answer computed at ``values`` (β, n, b, σ)."""
    if not 0 <= step < len(PRESETS):
        raise ValueError(f"step must be 0 to {len(PRESETS) - 1}, got {step!r}")
    v = {key: float(values[key]) for key in ("beta", "n", "b", "sigma")}
    prompt, choices, right, common_wrong, why = _STEPS[step](v)
    return StepQuestion(step, prompt, choices, right, common_wrong, why)


def questions() -> tuple[StepQuestion, ...]:
    """Every step's question at its preset's values."""
    return tuple(question(step, preset.values) for step, preset in enumerate(PRESETS))
