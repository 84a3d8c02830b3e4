"""The pessimistic reward (core.pessimism): r_LCB from the Bradley–Terry posterior, optimized."""

import numpy as np
import pytest

import core
from core import pessimism

BETAS = np.array([4.0, 2.0, 1.0, 0.6, 0.4, 0.3])  # the lesson's


@pytest.fixture(scope="module")
def narrow_fit():
    """The Reward model page's opening fit: 10,000 pairs of typical lengths (spread 0.1)."""
    return core.fit_bradley_terry(core.comparisons(10_000, length_spread=0.1, seed=0))


def test_covariance_gives_the_fits_standard_errors(narrow_fit):
    covariance = pessimism.posterior_covariance(narrow_fit)
    assert np.allclose(np.sqrt(np.diag(covariance)), narrow_fit.standard_errors)


def test_lcb_against_a_direct_computation_point_by_point(narrow_fit):
    covariance = pessimism.posterior_covariance(narrow_fit)
    scale = narrow_fit.weights[0]
    points = [(0.0, 0.0), (1.0, -0.5), (3.0, 1.0), (-2.5, 2.0), (6.0, -6.0)]
    for length, substance in points:
        phi = np.array([substance, length, -(length**2 - 1)])
        mean = float(phi @ narrow_fit.weights)
        spread = float(np.sqrt(phi @ covariance @ phi))
        for kappa in (0.0, 1.0, 2.5):
            got = pessimism.lcb_reward(length, substance, fit=narrow_fit, kappa=kappa)
            assert got == pytest.approx((mean - kappa * spread) / scale, rel=1e-12, abs=1e-12)


def test_kappa_zero_is_the_fitted_model(narrow_fit):
    length, substance = core.world.grid_coordinates()
    fitted = narrow_fit.scaled_reward(length, substance)
    assert np.allclose(pessimism.lcb_reward(length, substance, fit=narrow_fit, kappa=0.0), fitted)
    expected = core.kl_curve_of_field(BETAS, proxy_field=fitted)
    got = pessimism.pessimistic_optimum(BETAS, fit=narrow_fit, kappa=0.0)
    assert np.allclose(got.gold_gain, expected.gold_gain, atol=1e-5)


def test_more_pessimism_scores_lower_everywhere(narrow_fit):
    length, substance = core.world.grid_coordinates()
    scores = [
        pessimism.lcb_reward(length, substance, fit=narrow_fit, kappa=kappa)
        for kappa in (0.0, 0.5, 1.0, 2.0)
    ]
    assert all(np.all(lower <= higher) for higher, lower in zip(scores, scores[1:], strict=False))


def test_a_model_that_knows_it_has_not_seen_long_answers_stays_short(narrow_fit):
    """Compared only at typical lengths, the fit learned almost none of the penalty (b ≈ 0.02),
    so its optimum runs long and true quality falls; its lower bound stays near length 1."""
    assert abs(narrow_fit.b) < 0.1
    plain = pessimism.pessimistic_optimum(BETAS, fit=narrow_fit, kappa=0.0)
    pessimistic = pessimism.pessimistic_optimum(BETAS, fit=narrow_fit, kappa=1.0)
    assert plain.mean_length[-1] > 2.5 and plain.gold_gain[-1] < 0
    assert pessimistic.mean_length[-1] < 1.2
    assert np.all(np.diff(pessimistic.gold_gain) > 0)  # no decline over the lesson's β
    assert np.all(pessimistic.gold_gain[2:] > plain.gold_gain[2:])


def test_without_the_padding_feature_the_covariance_is_two_by_two():
    fit = core.fit_bradley_terry(
        core.comparisons(2_000, length_spread=0.3, seed=1), padding_feature=False
    )
    assert pessimism.posterior_covariance(fit).shape == (2, 2)
    result = pessimism.pessimistic_optimum(1.0, fit=fit, kappa=1.0)
    assert isinstance(result.kl, float)


def test_bad_arguments(narrow_fit):
    with pytest.raises(ValueError, match="kappa must"):
        pessimism.lcb_reward(0.0, 0.0, fit=narrow_fit, kappa=-1.0)
    with pytest.raises(ValueError, match="fit must be a BradleyTerryFit"):
        pessimism.lcb_reward(0.0, 0.0, fit="a fit", kappa=1.0)
    unconverged = core.BradleyTerryFit(
        np.ones(3), np.full(3, np.inf), 1.0, (-np.inf, np.inf), 1.0, False, "no", 100
    )
    with pytest.raises(ValueError, match="fit must have converged"):
        pessimism.pessimistic_optimum(1.0, fit=unconverged, kappa=1.0)
