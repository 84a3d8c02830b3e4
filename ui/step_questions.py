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
predict-then-reveal reads ``levels_off`` for its reveal. Every word is in the reader's language
(``common.i18n``: numbers formatted first, the English the key); the choices keep their order
in every language, so a right answer is the same index.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

import core
from common import format as fmt
from common.i18n import tr
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


def _vs_base_choices() -> tuple[str, ...]:
    return (
        tr("It rises above the base model"),
        tr("It stays at the base model's (within 0.005)"),
        tr("It falls below the base model"),
        tr("Can't tell: the grid's edge sets it here"),
    )


UP, SAME, DOWN, EDGE = range(4)


def _vs_base(gain: float, capped: bool) -> int:
    if capped:
        return EDGE
    return UP if gain > LEVEL else DOWN if gain < -LEVEL else SAME


def _kl_why(beta: float, b: float, sigma: float, check: core.EdgeCheck) -> str:
    at = {"beta": _named("β", beta), "b": fmt.stop(b), "sigma": fmt.stop(sigma)}
    if check.capped:
        return tr(
            "At {beta} (b = {b}, σ = {sigma}) {share} of the KL optimum sits within 0.5 of the "
            "grid's edge: the edge, not the trade-off, sets its numbers.",
            share=fmt.share_percent(float(check.edge_mass)),
            **at,
        )
    return tr(
        "At {beta} (b = {b}, σ = {sigma}) the KL optimum's true quality gain is {gain}.",
        gain=fmt.signed(float(check.gold_gain)),
        **at,
    )


