"""Where σ swamps b, the Playground's stage says so beside best-of-n's readouts (in the slack's
place, its sentence behind "slack?"), in words tied to core; elsewhere the slack stays."""

from __future__ import annotations

import json

import numpy as np
import pytest

import core
from common import format as fmt
from core import fresh_draws
from ui.playground import worlds

STRONGEST_N = 10_000  # the n slider's strongest stop


def best_of_n_line(b: float, sigma: float) -> dict:
    return json.loads(worlds.build_world_json(b, sigma))["n"]


def test_at_b_0_and_sigma_1_the_stage_says_sigma_swamps_b_with_cores_numbers():
    part = best_of_n_line(0.0, 1.0)
    # One line a stop: at n = 10,000, best-of-n's peak, the swamp's (tests/app/test_slack_claims.py:
    # at every stop within 0.005 of the peak, and "Push on to" elsewhere).
    assert part["slack"][-1] == (
        "σ swamps b on this draw: best-of-n ends at +1.54 (at σ = 0: -1.08), not a cure; "
        "below the base in 96 of 200 fresh draws (75 at σ = 0)"
    )
    assert fmt.signed(core.best_of_n(STRONGEST_N, b=0.0, sigma=1.0).gold_gain) == "+1.54"
    assert fmt.signed(core.best_of_n(STRONGEST_N, b=0.0, sigma=0.0).gold_gain) == "-1.08"
    assert part["slack_more"].startswith("Here σ swamps b: the reward model's other errors (σ = 1)")
    assert "they do not cure it" in part["slack_more"]
    # The fresh draws' counts, from core's best-of-n on each of the 200 (seeds 1-200).
    at, clean = (
        fresh_draws.fresh_curves(np.array([10_000.0]), sigma=sigma) for sigma in (1.0, 0.0)
    )
    assert (int((at.gold_gain < 0).sum()), int((clean.gold_gain < 0).sum())) == (96, 75)
    assert "Over 200 fresh draws of 600 it is this draw's, not the rule" in part["slack_more"]


@pytest.mark.parametrize(("b", "sigma"), [(0.05, 1.0), (0.1, 0.7), (0.15, 2.0)])
def test_where_the_errors_made_the_collapse_the_stage_does_not_say_they_took_it_away(b, sigma):
    # At b = 0.05-0.15 best-of-n does not collapse at σ = 0 (+3.19 at n = 10,000): there is no
    # collapse for larger errors to remove (docs/design.md §17: the sentence showed here,
    # citing a KL optimum at or above zero as "not cured").
    assert core.best_of_n(STRONGEST_N, b=b, sigma=0.0).gold_gain > 0
    part = best_of_n_line(b, sigma)
    assert not any("swamps" in line for line in part["slack"])
    assert "swamps" not in part["slack_more"]


@pytest.mark.parametrize(
    ("b", "sigma"), [(0.0, 0.5), (0.0, 0.8), (0.2, 1.0), (0.0, 0.0), (0.1, 1.0)]
)
def test_where_best_of_n_still_collapses_or_b_holds_it_the_slack_stays(b, sigma):
    part = best_of_n_line(b, sigma)
    assert not any("swamps" in line for line in part["slack"])
    assert "swamps" not in part["slack_more"]
    assert all(
        line.startswith(("Push on to", "At the peak", "Back off to", "Highest"))
        for line in part["slack"]
    )
