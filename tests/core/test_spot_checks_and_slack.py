"""Early stopping from spot checks (against a Monte Carlo and the normal law) and the slack."""

import math

import numpy as np
import pytest

import core
from core import spot_checks, world

N_STOPS = np.array([1, 3, 10, 49, 200, 590])  # a short slider: the simulation stays cheap
BETA_STOPS = np.array([4.0, 2.0, 1.3, 1.0, 0.8, 0.6, 0.4])
REPEATS = 4000


def simulate_best_of_n(stops, m, repeats, rng):
    """Best-of-n done by hand: draw n answers, keep the reward model's favourite, check it."""
    scored = core.answers()
    gold = scored.gold - scored.gold.mean()
    estimates = np.empty((repeats, len(stops)))
    for column, n in enumerate(stops):
        drawn = rng.integers(0, 600, size=(repeats, m, int(n)))
        winners = np.take_along_axis(drawn, scored.proxy[drawn].argmax(axis=2)[..., None], 2)
        estimates[:, column] = gold[winners[..., 0]].mean(axis=1)
    return estimates


def simulate_kl(stops, m, repeats, rng):
    """Draw m grid cells from π_β with numpy's own sampler and check their true quality."""
    gold = world.gold_field().ravel()
    gold = gold - world.base_density().ravel() @ gold
    estimates = np.empty((repeats, len(stops)))
    for column, beta in enumerate(stops):
        policy = core.kl_policy(float(beta)).ravel()
        cells = rng.choice(policy.size, size=(repeats, m), p=policy)
        estimates[:, column] = gold[cells].mean(axis=1)
    return estimates


def assert_same_choices(result, estimates):
    """The chosen-stop shares and the mean loss agree with the simulation within 4 SE."""
    simulated = np.bincount(estimates.argmax(axis=1), minlength=len(result.stops)) / REPEATS
    both = (result.chosen_share + simulated) / 2
    standard_error = np.sqrt(2 * both * (1 - both) / REPEATS) + 1e-3
    assert np.all(np.abs(result.chosen_share - simulated) < 4 * standard_error), (
        result.chosen_share,
        simulated,
    )
    simulated_loss = result.peak_gold_gain - result.gold_gain[estimates.argmax(axis=1)]
    loss_error = np.sqrt(result.quality_lost.var() / REPEATS + simulated_loss.var() / REPEATS)
    assert abs(result.quality_lost.mean() - simulated_loss.mean()) < 4 * loss_error + 1e-3


@pytest.mark.parametrize("m", [1, 5])
def test_best_of_n_spot_checks_match_doing_it_by_hand(m):
    result = core.spot_check_best_of_n(N_STOPS, m=m, repeats=REPEATS, seed=1)
    assert_same_choices(result, simulate_best_of_n(N_STOPS, m, REPEATS, np.random.default_rng(2)))


@pytest.mark.parametrize("m", [1, 5, 400])
def test_kl_spot_checks_match_sampling_the_policy(m):
    # m = 400 takes the normal law of the mean; the simulation still draws every answer.
    result = core.spot_check_kl(BETA_STOPS, m=m, repeats=REPEATS, seed=3)
    assert_same_choices(result, simulate_kl(BETA_STOPS, m, REPEATS, np.random.default_rng(4)))


def test_the_normal_law_matches_its_integral():
    # P(stop s chosen) = ∫ φ_s(x) Π_{t≠s} Φ_t(x) dx for independent normal estimates.
    m = 2000
    result = core.spot_check_kl(BETA_STOPS, m=m, repeats=10_000, seed=5)
    policies = np.stack([core.kl_policy(float(beta)).ravel() for beta in BETA_STOPS])
    gold = world.gold_field().ravel()
    means = policies @ gold - world.base_density().ravel() @ gold
    spreads = np.sqrt(policies @ np.square(gold) - np.square(policies @ gold)) / np.sqrt(m)
    x = np.linspace(means.min() - 8 * spreads.max(), means.max() + 8 * spreads.max(), 20001)
    z = (x[None, :] - means[:, None]) / spreads[:, None]
    density = np.exp(-0.5 * z**2) / (np.sqrt(2 * np.pi) * spreads[:, None])
    below = 0.5 * (1 + np.vectorize(math.erf)(z / np.sqrt(2)))
    others = np.prod(below, axis=0) / np.maximum(below, 1e-300)
    exact = np.trapezoid(density * others, x, axis=1)
    assert exact.sum() == pytest.approx(1.0, abs=1e-3)
    assert np.allclose(result.chosen_share, exact, atol=4 * np.sqrt(0.25 / 10_000))


