"""Where the pages' words change, pinned on both sides of the line (a fresh round of hand
mutations moved these without a test failing): each sentence is chosen by a number at a
threshold, and the test feeds the threshold itself and the value just under it. The expected
words are written out here, not built with the function under test."""

from __future__ import annotations

import numpy as np

import core
from ui import slack_text

SHOWN = 0.005  # a gain this size shows as 0.01 at two decimals (core.PEAK_FLATNESS)


def method_slack(*, peak: float, rise: float = 0.0, kept: float = 0.0) -> core.MethodSlack:
    """Best-of-n's slack with its strongest stop at n = 10,000 and its peak at ``peak``."""
    return core.MethodSlack(
        peak_pressure=peak,
        strongest_pressure=10_000.0,
        peak_proxy_gain=2.0,
        strongest_proxy_gain=3.0,
        peak_gold_gain=1.0 + kept,
        strongest_gold_gain=1.0,
        score_given_up=1 / 3,
        gold_kept=kept,
        strongest_rise=rise,
    )


def test_a_rise_of_0_005_at_the_strongest_stop_still_rises_and_0_0049_has_levelled_off():
    assert slack_text.SHOWN == core.PEAK_FLATNESS == SHOWN
    rising = slack_text.slack_sentence("n", method_slack(peak=10_000.0, rise=SHOWN))
    assert rising == "True quality still rises at n = 10,000: no slack to take."
    flat = slack_text.slack_sentence("n", method_slack(peak=10_000.0, rise=0.0049))
    assert (
        flat
        == "True quality has levelled off at its highest, +1.00 at n = 10,000: no slack to take."
    )


def test_a_peak_0_005_above_the_strongest_stop_is_slack_worth_taking_and_0_0049_is_not():
    taken = slack_text.slack_sentence("n", method_slack(peak=49.0, kept=SHOWN))
    assert taken.startswith("Stop at the peak, n = 49, instead of n = 10,000: end 0.01 higher")
    assert taken.endswith("for 33% of the reward model's score.")
    left = slack_text.slack_sentence("n", method_slack(peak=49.0, kept=0.0049))
    assert left == (
        "True quality peaks at n = 49 (+1.00), less than 0.01 above n = 10,000 (+1.00): "
        "no slack worth taking."
    )


def test_a_poll_guess_is_right_on_the_plateau_to_its_last_point_exactly_0_005_below_the_peak():
    """Best-of-n peaking at n = 64 (+1.00), n = 256 exactly 0.005 lower: the top's run is 64 to
    256, both ends right; 63 and 257 are off it."""
    from poll_data.guesses import QUESTIONS
    from ui.class_poll import guess_text

    assert guess_text.LEVEL == 0.005
    pressure = np.array([1.0, 4.0, 16.0, 64.0, 256.0, 1024.0, 10_000.0])
    gold = np.array([0.0, 0.5, 0.9, 1.0, 1.0 - 0.005, 0.8, 0.5])
    curve = core.Curve(
        pressure=pressure,
        kl=np.log(pressure),
        proxy_gain=np.linspace(0.0, 3.0, 7),
        gold_gain=gold,
        peak_pressure=64.0,
        peak_gold_gain=1.0,
        peak_proxy_gain=1.5,
    )
    question = QUESTIONS["best_of_n"]
    assert guess_text.plateau(curve, question).stretches == ((64.0, 256.0),)
    right = {
        guess: guess_text.guess_is_right(curve, question, guess) for guess in (63, 64, 256, 257)
    }
    assert right == {63: False, 64: True, 256: True, 257: False}
    gold[4] = np.nextafter(1.0 - 0.005, 0.0)  # a hair lower: the run ends at 64
    assert guess_text.plateau(curve, question).stretches == ((64.0, 64.0),)
    assert not guess_text.guess_is_right(curve, question, 256)


def test_a_share_of_0_995_is_more_than_99_percent_and_0_9949_is_99():
    from ui.best_of_n import text

    assert text.share_words(0.995) == "more than 99%"
    assert text.share_words(0.9949) == "99%"
    # Where 1 − 0.9⁵⁹⁰ rounds to 1.0 in floats the share is still short of whole.
    assert text.share_words(1.0) == "more than 99%"


def test_a_peak_at_the_curves_end_is_past_it_and_one_stop_before_is_at_it():
    from ui.best_of_n import text

    assert text.peak_texts(10_000.0, end=10_000.0) == ("n ≥ 10,000", "past n = 10,000")
    assert text.peak_texts(7_000.0, end=10_000.0) == ("n = 7,000", "at n = 7,000")


def test_a_rooms_interval_touching_1_or_0_holds_it_and_one_a_hair_past_does_not():
    from ui.class_poll import rating_text

    def length(low, high):
        return rating_text.length_sentence(length_weight=0.8, low=low, high=high)

    def padding(low, high):
        return rating_text.b_sentence(b=0.8, low=low, high=high)

    assert length(0.5, 1.0).endswith(": consistent with true quality's.")
    assert length(0.5, 0.999).endswith(": the room pays less for length than true quality does.")
    assert length(1.0, 1.5).endswith(": consistent with true quality's.")
    assert length(1.001, 1.5).endswith(": the room pays more for length than true quality does.")
    assert "includes 1: these choices are consistent" in padding(1.0, 1.5)
    assert "lies above 1" in padding(1.001, 1.5)
    assert "cannot tell whether the room charges for padding" in padding(-0.5, 0.0)
    assert "pays a padding bonus" in padding(-0.5, -0.001)
