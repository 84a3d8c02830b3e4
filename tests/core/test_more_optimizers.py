"""Best-of-Poisson, soft best-of-n and the win rate (core.more_optimizers): against a Poisson sum
of best-of-n by loop, enumeration of every draw at small K and n, a seeded Monte Carlo on the
600, the limits (μ = 0 and n = 1 uniform, λ → 0 best-of-n, n → ∞ the tilt), and a pairwise
count for the win rate."""

import itertools
import math

import numpy as np
import pytest

import core
from core import more_optimizers as more

# A small answer set with a tie (scores 1.0 twice): proxy, gold, length, substance.
SMALL = {
    "proxy": np.array([0.3, 1.0, -0.5, 1.0, 2.2]),
    "gold": np.array([0.1, 0.7, 0.7, -0.2, 0.4]),
    "length": np.array([1.0, 2.0, 0.5, 3.0, 4.0]),
    "substance": np.array([0.2, 0.1, 0.9, 0.4, 0.3]),
}
SETTINGS = [(0.0, 0.0), (0.5, 1.0), (1.0, 2.0)]


def best_of_n_by_loop(n, proxy):
    """Best-of-n keep chances by enumeration of every ordered draw of n from K (K^n of them)."""
    chance = np.zeros(proxy.size)
    for draw in itertools.product(range(proxy.size), repeat=n):
        top = max(proxy[j] for j in draw)
        winners = sorted({j for j in draw if proxy[j] == top})
        # Ties: the kept answer is one of the tied draws, each tied answer equally likely.
        for j in winners:
            chance[j] += 1.0 / len(winners) / proxy.size**n
    return chance


def soft_by_enumeration(n, lam, proxy):
    """Soft best-of-n keep chances by enumeration of every ordered draw of n from K."""
    chance = np.zeros(proxy.size)
    for draw in itertools.product(range(proxy.size), repeat=n):
        weights = [math.exp(proxy[j] / lam) for j in draw]
        for j, weight in zip(draw, weights, strict=True):
            chance[j] += weight / sum(weights) / proxy.size**n
    return chance


# --- Best-of-Poisson ------------------------------------------------------------------------


@pytest.mark.parametrize("mu", [0.0, 0.4, 3.0, 12.0])
def test_best_of_poisson_is_a_poisson_mixture_of_best_of_n(mu):
    # Σ_n Poisson(n − 1; μ)·best-of-n(n): best-of-n by enumeration of every draw up to n = 5,
    # beyond by the order-statistic formula, each tie group sharing (as enumeration shows).
    proxy = SMALL["proxy"]
    at_or_below = np.array([np.sum(proxy <= p) for p in proxy]) / proxy.size
    below = np.array([np.sum(proxy < p) for p in proxy]) / proxy.size
    expected = np.zeros(proxy.size)
    for extra in range(150):  # Poisson(12) past 150 weighs < 1e-80
        weight = math.exp(-mu) * mu**extra / math.factorial(extra)
        n = extra + 1
        if n <= 5:
            expected += weight * best_of_n_by_loop(n, proxy)
        else:
            expected += weight * (at_or_below**n - below**n) / (at_or_below - below) / 5
    got = more.best_of_poisson_chances(mu, proxy=proxy)
    np.testing.assert_allclose(got, expected, atol=1e-12)
    assert got[1] == got[3]  # the tie shares


def test_best_of_poisson_fields_are_the_chances_means():
    mus = np.array([[0.0, 1.0], [48.0, 300.0]])
    result = more.best_of_poisson_over(mus, **SMALL)
    chances = more.best_of_poisson_chances(mus, proxy=SMALL["proxy"])
    assert result.gold_gain.shape == (2, 2)
    np.testing.assert_allclose(
        result.gold_gain, chances @ SMALL["gold"] - SMALL["gold"].mean(), atol=1e-15
    )
    np.testing.assert_allclose(result.mean_length, chances @ SMALL["length"])
    kl = np.sum(chances * np.log(5 * chances), axis=-1)
    np.testing.assert_allclose(result.kl, kl, atol=1e-15)
    assert result.kl[0, 0] == 0.0  # μ = 0: one uniform draw


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_best_of_poisson_on_the_600_from_its_closed_form(b, sigma):
    # P_i = F_i·e^{μ(F_i−1)} − F_{i−1}·e^{μ(F_{i−1}−1)} on the ranked 600 (no ties there).
    mu = 48.0
    scored = core.answers(b=b, sigma=sigma)
    fraction = np.arange(601) / 600
    at_most = fraction * np.exp(mu * (fraction - 1.0))
    ranked_chance = np.diff(at_most)
    order = np.argsort(scored.proxy)
    result = more.best_of_poisson(mu, b=b, sigma=sigma)
    gold = ranked_chance @ scored.gold[order] - scored.gold.mean()
    assert result.gold_gain == pytest.approx(gold, abs=1e-12)
    assert result.kl == pytest.approx(np.sum(ranked_chance * np.log(600 * ranked_chance)))