def test_more_checks_lose_less_and_every_result_is_consistent():
    stops = N_STOPS
    losses = []
    for m in (1, 10, 100, 10_000):
        result = core.spot_check_best_of_n(stops, m=m, b=0.0, sigma=0.5, repeats=500, seed=0)
        assert np.all(result.quality_lost >= 0)
        assert result.chosen_share.sum() == pytest.approx(1.0)
        assert np.all(np.isin(result.chosen_pressure, stops))
        assert result.peak_gold_gain == pytest.approx(result.gold_gain.max())
        np.testing.assert_allclose(
            result.gold_gain, core.best_of_n(stops, sigma=0.5).gold_gain, atol=1e-12
        )
        losses.append(result.quality_lost.mean())
    assert losses[0] > losses[1] > losses[3]
    assert losses[3] < 0.05


def test_the_same_seed_gives_the_same_spread():
    first = core.spot_check_kl(BETA_STOPS, m=3, repeats=50, seed=11)
    again = core.spot_check_kl(BETA_STOPS, m=3, repeats=50, seed=11)
    other = core.spot_check_kl(BETA_STOPS, m=3, repeats=50, seed=12)
    np.testing.assert_array_equal(first.chosen_pressure, again.chosen_pressure)
    assert not np.array_equal(first.chosen_pressure, other.chosen_pressure)
    assert first.chosen_pressure.shape == (50,)
    assert spot_checks.EXACT_CHECKS == 100


BETA_SLIDER = (10.0, 4.0, 2.0, 1.3, 1.0, 0.8, 0.6, 0.4, 0.3, 0.25)
N_SLIDER = (1, 10, 32, 49, 60, 200, 590, 10000)


def test_slack_at_the_lesson_reward_model():
    result = core.slack(beta_stops=BETA_SLIDER, n_stops=N_SLIDER)
    # β = 0.25 is capped by the grid's edge (8.4% of it within 0.5): the strongest stop
    # compared is 0.3 (2.1%).
    kl_strong = core.kl_optimum(0.3)
    assert result.kl.peak_pressure == 1.0
    assert result.kl.strongest_pressure == 0.3
    assert result.kl.left_out == 1
    assert result.best_of_n.left_out == 0
    assert result.kl.score_given_up == pytest.approx(
        (kl_strong.proxy_gain - core.kl_optimum(1.0).proxy_gain) / kl_strong.proxy_gain
    )
    assert result.kl.gold_kept == pytest.approx(
        core.kl_optimum(1.0).gold_gain - kl_strong.gold_gain
    )
    bon_strong, bon_peak = core.best_of_n(10000), core.best_of_n(49)
    assert result.best_of_n.peak_pressure == 49
    assert result.best_of_n.score_given_up == pytest.approx(
        1 - bon_peak.proxy_gain / bon_strong.proxy_gain
    )
    assert result.best_of_n.gold_kept == pytest.approx(bon_peak.gold_gain - bon_strong.gold_gain)
    # The lesson's numbers: about 14% of best-of-n's score buys back 2.4 of true quality.
    assert 0.1 < result.best_of_n.score_given_up < 0.2
    assert result.best_of_n.gold_kept > 2


def test_no_slack_when_true_quality_still_rises():
    result = core.slack(beta_stops=BETA_SLIDER, n_stops=N_SLIDER, b=0.6)
    assert result.kl.peak_pressure == result.kl.strongest_pressure == 0.25
    assert result.kl.score_given_up == 0.0
    assert result.kl.gold_kept == 0.0
    # How much it still rises: against the next gentler stop (β = 0.3 here, clear of the edge).
    rise = core.kl_optimum(0.25, b=0.6).gold_gain - core.kl_optimum(0.3, b=0.6).gold_gain
    assert result.kl.strongest_rise == pytest.approx(rise) and rise > 0.1


