"""HedgeTune (core.hedging): the slope against direct integration, n* on known cases."""

import numpy as np
import pytest

import core
from core import hedging
from core.answers import answers


def _integrated_slope(n: float, ranked_gold: np.ndarray, points: int = 400_000) -> float:
    """E_{u∼Beta(n,1)}[ĝ(u)·(1/n + ln u)] by the midpoint rule in u, ĝ the step of the answers."""
    u = (np.arange(points) + 0.5) / points
    step = ranked_gold[np.minimum((u * ranked_gold.size).astype(int), ranked_gold.size - 1)]
    return float(np.mean(n * u ** (n - 1) * step * (1 / n + np.log(u))))


@pytest.mark.parametrize("n", [1.0, 2.0, 7.5, 49.0])
def test_slope_matches_direct_integration(n):
    gold = np.random.default_rng(3).normal(size=40)
    proxy = gold + np.random.default_rng(4).normal(size=40)
    ranked = gold[np.argsort(proxy)]
    assert hedging.hedge_slope(n, proxy=proxy, gold=gold) == pytest.approx(
        _integrated_slope(n, ranked), abs=1e-4
    )


def test_slope_is_the_derivative_of_exact_best_of_n():
    scored = answers()
    columns = {"proxy": scored.proxy, "gold": scored.gold}
    for n in (2.0, 49.0, 590.0):
        up, down = n * 1.0001, n / 1.0001
        curve = core.best_of_n_over(
            np.array([down, up]), **columns, length=scored.gold, substance=scored.gold
        ).gold_gain
        derivative = (curve[1] - curve[0]) / (up - down)
        assert hedging.hedge_slope(n, **columns) == pytest.approx(derivative, rel=1e-4, abs=1e-9)


def test_known_root():
    """ĝ(u) = 1.5u − u²: G(n) = 1.5n/(n+1) − n/(n+2), whose peak solves
    (n+2)/(n+1) = √(4/3): n* = (2 − √(4/3))/(√(4/3) − 1) = 5.4641."""
    m = 20_000
    middles = (np.arange(m) + 0.5) / m
    gold = 1.5 * middles - middles**2
    expected = (2 - np.sqrt(4 / 3)) / (np.sqrt(4 / 3) - 1)
    assert hedging.hedge_tune(proxy=middles, gold=gold) == pytest.approx(expected, rel=1e-3)
    # a rising ĝ has no turn: n* is the end; a falling one stops at n = 1
    assert hedging.hedge_tune(proxy=middles, gold=middles) == hedging.N_MAX
    assert hedging.hedge_tune(proxy=middles, gold=-middles) == 1.0


def test_true_peak_is_the_lessons_49():
    assert round(hedging.true_peak()) == 49
    assert hedging.true_peak(b=0.2) == hedging.N_MAX  # a fifth of the penalty: no turn


def test_sets_are_batched_and_padding_is_ignored():
    rng = np.random.default_rng(5)
    gold = rng.normal(size=(3, 30))
    proxy = gold + rng.normal(size=(3, 30))
    one_by_one = [hedging.hedge_tune(proxy=p, gold=g) for p, g in zip(proxy, gold, strict=True)]
    assert np.allclose(hedging.hedge_tune(proxy=proxy, gold=gold), one_by_one)
    padded_proxy = np.column_stack([np.full((3, 4), -np.inf), proxy])
    padded_gold = np.column_stack([np.zeros((3, 4)), gold])
    assert np.allclose(hedging.hedge_tune(proxy=padded_proxy, gold=padded_gold), one_by_one)


def test_trials_are_seeded_and_converge_with_m():
    first = hedging.hedge_tune_trials([10, 100, 1000], trials=40, seed=1)
    again = hedging.hedge_tune_trials([10, 100, 1000], trials=40, seed=1)
    assert first.shape == (3, 40) and np.array_equal(first, again)
    # m = 1,000 lands nearer the true peak than m = 10 does, in the median's log ratio
    truth = hedging.true_peak()
    error = np.median(np.abs(np.log(first / truth)), axis=1)
    assert error[2] < error[0]
    assert np.all((first >= 1) & (first <= hedging.N_MAX))


def test_within_factor_and_bad_arguments():
    assert hedging.within_factor([24.0, 25.0, 98.0, 99.0], 49.0).tolist() == [
        False,
        True,
        True,
        False,
    ]
    with pytest.raises(ValueError, match="n must"):
        hedging.hedge_slope(0.5, proxy=[0.0, 1.0], gold=[0.0, 1.0])
    with pytest.raises(ValueError, match="trials must"):
        hedging.hedge_tune_trials([10], trials=0)
