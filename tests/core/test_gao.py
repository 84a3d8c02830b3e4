"""Gao et al.'s forms fitted to the toy's exact curves."""

import numpy as np
import pytest

import core

LESSON_BETAS = np.geomspace(10.0, 0.5, 60)  # the KL optimum's range in the issue
FLOAT32_FLOOR = 1e-4  # kl_optimum sums in float32: gains good to about 1e-6 relative


def test_closed_form_kl_optimum_is_exactly_the_best_of_n_form():
    # KL = 1/β², gold = 2/β - 1/β²: with d = 1/β, gold = 2d - d², so α = 2, β = 1, d* = 1.
    kl = 1.0 / LESSON_BETAS**2
    fit = core.fit_gao(kl, 2.0 / LESSON_BETAS - kl, form="best_of_n")
    assert fit.alpha == pytest.approx(2.0, abs=1e-12)
    assert fit.beta == pytest.approx(1.0, abs=1e-12)
    assert fit.r_squared == pytest.approx(1.0, abs=1e-12)
    assert fit.peak_kl == pytest.approx(1.0, abs=1e-12)


def test_grid_kl_optimum_at_b_sigma_zero_fits_alpha_two_beta_one():
    result = core.kl_optimum(LESSON_BETAS)
    fit = core.fit_gao(result.kl, result.gold_gain, form="best_of_n")
    assert fit.alpha == pytest.approx(2.0, abs=FLOAT32_FLOOR)
    assert fit.beta == pytest.approx(1.0, abs=FLOAT32_FLOOR)
    assert fit.r_squared > 1 - 1e-6
    np.testing.assert_allclose(fit.gold(result.kl), result.gold_gain, atol=1e-3)


def test_rl_form_peak_is_where_its_derivative_vanishes():
    distance = np.linspace(0.05, 4.0, 80)
    gold = distance * (1.5 - 0.7 * np.log(distance))
    fit = core.fit_gao(distance**2, gold, form="rl")
    assert (fit.alpha, fit.beta) == (pytest.approx(1.5), pytest.approx(0.7))
    # R'(d) = α - β ln d - β = 0 at d* = e^{α/β - 1}.
    peak = np.sqrt(fit.peak_kl)
    assert fit.alpha - fit.beta * np.log(peak) - fit.beta == pytest.approx(0.0, abs=1e-9)


def test_best_of_n_fit_uses_the_exact_kl():
    ns = np.unique(np.round(np.geomspace(1, 10_000, 60)))
    result = core.best_of_n(ns)
    fit = core.fit_gao(result.kl, result.gold_gain, form="best_of_n")
    assert fit.points == ns.size - 1  # n = 1 is at d = 0 and carries no slope
    assert np.all(result.kl <= np.log(600)) and fit.r_squared > 0.8
    assert 0 < fit.peak_kl < np.log(600)


def test_no_peak_when_gold_never_turns_down():
    distance = np.linspace(0.1, 3.0, 30)
    fit = core.fit_gao(distance**2, 2.0 * distance + distance**2, form="best_of_n")
    assert fit.beta < 0 and fit.peak_kl == np.inf


@pytest.mark.parametrize("form", core.GAO_FORMS)
def test_fitted_curve_starts_at_zero_without_warnings(form):
    distance = np.linspace(0.1, 2.0, 20)
    fit = core.fit_gao(distance**2, distance * (1.0 - 0.3 * distance), form=form)
    with np.errstate(all="raise"):
        values = fit.gold(np.array([0.0, 1e-30, 1.0]))
    assert values[0] == 0.0 and np.isfinite(values).all()
