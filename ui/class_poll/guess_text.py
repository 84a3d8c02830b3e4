"""The guess screens' words (pure, no Streamlit), in the reader's language (``common.i18n``):
the notes under a phone's question, and the reveal: where true quality peaks, or, where it never
turns down inside the question's range, that it is highest at the range's end.

A poll asks "where will true quality peak?" at any b and σ a lecturer picks. At many of them the
curve has no peak inside the range: best-of-n still rises at n = 10,000 from b = 0.2 on (b = 0.2,
σ = 0: +3.72), and the KL optimum rises down to β = 0.25, or to the strongest β clear of the grid's
edge (b = 0.6, σ = 0). There "peaks at n = 10,000" names a maximum that is the range's end, so the
words say that instead.

Where true quality levels off, a peak is no answer either: at b = 0, σ = 1 best-of-n's highest
point is n = 212 (+1.54), and from n = 1,942 to 10,000 it stays within 0.0001 of it; "peaks at
n = 212" told a student who guessed 10,000 they were off by a factor of 47. So where the range's
strongest end is within LEVEL of the top (the curve is flat to the end), the reveal says where
it levels off, and a guess on that plateau (or on the highest point's own flat top) is right.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import core
from common import format as fmt
from common.i18n import tr
from poll_data.guesses import Question, factor_off

PEAK, END, START = "peak", "end", "start"  # where the truth lies on the searched stretch
PLATEAU = "plateau"  # a peak inside the range, but the range's end is as high (within LEVEL)
# A difference in true quality below this prints as 0.00 (gains are told to 0.01): two points
# this close are equally high to anyone reading the chart (the slack sentence's rule too).
LEVEL = 0.005


@dataclass(frozen=True)
class Plateau:
    """Where true quality is within LEVEL of its highest, on the curve's points looked at."""

    top: float  # the highest true quality gain among them
    stretches: tuple[tuple[float, float], ...]  # (gentlest, strongest) pressure of each run
    levels_from: float  # where the last run, the one reaching the range's end, begins
    to_end: bool  # whether the last run reaches the strongest point looked at


def _looked(curve: core.Curve, question: Question) -> np.ndarray:
    """The curve's points inside the question's range and clear of the grid's edge (bool): by
    the curve's edge check where it carries one (``Curve.capped``), as its peak is read."""
    inside = (curve.pressure >= question.low) & (curve.pressure <= question.high)
    edge = np.zeros(curve.pressure.shape) if curve.edge_mass is None else curve.edge_mass
    return core.uncapped_stops(edge, searched=inside, capped=getattr(curve, "capped", None))


def plateau(curve: core.Curve, question: Question) -> Plateau:
    """The runs of looked-at points within LEVEL of the highest (gentle to strong, as the
    curve's points are ordered), and whether the last reaches the range's strongest end."""
    looked = np.flatnonzero(_looked(curve, question))
    gold = np.asarray(curve.gold_gain)[looked]
    top = max(float(gold.max()), curve.peak_gold_gain)
    near = gold >= top - LEVEL
    # Runs of consecutive near points: a run starts where near follows a point that is not.
    starts = np.flatnonzero(near & ~np.concatenate([[False], near[:-1]]))
    ends = np.flatnonzero(near & ~np.concatenate([near[1:], [False]]))
    pressure = np.asarray(curve.pressure)[looked]
    stretches = tuple(
        (float(pressure[start]), float(pressure[end]))
        for start, end in zip(starts, ends, strict=True)
    )
    return Plateau(
        top=top,
        stretches=stretches,
        levels_from=stretches[-1][0],
        to_end=bool(near[-1]),
    )


def _on(value: float, stretch: tuple[float, float]) -> bool:
    return min(stretch) <= value <= max(stretch)


def guess_is_right(curve: core.Curve, question: Question, guess: float) -> bool:
    """Whether a guess lands where true quality is as high as it gets, to LEVEL: on the peak's
    own flat top, or, where the curve levels off to the range's end, anywhere on that plateau
    (a KL guess is kept to 0.01, so a stretch's ends are read to that too)."""
    flat = plateau(curve, question)
    kept = [(question.kept(a), question.kept(b)) for a, b in flat.stretches]
    peak = question.kept(curve.peak_pressure)
    on_peak = any(_on(peak, stretch) and _on(guess, stretch) for stretch in kept)
    return on_peak or (flat.to_end and _on(guess, kept[-1]))


def distance_to_truth(curve: core.Curve, question: Question, guess: float) -> float:
    """How far a guess is from the truth, as a factor >= 1: from the peak where there is one,
    from the plateau's nearest end where true quality levels off (1 on it)."""
    if guess_is_right(curve, question, guess):
        return 1.0
    place = truth_place(curve, question)
    if place in (PLATEAU, END):
        flat = plateau(curve, question)
        targets = [curve.peak_pressure, *flat.stretches[-1]]
        return min(factor_off(guess, target) for target in targets)
    return factor_off(guess, curve.peak_pressure)


def truth_place(curve: core.Curve, question: Question) -> str:
    """PEAK where true quality turns down inside the question's range (and, for the KL
    optimum, on points that pass core's edge check, ``curve.capped``, as core.kl_curve reads
    its peak), END where it is
    highest at that stretch's strongest point (core.peak_at_end), START where at its gentlest
    (it only falls), PLATEAU where it peaks inside but its strongest end is within LEVEL of
    the peak (it levels off: no single setting is the answer)."""
    inside = (curve.pressure >= question.low) & (curve.pressure <= question.high)
    capped = getattr(curve, "capped", None)
    if core.peak_at_end(
        curve.pressure,
        curve.peak_pressure,
        edge_mass=curve.edge_mass,
        searched=inside,
        capped=capped,
    ):
        return END
    if curve.peak_pressure == curve.pressure[inside][0]:
        return START
    return PLATEAU if plateau(curve, question).to_end else PEAK


