"""The slack's sentence (Defenses, the stage's "slack?") at every (b, σ) stop of the sliders
for both methods (441 × 2), and the stage's one-line readout at every stop of β and n there too
(441 × 48 lines): each claim's condition checked against core's curve at the slider's stops
(tests/app/stop_curves.py, not core.slack or core.slack_at_stops), and every number printed
equal to core's as printed.

Numbers and conditions, not exact prose (the line may be reworded for newcomers): the words are
read only for which case they state ("still rises", "levelled off", "no slack worth taking",
"Stop at"; on the stage "Push on to", "At the peak", "Back off to", "Capped").
"""

from __future__ import annotations

import json
import re

import numpy as np
import pytest
import stop_curves

import core
from common import format as fmt
from ui import compute, slack_text, swamp_text
from ui.playground import worlds
from ui.settings import B_STOPS, BETA_STOPS, N_STOPS, SIGMA_STOPS

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


@pytest.mark.slow  # over 10 s of a quiet core: a walk over all 441 (b, σ)
@pytest.mark.parametrize(("method", "symbol", "key"), METHODS)
def test_every_slack_sentence_states_what_cores_curve_shows(cases, method, symbol, key):
    seen = set()
    for b, sigma in SETTINGS:
        slack, curve = cases[method, b, sigma]
        sentence = slack_text.slack_sentence(symbol, slack, stops=BETA_STOPS)
        peak, strongest = (
            fmt.named(symbol, curve.pressure[i]) for i in (curve.peak, curve.strongest)
        )
        case = kind(curve)
        seen.add(case)
        where = (method, b, sigma, sentence)
        assert ("still rises" in sentence) == (case == "rises"), where
        assert ("levelled off" in sentence) == (case == "level"), where
        assert ("no slack worth taking" in sentence) == (case == "tiny"), where
        assert sentence.startswith("Stop at the peak") == (case == "stop"), where
        assert strongest in sentence, where
        if case == "rises":
            assert f"rises at {strongest}" in sentence, where
        elif case == "level":
            assert f"{fmt.signed(curve.gold[curve.strongest])} at {strongest}" in sentence
        elif case == "tiny":
            assert f"{peak} ({fmt.signed(curve.gold[curve.peak])})" in sentence, where
            assert f"({fmt.signed(curve.gold[curve.strongest])})" in sentence, where
        elif case == "stop":
            kept = curve.gold[curve.peak] - curve.gold[curve.strongest]
            top = curve.proxy[curve.strongest]
            given_up = (top - curve.proxy[curve.peak]) / top
            assert fmt.number(kept) != "0.00", where
            assert f"Stop at the peak, {peak}, instead of {strongest}: " in sentence, where
            assert f"end {fmt.number(kept)} higher" in sentence, where
            against = f"({fmt.signed(curve.gold[curve.peak])} against "
            assert against + f"{fmt.signed(curve.gold[curve.strongest])})" in sentence, where
            assert f"for {fmt.share_percent(given_up)} of the reward model" in sentence, where
            assert fmt.share_percent(given_up) != "0%", where
    # Each case is met somewhere: best-of-n levels off as n outruns the 600 answers (b near 1;
    # it never rises visibly at n = 10,000, where "still rises" stood at 176 stops).
    assert seen >= ({"level", "tiny", "stop"} if method == "best_of_n" else {"rises", "stop"})


# --- the stage's one line, at every stop: from where the student is ----------------------

STOPS = {"best_of_n": N_STOPS, "kl": BETA_STOPS}
RESULTS = {"best_of_n": stop_curves.best_of_n_result, "kl": stop_curves.kl_result}
GAINS = re.compile(r": ([+-]\d+\.\d\d) true quality, ([+-]\d+\.\d\d) score$")


def expected_kind(curve, index: int) -> str:
    """Where stop ``index`` stands, read from core's curve: 'capped', 'push', 'peak' (the
    peak itself), 'level' (within 0.005 of it), 'rising' (the peak at the end of the stops
    looked at, still rising into it) or 'back'."""
    if not curve.looked[index] or not curve.clear[index]:
        return "capped"
    below = curve.gold[curve.peak] - curve.gold[index]
    if below >= stop_curves.SHOWN:
        return "push" if index < curve.peak else "back"  # stops run gentle to strong
    if index != curve.peak:
        return "level"
    rise = curve.gold[curve.strongest] - curve.gold[curve.gentler]
    rising = curve.peak == curve.strongest and rise >= stop_curves.SHOWN
    return "rising" if rising else "peak"


def lines_at(method: str, b: float, sigma: float) -> list[str]:
    """The stage's lines, handed core's edge check at the β stops as the world hands them."""
    key = "n" if method == "best_of_n" else "beta"
    result = RESULTS[method](b, sigma)
    capped = None
    if method == "kl":
        capped = core.edge_check(np.asarray(STOPS[method], dtype=float), b=b, sigma=sigma).capped
    return worlds.slack_readouts(key, STOPS[method], result, capped=capped)