# --- Soft best-of-n -------------------------------------------------------------------------


@pytest.mark.parametrize(("n", "lam"), [(1, 0.5), (2, 0.5), (3, 0.2), (4, 2.0), (3, 0.05)])
def test_soft_best_of_n_is_the_enumeration_of_every_draw(n, lam):
    got = more.soft_best_of_n_chances(float(n), lam=lam, proxy=SMALL["proxy"])
    np.testing.assert_allclose(got, soft_by_enumeration(n, lam, SMALL["proxy"]), atol=1e-13)


def test_soft_best_of_n_on_the_600_against_a_seeded_monte_carlo():
    n, lam, draws = 10, 0.5, 200_000
    scored = core.answers()
    rng = np.random.default_rng(20250505)
    picks = rng.integers(0, 600, size=(draws, n))
    weights = np.exp((scored.proxy[picks] - scored.proxy.max()) / lam)
    cumulative = np.cumsum(weights / weights.sum(axis=1, keepdims=True), axis=1)
    column = np.argmax(cumulative > rng.random((draws, 1)), axis=1)
    kept_gold = scored.gold[picks[np.arange(draws), column]]
    result = more.soft_best_of_n(float(n), lam=lam)
    standard_error = kept_gold.std() / np.sqrt(draws)  # ~0.0027
    assert abs(result.gold_gain - (kept_gold.mean() - scored.gold.mean())) < 4 * standard_error


def test_soft_best_of_n_at_one_draw_is_uniform():
    result = more.soft_best_of_n(np.array([1.0]), lam=0.3)
    assert result.kl[0] == pytest.approx(0.0, abs=1e-12)
    assert result.gold_gain[0] == pytest.approx(0.0, abs=1e-12)


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_soft_best_of_n_as_lambda_falls_is_best_of_n(n):
    # Scores 1 apart at λ = 0.005: a weight ratio e^200, so soft is hard to ~1e-87.
    proxy = np.array([0.0, 2.0, 1.0, 3.0])
    got = more.soft_best_of_n_chances(float(n), lam=0.005, proxy=proxy)
    np.testing.assert_allclose(got, best_of_n_by_loop(n, proxy), atol=1e-13)


def test_soft_best_of_n_as_n_grows_is_the_tilt():
    lam = 0.3
    tilt = core.answer_tilt(lam)
    counts = np.array([100.0, 1_000.0, 100_000.0])
    soft = more.soft_best_of_n(counts, lam=lam)
    gaps = np.abs(soft.gold_gain - tilt.gold_gain)
    assert np.all(np.diff(gaps) < 0)  # closing in
    assert gaps[-1] < 1e-3
    assert soft.kl[-1] == pytest.approx(tilt.kl, abs=1e-3)
    assert np.all(soft.kl < tilt.kl)  # sampling n answers never concentrates past the tilt


def test_soft_best_of_n_chances_sum_to_one_over_its_range():
    for lam in (0.02, 0.5, 50.0):
        chances = more.soft_best_of_n_chances(
            np.array([1.0, 7.0, 10_000.0]), lam=lam, proxy=core.answers().proxy
        )
        np.testing.assert_allclose(chances.sum(axis=-1), 1.0, atol=1e-12)
        assert np.all(chances >= 0)


# --- The win rate ---------------------------------------------------------------------------


