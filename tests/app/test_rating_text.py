"""Every sentence the rating poll's lecturer screen says about a room's fit, walked over a grid of
fits (b negative, 0, between 0 and 1, 1 and above; length weight negative, 0, positive; intervals
on each side of 0 and 1; agreement above, near and below the reference; no fit), each claim
checked against its own condition, computed here independently of the builders."""

import itertools
import re

import numpy as np
import pytest

import core
from core.preferences import BradleyTerryFit
from core.room_ratings import RoomFit
from ui.class_poll import rating_text as text
from ui.settings import SETTINGS
from ui.url_values import nearest_stop

B_VALUES = (-1.3, -0.4, -0.003, 0.0, 0.003, 0.02, 0.18, 0.5, 1.0, 1.7)
LENGTH_WEIGHTS = (-1.5, -0.19, 0.0, 0.05, 0.4, 1.0, 3.0)
LENGTHS = np.linspace(-6, 6, 2401)  # the grid's lengths, 0.005 apart
NUMBER = r"(-?\d+\.\d+)"


def two(value: float) -> str:
    """A value as the screen prints it, at two decimals, never "-0.00" (written out here)."""
    return f"{value:.2f}".replace("-0.00", "0.00")


def length_score(length_weight: float, b: float) -> np.ndarray:
    """The room's score's length part on the grid's lengths: w·l - b·(l² - 1)."""
    return length_weight * LENGTHS - b * (LENGTHS**2 - 1)


@pytest.mark.parametrize(("length_weight", "b"), itertools.product(LENGTH_WEIGHTS, B_VALUES))
def test_the_weights_sentence_claims_only_what_the_room_model_does(length_weight, b):
    said = text.weights_sentence(length_weight=length_weight, b=b)
    score = length_score(length_weight, b)
    steps = np.diff(score)
    assert f"Its length weight is {two(length_weight)} per unit of substance" in said
    assert ("is negative" in said) == ("padding bonus" in said) == (b < 0)
    assert ("more than the whole of the padding penalty" in said) == (b > 1)
    assert ("is a share of the padding penalty" in said) == (0 < b < 1)
    assert ("is the whole of the padding penalty" in said) == (b == 1)
    assert ("no padding penalty" in said) == (b == 0)
    if b != 0:  # b as printed carries its sign, even when it rounds to 0
        shown = re.search(r"its b = " + NUMBER, said).group(1)
        assert float(shown) == pytest.approx(b, abs=0.005) and (float(shown) < 0) == (b < 0)
    favourite = re.search(r"favourite length at l = " + NUMBER, said)
    lowest = re.search(r"lowest at l = " + NUMBER, said)
    longer = "On every answer here" in said and "longer scores higher" in said
    shorter = "On every answer here" in said and "shorter scores higher" in said
    flat = "Length does not change its score at all." in said
    # Exactly one shape is claimed, and it is the shape of w·l - b·(l² - 1) on the grid.
    assert sum([bool(favourite), bool(lowest), longer, shorter, flat]) == 1, said
    if favourite:
        top = LENGTHS[score.argmax()]
        assert 0 < score.argmax() < LENGTHS.size - 1  # a top inside the grid
        assert float(favourite.group(1)) == pytest.approx(top, abs=0.01)
        assert "(true quality's: 0.50)" in said  # s + l - (l² - 1) is highest at l = 1/2
    if lowest:
        bottom = LENGTHS[score.argmin()]
        assert 0 < score.argmin() < LENGTHS.size - 1
        assert float(lowest.group(1)) == pytest.approx(bottom, abs=0.01)
    if longer:
        assert (steps > 0).all()
    if shorter:
        assert (steps < 0).all()
    if flat:
        assert np.ptp(score) == 0
    if (steps > 0).all():
        assert longer
    if (steps < 0).all():
        assert shorter


LOWS = (-1.2, -0.3, -0.05, 0.05, 0.4, 0.95, 1.1)
WIDTHS = (0.1, 0.4, 0.6, 1.5)