def truth_words(curve: core.Curve, question: Question, *, bold: bool = False) -> str:
    """ "true quality peaks at n = 49", or where the curve does not turn down inside the range,
    "true quality is highest at n = 10,000, the end of the range: it does not turn down
    before it" (the KL optimum's end may be the strongest β clear of the grid's edge)."""
    setting = f"{question.symbol} = {question.shown(curve.peak_pressure)}"
    setting = f"**{setting}**" if bold else setting
    place = truth_place(curve, question)
    if place == PEAK:
        return tr("true quality peaks at {setting}", setting=setting)
    flat = plateau(curve, question)
    start, end = (f"{question.symbol} = {question.shown(at)}" for at in flat.stretches[-1])
    if place == PLATEAU:
        start, end = (f"**{at}**" for at in (start, end)) if bold else (start, end)
        said = {"start": start, "end": end, "top": fmt.signed(flat.top), "setting": setting}
        if _on(curve.peak_pressure, flat.stretches[-1]):
            return tr(
                "true quality levels off: from {start} to {end} it stays within 0.005 of its "
                "highest, {top} at {setting}, so any setting there is as good",
                **said,
            )
        return tr(
            "true quality levels off: its highest, {top} at {setting}, and from {start} to "
            "{end} it is back within 0.005 of it, so any setting there is as good",
            **said,
        )
    if place == START:
        return tr(
            "true quality is highest at {setting}, the gentlest setting: it only falls",
            setting=setting,
        )
    limit = question.low if question.symbol == "β" else question.high
    run = flat.stretches[-1][0] != curve.peak_pressure  # a run of points, not the end alone
    if curve.peak_pressure == limit and run:
        return tr(
            "true quality is highest at {setting}, the end of the range: it does not turn down "
            "before it, and is within 0.005 of that from {start} on",
            setting=setting,
            start=start,
        )
    if curve.peak_pressure == limit:
        return tr(
            "true quality is highest at {setting}, the end of the range: it does not turn down "
            "before it",
            setting=setting,
        )
    if run:
        return tr(
            "true quality is highest at {setting}, the strongest setting clear of the grid's "
            "edge: it does not turn down before it, and is within 0.005 of that from {start} on",
            setting=setting,
            start=start,
        )
    return tr(
        "true quality is highest at {setting}, the strongest setting clear of the grid's edge: "
        "it does not turn down before it",
        setting=setting,
    )


def chart_label(curve: core.Curve, question: Question) -> str:
    """The reveal's label on the guesses chart: "true peak: n = 49" or "highest: n = 10,000"."""
    place = truth_place(curve, question)
    if place == PLATEAU:
        start, end = (question.shown(at) for at in plateau(curve, question).stretches[-1])
        return tr(
            "levels off: {symbol} = {start} to {end}", symbol=question.symbol, start=start, end=end
        )
    setting = f"{question.symbol} = {question.shown(curve.peak_pressure)}"
    if place == PEAK:
        return tr("true peak: {setting}", setting=setting)
    return tr("highest: {setting}", setting=setting)


def reveal_sentence(curve: core.Curve, question: Question, mine: float | None) -> str:
    """What a student's phone says once the truth is revealed, with their guess's distance."""
    text = tr("The truth: {words}.", words=truth_words(curve, question, bold=True))
    if mine is None:
        return text
    if guess_is_right(curve, question, mine):
        said = tr("Your guess is right: true quality there is within 0.005 of its highest.")
        return f"{text} {said}"
    factor = fmt.number(distance_to_truth(curve, question, mine), decimals=1)
    place = truth_place(curve, question)
    if place == PEAK:
        said = tr("Your guess was off by a factor of {factor}.", factor=factor)
    elif place == PLATEAU or plateau(curve, question).stretches[-1][0] != curve.peak_pressure:
        said = tr("Your guess was a factor of {factor} from where it is that high.", factor=factor)
    else:
        said = tr("Your guess was a factor of {factor} from it.", factor=factor)
    return f"{text} {said}"


def explained(question_key: str) -> str:
    """What the question's symbol means, where the student first meets it (no hovering on a
    phone)."""
    if question_key == "kl":
        return tr(
            "β weighs the KL penalty that keeps the model near its starting point: a smaller "
            "β is a weaker leash, so more pressure from the reward model."
        )
    return tr(
        "n is how many answers best-of-n draws before keeping the one the reward model likes best."
    )


def guess_notes(question: Question, *, b: float, sigma: float) -> list[str]:
    """Under a guess poll's question: its symbol, true quality, the reward model's b and σ
    (each in words: a phone cannot hover), and what to type."""
    span = {"low": question.shown(question.low), "high": question.shown(question.high)}
    return [
        explained(question.key),
        tr("True quality is what we actually want; the reward model only approximates it."),
        tr(
            "The reward model: {b}, {sigma} (b: share of the padding penalty the reward model "
            "learned: 0 none, 1 all; σ: size of the reward model's other, unmapped errors: 0 "
            "none).",
            b=fmt.named("b", b),
            sigma=fmt.named("σ", sigma),
        ),
        tr("Type a whole number from {low} to {high}.", **span)
        if question.whole
        else tr("Type a number from {low} to {high}.", **span),
    ]