def check_stop(line: str, curve, index: int, symbol: str) -> str:
    """Assert the line at stop ``index`` states what core's curve shows there; its kind."""
    case = expected_kind(curve, index)
    peak = fmt.named(symbol, curve.pressure[curve.peak])
    gold_to_peak = curve.gold[curve.peak] - curve.gold[index]
    score_to_peak = curve.proxy[curve.peak] - curve.proxy[index]
    assert len(line) <= slack_text.READOUT_CHARACTERS, line
    gains = GAINS.search(line)
    assert (gains is not None) == (case in ("push", "back")), line
    assert line.startswith("Push on to ") == (case == "push"), line
    assert line.startswith("Back off to ") == (case == "back"), line
    assert line.startswith("At the peak") == (case in ("peak", "level")), line
    assert line.startswith("Capped here") == (case == "capped"), line
    if case in ("push", "back"):
        assert line.startswith(f"{'Push on' if case == 'push' else 'Back off'} to {peak}: ")
        assert gains[1] == fmt.signed(gold_to_peak) and gains[1] != "+0.00", line
        assert gains[2] == fmt.signed(round(score_to_peak, 2)), line
        # Pushing on buys score, backing off gives it up (never the other way, as printed;
        # "+0.00" where best-of-n's score has saturated).
        assert (float(gains[2]) <= 0) if case == "back" else (float(gains[2]) >= 0), line
    elif case == "level":
        assert peak in line and "within 0.01" in line, line
    elif case == "capped":
        # Its own numbers describe the grid's edge: it names the peak clear of it, no gain.
        assert curve.clear.any() and line.endswith(f"the peak is {peak}"), line
    elif case == "rising":
        assert "still rising" in line, line
        at_end = "clear of the grid's edge" if not curve.clear.all() else "slider's end"
        assert at_end in line, line
    return case


@pytest.mark.slow  # over 10 s of a quiet core: a walk over all 441 (b, σ)
@pytest.mark.parametrize(("method", "symbol", "key"), METHODS)
def test_the_stage_line_speaks_from_every_stop_of_every_setting(method, symbol, key):
    seen = set()
    for b, sigma in SETTINGS:
        curve = stop_curves.curve(method, b, sigma)
        lines = lines_at(method, b, sigma)
        assert len(lines) == len(STOPS[method])
        for index, line in enumerate(lines):
            seen.add(check_stop(line, curve, index, symbol))
        # It changes as the student drags: never one line at every stop.
        assert len(set(lines)) > 1, (method, b, sigma)
    expected = {"push", "peak", "level", "back"}
    expected |= {"capped", "rising"} if method == "kl" else set()
    assert seen >= expected, seen


def test_at_the_lesson_default_beta_4_the_line_pushes_on_to_the_peak():
    # b = 0, σ = 0, away from the edge: the KL optimum is the Gaussian at (1/β, 1/β), gold
    # 2/β - 1/β², score 2/β (docs/design.md): from β = 4 (+0.4375, +0.5) to the peak β = 1
    # (+1, +2) is +0.5625 true quality and +1.5 score, to 0.01.
    lines = dict(zip(BETA_STOPS, lines_at("kl", 0.0, 0.0), strict=True))
    assert lines[4.0] == "Push on to β = 1: +0.56 true quality, +1.50 score"
    assert lines[2.0] == "Push on to β = 1: +0.25 true quality, +1.00 score"
    assert lines[1.0] == "At the peak: true quality is highest here"
    # β = 0.6: +0.56 and +3.33 (the lesson's table); backing off keeps +0.44, gives up 1.33.
    assert lines[0.6] == "Back off to β = 1: +0.44 true quality, -1.33 score"
    # β = 0.3, the lesson's last row (-4.37, +6.65): the old line's +5.37 is now said here.
    assert lines[0.3] == "Back off to β = 1: +5.37 true quality, -4.65 score"
    assert lines[0.25] == "Capped here; clear of the edge, the peak is β = 1"  # 8.4% at it
    n_lines = dict(zip(N_STOPS, lines_at("best_of_n", 0.0, 0.0), strict=True))
    assert n_lines[1] == "Push on to n = 49: +1.31 true quality, +2.99 score"
    assert n_lines[49] == "At the peak: true quality is highest here"
    assert n_lines[10000] == "Back off to n = 49: +2.40 true quality, -0.49 score"


def test_the_world_carries_a_line_a_stop_and_where_sigma_swamps_b_it_stands_at_the_peak():
    world = json.loads(worlds.build_world_json(0.0, 1.0))  # σ swamps b here (ui.swamp_text)
    found = compute.swamping(0.0, 1.0)  # its numbers: tests/app/test_defense_headlines.py
    swamped = swamp_text.swamped_readout(found)
    curve = stop_curves.curve("best_of_n", 0.0, 1.0)
    at_peak = curve.gold[curve.peak] - curve.gold < stop_curves.SHOWN
    assert at_peak[-1] and not at_peak[0]
    lines = np.array(world["n"]["slack"])
    assert list(lines == swamped) == list(at_peak)
    assert all(line.startswith("Push on to n = 10,000: ") for line in lines[~at_peak])
    for key in ("beta", "n"):
        assert len(world[key]["slack"]) == len(world[key]["stops"])