def _step0(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    check = _kl_point(v["beta"], v["b"], v["sigma"])
    right = _vs_base(float(check.gold_gain), bool(check.capped))
    prompt = tr(
        "The KL penalty at {beta}: does true quality rise above the base model's, or fall?",
        beta=_named("β", v["beta"]),
    )
    why = _kl_why(v["beta"], v["b"], v["sigma"], check)
    if right == UP:
        why += " " + tr("A little pressure on a flawed reward model still helps.")
    return prompt, _vs_base_choices(), right, DOWN, why


def _peak_choices() -> tuple[str, ...]:
    return (
        tr("Below n = 10"),
        tr("Between n = 10 and 99"),
        tr("Between n = 100 and 999"),
        tr("At n = {n} or more, then it falls", n=fmt.count(PEAK_BINS[-1])),
        tr("It never turns down: it rises or levels off"),
    )


NEVER_DOWN = len(PEAK_BINS) + 1


def _peak_bin(n: float) -> int:
    return int(np.searchsorted(PEAK_BINS, n, side="right"))


def _peak_why(flat: LevelsOff) -> str:
    top = f"{_named('n', flat.peak)} ({fmt.signed(flat.top)})"
    end = _named("n", N_CURVE[-1])
    if flat.place == END:
        return tr(
            "Best-of-n's true quality is still rising at {end} ({top}).",
            end=end,
            top=fmt.signed(flat.top),
        )
    if flat.place == PLATEAU:
        return tr(
            "Best-of-n's highest point is {top}, and from {start} to {last} it stays within "
            "0.005 of it: it levels off.",
            top=top,
            start=_named("n", flat.levels_from),
            last=fmt.count(N_CURVE[-1]),
        )
    if flat.place == START:
        return tr(
            "Best-of-n is best at n = 1: true quality only falls ({fall} at {end}).",
            fall=fmt.signed(flat.end_gain),
            end=end,
        )
    return tr(
        "On this draw of 600 answers best-of-n peaks at {top}, and is back to {fall} at {end}.",
        top=top,
        fall=fmt.signed(flat.end_gain),
        end=end,
    )


def _step1(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    flat = levels_off(_bon_curve(v["b"], v["sigma"]))
    right = NEVER_DOWN if flat.place in (END, PLATEAU) else _peak_bin(flat.peak)
    prompt = tr(
        "Best-of-n keeps the answer the reward model likes best of n. Where does true quality peak?"
    )
    return prompt, _peak_choices(), right, NEVER_DOWN, _peak_why(flat)


def _step2(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    check = _kl_point(v["beta"], v["b"], v["sigma"])
    right = _vs_base(float(check.gold_gain), bool(check.capped))
    prompt = tr(
        "At {beta} the reward model's score is still climbing. What does true quality do?",
        beta=_named("β", v["beta"]),
    )
    why = _kl_why(v["beta"], v["b"], v["sigma"], check)
    bon = _bon_gain(v["n"], v["b"], v["sigma"])
    why += " " + tr("Best-of-n at {n}: {gain}.", n=_named("n", v["n"]), gain=fmt.signed(bon))
    return prompt, _vs_base_choices(), right, UP, why


def _shape_choices() -> tuple[str, ...]:
    return (
        tr("It keeps rising, or levels off"),
        tr("It peaks, then falls but stays above the base"),
        tr("It peaks, then falls below the base model"),
    )


def _step3(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    flat = levels_off(_bon_curve(v["b"], v["sigma"]))
    right = 0 if flat.place in (END, PLATEAU) else 2 if flat.end_gain < -LEVEL else 1
    prompt = tr(
        "The reward model learned b = {b} of the padding penalty (σ = {sigma}). As "
        "best-of-n's n grows to {last}, true quality…",
        b=fmt.stop(v["b"]),
        sigma=fmt.stop(v["sigma"]),
        last=fmt.count(N_CURVE[-1]),
    )
    return prompt, _shape_choices(), right, 2, _peak_why(flat)


def _sooner_choices() -> tuple[str, ...]:
    return (
        tr("Sooner: at a smaller n"),
        tr("At the same n: the errors average out"),
        tr("Later: at a larger n"),
        tr("It never turns down: it rises or levels off"),
    )


def _where(flat: LevelsOff) -> str:
    """ "peaks at n = 6 (+1.25)", "levels off from n = 1,942 (+1.54)", "still rises at ..."."""
    top = fmt.signed(flat.top)
    if flat.place == PLATEAU:
        return tr("levels off from {n} ({top})", n=_named("n", flat.levels_from), top=top)
    if flat.place == END:
        return tr("still rises at {n} ({top})", n=_named("n", flat.peak), top=top)
    return tr("peaks at {n} ({top})", n=_named("n", flat.peak), top=top)


def _step4(v: Mapping[str, float]) -> tuple[str, tuple[str, ...], int, int, str]:
    noisy = levels_off(_bon_curve(v["b"], v["sigma"]))
    clean = levels_off(_bon_curve(v["b"], 0.0))
    if noisy.place in (END, PLATEAU):
        right = 3
    else:
        right = 0 if noisy.peak < clean.peak else 1 if noisy.peak == clean.peak else 2
    prompt = tr(
        "The reward model gets other errors, σ = {sigma}. Compared with σ = 0, where does "
        "best-of-n's true quality peak?",
        sigma=fmt.stop(v["sigma"]),
    )
    why = tr(
        "With σ = {sigma} best-of-n {noisy}; with σ = 0 it {clean}.",
        sigma=fmt.stop(v["sigma"]),
        noisy=_where(noisy),
        clean=_where(clean),
    )
    return prompt, _sooner_choices(), right, 1, why


def _help_choices() -> tuple[str, ...]:
    return (
        tr("Only the KL penalty"),
        tr("Only best-of-n"),
        tr("Both"),
        tr("Neither"),
        tr("Can't tell: the grid's edge sets the KL optimum"),
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
    prompt = tr(
        "With σ = {sigma}, which optimizer does learning b = {b} help by {helps} or more, "
        "against b = 0 ({beta}, {n})?",
        sigma=fmt.stop(sigma),
        b=fmt.stop(b),
        helps=fmt.stop(HELPS),
        beta=_named("β", beta),
        n=_named("n", n),
    )
    why = tr(
        "Best-of-n: {bon_fixed} against {bon_flawed} at b = 0. KL penalty: {kl_fixed} "
        "against {kl_flawed}.",
        bon_fixed=fmt.signed(bon_fixed),
        bon_flawed=fmt.signed(bon_flawed),
        kl_fixed=fmt.signed(float(fixed.gold_gain)),
        kl_flawed=fmt.signed(float(flawed.gold_gain)),
    )
    if right == 4:
        why += " " + _kl_why(beta, b, sigma, fixed if fixed.capped else flawed)
    return prompt, _help_choices(), right, 2, why


def _share_choices() -> tuple[str, ...]:
    return (
        tr("Hardly ever: under 1 time in 100"),
        tr("Sometimes: 1 to 90 times in 100"),
        tr("Nearly always: over 90 times in 100"),
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
    prompt = tr(
        "Best-of-n draws {n} from only 600 answers. How often does it keep the reward model's "
        "single favourite?",
        n=_named("n", n),
    )
    why = tr(
        "At {n} it keeps the favourite {share} of the time; its KL is {kl} nats: with 600 "
        "answers it can never pass log 600 = {limit}.",
        n=_named("n", n),
        share=fmt.share_percent(share),
        kl=fmt.kl(float(result.kl[0])),
        limit=fmt.kl(float(np.log(core.ANSWER_COUNT))),
    )
    return prompt, _share_choices(), right, 0, why


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
