"""What the rating poll's lecturer screen says about the room's fit, in pure sentence builders
(English); and, at the end, the phone's count and the start screen's choices, in the reader's
language (``common.i18n``).

The room's reward model, in units of substance, is s + w·l - b·(l² - 1): ``w`` its length weight
(true quality's and the Playground's reward model's: 1), ``b`` its share of the padding penalty
(true quality's: 1). Each claim is read only as far as the room's intervals go
(core.room_reading: each phone's choices and each pair's counted together, Student's t): no
weight is read unless the substance weight is clearly positive (the screen then says only
core.room_ratings.NO_SUBSTANCE); b's sign, and its place against 1, only from its 90% interval;
"more than chance" only from the agreement's 95% t-test against coin flips' 50%.
tests/app/test_rating_text.py walks grids of numbers and simulated rooms of 10, 30 and 100 phones
and checks every claim against its own condition.
"""

from __future__ import annotations

import math

import numpy as np

from common import format as fmt
from common.i18n import tr
from core.curves import Curve
from core.room_ratings import REFERENCE_NOISE, RoomFit
from core.room_reading import CHANCE, CHANCE_LEVEL
from core.world import GRID_LIMIT
from ui import edge_note

GOLD_BEST_LENGTH = 0.5  # true quality s + l - (l² - 1) is highest at l = 1/2
WIDE_INTERVAL = 0.5  # a 90% interval of b wider than this is called rough on screen
STEADY = 1e-9  # a curve step down by less than this is float noise, not a fall
COUNTED = "counting each phone's choices together, and each pair's"  # how the intervals count


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


def bounds(low: float, high: float) -> str:
    """An interval as the screen prints it: "0.84 to 1.62"."""
    return f"{fmt.number(low)} to {fmt.number(high)}"


def length_sentence(*, length_weight: float, low: float, high: float) -> str:
    """The room's length weight with its interval, against true quality's 1."""
    said = (
        f"Its length weight is {fmt.number(length_weight)} per unit of substance (90% interval "
        f"{bounds(low, high)}; true quality's and the Playground's reward model's: 1)"
    )
    if low > 1:
        return f"{said}: the room pays more for length than true quality does."
    if high < 1:
        return f"{said}: the room pays less for length than true quality does."
    return f"{said}: consistent with true quality's."


def b_sentence(*, b: float, low: float, high: float) -> str:
    """The room's b and what its 90% interval says: above 1, holding 1, between 0 and 1,
    holding 0 (no sign read), or below 0 (a padding bonus)."""
    said = f"Its b = {b_value(b)} (90% interval {bounds(low, high)}, {COUNTED})"
    if low > 1:
        return (
            f"{said} lies above 1: more than the whole padding penalty, so the room punishes "
            "padding more than true quality does."
        )
    if high < 0:
        return (
            f"{said} lies below 0: the room preferred length even past the point where true "
            f"quality penalizes it (true quality falls past l = {fmt.number(GOLD_BEST_LENGTH)}), "
            "so its reward model pays a padding bonus, growing with length², instead of a penalty."
        )
    if low <= 0 and high >= 1:
        return (
            f"{said} includes both 0 and 1: these choices cannot tell whether the room learned "
            "none of the padding penalty or all of it."
        )
    if low <= 0:
        return (
            f"{said} includes 0: these choices cannot tell whether the room charges for padding "
            "at all, or pays for it."
        )
    if high >= 1:
        return (
            f"{said} includes 1: these choices are consistent with the whole padding penalty, "
            "true quality's."
        )
    return f"{said} lies between 0 and 1: part of the padding penalty, not all of it."


def shape_sentence(*, length_weight: float, b: float, low: float, high: float) -> str:
    """Where the room's score turns with length, read only when b's interval gives its sign:
    its favourite length, its lowest, or that on the grid longer (or shorter) scores higher."""
    if low <= 0 <= high:
        return (
            "With b's sign unknown, where the room's score turns with length is not read from "
            "these choices."
        )
    turn = favourite_length(length_weight=length_weight, b=b)
    if abs(turn) > GRID_LIMIT:
        direction = "longer" if length_weight > 0 else "shorter"
        return (
            f"On every answer here (its score turns at l = {fmt.number(turn)}, past the grid's "
            f"edge), {direction} scores higher."
        )
    if b > 0:
        return (
            f"Together they put its favourite length at l = {fmt.number(turn)} (true quality's: "
            f"{fmt.number(GOLD_BEST_LENGTH)}); the further an answer's length is from it, either "
            "way, the lower the room's score."
        )
    return (
        f"Its score is lowest at l = {fmt.number(turn)} and rises the further an answer's length "
        "is from it, either way."
    )


def scale_sentence(*, spread: float) -> str:
    """What b measures, and what the lecturer's spread of lengths does to it."""
    return (
        "b is the share of true quality's padding penalty the room's model charges, per unit of "
        "substance: 1 is true quality's own, 0 none; above 1 the room punishes padding more "
        "than true quality does, below 0 it rewards it. The lengths shown (spread "
        f"{fmt.stop(spread)}) set what the room can tell apart: with typical lengths only, few "
        "pairs differ much in length, so the same raters can be read at another b with more "
        "varied lengths. Compare rooms shown the same lengths."
    )


