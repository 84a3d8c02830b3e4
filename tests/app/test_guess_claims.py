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
LEVEL = 0.005  # a gain difference below this prints as 0.00: equally high to a reader
# How far the curve's points can miss a stop's true quality near a top (its n points lie
# between the stops: best-of-n's rise from 7,000 to 10,000 is < 0.0001 where it levels off).
SAMPLING = 1e-3
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
    end = gold_at(stops[-1])  # the strongest stop looked at: the range's end, or the edge's
    if words.startswith("true quality peaks at"):
        assert words == f"true quality peaks at {shown}"
        # A real peak: true quality is lower at a stronger stop inside the range, and the
        # range's end is visibly lower (a difference under 0.005 prints as 0.00).
        assert any(gold_at(stop) < top - 1e-9 for stop in stronger), (question.key, peak)
        assert end < top - LEVEL + SAMPLING, (question.key, peak, top - end)
        return "peak"
    if words.startswith("true quality levels off"):
        # It peaks inside, but the range's strongest end is as high to anyone reading: within
        # 0.005 (the curve's top may sit between its points, a hair above the stops').
        assert end >= top - LEVEL - SAMPLING, (question.key, peak, top - end)
        assert any(gold_at(stop) < top - 1e-9 for stop in stronger), (question.key, peak)
        assert f"{fmt.signed(top)} at {shown}" in words
        assert words.endswith("so any setting there is as good")
        return "plateau"
    assert words.startswith(f"true quality is highest at {shown}, "), words
    if "it only falls" in words:
        return "start"
    # Nothing stronger was looked at but within the curve's step of the truth (β = 0.3 beside
    # the curve's 0.3009), and none of it lower by more than 0.01.
    assert all(abs(np.log(stop / peak)) < CURVE_STEP for stop in stronger), (question.key, peak)
    assert ("the end of the range" in words) == (peak in (question.low, question.high))
    if ", and is within 0.005 of that from " in words:  # a run of points up to the end
        start = guess_text.plateau(curve, question).stretches[-1][0]
        assert words.endswith(f"from {question.symbol} = {question.shown(start)} on")
        assert gold_at(start) >= top - LEVEL - SAMPLING, (question.key, start)
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
    # All are met: b = σ = 0 peaks at n = 49; from b = 0.2 on it is highest at n = 10,000; at
    # b = 0, σ = 1 it levels off (n = 212 and 1,942-10,000 within 0.0001 of each other).
    assert {"peak", "end", "plateau"} <= cases


SPARSE_N = np.union1d(core.log_spaced_counts(high=10_000, points=1_000), stop_curves.COUNTS)


@pytest.mark.slow
def test_a_guess_on_the_plateau_is_right_and_the_plateau_is_cores():
    """Every (b, σ) where best-of-n levels off: every whole n of the stretch the reveal names
    is within 0.005 of core's highest true quality (all n from 1 to 10,000), and a guess there
    is scored right; a guess at each n stop is right only where core's true quality is that
    high. Where it does not level off, the strongest end is lower by more than 0.005."""
    question = QUESTIONS["best_of_n"]
    plateaus = 0
    for b, sigma in SETTINGS:
        curve = compute.best_of_n_curve(b, sigma)
        place = guess_text.truth_place(curve, question)
        # 1,000 log-spaced n, the stops, and where it levels off every whole n of the plateau's
        # first 500 (every n at all 441 took ~90 s on a busy machine: a fixed sample instead).
        counts = SPARSE_N
        if place == guess_text.PLATEAU:
            start, end = guess_text.plateau(curve, question).stretches[-1]
            counts = np.union1d(counts, np.arange(start, min(start + 500, end) + 1))
        gold = np.full(10_000, np.nan)
        gold[counts.astype(int) - 1] = core.best_of_n(counts, b=b, sigma=sigma).gold_gain
        top = np.nanmax(gold)
        if place == guess_text.PLATEAU:
            plateaus += 1
            assert end == 10_000
            stretch = gold[int(start) - 1 : int(end)]
            assert np.nanmin(stretch) >= top - LEVEL - SAMPLING, (b, sigma)
            for guess in (start, np.sqrt(start * end), end):
                assert guess_text.guess_is_right(curve, question, round(guess)), (b, sigma)
                said = guess_text.reveal_sentence(curve, question, round(guess))
                assert said.endswith(
                    "Your guess is right: true quality there is within 0.005 of its highest."
                )
        elif place == guess_text.PEAK:
            assert gold[-1] < top - LEVEL + SAMPLING, (b, sigma)
        for stop in stop_curves.COUNTS:
            if guess_text.guess_is_right(curve, question, stop):
                assert gold[int(stop) - 1] >= top - LEVEL - SAMPLING, (b, sigma, stop)
    assert plateaus >= 20  # 26 of the 441 (b, σ) level off before the end of the range


def test_the_plateau_the_review_found_is_revealed_as_one():
    """b = 0, σ = 1: the reveal said "peaks at n = 212" and told a guess of 10,000 it was off
    by a factor of 47, on a curve within 0.0001 of its top at n = 10,000."""
    question = QUESTIONS["best_of_n"]
    curve = compute.best_of_n_curve(0.0, 1.0)
    gold = core.best_of_n(np.array([212.0, 10_000.0]), sigma=1.0).gold_gain
    assert curve.peak_pressure == 212 and abs(gold[0] - gold[1]) < 1e-4
    assert guess_text.truth_place(curve, question) == guess_text.PLATEAU
    said = guess_text.reveal_sentence(curve, question, 10_000)
    assert "factor of 47" not in said and said.endswith(
        "Your guess is right: true quality there is within 0.005 of its highest."
    )
    assert said.startswith(
        "The truth: true quality levels off: its highest, +1.54 at **n = 212**, and from "
        "**n = 1,942** to **n = 10,000** it is back within 0.005 of it"
    )
    assert guess_text.chart_label(curve, question) == "levels off: n = 1,942 to 10,000"
    far = guess_text.reveal_sentence(curve, question, 20)
    assert far.endswith(
        f"a factor of {fmt.number(212 / 20, decimals=1)} from where it is that high."
    )


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
    # From the peak (b = 0), or from where it comes within 0.005 of its highest (b = 0.2: it
    # still rises at n = 10,000, but by less than that from the plateau's start on).
    target = (
        curve.peak_pressure
        if b == 0
        else guess_text.plateau(curve, QUESTIONS["best_of_n"]).stretches[-1][0]
    )
    if b == 0.2:
        gold = core.best_of_n(np.array([target, 10_000.0]), b=b).gold_gain
        assert 0 <= gold[1] - gold[0] <= LEVEL + SAMPLING
    factor = max(mine / target, target / mine)
    assert sentence.endswith(
        f" a factor of {fmt.number(factor, decimals=1)}."
    ) or sentence.endswith(
        f" a factor of {fmt.number(factor, decimals=1)} from where it is that high."
    )
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