@pytest.mark.parametrize(("low", "width"), itertools.product(LOWS, WIDTHS))
def test_the_interval_sentence_says_what_is_true_of_the_interval(low, width):
    high = low + width
    said = text.interval_sentence(low=low, high=high, decided=120)
    assert f"({two(low)} to {two(high)})" in said
    assert ("rough reading" in said) == (width > 0.5)
    if width > 0.5:
        assert "Only 120 decided comparisons" in said
        assert "a single one can widen it" in said  # one comparison widened it in 27% of steps
    assert "every comparison" not in said.lower()
    assert ("includes both 0 and 1" in said) == (low <= 0 and high >= 1)
    assert ("includes 0:" in said) == (low <= 0 <= high < 1)
    assert ("includes 1:" in said) == (0 < low <= 1 <= high)
    assert ("lies below 0" in said) == (high < 0)
    assert ("lies above 1" in said) == (low > 1)
    assert ("lies between 0 and 1" in said) == (low > 0 and high < 1)


AGREEMENTS = (0.55, 0.7, 0.77, 0.79, 0.8, 0.81, 0.83, 0.9)
SPREADS = (0.005, 0.02)


@pytest.mark.parametrize(("agreement", "spread"), itertools.product(AGREEMENTS, SPREADS))
def test_the_agreement_sentence_sets_the_room_beside_the_reference_on_the_same_pairs(
    agreement, spread
):
    reference = 0.8
    said = text.agreement_sentence(
        agreement=agreement, reference=reference, reference_spread=spread, decided=947
    )
    assert f"in {round(100 * agreement)}% of its 947 decided pairs" in said
    assert "would pick it in 80% of those same pairs, on average" in said
    assert f"give or take {100 * spread:.1f}%" in said
    assert "Bradley–Terry at T = 1" in said
    gap = agreement - reference
    assert ("less often than such raters" in said) == (gap < -2 * spread)
    assert ("more often than such raters" in said) == (gap > 2 * spread)
    assert ("within what chance gives such raters" in said) == (abs(gap) <= 2 * spread)


@pytest.mark.parametrize(("length_weight", "b"), itertools.product(LENGTH_WEIGHTS, B_VALUES))
def test_the_formula_on_screen_is_the_room_model(length_weight, b):
    said = text.reward_model_sentence(length_weight=length_weight, b=b, decided=300)
    found = re.search(
        r"substance ([+−]) (\d+\.\d+)·length ([+−]) (\d+\.\d+)·\(length² − 1\), in units", said
    )
    assert found, said
    weight = float(found.group(2)) * (-1 if found.group(1) == "−" else 1)
    padding = float(found.group(4)) * (-1 if found.group(3) == "−" else 1)
    assert weight == pytest.approx(length_weight, abs=0.005)
    assert padding == pytest.approx(-b, abs=0.005)
    assert "Fit by Bradley–Terry on 300 decided comparisons" in said
    assert "+ -" not in said and "− -" not in said


@pytest.mark.parametrize("b", B_VALUES + (0.97, 0.2))
def test_the_playground_sentence_says_what_the_link_keeps_and_drops(b):
    stop = nearest_stop(SETTINGS["b"], b)
    said = text.playground_sentence(b=b, length_weight=-0.19, substance_weight=1.83, stop=stop)
    assert f"The Playground opens at b = {stop:g}" in said
    outside = float(two(b)) < 0 or float(two(b)) > 1
    assert ("the nearest step to the room's b" in said) == (two(b) != two(stop))
    assert ("the Playground's b runs from 0 to 1" in said) == outside
    assert ("keeps the room's share of the padding penalty, b, to the nearest step" in said) == (
        not outside
    )
    assert (
        "keeps as much of the room's share of the padding penalty as its b can hold" in said
    ) == (outside)
    assert ", and drops the rest of the room's model" in said
    assert "its length weight (-0.19; the Playground's reward model has 1)" in said
    assert "substance weight, 1.83" in said and "its noise" in said


def a_fit(*, b: float, length_weight: float, interval=(0.1, 0.3)) -> BradleyTerryFit:
    weights = np.array([1.5, 1.5 * length_weight, 1.5 * b])
    return BradleyTerryFit(weights, np.ones(3), b, interval, length_weight, True, "", 8)


def test_a_room_without_a_fit_says_only_why():
    for message in ("No answer has been chosen yet.", "Every choice so far picked the first."):
        fitted = RoomFit(4, 3, 0.5, None, message, 0.7, 0.1)
        assert text.room_sentences(fitted, stop=0.0) == {"message": message}


