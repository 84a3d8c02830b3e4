"""What the rating poll's lecturer screen says about the room's fit, in pure sentence builders.

The room's reward model, in units of substance, is s + w·l - b·(l² - 1): ``w`` its length weight
(true quality's and the Playground's reward model's: 1), ``b`` its share of the padding penalty
(true quality's: 1). Each builder takes the numbers and returns the sentence; each claim it makes
holds for those numbers (tests/app/test_rating_text.py walks a grid of fits and checks every
claim against its own condition).
"""

from __future__ import annotations

import math

import numpy as np

from common import format as fmt
from core.curves import Curve
from core.room_ratings import REFERENCE_NOISE, RoomFit
from core.world import GRID_LIMIT
from ui import edge_note

GOLD_BEST_LENGTH = 0.5  # true quality s + l - (l² - 1) is highest at l = 1/2
WIDE_INTERVAL = 0.5  # a 90% interval of b wider than this is called rough on screen
CHANCE_SPREADS = 2  # agreement this many standard deviations from the reference: not chance
STEADY = 1e-9  # a curve step down by less than this is float noise, not a fall


def b_value(b: float) -> str:
    """b at the screen's two decimals, or with the decimals that show its sign when it rounds
    to 0 without being 0 (a b of -0.003 is negative and the sentence says so)."""
    text = fmt.number(b)
    return text if float(text) != 0 or b == 0 else fmt.signed(b).removeprefix("+")


def signed_term(weight: float, term: str) -> str:
    """ " + 0.95·length" or " − 0.19·length": a formula's term with its operator."""
    operator = "−" if float(fmt.number(weight)) < 0 else "+"
    return f" {operator} {fmt.number(abs(weight))}·{term}"


def reward_model_sentence(*, length_weight: float, b: float, decided: int) -> str:
    """The room's reward model as a formula beside true quality's, and what it was fit on."""
    formula = "substance" + signed_term(length_weight, "length") + signed_term(-b, "(length² − 1)")
    return (
        f"The room's reward model: {formula}, in units of substance (true quality is "
        f"substance + length − (length² − 1): length weight 1, b = 1). Fit by Bradley–Terry "
        f'on {fmt.count(decided)} decided comparisons; "can\'t tell" is left out.'
    )


def favourite_length(*, length_weight: float, b: float) -> float:
    """Where w·l - b·(l² - 1) turns: its top for b > 0, its bottom for b < 0; nan at b = 0."""
    return length_weight / (2 * b) if b != 0 else math.nan


def weights_sentence(*, length_weight: float, b: float) -> str:
    """What the room's length weight and b mean together: its favourite length, or that on the
    grid longer (or shorter) always scores higher, and what a negative b means."""
    said = (
        f"Its length weight is {fmt.number(length_weight)} per unit of substance (true "
        "quality's and the Playground's reward model's: 1)"
    )
    if b > 0:
        share = "more than the whole" if b > 1 else "the whole" if b == 1 else "a share"
        said += (
            f"; its b = {b_value(b)} is {share} of the padding penalty per unit of "
            "substance (true quality's: 1)."
        )
    elif b == 0:
        said += " and its b is 0: no padding penalty."
    else:
        said += (
            f"; its b = {b_value(b)} is negative: the room preferred length even past the "
            f"point where true quality penalizes it (true quality falls past l = "
            f"{fmt.number(GOLD_BEST_LENGTH)}), so its reward model pays a padding bonus, "
            "growing with length², instead of a penalty."
        )
    turn = favourite_length(length_weight=length_weight, b=b)
    if math.isnan(turn) or abs(turn) > GRID_LIMIT:
        if length_weight == 0:
            return f"{said} Length does not change its score at all."
        direction = "longer" if length_weight > 0 else "shorter"
        where = (
            ""
            if math.isnan(turn)
            else f" (it turns at l = {fmt.number(turn)}, past the grid's edge)"
        )
        return f"{said} On every answer here{where}, {direction} scores higher."
    if b > 0:
        return (
            f"{said} Together they put its favourite length at l = {fmt.number(turn)} (true "
            f"quality's: {fmt.number(GOLD_BEST_LENGTH)}); the further an answer's length is "
            "from it, either way, the lower the room's score."
        )
    return (
        f"{said} Its score is lowest at l = {fmt.number(turn)} and rises the further an "
        "answer's length is from it, either way."
    )


def is_wide(low: float, high: float) -> bool:
    """Whether the 90% interval of b is rough: wider than WIDE_INTERVAL, or not finite."""
    return not high - low <= WIDE_INTERVAL


def interval_sentence(*, low: float, high: float, decided: int) -> str:
    """What the 90% interval of b says: whether it includes 0 or 1, and when it is wide, that
    this b is rough (more comparisons narrow it on average, one can widen it)."""
    bounds = f"{fmt.number(low)} to {fmt.number(high)}"
    parts = []
    if is_wide(low, high):
        parts.append(
            f"Only {fmt.count(decided)} decided comparisons: the interval of b is wide "
            f"({bounds}), so this b is a rough reading. More comparisons narrow it on average "
            "(roughly as one over the square root of their number), though a single one can "
            "widen it."
        )
    if low <= 0 and high >= 1:
        parts.append(
            f"Its 90% interval ({bounds}) includes both 0 and 1: these choices cannot tell "
            "whether the room learned none of the padding penalty or all of it."
        )
    elif low <= 0 <= high:
        parts.append(
            f"Its 90% interval ({bounds}) includes 0: these choices cannot tell whether the "
            "room learned any padding penalty at all."
        )
    elif low <= 1 <= high:
        parts.append(
            f"Its 90% interval ({bounds}) includes 1: these choices are consistent with the "
            "whole padding penalty, true quality's."
        )
    elif high < 0:
        parts.append(f"Its 90% interval ({bounds}) lies below 0: a padding bonus, not a penalty.")
    elif low > 1:
        parts.append(
            f"Its 90% interval ({bounds}) lies above 1: more than the whole padding penalty."
        )
    else:
        parts.append(
            f"Its 90% interval ({bounds}) lies between 0 and 1: part of the padding penalty."
        )
    return " ".join(parts)