def test_best_of_n_levels_off_as_n_outruns_the_600_answers():
    # b = 1: the reward model is true quality; from n = 7,000 to 10,000 the winner is almost
    # surely the best answer, so the last step adds next to nothing.
    result = core.slack(beta_stops=BETA_SLIDER, n_stops=(1, 49, 7000, 10000), b=1.0)
    rise = core.best_of_n(10000, b=1.0).gold_gain - core.best_of_n(7000, b=1.0).gold_gain
    assert result.best_of_n.strongest_rise == pytest.approx(rise)
    assert 0 < rise < 0.005
    # The KL side's gentler neighbour skips a capped stop: at σ = 0 β = 0.25 is left out,
    # so the strongest is 0.3 and its neighbour 0.4.
    lesson = core.slack(beta_stops=BETA_SLIDER, n_stops=N_SLIDER)
    expected = core.kl_optimum(0.3).gold_gain - core.kl_optimum(0.4).gold_gain
    assert lesson.kl.strongest_rise == pytest.approx(expected)


PAGE_BETA_STOPS = (10.0, 8.0, 6.0, 5.0, 4.0, 3.0, 2.5, 2.0, 1.6, 1.3, 1.0, 0.8, 0.7, 0.6, 0.5)
PAGE_BETA_STOPS += (0.45, 0.4, 0.35, 0.3, 0.25)  # the Defenses page's β slider


def test_kl_spot_checks_skip_stops_capped_by_the_grid_edge():
    # b = 0.2, σ = 1: β = 0.3 has 8.3% of its mass within 0.5 of the edge, β = 0.25 46%; with
    # them the "real peak" was β = 0.25 at +3.69, a number about the boundary.
    result = core.spot_check_kl(PAGE_BETA_STOPS, m=10, b=0.2, sigma=1.0, repeats=200, seed=0)
    capped = core.kl_optimum(np.array([0.3, 0.25]), b=0.2, sigma=1.0).edge_mass
    assert np.all(capped >= core.EDGE_CAPPED_MASS)
    assert result.left_out == 2
    assert result.peak_pressure == 0.5
    assert result.peak_gold_gain == pytest.approx(1.4587, abs=1e-4)
    assert result.peak_gold_gain == pytest.approx(core.kl_optimum(0.5, b=0.2, sigma=1.0).gold_gain)
    # The slack, which skips them too, finds the same peak.
    slack = core.slack(beta_stops=PAGE_BETA_STOPS, n_stops=N_SLIDER, b=0.2, sigma=1.0)
    assert slack.kl.peak_pressure == 0.5
    # No repeat stops on a capped stop, and none loses less than nothing against the peak.
    assert result.chosen_share[-2:].tolist() == [0.0, 0.0]
    assert result.chosen_pressure.min() == 0.35
    assert result.quality_lost.min() >= 0.0


def test_kl_spot_checks_keep_every_stop_when_all_are_capped():
    result = core.spot_check_kl((0.3, 0.25), m=10, b=0.2, sigma=1.0, repeats=200, seed=0)
    assert result.left_out == 0
    assert result.peak_pressure == 0.25


# --- the slack from every stop: where each stands against the peak -----------------------


def kl_at_stops(betas, **reward_model):
    """core.slack_at_stops over the KL optimum at ``betas`` (1/β: larger is stronger)."""
    result = core.kl_optimum(np.array(betas), exact=True, **reward_model)
    at_stops = core.slack_at_stops(
        1 / np.array(betas),
        proxy_gain=result.proxy_gain,
        gold_gain=result.gold_gain,
        edge_mass=result.edge_mass,
    )
    return at_stops, result


