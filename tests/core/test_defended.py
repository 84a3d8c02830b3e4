"""Ensembles and the length penalty: closed forms, the world recovered, errors averaged out."""

import numpy as np
import pytest

import core
from core import kl, world
from core.answers import answer_points

N_VALUES = np.array([1, 3, 10, 49, 200, 590, 2000, 10000])
BETAS = np.array([10.0, 4.0, 2.0, 1.0, 0.6, 0.4, 0.3])
CORRELATIONS = (0.0, 0.25, 0.5, 0.9, 1.0)


def weighted_spread(field: np.ndarray) -> float:
    """Standard deviation of a grid field under the base model."""
    weight = world.base_density()
    mean = np.sum(weight * field)
    return float(np.sqrt(np.sum(weight * np.square(field - mean))))


@pytest.mark.parametrize("rho", CORRELATIONS)
@pytest.mark.parametrize("k", [1, 2, 3, 4, 8, 16])
def test_the_aggregated_error_is_what_the_members_make_it(k, rho):
    sigma, b = 1.3, 0.4
    field = core.defended_proxy_field(b=b, sigma=sigma, k=k, rho=rho, aggregate="mean")
    error = field - world.proxy_field(b=b)  # b's part is untouched: all that is left is error
    measured = core.ensemble_error_sizes(rho=rho)[k - 1]
    assert weighted_spread(error) == pytest.approx(sigma * measured, rel=1e-9)


@pytest.mark.parametrize("rho", CORRELATIONS)
def test_one_member_errs_exactly_as_much_as_the_world_reward_model(rho):
    error = core.defended_proxy_field(sigma=1.0, k=1, rho=rho) - world.proxy_field()
    assert weighted_spread(error) == pytest.approx(1.0, rel=1e-9)


@pytest.mark.parametrize("rho", [0.0, 0.5])
def test_the_shipped_ensemble_shrinks_within_a_fifth_of_the_formula(rho):
    k = np.arange(1, 17)
    formula = np.sqrt(rho + (1 - rho) / k)
    assert np.all(np.abs(core.ensemble_error_sizes(rho=rho) / formula - 1) < 0.22)
    assert core.ensemble_error_size(2.0, k=16, rho=rho) == pytest.approx(2 * formula[-1])


@pytest.mark.slow
def test_the_mean_shrinks_the_independent_part_to_the_formula_over_seeds():
    # Monte Carlo over 20 ensembles, each from its own member seed: on average over seeds the
    # variance of the mean of k members is 1/k (pairwise correlations average 0 by symmetry).
    k = np.arange(1, 17)
    variances = np.array(
        [core.ensemble_error_sizes(rho=0.0, seed=1000 + 17 * draw) ** 2 for draw in range(20)]
    )
    average = variances.mean(axis=0)
    standard_error = variances.std(axis=0, ddof=1) / np.sqrt(len(variances))
    assert average[0] == pytest.approx(1.0)
    assert np.all(np.abs(average[1:] - 1 / k[1:]) < 4 * standard_error[1:] + 1e-3)
    assert average[-1] < 0.1, "16 members shrink the variance about 16-fold"


@pytest.mark.parametrize("aggregate", ["mean", "min"])
@pytest.mark.parametrize("b", [0.0, 0.3, 1.0])
def test_no_ensemble_touches_the_padding_every_member_learned(b, aggregate):
    length, substance = world.grid_coordinates()
    # Without errors every member is the same reward model: the ensemble is that model.
    field = core.defended_proxy_field(b=b, sigma=0.0, k=16, rho=0.0, aggregate=aggregate)
    np.testing.assert_array_equal(field, world.proxy_field(b=b))
    # With errors, the padding term still comes through whole: the score's curvature in
    # length, averaged over the base model, is -2b (the error fields average out to 0 there).
    with_errors = core.defended_proxy_field(b=b, sigma=1.0, k=16, rho=0.0, aggregate=aggregate)
    shared = substance + length - b * (np.square(length) - 1)
    assert np.allclose(with_errors - shared, with_errors - world.proxy_field(b=b, sigma=0.0))