def agreement_sentence(
    *, agreement: float, reference: float, reference_spread: float, decided: int
) -> str:
    """The room's agreement with true quality beside the reference on the same pairs: what
    raters who follow true quality with ordinary noise would reach, and whether the difference
    is more than chance."""
    spread = fmt.percent(reference_spread, decimals=1)
    said = (
        f"The room picked the answer true quality prefers in {fmt.percent(agreement)} of its "
        f"{fmt.count(decided)} decided pairs; raters who follow true quality with ordinary "
        f"noise (Bradley–Terry at T = {fmt.stop(REFERENCE_NOISE)}) would pick it in "
        f"{fmt.percent(reference)} of those same pairs, on average (give or take {spread})."
    )
    gap = agreement - reference
    if abs(gap) <= CHANCE_SPREADS * reference_spread:
        return f"{said} The difference is within what chance gives such raters."
    direction = "less" if gap < 0 else "more"
    return (
        f"{said} The room agreed with true quality {direction} often than such raters: more "
        "than chance explains."
    )


def playground_sentence(
    *, b: float, length_weight: float, substance_weight: float, stop: float
) -> str:
    """What the Playground link keeps of the room's model (its padding share b, to the nearest
    step the Playground has) and what it drops (its length weight, substance scale, noise)."""
    nearest = (
        f"{fmt.named('b', stop)}, the nearest step to the room's b = {fmt.number(b)}"
        if fmt.number(b) != fmt.number(stop)
        else fmt.named("b", stop)
    )
    shown = float(fmt.number(b))
    if shown < 0 or shown > 1:
        bounded = " (the Playground's b runs from 0 to 1)"
        kept = "It keeps as much of the room's share of the padding penalty as its b can hold"
    else:
        bounded, kept = (
            "",
            "It keeps the room's share of the padding penalty, b, to the nearest step",
        )
    return (
        f"The Playground opens at {nearest}{bounded}. {kept}, "
        "and drops the rest of the room's model: its length weight "
        f"({fmt.number(length_weight)}; the Playground's reward model has 1), its substance "
        f"scale (the fit's substance weight, {fmt.number(substance_weight)}, says how sharply "
        "the room's choices followed its score) and its noise (the room's choices scatter "
        "around its score; the Playground's reward model errs only by its own σ)."
    )


def pressure_named(pressure: float, *, best_of_n: bool) -> str:
    """A curve point's n or β: "n = 10,000", "β = 3.81" (between the slider's stops: 3 digits)."""
    return fmt.named("n", pressure) if best_of_n else fmt.named("β", pressure, digits=3)


def curve_sentence(curve: Curve, *, best_of_n: bool) -> str:
    """Where true quality peaks when the room's reward model is optimized, and where the curve
    ends; a KL end capped by the grid's edge says so (ui.edge_note)."""
    method = "Best-of-n" if best_of_n else "The KL optimum"
    strongest = pressure_named(curve.pressure[-1], best_of_n=best_of_n)
    end = fmt.signed(curve.gold_gain[-1])
    if curve.peak_pressure == curve.pressure[-1]:
        if np.all(np.diff(curve.gold_gain) >= -STEADY):
            said = (
                f"{method} on the room's reward model: true quality rises all the way to "
                f"{strongest} ({end}), as far as drawn."
            )
        else:
            said = (
                f"{method} on the room's reward model: true quality is highest at {strongest} "
                f"({end}), as far as drawn, though it falls on the way there."
            )
    else:
        said = (
            f"{method} on the room's reward model: true quality peaks at "
            f"{pressure_named(curve.peak_pressure, best_of_n=best_of_n)} "
            f"({fmt.signed(curve.peak_gold_gain)}); at {strongest} it is {end}."
        )
    capped = (
        None if curve.edge_mass is None else edge_note.edge_note(curve.edge_mass[-1], strongest)
    )
    return f"{said} {capped}" if capped else said


def room_sentences(fitted: RoomFit, *, stop: float) -> dict[str, str]:
    """Everything the lecturer's screen says about a room's fit, by part: "model", "weights",
    "interval", "agreement", "playground" (``stop``: the Playground's b the link opens at);
    or, when there is no fit, only "message", saying why."""
    fit = fitted.fit
    if fit is None:
        return {"message": fitted.message}
    low, high = fit.b_interval
    return {
        "model": reward_model_sentence(
            length_weight=fit.length_ratio, b=fit.b, decided=fitted.decided
        ),
        "weights": weights_sentence(length_weight=fit.length_ratio, b=fit.b),
        "interval": interval_sentence(low=low, high=high, decided=fitted.decided),
        "agreement": agreement_sentence(
            agreement=fitted.agreement,
            reference=fitted.reference,
            reference_spread=fitted.reference_spread,
            decided=fitted.decided,
        ),
        "playground": playground_sentence(
            b=fit.b,
            length_weight=fit.length_ratio,
            substance_weight=float(fit.weights[0]),
            stop=stop,
        ),
    }