def test_every_stop_against_the_lesson_peak_matches_the_closed_form():
    # b = σ = 0: π_β is the Gaussian at (1/β, 1/β), gold 2/β - 1/β², score 2/β; the peak is
    # β = 1 (+1, +2). β = 0.25 is capped by the grid's edge (8.4%): its side is read, no gain.
    at_stops, _ = kl_at_stops(BETA_SLIDER)
    betas = np.array(BETA_SLIDER)
    assert BETA_SLIDER[at_stops.peak] == 1.0
    assert at_stops.side.tolist() == [-1, -1, -1, -1, 0, 1, 1, 1, 1, 1]
    assert at_stops.capped.tolist() == [False] * 9 + [True]
    # Away from the edge (β >= 0.6; at 0.4 and 0.3 the grid's boundary already moves gold by
    # 0.005-0.08), to the grid's spacing.
    away = betas >= 0.6
    gold, score = 2 / betas - 1 / betas**2, 2 / betas
    np.testing.assert_allclose(at_stops.gold_to_peak[away], (1 - gold)[away], atol=1e-3)
    np.testing.assert_allclose(at_stops.score_to_peak[away], (2 - score)[away], atol=1e-3)
    assert not at_stops.rises_at_end and at_stops.any_clear
    # The same peak as the slack's (peak against strongest), read from the same numbers.
    assert core.slack(beta_stops=BETA_SLIDER, n_stops=N_SLIDER).kl.peak_pressure == 1.0


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.2, 1.0), (0.6, 0.0), (1.0, 0.5)])
def test_every_stop_reads_the_slacks_peak_and_its_own_distance_from_it(b, sigma):
    at_stops, result = kl_at_stops(PAGE_BETA_STOPS, b=b, sigma=sigma)
    slack = core.slack(beta_stops=PAGE_BETA_STOPS, n_stops=N_SLIDER, b=b, sigma=sigma)
    assert PAGE_BETA_STOPS[at_stops.peak] == slack.kl.peak_pressure
    gold, proxy = np.asarray(result.gold_gain), np.asarray(result.proxy_gain)
    np.testing.assert_array_equal(at_stops.gold_to_peak, gold[at_stops.peak] - gold)
    np.testing.assert_array_equal(at_stops.score_to_peak, proxy[at_stops.peak] - proxy)
    # Capped by core.peaks' one rule (some stop is clear at each of these settings).
    np.testing.assert_array_equal(at_stops.capped, ~core.uncapped_stops(result.edge_mass))
    # Gentler stops lie before the peak, stronger ones past it, unless within the flatness.
    index = np.arange(len(PAGE_BETA_STOPS))
    flat = ~at_stops.capped & (at_stops.gold_to_peak < core.PEAK_FLATNESS)
    np.testing.assert_array_equal(at_stops.side[flat], 0)
    np.testing.assert_array_equal(at_stops.side[~flat], np.sign(index - at_stops.peak)[~flat])
    assert np.all(at_stops.gold_to_peak[~at_stops.capped] >= 0)


def test_a_stop_within_the_flatness_is_at_the_peak_and_a_rise_into_the_end_is_told():
    at_stops = core.slack_at_stops(
        [1, 2, 3, 4], proxy_gain=[0.0, 1.0, 2.0, 3.0], gold_gain=[0.0, 1.0, 1.004, 0.5]
    )
    assert at_stops.peak == 2
    assert at_stops.side.tolist() == [-1, 0, 0, 1]
    assert not at_stops.rises_at_end
    # Best-of-n at b = 0.2, σ = 0 still rises at n = 10,000 (+3.72): its end is its peak.
    counts = np.array(N_SLIDER, dtype=float)
    result = core.best_of_n(counts, b=0.2)
    rising = core.slack_at_stops(counts, proxy_gain=result.proxy_gain, gold_gain=result.gold_gain)
    assert N_SLIDER[rising.peak] == 10000 and rising.rises_at_end
    assert rising.side.tolist() == [-1] * (len(N_SLIDER) - 1) + [0]
    # b = 1 levels off: n = 7,000 to 10,000 adds < 0.005, which is no rise.
    level = core.slack_at_stops(
        [1, 49, 7000, 10000],
        proxy_gain=core.best_of_n([1, 49, 7000, 10000], b=1.0).proxy_gain,
        gold_gain=core.best_of_n([1, 49, 7000, 10000], b=1.0).gold_gain,
    )
    assert not level.rises_at_end and level.side[-2:].tolist() == [0, 0]


def test_every_stop_capped_leaves_no_clear_peak():
    at_stops, _ = kl_at_stops((0.3, 0.25), b=0.2, sigma=1.0)  # 8.3% and 46% at the edge
    assert at_stops.capped.all() and not at_stops.any_clear
