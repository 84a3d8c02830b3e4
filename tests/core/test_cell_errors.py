"""Errors in every grid cell, and the KL optimum on them (Kwa, Thomas & Garriga-Alonso 2024):
light tails keep raising true quality, heavy ones buy a huge score for a small KL and no truth."""

import numpy as np
import pytest

import core
from core import world
from core.answer_errors import per_answer_errors
from core.world import cell_errors

CELLS = 241 * 241
# P(|T| > t) for a Student-t with 2 degrees of freedom: 1 - t/√(2 + t²).
T2_TAILS = {3.0: 0.0954660, 10.0: 0.0098525, 30.0: 0.0011093}
BETAS = np.array([300.0, 100.0, 36.0, 10.0, 3.0, 1.0, 0.5, 0.25])
SEEDS = range(20)


@pytest.mark.parametrize("kind", ["light", "heavy"])
def test_cell_errors_are_a_read_only_finite_field_stable_for_a_seed(kind):
    errors = cell_errors(kind, 0)
    assert errors.shape == (241, 241) and not errors.flags.writeable
    assert np.isfinite(errors).all()
    np.testing.assert_array_equal(errors, cell_errors(kind, 0))
    assert not np.array_equal(errors, cell_errors(kind, 1))


def test_cell_errors_keep_their_documented_values_for_seed_0():
    # numpy.random.default_rng(0): normals row by row, then exponentials (core/answer_errors.py)
    light, heavy = cell_errors("light", 0), cell_errors("heavy", 0)
    assert light[0, 0] == pytest.approx(0.1257302210933933, abs=1e-15)
    assert light[120, 120] == pytest.approx(-0.03302283381306992, abs=1e-15)
    assert heavy[0, 0] == pytest.approx(0.04725213174353093, abs=1e-15)
    assert heavy[240, 7] == pytest.approx(0.03869593876941841, abs=1e-15)


def test_light_cell_errors_are_standard_normal():
    light = cell_errors("light", 0)
    assert abs(light.mean()) < 4 / np.sqrt(CELLS)  # 4 standard errors: 0.017
    assert light.std() == pytest.approx(1.0, abs=0.012)
    assert np.abs(light).max() < 6.0  # the chance of one cell past 6 is 1e-4
    assert np.mean(np.abs(light) > 3) == pytest.approx(0.0027, abs=0.0009)


@pytest.mark.parametrize(("threshold", "chance"), sorted(T2_TAILS.items()))
def test_heavy_cell_errors_have_student_t2_tails(threshold, chance):
    heavy = np.concatenate([cell_errors("heavy", seed).ravel() for seed in range(4)])
    spread = np.sqrt(chance * (1 - chance) / heavy.size)
    assert np.mean(np.abs(heavy) > threshold) == pytest.approx(chance, abs=4 * spread)


def test_heavy_cell_errors_are_their_light_twins_stretched_with_mean_0():
    light, heavy = cell_errors("light", 5), cell_errors("heavy", 5)
    np.testing.assert_array_equal(np.sign(heavy), np.sign(light))
    assert abs(np.median(heavy)) < 0.03  # the median's standard error: 0.006
    assert abs(heavy.mean()) < 0.1  # a mean with no variance: ~0.014 typical, seven of those
    assert np.abs(heavy).max() > 100  # the tallest of 58,081 t₂ errors: typically a few hundred


def test_the_tallest_of_58081_heavy_errors_is_about_ten_times_the_tallest_of_600():
    grid = np.median([np.abs(cell_errors("heavy", seed)).max() for seed in range(40)])
    answers = np.median([np.abs(per_answer_errors("heavy", seed, 600)).max() for seed in range(40)])
    assert 200 < grid < 450 and 18 < answers < 40  # √(N / ln 2): 289 and 29
    assert 7 < grid / answers < 14  # √(58,081 / 600) = 9.8


def test_kl_optimum_on_cell_errors_matches_a_direct_sum():
    beta, sigma = 0.7, 0.5
    result = core.kl_optimum(beta, b=0.3, sigma=sigma, errors="heavy", error_seed=2)
    proxy = world.proxy_field(b=0.3) + sigma * cell_errors("heavy", 2)
    log_weight = world.base_log_weight() + proxy / beta
    policy = np.exp(log_weight - log_weight.max())
    policy /= policy.sum()
    base = world.base_density()
    gold = world.gold_field()
    kl = np.sum(policy * (np.log(np.maximum(policy, 1e-300)) - np.log(base)))
    assert result.kl == pytest.approx(kl, rel=1e-9, abs=1e-12)
    assert result.proxy_gain == pytest.approx(np.sum((policy - base) * proxy), rel=1e-9)
    assert result.gold_gain == pytest.approx(np.sum((policy - base) * gold), rel=1e-9)


def test_kl_optimum_keeps_the_lesson_field_by_default_and_at_sigma_0():
    default = core.kl_optimum(BETAS, b=0.3, sigma=0.7)
    explicit = core.kl_optimum(BETAS, b=0.3, sigma=0.7, errors="smooth", error_seed=9)
    np.testing.assert_array_equal(default.gold_gain, explicit.gold_gain)
    quiet = core.kl_optimum(BETAS, b=0.3, errors="heavy", error_seed=4)
    np.testing.assert_array_equal(quiet.gold_gain, core.kl_optimum(BETAS, b=0.3).gold_gain)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"errors": "cauchy"}, 'errors must be one of "smooth", "light", "heavy"'),
        ({"errors": "heavy", "error_seed": -1}, "error_seed must be a whole number >= 0"),
        ({"errors": "light", "error_seed": 1.5}, "error_seed must be a whole number >= 0"),
    ],
)
def test_kl_optimum_refuses_bad_error_arguments(arguments, message):
    with pytest.raises(ValueError, match=message):
        core.kl_optimum(1.0, sigma=1.0, **arguments)


def averaged(kind):
    runs = [
        core.kl_optimum(BETAS, b=1.0, sigma=1.0, errors=kind, error_seed=seed) for seed in SEEDS
    ]
    return {
        name: np.mean([getattr(run, name) for run in runs], axis=0)
        for name in ("kl", "proxy_gain", "gold_gain")
    }


def test_light_cell_errors_keep_raising_the_kl_optimums_true_quality():
    light = averaged("light")
    assert np.all(np.diff(light["gold_gain"]) > 0)  # β falls along BETAS
    assert light["gold_gain"][-1] > 4.5  # +4.9 at β = 0.25 (11% of it near the grid's edge)
    assert np.all(np.isfinite(light["kl"]))


def test_heavy_cell_errors_buy_a_huge_score_for_a_small_kl_and_no_truth():
    heavy, light = averaged("heavy"), averaged("light")
    at = list(BETAS).index(36.0)
    assert 1.0 < heavy["kl"][at] < 2.0  # ~1.5 nats
    assert heavy["proxy_gain"][at] > 50  # ~+67, against light's +0.2 at that β
    assert abs(heavy["gold_gain"][at]) < 1.0  # ~-0.25
    assert heavy["gold_gain"].max() < 0.1  # never a real rise
    assert heavy["gold_gain"][-1] < -3 and heavy["proxy_gain"][-1] > 200  # ~-7, ~+284
    assert light["gold_gain"][-1] > heavy["gold_gain"][-1] + 8


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (("smooth", 0), 'kind must be "light" or "heavy"'),
        (("heavy", -2), "error_seed must be a whole number >= 0"),
        (("light", True), "error_seed must be a whole number >= 0"),
    ],
)
def test_cell_errors_refuse_bad_arguments(arguments, message):
    with pytest.raises(ValueError, match=message):
        core.cell_errors(*arguments)
