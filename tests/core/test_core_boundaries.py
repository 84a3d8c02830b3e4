"""Boundaries in core a hand mutation once moved unnoticed, each pinned on both sides with the
expected value computed here: the rating pairs' grid (a length just past ±6 is clipped to it,
one just inside is kept) and the checker's edge band (the 11 skills from u = 11.5 to 12: 11.5
in, 11.45 out), read where the band holds half the policy, not 3e-15 of it."""

from __future__ import annotations

import numpy as np
import pytest

from core import checker, room_ratings

GRID_LIMIT = 6.0  # the lesson's grid runs to ±6 on both axes
SKILLS = np.linspace(-12, 12, 481)  # the checker's skills, written out here
BAND_LOW = 11.5  # "at the edge": within 0.5 of the top skill, 12


@pytest.mark.parametrize("outside", [6.01, 7.5])
def test_a_rating_pairs_length_just_past_the_grid_is_clipped_to_its_edge(outside):
    """The spread is chosen so the longest draw lands at ``outside``: it comes back at ±6
    exactly; every other draw is the unclipped draw itself."""
    seed, count = 11, 40
    draws = np.random.default_rng(seed).standard_normal((count, 2))
    spread = outside / np.abs(draws).max()
    pairs = room_ratings.rating_pairs(seed=seed, length_spread=spread, count=count)
    longest = np.unravel_index(np.abs(draws).argmax(), draws.shape)
    assert pairs.length[longest] == np.sign(draws[longest]) * GRID_LIMIT
    others = np.abs(draws * spread) <= GRID_LIMIT
    np.testing.assert_array_equal(pairs.length[others], (draws * spread)[others])
    assert np.abs(pairs.length).max() == GRID_LIMIT


def test_a_rating_pairs_length_just_inside_the_grid_is_kept():
    seed, count = 11, 40
    draws = np.random.default_rng(seed).standard_normal((count, 2))
    spread = 5.99 / np.abs(draws).max()
    pairs = room_ratings.rating_pairs(seed=seed, length_spread=spread, count=count)
    np.testing.assert_array_equal(pairs.length, draws * spread)
    assert np.abs(pairs.length).max() == pytest.approx(5.99, abs=1e-12)


def test_the_edge_band_is_the_eleven_skills_from_eleven_and_a_half_to_twelve():
    np.testing.assert_array_equal(checker.SKILLS, SKILLS)
    inside = SKILLS[checker.AT_EDGE == 1.0]
    assert inside.size == 11
    assert inside[0] == BAND_LOW and inside[-1] == 12.0  # both ends in the band
    assert SKILLS[checker.AT_EDGE == 0.0].max() == pytest.approx(11.45)  # the next one down: out
    assert set(np.unique(checker.AT_EDGE)) == {0.0, 1.0}


def independent_policy(beta, difficulty, hacks, hack_rewards, hack_rate):
    """π_β over the skills then the hacks, written out from the module's docstring."""
    weights = np.exp(-(SKILLS**2) / 2)
    honest = (1 - hack_rate * sum(hacks)) * weights / weights.sum()
    base = np.concatenate([honest, hack_rate * np.asarray(hacks)])
    solves = 1 / (1 + np.exp(-(SKILLS - difficulty)))
    log_policy = np.log(base) + np.concatenate([solves, hack_rewards]) / beta
    policy = np.exp(log_policy - log_policy.max())
    return policy / policy.sum()


# (1.5%, h = 0, β = 1e-4): 46% of π_β in the band, 7.0% on u = 11.5 and 7.2% on u = 11.45, so
# moving either end of the band by one skill moves the share by 7 points, not by 3e-15.
PASS_RATE, BETA = 0.015, 1e-4


def test_the_edge_share_counts_both_ends_of_the_band_and_nothing_below():
    result = checker.checker_optimum(BETA, pass_rate=PASS_RATE, looseness=0.0)
    policy = independent_policy(BETA, result.difficulty, [1.0], [0.0], 0.01)[:-1]
    at_edge = policy[SKILLS >= BAND_LOW - 1e-9].sum()
    assert 0.4 < at_edge < 0.5
    assert policy[SKILLS == BAND_LOW][0] > 0.05 and policy[469] > 0.05  # 11.5 in, 11.45 out
    assert result.edge_share == pytest.approx(at_edge, rel=1e-9)


@pytest.mark.parametrize("penalize", [False, True])
def test_the_watched_edge_share_counts_the_same_band(penalize):
    result = checker.monitored_optimum(BETA, pass_rate=PASS_RATE, looseness=0.0, penalize=penalize)
    difficulty = float(checker.difficulty_for(pass_rate=PASS_RATE))
    catches = np.array([checker.OPEN_CATCH, checker.HIDDEN_CATCH])
    rewards = -catches if penalize else np.zeros(2)  # h = 0: a caught hack costs 1
    policy = independent_policy(BETA, difficulty, [1.0, 0.01], rewards, 0.01)[:-2]
    at_edge = policy[SKILLS >= BAND_LOW - 1e-9].sum()
    assert 0.4 < at_edge < 0.5
    assert result.edge_share == pytest.approx(at_edge, rel=1e-9)