def is_wide(low: float, high: float) -> bool:
    """Whether the 90% interval of b is rough: wider than WIDE_INTERVAL, or not finite."""
    return not high - low <= WIDE_INTERVAL


def wide_sentence(*, low: float, high: float, phones: int) -> str:
    """When b's 90% interval is wide, that this b is rough and what narrows it; else ""."""
    if not is_wide(low, high):
        return ""
    whose = "phones'" if phones != 1 else "phone's"
    return (
        f"The interval of b is wide ({bounds(low, high)}): {fmt.count(phones)} {whose} choices "
        "pin b down only roughly. More phones, and more "
        "pairs from each, narrow it on average (roughly as one over the square root of their "
        "number), though a single choice can widen it."
    )


def agreement_sentence(
    *, agreement: float, low: float, high: float, decided: int, reference: float, phones: int
) -> str:
    """The room's agreement with true quality beside coin flips' 50% and the reference raters'
    share on the same pairs, and the t-test against chance (its 95% interval: ``low``, ``high``).
    """
    said = (
        f"The room picked the answer true quality prefers in {fmt.percent(agreement)} of its "
        f"{fmt.count(decided)} decided pairs ({fmt.percent(CHANCE_LEVEL)} interval "
        f"{fmt.percent(low)} to {fmt.percent(high)}, a t-test with {fmt.count(max(phones - 1, 1))} "
        f"degrees of freedom, {COUNTED}). Coin flips pick it in {fmt.percent(CHANCE)}; raters "
        "who follow true quality with ordinary noise (Bradley–Terry at T = "
        f"{fmt.stop(REFERENCE_NOISE)}) would pick it in {fmt.percent(reference)} of those same "
        "pairs, on average."
    )
    if low > CHANCE:
        return f"{said} More than chance: the room's choices follow true quality."
    if high < CHANCE:
        return f"{said} Less than chance: the room's choices run against true quality."
    return f"{said} Within what coin flips give: these choices are not told apart from chance."


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


def room_sentences(fitted: RoomFit, *, stop: float, spread: float) -> dict[str, str]:
    """Everything the lecturer's screen says about a room's fit, by part: "model", "weights",
    "wide" (may be ""), "scale", "agreement", "playground" (``stop``: the Playground's b the
    link opens at; ``spread``: the room's spread of lengths). Without a fit, only "message"
    (why), and "agreement" where the room's choices could be read against chance."""
    reading = fitted.reading
    agreement = {}
    if reading is not None:
        agreement["agreement"] = agreement_sentence(
            agreement=reading.agreement,
            low=reading.agreement_interval[0],
            high=reading.agreement_interval[1],
            decided=reading.decided,
            reference=fitted.reference,
            phones=reading.phones,
        )
    if fitted.fit is None:
        return {"message": fitted.message, **agreement}
    low, high = reading.b_interval
    length_low, length_high = reading.length_interval
    weight, b = reading.length_weight, reading.b
    return {
        "model": reward_model_sentence(length_weight=weight, b=b, decided=fitted.decided),
        "weights": " ".join(
            [
                length_sentence(length_weight=weight, low=length_low, high=length_high),
                b_sentence(b=b, low=low, high=high),
                shape_sentence(length_weight=weight, b=b, low=low, high=high),
            ]
        ),
        "wide": wide_sentence(low=low, high=high, phones=reading.phones),
        "scale": scale_sentence(spread=spread),
        **agreement,
        "playground": playground_sentence(
            b=b, length_weight=weight, substance_weight=float(reading.weights[0]), stop=stop
        ),
    }


# --- the phone's and the start screen's words, in the reader's language (common.i18n) ----


def rated_sentence(rated: int, seconds_per_pair: int) -> str:
    """ "You have rated 7 pairs." and, in quick mode, its seconds a pair."""
    if rated == 1:
        said = tr("You have rated {count} pair.", count=fmt.count(rated))
    else:
        said = tr("You have rated {count} pairs.", count=fmt.count(rated))
    if not seconds_per_pair:
        return said
    if seconds_per_pair == 1:
        quick = tr("Quick mode: {seconds} second a pair.", seconds=fmt.count(seconds_per_pair))
    else:
        quick = tr("Quick mode: {seconds} seconds a pair.", seconds=fmt.count(seconds_per_pair))
    return f"{said} {quick}"


def spread_words(spread: float) -> str:
    """A length spread as the start screen offers it: "1: the base model's lengths"."""
    return {
        0.5: tr("0.5: typical lengths only"),
        1.0: tr("1: the base model's lengths"),
        1.5: tr("1.5: very varied lengths"),
    }[spread]


def seconds_words(seconds: int) -> str:
    """A quick-mode choice on the start screen: "no limit" or "quick: 6 seconds"."""
    if seconds == 0:
        return tr("no limit")
    return tr("quick: {seconds} seconds", seconds=fmt.count(seconds))
