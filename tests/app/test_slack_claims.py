"""The slack's sentence (Defenses, the stage's "slack?") and the stage's one-line readout, at
every (b, σ) stop of the sliders for both methods (441 × 2): each claim's condition checked
against core's curve at the slider's stops (tests/app/stop_curves.py, not core.slack), and every
number printed equal to core's as printed.

Numbers and conditions, not exact prose (the line may be reworded for newcomers): the words are
read only for which case they state ("still rises", "levelled off", "no slack worth taking",
"Stop at").
"""

from __future__ import annotations

import pytest
import stop_curves

from common import format as fmt
from ui import slack_text
from ui.playground import worlds
from ui.settings import B_STOPS, BETA_STOPS, SIGMA_STOPS

SETTINGS = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
METHODS = (("best_of_n", "n", "n"), ("kl", "β", "beta"))


@pytest.fixture(scope="module")
def cases():
    """{(method, b, σ): (its slack from core, its curve from core at the stops)}: the slack is
    what the page hands the sentence; the curve is the test's own reading."""
    found = {}
    for b, sigma in SETTINGS:
        slack = stop_curves.slack(b, sigma)
        for method, _, _ in METHODS:
            found[method, b, sigma] = (
                getattr(slack, method),
                stop_curves.curve(method, b, sigma),
            )
    return found


def kind(curve) -> str:
    """Which case holds, read from core's curve: 'rises', 'level', 'tiny' or 'stop'."""
    peak, strongest = curve.peak, curve.strongest
    if peak == strongest:
        rise = curve.gold[strongest] - curve.gold[curve.gentler]
        return "rises" if rise >= stop_curves.SHOWN else "level"
    return "tiny" if curve.gold[peak] - curve.gold[strongest] < stop_curves.SHOWN else "stop"


@pytest.mark.parametrize(("method", "symbol", "key"), METHODS)
def test_every_slack_sentence_and_readout_states_what_cores_curve_shows(cases, method, symbol, key):
    seen = set()
    for b, sigma in SETTINGS:
        slack, curve = cases[method, b, sigma]
        sentence = slack_text.slack_sentence(symbol, slack, stops=BETA_STOPS)
        readout = worlds.slack_readout(key, slack)
        peak, strongest = (
            fmt.named(symbol, curve.pressure[i]) for i in (curve.peak, curve.strongest)
        )
        case = kind(curve)
        seen.add(case)
        where = (method, b, sigma, sentence, readout)
        assert ("still rises" in sentence) == (case == "rises") == ("still rises" in readout), where
        assert ("levelled off" in sentence) == (case == "level") == ("levelled off" in readout)
        assert ("no slack worth taking" in sentence) == (case == "tiny"), where
        assert sentence.startswith("Stop at the peak") == (case == "stop"), where
        assert readout.startswith("Back off to") == (case == "stop"), where
        assert readout.endswith("stay there.") == (case != "stop"), where
        assert len(readout) <= worlds.READOUT_CHARACTERS, where
        assert strongest in sentence, where
        if case == "rises":
            assert f"rises at {strongest}" in readout
        elif case == "level":
            assert f"{fmt.signed(curve.gold[curve.strongest])} at {strongest}" in sentence
            assert strongest in readout
        elif case == "tiny":
            assert f"{peak} ({fmt.signed(curve.gold[curve.peak])})" in sentence, where
            assert f"({fmt.signed(curve.gold[curve.strongest])})" in sentence, where
            assert peak in readout and strongest in readout
        else:
            kept = curve.gold[curve.peak] - curve.gold[curve.strongest]
            top = curve.proxy[curve.strongest]
            given_up = (top - curve.proxy[curve.peak]) / top
            assert fmt.number(kept) != "0.00", where
            assert f"Stop at the peak, {peak}, instead of {strongest}: " in sentence, where
            assert f"end {fmt.number(kept)} higher" in sentence, where
            against = f"({fmt.signed(curve.gold[curve.peak])} against "
            assert against + f"{fmt.signed(curve.gold[curve.strongest])})" in sentence, where
            assert f"for {fmt.share_percent(given_up)} of the reward model" in sentence, where
            assert readout == (
                f"Back off to {peak}: +{fmt.number(kept)} true quality, "
                f"−{fmt.share_percent(given_up)} score"
            )
            assert fmt.share_percent(given_up) != "0%", where
    # Each case is met somewhere: best-of-n levels off as n outruns the 600 answers (b near 1;
    # it never rises visibly at n = 10,000, where "still rises" stood at 176 stops).
    assert seen >= ({"level", "tiny", "stop"} if method == "best_of_n" else {"rises", "stop"})
