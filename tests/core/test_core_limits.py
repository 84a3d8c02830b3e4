"""Limits in core a fresh round of hand mutations moved without a test failing, each pinned at
the value on the line and the one just past it: the edge check's two gates (edge mass 1e-4
and 5%) and its 0.1 tolerance, a bad value's 60-character description, pass@k at p = 1 and
chance 1, the checker's base hack rate (0.5 the most), and a score that never rose (nothing
given up, not 0/0). Expected values are written out here."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from core import checker, grid_edge, kl, validate
from core.pass_at_k import tries_needed
from core.slack import _method_slack

BETA = np.array([0.3])  # the lesson's last row (its edge mass and gold gain are set below)


def crafted(edge_mass: float, gold_gain: float | None = None, beta=BETA) -> kl.KLResult:
    """kl_optimum at ``beta`` (b = σ = 0) with its edge mass (and gold gain) set."""
    real = kl.kl_optimum(beta)
    gold = real.gold_gain if gold_gain is None else np.array([gold_gain])
    return dataclasses.replace(real, edge_mass=np.array([edge_mass]), gold_gain=gold)


def check(result: kl.KLResult, beta=BETA) -> grid_edge.EdgeCheck:
    return grid_edge.edge_check(beta, result=result)


def test_the_wider_grid_is_solved_from_an_edge_mass_of_1e_4_and_not_just_below():
    assert grid_edge.EDGE_CHECK_MASS == 1e-4
    assert check(crafted(1e-4)).checked.tolist() == [True]
    assert check(crafted(np.nextafter(1e-4, 0))).checked.tolist() == [False]


def test_from_5_percent_at_the_edge_it_is_capped_unsolved_and_just_below_it_is_solved():
    assert kl.EDGE_CAPPED_MASS == 0.05
    at = check(crafted(0.05))
    assert (at.checked.tolist(), at.capped.tolist()) == ([False], [True])
    below = check(crafted(np.nextafter(0.05, 0)))
    assert below.checked.tolist() == [True]


def test_a_move_of_exactly_0_1_with_room_is_not_capped_and_a_hair_more_is():
    # At β = 10 the wider grid's gain is +0.19, small enough that a gain exactly 0.1 below it
    # is a float whose distance from it is the float 0.1 (near −4.4, at β = 0.3, none is).
    beta = np.array([10.0])
    wide, wide_edge = grid_edge.wide_optimum(beta)
    assert wide_edge[0] < grid_edge.EDGE_CHECK_MASS  # the wider grid has room there
    gold = float(wide[0]) - 0.1
    assert abs(float(wide[0]) - gold) == grid_edge.EDGE_SHIFT_TOLERANCE == 0.1
    assert check(crafted(0.02, gold, beta), beta).capped.tolist() == [False]
    assert check(crafted(0.02, gold - 1e-9, beta), beta).capped.tolist() == [True]
    assert check(crafted(0.02, float(wide[0]) + 0.1 + 1e-9, beta), beta).capped.tolist() == [True]


def test_a_bad_value_is_described_whole_to_60_characters_and_cut_to_57_and_dots_past():
    whole = "x" * 58  # repr: 60 characters with its quotes
    assert validate.show(whole) == repr(whole)
    longer = "x" * 59
    assert validate.show(longer) == "'" + "x" * 56 + "..."
    assert len(validate.show(longer)) == 60


@pytest.mark.parametrize(
    ("rate", "chance", "tries"),
    [(1.0, 1.0, 1.0), (1.0, 0.5, 1.0), (0.0, 1.0, np.inf), (0.5, 0.5, 1.0), (0.5, 0.75, 2.0)],
)
def test_tries_needed_at_the_ends_of_p_and_chance(rate, chance, tries):
    """p = 1 takes one try even for certainty (ln 0 / ln 0 is nan); p = 0 never gets there;
    chance 0.75 at p = 0.5 is exactly two tries (1 - 0.5² = 0.75), not three."""
    assert tries_needed(rate, chance=chance) == tries


def test_the_base_hack_rate_is_at_most_one_half():
    assert np.isfinite(checker.hack_cost(hack_rate=0.5))  # the last rate taken
    with pytest.raises(ValueError, match=r"hack_rate must be a rate in \(0, 0.5\]"):
        checker.hack_cost(hack_rate=0.5000001)
    with pytest.raises(ValueError, match=r"hack_rate must be a rate in \(0, 0.5\]"):
        checker.hack_cost(hack_rate=0.0)


def test_a_method_whose_score_never_rose_gives_up_nothing_not_nan():
    stops = np.array([1.0, 4.0, 16.0])
    flat = _method_slack(stops, np.zeros(3), np.array([0.0, 0.5, 0.2]), 2)
    assert flat.score_given_up == 0.0
    assert flat.peak_pressure == 4.0