def test_a_room_with_a_fit_says_each_part_once_with_its_own_numbers():
    fitted = RoomFit(310, 300, 0.7, a_fit(b=-0.4, length_weight=2.0), "", 0.8, 0.01)
    said = text.room_sentences(fitted, stop=0.0)
    assert set(said) == {"model", "weights", "interval", "agreement", "playground"}
    assert "substance + 2.00·length + 0.40·(length² − 1)" in said["model"]
    assert "its b = -0.40 is negative" in said["weights"]
    assert "lies between 0 and 1" in said["interval"]  # the interval given, not b's sign
    assert "in 70% of its 300 decided pairs" in said["agreement"]
    assert "less often than such raters" in said["agreement"]
    assert "substance weight, 1.50" in said["playground"]
    assert "the Playground's b runs from 0 to 1" in said["playground"]


BETAS = core.log_spaced_betas(high=10.0, low=0.25)
COUNTS = core.log_spaced_counts(high=10_000)
CURVE_FITS = list(itertools.product((-1.0, 0.4, 1.0, 3.0), (-0.4, 0.0, 0.2, 1.0, 1.7)))


@pytest.fixture(scope="module")
def room_curves() -> dict:
    """Both optimizers on each fit of CURVE_FITS (core.room_optimum, the screen's ranges)."""
    return {
        fit: core.room_optimum(
            a_fit(b=fit[1], length_weight=fit[0]), betas=BETAS, counts=COUNTS, lowest_peak_beta=0.25
        )
        for fit in CURVE_FITS
    }


def curve_claims_hold(curve, said: str, *, best_of_n: bool) -> None:
    symbol = "n" if best_of_n else "β"
    gains = curve.gold_gain
    number = r"([\d,.]+)"
    rises = re.search(rf"rises all the way to {symbol} = {number} \(([+-][\d.]+)\)", said)
    highest = re.search(rf"is highest at {symbol} = {number} \(([+-][\d.]+)\)", said)
    peaks = re.search(
        rf"peaks at {symbol} = {number} \(([+-][\d.]+)\); at {symbol} = {number} it is "
        r"([+-][\d.]+)\.",
        said,
    )
    assert sum(map(bool, (rises, highest, peaks))) == 1, said
    if rises or highest:
        found = rises or highest
        assert float(found.group(1).replace(",", "")) == pytest.approx(curve.pressure[-1], rel=0.01)
        assert float(found.group(2)) == pytest.approx(gains[-1], abs=0.006)
        assert curve.peak_pressure == curve.pressure[-1]
        assert bool(rises) == bool(np.all(np.diff(gains) >= -1e-9))
        assert ("falls on the way there" in said) == bool(highest)
    else:
        assert float(peaks.group(1).replace(",", "")) == pytest.approx(
            curve.peak_pressure, rel=0.01
        )
        assert float(peaks.group(2)) == pytest.approx(curve.peak_gold_gain, abs=0.006)
        assert float(peaks.group(4)) == pytest.approx(gains[-1], abs=0.006)
        assert curve.peak_pressure != curve.pressure[-1]
    capped = curve.edge_mass is not None and curve.edge_mass[-1] >= core.EDGE_CAPPED_MASS
    assert ("Capped by the grid's edge" in said) == capped
    assert not re.search(r"\d\.\d{4,}", said)  # "β = 3.81", never "β = 3.81392"


@pytest.mark.parametrize("fit", CURVE_FITS)
def test_the_curve_sentences_say_where_true_quality_peaks_on_the_room_model(fit, room_curves):
    optimum = room_curves[fit]
    for curve, best_of_n in ((optimum.best_of_n, True), (optimum.kl, False)):
        curve_claims_hold(
            curve, text.curve_sentence(curve, best_of_n=best_of_n), best_of_n=best_of_n
        )


def test_the_curve_sentence_does_not_say_rises_all_the_way_over_a_dip():
    pressure = np.array([1.0, 10.0, 100.0, 1000.0])
    for gains, peak in (([0.0, 2.0, 1.9, 3.0], 1000.0), ([0.0, 1.0, 2.0, 3.0], 1000.0)):
        gains = np.array(gains)
        curve = core.Curve(pressure, pressure, gains, gains, peak, gains[-1], gains[-1])
        said = text.curve_sentence(curve, best_of_n=True)
        curve_claims_hold(curve, said, best_of_n=True)