def win_rates_by_pairs(n, b, sigma):
    """Σ_i p_i·(1/K)·Σ_j [s_i > s_j] + ½[s_i = s_j], over every pair, p from best-of-n."""
    scored = core.answers(b=b, sigma=sigma)
    kept = core.win_probabilities(n, b=b, sigma=sigma)
    rates = []
    for score in (scored.proxy, scored.gold):
        beats = (score[:, None] > score[None, :]) + 0.5 * (score[:, None] == score[None, :])
        rates.append(kept @ beats.mean(axis=1))
    return rates


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_win_rates_are_the_pairwise_count(b, sigma):
    counts = np.array([1.0, 2.0, 49.0, 10_000.0])
    rates = more.win_rates(counts, b=b, sigma=sigma)
    by_proxy, by_gold = win_rates_by_pairs(counts, b, sigma)
    np.testing.assert_allclose(rates.by_reward_model, by_proxy, atol=1e-14)
    np.testing.assert_allclose(rates.by_true_quality, by_gold, atol=1e-14)


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_tilt_win_rates_match_a_seeded_monte_carlo(b, sigma):
    # Draw the tilt's pick and a uniform rival 400,000 times: each rate's standard error is
    # at most √(0.25/400,000) = 0.0008, so 0.004 is five of them.
    scored = core.answers(b=b, sigma=sigma)
    rng = np.random.default_rng(20261203)
    for beta in (0.05, 0.5, 5.0):
        weight = np.exp((scored.proxy - scored.proxy.max()) / beta)
        picks = rng.choice(600, size=400_000, p=weight / weight.sum())
        rivals = rng.integers(0, 600, size=400_000)
        rates = more.tilt_win_rates(beta, b=b, sigma=sigma)
        for got, score in (
            (rates.by_reward_model, scored.proxy),
            (rates.by_true_quality, scored.gold),
        ):
            drawn = np.mean((score[picks] > score[rivals]) + 0.5 * (score[picks] == score[rivals]))
            assert abs(got - drawn) < 0.004, (b, sigma, beta)


def test_tilt_win_rates_run_from_a_coin_to_best_of_ns_limit():
    # β → ∞ is the uniform choice (½ each way); β → 0 keeps the top answer, as n → ∞ does.
    rates = more.tilt_win_rates(np.array([1e6, 1e-6]))
    limit = more.win_rates(1e9)
    assert rates.by_reward_model[0] == pytest.approx(0.5, abs=1e-6)
    assert rates.by_true_quality[0] == pytest.approx(0.5, abs=1e-6)
    assert rates.by_reward_model[1] == pytest.approx(limit.by_reward_model, abs=1e-9)
    assert rates.by_true_quality[1] == pytest.approx(limit.by_true_quality, abs=1e-9)


def test_reward_model_win_rate_is_n_over_n_plus_1_less_the_discreteness():
    # No ties among the 600 proxies: exactly 1/2 at n = 1 and 2/3 − 1/(6·600²) at n = 2
    # (Σ (2i−1)(i−½)/K³); at most 1 − 1/(2K) (the top answer ties with itself half the time).
    rates = more.win_rates(np.array([1.0, 2.0, 1e9]))
    assert rates.by_reward_model[0] == pytest.approx(0.5, abs=1e-15)
    assert rates.by_reward_model[1] == pytest.approx(2 / 3 - 1 / (6 * 600**2), abs=1e-14)
    assert rates.by_reward_model[2] == pytest.approx(1 - 1 / 1200, abs=1e-9)
    counts = np.arange(1.0, 60.0)
    assert np.all(np.abs(more.win_rates(counts).by_reward_model - counts / (counts + 1)) < 1e-3)


def test_true_quality_win_rate_rises_and_falls_on_the_lessons_600():
    counts = core.log_spaced_counts(high=10_000)
    gold = more.win_rates(counts).by_true_quality
    peak = int(np.argmax(gold))
    assert 0 < peak < counts.size - 1
    assert gold[0] == pytest.approx(0.5)
    assert gold[-1] < 0.5  # past the fall it loses to a random answer


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: more.best_of_poisson(-1.0), "mu"),
        (lambda: more.soft_best_of_n(2.0, lam=0.0), "lam"),
        (lambda: more.soft_best_of_n(0.5, lam=1.0), "n"),
        (lambda: more.win_rates(np.nan), "n"),
        (lambda: more.tilt_win_rates(0.0), "beta"),
    ],
)
def test_bad_arguments_are_refused(call, message):
    with pytest.raises(ValueError, match=message):
        call()