def test_the_600_answers_see_the_ensemble_the_grid_sees():
    length, substance = answer_points(None)
    base = core.defended_proxy(length, substance)
    for k, rho in [(1, 0.0), (4, 0.0), (16, 0.0), (16, 0.5)]:
        error = core.defended_proxy(length, substance, sigma=1.0, k=k, rho=rho) - base
        on_grid = core.ensemble_error_sizes(rho=rho)[k - 1]
        # 600 draws from the base model: their spread is within 10% of the grid's.
        assert np.std(error) == pytest.approx(on_grid, rel=0.1)


def test_member_fields_have_mean_0_variance_1_and_nothing_along_epsilon():
    fields = core.member_fields_on_grid().reshape(16, -1)
    weight = world.base_density().ravel()
    assert np.allclose(fields @ weight, 0.0, atol=1e-10)
    assert np.allclose(np.square(fields) @ weight, 1.0, atol=1e-10)
    assert np.allclose((fields * weight) @ world.error_field_on_grid().ravel(), 0.0, atol=1e-10)


def test_member_fields_anywhere_agree_with_the_grid():
    length, substance = world.grid_coordinates()
    rows = slice(100, 140, 7)
    at_points = core.member_error_fields(length[rows], substance[rows])
    assert at_points.shape == (16,) + length[rows].shape
    assert np.allclose(at_points, core.member_fields_on_grid()[:, rows], atol=1e-9)


def test_the_defaults_are_the_world_reward_model():
    for b, sigma in [(0.0, 0.0), (0.2, 0.0), (0.3, 0.7), (1.0, 1.5)]:
        mine, theirs = (
            core.defended_best_of_n(N_VALUES, b=b, sigma=sigma),
            core.best_of_n(N_VALUES, b=b, sigma=sigma),
        )
        for name in ("kl", "proxy_gain", "gold_gain", "mean_length", "kl_bound"):
            assert np.allclose(getattr(mine, name), getattr(theirs, name), atol=1e-12), name
        mine, theirs = (
            core.defended_kl_optimum(BETAS, b=b, sigma=sigma),
            core.kl_optimum(BETAS, b=b, sigma=sigma),
        )
        for name in ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance"):
            assert np.allclose(getattr(mine, name), getattr(theirs, name), atol=1e-8), name


@pytest.mark.parametrize("aggregate", ["mean", "min"])
def test_fully_correlated_members_are_one_reward_model(aggregate):
    one = core.defended_best_of_n(N_VALUES, sigma=1.0, k=1, rho=1.0)
    many = core.defended_best_of_n(N_VALUES, sigma=1.0, k=16, rho=1.0, aggregate=aggregate)
    np.testing.assert_allclose(many.gold_gain, one.gold_gain, atol=1e-12)


def test_the_minimum_is_never_above_the_mean():
    """On every grid cell, through the field (2 s; defended_proxy point by point over the same
    grid took 93 s of the fast tier); defended_proxy is the field's value on a row of cells."""
    kwargs = {"b": 0.2, "sigma": 1.0, "k": 8, "rho": 0.3}
    low = core.defended_proxy_field(aggregate="min", **kwargs)
    mean = core.defended_proxy_field(aggregate="mean", **kwargs)
    assert np.all(low <= mean + 1e-12)
    length, substance = world.grid_coordinates()
    row = core.defended_proxy(length[100], substance[100], aggregate="min", **kwargs)
    np.testing.assert_allclose(row, low[100], atol=1e-12)


def test_averaging_independent_errors_saves_best_of_n_from_noise():
    # b = 1: the reward model's only flaw is its noise σ = 1.5.
    alone = core.defended_best_of_n(10000, b=1.0, sigma=1.5, k=1, rho=0.0)
    sixteen = core.defended_best_of_n(10000, b=1.0, sigma=1.5, k=16, rho=0.0)
    assert sixteen.gold_gain > alone.gold_gain + 0.2


