"""Regression to the mean (core.regression): noise alone shrinks best-of-n, never turns it."""

import math

import numpy as np
import pytest

import core
from core import regression
from core.answers import answers

N_VALUES = np.array([1, 2, 5, 49, 590, 10_000])


def test_erfc_matches_the_standard_library():
    points = np.linspace(-6, 6, 241)
    exact = np.array([math.erfc(x) for x in points])
    assert np.allclose(regression.erfc(points), exact, rtol=1.2e-7, atol=0)


def test_noise_free_score_is_exact_best_of_n_on_gold():
    gold = answers().gold
    direct = core.best_of_n_over(N_VALUES, proxy=gold, gold=gold, length=gold, substance=gold)
    assert np.allclose(regression.noisy_best_of_n(N_VALUES, sigma=0.0), direct.gold_gain)
    # and a small σ approaches it (ties aside, the ranking barely moves)
    assert np.allclose(
        regression.noisy_best_of_n(N_VALUES, sigma=0.01), direct.gold_gain, atol=0.02
    )


def test_matches_a_seeded_monte_carlo():
    gold = answers().gold
    rng = np.random.default_rng(0)
    trials, n, sigma = 200_000, 5, 1.0
    picked = rng.integers(0, gold.size, (trials, n))
    scores = gold[picked] + sigma * rng.standard_normal((trials, n))
    kept = gold[picked[np.arange(trials), scores.argmax(axis=1)]] - gold.mean()
    error = kept.std() / math.sqrt(trials)  # ~0.002
    assert abs(regression.noisy_best_of_n(n, sigma=sigma) - kept.mean()) < 4 * error


def test_gaussian_closed_form_at_two_draws():
    """Gaussian gold of variance v: the best of 2 gains E[max of 2 normals]·v/√(v + σ²)."""
    gold = np.random.default_rng(1).normal(0.0, 2.0, 4_000)
    variance = gold.var()
    for sigma in (0.5, 1.0, 2.0):
        expected = variance / math.sqrt(variance + sigma**2) / math.sqrt(math.pi)
        got = regression.noisy_best_of_n_over(2, sigma=sigma, gold=gold)
        assert got == pytest.approx(expected, rel=0.02)
        factor = regression.regression_factor(sigma, gold_variance=variance)
        assert factor == pytest.approx(variance / (variance + sigma**2))


def test_shrinks_but_never_turns():
    sigmas = np.round(np.arange(0, 2.01, 0.1), 1)
    counts = np.unique(np.round(np.geomspace(1, 10_000, 60)))
    gains = np.array([regression.noisy_best_of_n(counts, sigma=s) for s in sigmas])
    assert np.all(np.diff(gains, axis=1) >= -1e-6)  # rises with n at every σ
    assert np.all(np.diff(gains, axis=0) <= 1e-6)  # falls with σ at every n
    # while the lesson's reward model (the flaw b = 0) turns down by n = 10,000
    lesson = core.best_of_n(counts).gold_gain
    assert lesson[-1] < lesson.max() - 1.0


def test_finer_cells_agree():
    coarse = regression.noisy_best_of_n(N_VALUES, sigma=0.5)
    old = regression.CELLS_PER_SIGMA
    try:
        regression.CELLS_PER_SIGMA = 256
        fine = regression.noisy_best_of_n(N_VALUES, sigma=0.5)
    finally:
        regression.CELLS_PER_SIGMA = old
    assert np.allclose(coarse, fine, atol=5e-5)


def test_shape_and_bad_arguments():
    assert isinstance(regression.noisy_best_of_n(3, sigma=0.5), float)
    assert regression.noisy_best_of_n(np.ones((2, 3)), sigma=0.5).shape == (2, 3)
    with pytest.raises(ValueError, match="n must"):
        regression.noisy_best_of_n(0.5, sigma=0.5)
    with pytest.raises(ValueError, match="sigma must"):
        regression.noisy_best_of_n(2, sigma=-1.0)
