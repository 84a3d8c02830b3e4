"""The class poll's reveal at every reward model a poll can be about (b × σ: 441), for both
questions: "peaks at" only where true quality turns down inside the question's range (checked
against core at the sliders' stops), otherwise "is highest at" the range's end; every number as
printed. Best-of-n at all 441; the KL question, whose curve costs a 200-β solve each, at a fixed
random sample of 60 (b, σ) and the settings named below.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
import stop_curves

import core
from common import format as fmt
from poll_data.guesses import QUESTIONS
from ui import compute
from ui.class_poll import figures as poll_figures
from ui.class_poll import guess_text
from ui.playground import worlds
from ui.settings import B_STOPS, SIGMA_STOPS

SETTINGS = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
KL_SAMPLE = sorted(random.Random(28).sample(SETTINGS, 60))
CURVE_STEP = 0.02  # the KL curve's step in log β (200 points from 10 to 0.25: 0.0185)
KL_SAMPLE += [(0.0, 0.0), (0.2, 1.0), (0.6, 0.0), (1.0, 0.0)]


def check_reveal(curve, question, gold_at, stops) -> str:
    """Assert the reveal's words at one setting against core; returns the case seen.

    ``gold_at(pressure)`` is core's true quality there; ``stops`` the slider's stops clear of
    the grid's edge inside the question's range, gentlest first."""
    peak = curve.peak_pressure
    words = guess_text.truth_words(curve, question)
    shown = f"{question.symbol} = {question.shown(peak)}"
    top = gold_at(peak)
    stronger = [stop for stop in stops if (stop > peak if question.symbol == "n" else stop < peak)]
    # The truth is the highest true quality of all the stops looked at (to float noise), but for
    # a stop within the curve's step of it (the curve's points lie between the stops: at b = 0.2,
    # σ = 0.6 its last clear point is β = 0.3009, and the stop β = 0.3, a hair stronger and
    # clear too, is 0.01 higher on a curve rising steeply into the grid's edge).
    apart = [stop for stop in stops if abs(np.log(stop / peak)) >= CURVE_STEP]
    assert all(gold_at(stop) <= top + 1e-9 for stop in apart), (question.key, peak)
    if words.startswith("true quality peaks at"):
        assert words == f"true quality peaks at {shown}"
        # A real peak: true quality is lower at a stronger stop inside the range.
        assert any(gold_at(stop) < top - 1e-9 for stop in stronger), (question.key, peak)
        return "peak"
    assert words.startswith(f"true quality is highest at {shown}, "), words
    if "it only falls" in words:
        return "start"
    # Nothing stronger was looked at but within the curve's step of the truth (β = 0.3 beside
    # the curve's 0.3009), and none of it lower by more than 0.01.
    assert all(abs(np.log(stop / peak)) < CURVE_STEP for stop in stronger), (question.key, peak)
    assert ("the end of the range" in words) == (peak in (question.low, question.high))
    return "end"


@pytest.mark.slow
def test_the_best_of_n_reveal_says_peak_only_where_true_quality_turns_down():
    question = QUESTIONS["best_of_n"]
    cases = set()
    for b, sigma in SETTINGS:
        curve = compute.best_of_n_curve(b, sigma)

        def gold_at(n, b=b, sigma=sigma):
            return stop_curves.best_of_n_gold(n, b, sigma)

        cases.add(check_reveal(curve, question, gold_at, list(stop_curves.COUNTS)))
    # Both are met: b = σ = 0 peaks at n = 49; from b = 0.2 on it is highest at n = 10,000.
    assert {"peak", "end"} <= cases


@pytest.mark.parametrize(("b", "sigma"), KL_SAMPLE)
def test_the_kl_reveal_says_peak_only_where_true_quality_turns_down(b, sigma):
    question = QUESTIONS["kl"]
    curve = compute.kl_curve(b, sigma)
    kl = stop_curves.checked_kl(b, sigma)  # clear by core's edge check, as the curve's peak
    clear = [float(beta) for beta, ok in zip(kl.pressure, kl.clear, strict=True) if ok]

    def gold_at(beta):
        return float(core.kl_optimum(float(beta), b=b, sigma=sigma).gold_gain)

    case = check_reveal(curve, question, gold_at, clear)
    if (b, sigma) == (0.0, 0.0):
        assert case == "peak" and question.shown(curve.peak_pressure) == "1"
    if (b, sigma) == (0.6, 0.0):  # rises down to the slider's end (docs/design.md §3)
        assert case == "end"
        assert "the end of the range" in guess_text.truth_words(curve, question)


@pytest.mark.parametrize(
    ("b", "mine", "expected"),
    [
        (0.0, 80.0, "The truth: true quality peaks at **n = 49**. Your guess was off by a "),
        (
            0.2,
            1000.0,
            "The truth: true quality is highest at **n = 10,000**, the end of the range: ",
        ),
    ],
)
def test_the_phones_reveal_and_the_guesss_distance(b, mine, expected):
    curve = compute.best_of_n_curve(b, 0.0)
    sentence = guess_text.reveal_sentence(curve, QUESTIONS["best_of_n"], mine)
    assert sentence.startswith(expected)
    factor = max(mine / curve.peak_pressure, curve.peak_pressure / mine)
    assert sentence.endswith(
        f" a factor of {fmt.number(factor, decimals=1)}."
    ) or sentence.endswith(f" a factor of {fmt.number(factor, decimals=1)} from it.")
    label = poll_figures.guess_histogram(
        np.array([mine]), question=QUESTIONS["best_of_n"], truth=curve
    ).layout.annotations
    names = {"peak": "true peak: n = 49", "end": "highest: n = 10,000"}
    assert names["peak" if b == 0 else "end"] in [note.text for note in label]


@pytest.mark.slow
def test_the_stages_reveal_knows_where_the_truth_is_the_curves_end():
    """predict.js says "highest at the end" where the world's peak.at_end is set: at every
    (b, σ) for best-of-n (and the KL sample), exactly where core's curve never turns down."""
    seen = set()
    for b, sigma in SETTINGS:
        gold = stop_curves.best_of_n(b, sigma).gold
        curve = compute.best_of_n_curve(b, sigma)
        at_end = worlds._curve(curve)["peak"]["at_end"]
        top = float(core.best_of_n(curve.peak_pressure, b=b, sigma=sigma).gold_gain)
        # At the end: no stop higher than n = 10,000; else the peak's n is higher than the end
        # (at b = 0, σ = 1 by 1e-7, between the stops 7,000 and 10,000: a peak all the same).
        assert at_end == (curve.peak_pressure == 10_000), (b, sigma)
        if at_end:
            assert gold[-1] >= gold.max() - 1e-12, (b, sigma)
        else:
            assert top > gold[-1], (b, sigma)
        seen.add(at_end)
    for b, sigma in KL_SAMPLE:
        kl = stop_curves.checked_kl(b, sigma)
        at_end = worlds._curve(compute.kl_curve(b, sigma))["peak"]["at_end"]
        place = guess_text.truth_place(compute.kl_curve(b, sigma), QUESTIONS["kl"])
        assert at_end == (place == guess_text.END), (b, sigma)
        if not at_end:  # a real peak: a stronger clear stop is lower
            assert kl.gold[kl.strongest] < kl.gold[kl.looked].max()
    assert seen == {True, False}
