"""pass@k (core.pass_at_k): against the plain product, a seeded simulation, and a search."""

import numpy as np
import pytest

from core.pass_at_k import pass_at_k, tries_needed

RATES = np.array([0.0, 1e-6, 0.015, 1 / 64, 0.25, 0.5, 0.9, 1.0])


@pytest.mark.parametrize("k", [1, 2, 4, 16, 64, 1000])
def test_against_the_product_of_failures(k):
    failures = np.ones_like(RATES)
    for _ in range(k):  # the reference: fail every one of k independent tries
        failures = failures * (1 - RATES)
    assert np.allclose(pass_at_k(RATES, k=k), 1 - failures, rtol=1e-8, atol=1e-15)


def test_against_a_seeded_simulation():
    rng = np.random.default_rng(0)
    tries = rng.random((100_000, 64)) < 1 / 64
    simulated = tries.any(axis=1).mean()  # standard error ~0.0015
    assert abs(pass_at_k(1 / 64, k=64) - simulated) < 0.006
    assert pass_at_k(1 / 64, k=64) == pytest.approx(0.635, abs=5e-4)  # the essay's edge


def test_broadcasts_and_keeps_small_rates():
    grid = pass_at_k(RATES, k=np.array([[1.0], [64.0]]))
    assert grid.shape == (2, RATES.size)
    assert np.allclose(grid[0], RATES, rtol=1e-15, atol=0)
    assert pass_at_k(1e-12, k=3) == pytest.approx(3e-12, rel=1e-9)


def test_tries_needed_is_the_first_k_that_reaches_the_chance():
    for rate in (1e-3, 0.015, 1 / 64, 0.1, 0.3, 0.5, 0.75):
        for chance in (0.5, 0.75, 0.9):
            k = np.arange(1, 20_000)
            first = int(k[np.argmax(1 - (1 - rate) ** k >= chance - 1e-15)])
            assert tries_needed(rate, chance=chance) == first
    assert tries_needed(0.0) == np.inf and tries_needed(1.0) == 1.0


def test_bad_arguments():
    with pytest.raises(ValueError, match="rate must"):
        pass_at_k(1.5, k=2)
    with pytest.raises(ValueError, match="k must"):
        pass_at_k(0.5, k=0)
    with pytest.raises(ValueError, match="chance must"):
        tries_needed(0.5, chance=0.0)