def test_shapes_follow_the_pressure():
    assert isinstance(core.defended_best_of_n(49, sigma=1.0, k=4, rho=0.5).gold_gain, float)
    grid_of_n = core.defended_best_of_n(N_VALUES.reshape(2, 4), sigma=1.0, k=4, rho=0.5)
    assert grid_of_n.gold_gain.shape == (2, 4)
    assert core.defended_kl_optimum(BETAS[:6].reshape(3, 2), k=2, rho=0.1).kl.shape == (3, 2)
    worst = core.defended_best_of_n(N_VALUES, sigma=2, k=16, rho=0, aggregate="min")
    assert all(np.all(np.isfinite(field)) for field in vars(worst).values())


@pytest.mark.parametrize("b", [0.0, 0.5])
@pytest.mark.parametrize("penalty", [0.0, 0.5, 1.0, 2.0])
def test_length_penalty_matches_the_gaussian_closed_form(penalty, b):
    # proxy = s + (1 - λ)·l - b·(l² - 1): π_β is Gaussian, length mean (1 - λ)/(β + 2b),
    # variance β/(β + 2b); substance mean 1/β, variance 1.
    beta = np.array([4.0, 2.0, 1.0])  # away from the grid's edge at substance 6
    result = core.defended_kl_optimum(beta, b=b, length_penalty=penalty)
    mean_length = (1 - penalty) / (beta + 2 * b)
    variance = beta / (beta + 2 * b)
    padding = variance + mean_length**2 - 1
    np.testing.assert_allclose(result.mean_length, mean_length, atol=1e-4)
    np.testing.assert_allclose(result.mean_substance, 1 / beta, atol=1e-4)
    np.testing.assert_allclose(result.gold_gain, 1 / beta + mean_length - padding, atol=1e-4)
    expected_proxy = 1 / beta + (1 - penalty) * mean_length - b * padding
    np.testing.assert_allclose(result.proxy_gain, expected_proxy, atol=1e-4)


def test_a_length_penalty_of_one_removes_the_decline_and_two_costs_quality():
    betas = np.geomspace(10, 0.25, 40)
    fixed = core.defended_kl_optimum(betas, length_penalty=1.0).gold_gain
    assert np.all(np.diff(fixed) > 0), "no length pull: gold rises with pressure all the way"
    gentle = betas >= 1  # away from the grid's edge
    np.testing.assert_allclose(fixed[gentle], 1 / betas[gentle], rtol=1e-4)
    too_big = core.defended_kl_optimum(1.0, length_penalty=2.0).gold_gain
    assert too_big == pytest.approx(-1.0, abs=1e-4)  # 1/β - 1/β - 1/β², shorter than best
    strong = core.defended_best_of_n(10000, length_penalty=1.0).gold_gain
    assert strong > core.best_of_n(10000).gold_gain + 2.0


def test_a_whole_curve_in_float32_stays_within_1e5_of_float64():
    betas = np.geomspace(10, 0.25, 64)
    assert betas.size > kl.BETA_BLOCK  # so the curve runs in float32 blocks
    kwargs = {"b": 0.1, "sigma": 1.0, "k": 6, "rho": 0.2, "length_penalty": 0.3}
    curve = core.defended_kl_optimum(betas, **kwargs)
    for start in range(0, betas.size, 16):  # 16 at a time: float64 throughout
        part = core.defended_kl_optimum(betas[start : start + 16], **kwargs)
        for name in ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance"):
            np.testing.assert_allclose(
                getattr(curve, name)[start : start + 16], getattr(part, name), atol=1e-5
            )


def test_sixteen_independent_members_leave_the_padding_collapse():
    # σ = 1, b = 0: averaging 16 independent members brings best-of-n back to the σ = 0
    # reward model's collapse at n = 10,000; the padding every member shares stays.
    ensemble = core.defended_best_of_n(10000, sigma=1.0, k=16, rho=0.0)
    assert ensemble.gold_gain == pytest.approx(core.best_of_n(10000).gold_gain, abs=0.01)
    assert ensemble.gold_gain < 0
