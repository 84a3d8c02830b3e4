"""The guess screens' reveal in words (pure, no Streamlit): where true quality peaks, or, where
it never turns down inside the question's range, that it is highest at the range's end.

A poll asks "where will true quality peak?" at any b and σ a lecturer picks. At many of them the
curve has no peak inside the range: best-of-n still rises at n = 10,000 from b = 0.2 on (b = 0.2,
σ = 0: +3.72), and the KL optimum rises down to β = 0.25, or to the strongest β clear of the grid's
edge (b = 0.6, σ = 0). There "peaks at n = 10,000" names a maximum that is the range's end, so the
words say that instead.
"""

from __future__ import annotations

import core
from common import format as fmt
from poll_data.guesses import Question, factor_off

PEAK, END, START = "peak", "end", "start"  # where the truth lies on the searched stretch


def truth_place(curve: core.Curve, question: Question) -> str:
    """PEAK where true quality turns down inside the question's range (and, for the KL
    optimum, on points that pass core's edge check, ``curve.capped``, as core.kl_curve reads
    its peak), END where it is
    highest at that stretch's strongest point (core.peak_at_end), START where at its gentlest
    (it only falls)."""
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
    return START if curve.peak_pressure == curve.pressure[inside][0] else PEAK


def truth_words(curve: core.Curve, question: Question, *, bold: bool = False) -> str:
    """ "true quality peaks at n = 49", or where the curve does not turn down inside the range,
    "true quality is highest at n = 10,000, the end of the range: it does not turn down
    before it" (the KL optimum's end may be the strongest β clear of the grid's edge)."""
    setting = f"{question.symbol} = {question.shown(curve.peak_pressure)}"
    setting = f"**{setting}**" if bold else setting
    place = truth_place(curve, question)
    if place == PEAK:
        return f"true quality peaks at {setting}"
    if place == START:
        return f"true quality is highest at {setting}, the gentlest setting: it only falls"
    limit = question.low if question.symbol == "β" else question.high
    end = (
        "the end of the range"
        if curve.peak_pressure == limit
        else "the strongest setting clear of the grid's edge"
    )
    return f"true quality is highest at {setting}, {end}: it does not turn down before it"


def chart_label(curve: core.Curve, question: Question) -> str:
    """The reveal's label on the guesses chart: "true peak: n = 49" or "highest: n = 10,000"."""
    name = "true peak" if truth_place(curve, question) == PEAK else "highest"
    return f"{name}: {question.symbol} = {question.shown(curve.peak_pressure)}"


def reveal_sentence(curve: core.Curve, question: Question, mine: float | None) -> str:
    """What a student's phone says once the truth is revealed, with their guess's distance."""
    text = f"The truth: {truth_words(curve, question, bold=True)}."
    if mine is None:
        return text
    factor = fmt.number(factor_off(mine, curve.peak_pressure), decimals=1)
    if truth_place(curve, question) == PEAK:
        return f"{text} Your guess was off by a factor of {factor}."
    return f"{text} Your guess was a factor of {factor} from it."
