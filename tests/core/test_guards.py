"""Guards against rounding and extremes, each checked where removing it would show."""

import numpy as np
import pytest

import core
from core.slack import _method_slack
from core.spot_checks import _exact_check_means

# β this large takes the gentle path (expm1), where the KL is the difference of two numbers of
# ~1e-17 and rounding alone leaves ~1e-33 below 0 for most of them (without the clamp: 464
# of 3,000 β in [1e-2, 1e300] at b = σ = 0, 2,198 at b = 1, σ = 2).
HUGE_BETAS = np.geomspace(1e17, 1e300, 16)


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (1.0, 2.0), (0.3, 0.7)])
def test_the_kl_is_never_below_zero_however_gentle_the_penalty(b, sigma):
    kl = core.kl_optimum(HUGE_BETAS, b=b, sigma=sigma).kl
    assert np.all(kl >= 0.0)
    assert np.all(kl < 1e-30)


@pytest.mark.parametrize(("b", "sigma", "k", "rho"), [(0.0, 0.0, 1, 1.0), (0.2, 1.0, 4, 0.5)])
def test_the_defended_kl_is_never_below_zero_however_gentle_the_penalty(b, sigma, k, rho):
    # Here every β takes the shifted exponential: at β = 1e4..1e12 the two terms cancel to
    # ~1e-16 and land below 0 as often as above without the clamp.
    betas = np.geomspace(1e4, 1e12, 20)
    kl = core.defended_kl_optimum(betas, b=b, sigma=sigma, k=k, rho=rho).kl
    assert np.all(kl >= 0.0)
    assert np.all(kl < 1e-7)


@pytest.mark.filterwarnings("ignore:overflow encountered in divide:RuntimeWarning")
@pytest.mark.parametrize("beta", [1e-310, 5e-324])
def test_a_beta_whose_inverse_overflows_keeps_the_top_cell(beta):
    """1/β is inf here; clipped to 1e30 the top cell (6, 6) keeps all the weight, not NaN."""
    result = core.kl_optimum(beta)
    assert result.mean_length == pytest.approx(6.0, abs=1e-12)
    assert result.mean_substance == pytest.approx(6.0, abs=1e-12)
    assert result.proxy_gain == pytest.approx(12.0, abs=1e-9)
    assert result.gold_gain == pytest.approx(-23.0, abs=1e-6)  # 6 + 6 - 35, less the base's -1
    assert np.isfinite(result.kl)


class _TopOfEveryRow:
    """A generator whose uniforms are all the largest float below 1."""

    def random(self, shape):
        return np.full(shape, np.nextafter(1.0, 0.0))


def test_a_spot_check_draw_at_the_top_of_its_row_stays_in_its_row():
    """Lifted by the row's index, 1 - 2⁻⁵³ rounds up to the next row's start: the draw must
    still be the row's own last answer (gain 30), not the next row's first (10)."""
    chances = np.array([[0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.0, 0.5, 0.5]])
    gains = np.array([10.0, 20.0, 30.0])
    means = _exact_check_means(chances, gains, 2, 3, _TopOfEveryRow())
    np.testing.assert_array_equal(means, np.full((3, 3), 30.0))


def test_slack_takes_the_strongest_of_stops_tied_at_the_peak():
    """Gold ties at stops 2 and 3: stopping at 3 gives up no score for the same gold."""
    stops = np.array([1.0, 2.0, 3.0])
    slack = _method_slack(stops, np.array([1.0, 2.0, 3.0]), np.array([0.0, 5.0, 5.0]), 2)
    assert slack.peak_pressure == 3.0
    assert slack.score_given_up == 0.0
    assert slack.gold_kept == 0.0


class _FixedUniform:
    """A generator whose uniforms are all one value."""

    def __init__(self, value: float):
        self.value = value

    def random(self, shape):
        return np.full(shape, self.value)


def test_a_row_a_hair_short_of_one_never_draws_an_answer_of_chance_zero():
    """Each row is scaled to end at exactly 1: unscaled, a uniform above 1 - 1e-9 fell past
    the row's last answer with a chance and onto the one after it (chance 0, gain 30)."""
    chances = np.array([[0.5, 0.5 - 1e-9, 0.0]])
    gains = np.array([10.0, 20.0, 30.0])
    means = _exact_check_means(chances, gains, 1, 1, _FixedUniform(1.0 - 1e-10))
    np.testing.assert_array_equal(means, [[20.0]])


def test_a_spot_check_stop_with_a_certain_winner_has_no_spread_not_nan():
    """At b = 0.2, σ = 1 and n = 19,987.2 one answer wins with certainty, and E[g²] - E[g]²
    rounds to -4.4e-16: unclamped, its spread was NaN, and argmax takes NaN for the best, so
    every repeat stopped there instead of at n = 49 (+1.563 against +1.537)."""
    certain = 19_987.19638657
    result = core.spot_check_best_of_n([49, certain], m=10_000, b=0.2, sigma=1.0, seed=0)
    assert result.peak_pressure == 49.0
    assert result.chosen_share[0] > 0.9


def test_slack_keeps_every_beta_stop_when_all_are_capped():
    """b = 0.2, σ = 1: β = 0.3 and 0.25 both lie on the grid's edge (8.3% and 46%)."""
    result = core.slack(beta_stops=(0.3, 0.25), n_stops=(1, 49), b=0.2, sigma=1.0)
    assert result.kl.left_out == 0
    assert result.kl.strongest_pressure == 0.25


def test_slack_gives_up_nothing_when_the_peaks_score_rounds_above_the_top():
    """Past n ~ 20,000 the winner is certain and the score saturates: a peak a hair above the
    strongest stop's score gives up 0, not -1e-16 ("-0%" on the page)."""
    top = 3.0
    proxy_gain = np.array([1.0, np.nextafter(top, 4.0), top])
    slack = _method_slack(np.array([1.0, 2.0, 3.0]), proxy_gain, np.array([0.0, 5.0, 4.0]), 2)
    assert slack.peak_pressure == 2.0
    assert slack.score_given_up == 0.0
    assert slack.gold_kept == 1.0
