"""The Reward model page's pessimistic-reward sentence (ui.reward_model.text), at a fixed sample
of its 12,320 slider settings, against core.pessimism computed here."""

import numpy as np
import pytest

import core
from core.kl import KLProblem
from ui.reward_model import text as reward_text

KAPPA, BETA = 1.0, 0.3  # the page's (ui.reward_model.compute.KAPPA, PESSIMISTIC_BETA)
# (pairs, spread, rater noise, prior): the page's opening, the narrow cases of its words, a
# wide one, a strong prior, noisy raters, and few pairs.
SETTINGS = [
    (10_000, 0.1, 1.0, 0.0),
    (200, 0.3, 1.0, 0.0),
    (200, 0.3, 1.0, 30.0),
    (200_000, 1.0, 1.0, 0.0),
    (1_000, 0.1, 0.2, 0.0),
    (50, 2.0, 1.0, 1.0),
    (5_000, 0.5, 0.5, 300.0),
]
NO_SENTENCE = (50, 2.0, 5.0, 1.0)  # noisy raters, few pairs: substance is not clear, b undefined


def test_page_constants():
    from ui.reward_model import compute

    assert (compute.KAPPA, compute.PESSIMISTIC_BETA) == (KAPPA, BETA)


@pytest.mark.parametrize(("pairs", "spread", "noise", "prior"), SETTINGS)
def test_pessimistic_sentence(pairs, spread, noise, prior):
    choices = core.comparisons(pairs, length_spread=spread, rater_noise=noise, seed=0)
    fit = core.fit_bradley_terry(choices, prior=prior)
    if fit.information is None or not core.substance_is_clear(fit):
        pytest.skip("no posterior here: the page shows no sentence")
    # The fitted model's optimum, independently of core.pessimism: its scaled field on the grid.
    length, substance = np.meshgrid(core.GRID, core.GRID)
    plain = KLProblem(fit.scaled_reward(length, substance)).optimum(BETA)
    pessimistic = core.pessimistic_optimum(BETA, fit=fit, kappa=KAPPA)
    sentence = reward_text.pessimistic_sentence(
        core.pessimistic_optimum(BETA, fit=fit, kappa=0.0), pessimistic, kappa=KAPPA, beta=BETA
    )
    assert f"mean length {plain.mean_length:.2f}" in sentence
    assert f"true quality {plain.gold_gain:+.2f}".replace("+-", "-") in sentence
    assert f"mean length {pessimistic.mean_length:.2f}" in sentence
    assert "κ = 1" in sentence and "β = 0.3" in sentence
    shorter = pessimistic.mean_length < plain.mean_length - 0.05
    assert ("stops shorter" in sentence) == shorter


def test_no_sentence_where_b_is_not_defined():
    from ui.reward_model import compute

    pairs, spread, noise, prior = NO_SENTENCE
    assert compute.pessimistic(pairs, spread, noise, prior) is None


def test_the_opening_setting_stops_shorter():
    fit = core.fit_bradley_terry(core.comparisons(10_000, length_spread=0.1, seed=0))
    plain = core.pessimistic_optimum(BETA, fit=fit, kappa=0.0)
    pessimistic = core.pessimistic_optimum(BETA, fit=fit, kappa=KAPPA)
    sentence = reward_text.pessimistic_sentence(plain, pessimistic, kappa=KAPPA, beta=BETA)
    assert "mean length 2.70 and true quality -1.14" in sentence
    assert "mean length 1.01 and true quality +4.25" in sentence
    assert "stops shorter" in sentence
