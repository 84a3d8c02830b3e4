"""Gao et al.'s forms fitted to the toy's exact curves."""

import numpy as np
import pytest

import core

LESSON_BETAS = np.geomspace(10.0, 0.5, 60)  # the KL optimum's range in the issue
# The grid (spacing 0.05, edge at 6) moves the optimum's gold from 2/β - 1/β² by up to 7e-4 at
# β = 0.5 (d = 2), where least squares on R weighs most: α and β land 1.2e-4 and 1.4e-4 off.
GRID_FLOOR = 3e-4


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
    assert fit.alpha == pytest.approx(2.0, abs=GRID_FLOOR)
    assert fit.beta == pytest.approx(1.0, abs=GRID_FLOOR)
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
    assert 0 < fit.peak_kl < np.log(600) and fit.peak_in_data
    assert fit.kl_low == result.kl[1] and fit.kl_high == result.kl.max()


def lstsq_by_hand(kl, gold, form):
    """Least squares on R in (α, β), solved by numpy.linalg.lstsq on a design built here:
    R = α·d - β·d² (best-of-n) or α·d - β·d·ln d (RL), no intercept; R² of R."""
    d = np.sqrt(np.asarray(kl, dtype=float))
    keep = d > 1e-6
    d, r = d[keep], np.asarray(gold, dtype=float)[keep]
    second = d * d if form == "best_of_n" else d * np.log(d)
    design = np.stack([d, -second], axis=1)
    (alpha, beta), *_ = np.linalg.lstsq(design, r, rcond=None)
    residual = r - design @ [alpha, beta]
    return alpha, beta, 1 - residual @ residual / np.sum((r - r.mean()) ** 2)


CURVES = {
    "kl_optimum_b0": lambda: core.kl_optimum(LESSON_BETAS),
    "kl_optimum_noisy": lambda: core.kl_optimum(LESSON_BETAS, b=0.9, sigma=0.4),
    "best_of_n_b0": lambda: core.best_of_n(core.log_spaced_counts(high=10_000)),
    "best_of_n_noisy": lambda: core.best_of_n(
        core.log_spaced_counts(high=10_000), b=0.3, sigma=1.5
    ),
}


@pytest.mark.parametrize("form", core.GAO_FORMS)
@pytest.mark.parametrize("curve", sorted(CURVES))
def test_fit_is_least_squares_on_r_as_an_independent_solve(curve, form):
    result = CURVES[curve]()
    fit = core.fit_gao(result.kl, result.gold_gain, form=form)
    alpha, beta, r_squared = lstsq_by_hand(result.kl, result.gold_gain, form)
    assert (fit.alpha, fit.beta) == (pytest.approx(alpha, rel=1e-9), pytest.approx(beta, rel=1e-9))
    assert fit.r_squared == pytest.approx(r_squared, rel=1e-9)

    # Least squares on R: no (α, β) nearby leaves a smaller sum of squared residuals of R.
    def squares(a, b):
        return np.sum((result.gold_gain - core.GaoFit(form, a, b, 0, 0, 0).gold(result.kl)) ** 2)

    best = squares(fit.alpha, fit.beta)
    for step in ((1e-4, 0), (-1e-4, 0), (0, 1e-4), (0, -1e-4)):
        assert squares(fit.alpha + step[0], fit.beta + step[1]) > best


def test_not_the_fit_on_r_over_d():
    # Fitted on R/d (the old way) the RL law's α, β at b = 0.9, σ = 0.4 differ from R's.
    result = core.kl_optimum(LESSON_BETAS, b=0.9, sigma=0.4)
    d = np.sqrt(result.kl)
    design = np.stack([np.ones_like(d), -np.log(d)], axis=1)
    (alpha_over_d, _), *_ = np.linalg.lstsq(design, result.gold_gain / d, rcond=None)
    fit = core.fit_gao(result.kl, result.gold_gain, form="rl")
    assert abs(fit.alpha - alpha_over_d) > 1e-3


@pytest.mark.parametrize(
    ("form", "alpha", "beta"), [("best_of_n", 2.7, 0.6), ("rl", 1.9, 0.45), ("rl", 0.8, -0.2)]
)
def test_recovers_exact_synthetic_laws(form, alpha, beta):
    distance = np.geomspace(0.05, 3.0, 50)
    shape = distance if form == "best_of_n" else np.log(distance)
    fit = core.fit_gao(distance**2, distance * (alpha - beta * shape), form=form)
    assert fit.alpha == pytest.approx(alpha, abs=1e-10)
    assert fit.beta == pytest.approx(beta, abs=1e-10)
    assert fit.r_squared == pytest.approx(1.0, abs=1e-12)


def test_a_peak_outside_the_data_is_flagged():
    # Best-of-n at b = 0.2, σ = 0 never turns down by n = 10,000: the RL law's fitted peak lies
    # far past log 600 (the largest KL best-of-n has), so it is no finding of the data.
    result = core.best_of_n(core.log_spaced_counts(high=10_000), b=0.2)
    fit = core.fit_gao(result.kl, result.gold_gain, form="rl")
    assert fit.kl_high <= np.log(600) < fit.peak_kl and not fit.peak_in_data
    inside = core.fit_gao(result.kl[result.kl < 1.5], result.gold_gain[result.kl < 1.5], form="rl")
    assert inside.kl_high < 1.5
    at_peak = core.fit_gao(*_law_points("best_of_n", 2.0, 1.0), form="best_of_n")
    assert at_peak.peak_kl == pytest.approx(1.0) and at_peak.peak_in_data


def _law_points(form, alpha, beta):
    distance = np.linspace(0.1, 2.0, 30)
    shape = distance if form == "best_of_n" else np.log(distance)
    return distance**2, distance * (alpha - beta * shape)


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
