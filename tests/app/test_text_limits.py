"""Where the pages' words change, pinned on both sides of the line (a fresh round of hand
mutations moved these without a test failing): each sentence is chosen by a number at a
threshold, and the test feeds the threshold itself and the value just under it. The expected
words are written out here, not built with the function under test."""

from __future__ import annotations

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
