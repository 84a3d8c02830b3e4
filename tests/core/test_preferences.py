"""Bradley–Terry: the fit recovers the weights the raters used, and learns b = 1 from enough
varied comparisons.

The raters prefer by gold = s + l - (l² - 1) at temperature T, so the true weights on
(substance, length, padding) are (1, 1, 1)/T and the true b is 1.
"""

import numpy as np
import pytest

import core
from core.preferences import INTERVAL_Z, SEPARABLE_MESSAGE


@pytest.mark.parametrize(("rater_noise", "seed"), [(0.5, 1), (1.0, 2), (2.0, 3)])
def test_weights_recovered_within_three_standard_errors(rater_noise, seed):
    pairs = core.comparisons(20_000, rater_noise=rater_noise, seed=seed)
    fit = core.fit_bradley_terry(pairs)
    truth = np.ones(3) / rater_noise
    assert fit.converged and fit.message == ""
    assert np.all(np.abs(fit.weights - truth) < 3 * fit.standard_errors), (fit.weights, truth)
    # The standard errors are real: not zero, and shrinking like 1/√N.
    bigger = core.fit_bradley_terry(core.comparisons(80_000, rater_noise=rater_noise, seed=seed))
    np.testing.assert_allclose(bigger.standard_errors / fit.standard_errors, 0.5, rtol=0.1)


def test_two_hundred_thousand_varied_comparisons_learn_the_whole_penalty():
    fit = core.fit_bradley_terry(core.comparisons(200_000))
    assert abs(fit.b - 1.0) < 0.03
    low, high = fit.b_interval
    assert low < fit.b < high and high - low < 0.05
    assert abs(fit.length_ratio - 1.0) < 0.03


def test_ninety_percent_interval_covers_the_truth_85_to_95_percent_of_the_time():
    # 200 seeds of 20,000 comparisons each (a few seconds). Over 1,000 seeds the coverage is
    # 0.897 at 3,000 pairs and 0.903 at 20,000; the first 200 give 0.86 and 0.90.
    covered = [
        low <= 1.0 <= high
        for low, high in (
            core.fit_bradley_terry(core.comparisons(20_000, seed=seed)).b_interval
            for seed in range(200)
        )
    ]
    assert 0.85 <= np.mean(covered) <= 0.95, np.mean(covered)


def test_interval_is_the_delta_method_at_ninety_percent():
    fit = core.fit_bradley_terry(core.comparisons(5_000, seed=4))
    low, high = fit.b_interval
    assert (low + high) / 2 == pytest.approx(fit.b)
    # The delta-method error is at least as big as the padding weight's own relative error.
    relative = fit.standard_errors[2] / fit.weights[2]
    assert (high - low) / 2 >= INTERVAL_Z * relative * fit.b * 0.99


def test_narrow_lengths_teach_the_penalty_less_surely():
    wide = core.fit_bradley_terry(core.comparisons(200_000, length_spread=1.0, seed=5))
    narrow = core.fit_bradley_terry(core.comparisons(200_000, length_spread=0.5, seed=5))
    width = [high - low for low, high in (wide.b_interval, narrow.b_interval)]
    assert 1.5 < width[1] / width[0] < 3.0  # docs/design.md §9: about twice the error at spread 0.5


def test_without_the_padding_feature_longer_is_always_better():
    fit = core.fit_bradley_terry(core.comparisons(200_000, seed=6), padding_feature=False)
    assert fit.converged and fit.b == 0.0 and fit.b_interval == (0.0, 0.0)
    assert fit.weights[2] == 0.0 and fit.standard_errors[2] == 0.0
    assert 0.70 < fit.length_ratio < 0.78  # docs/design.md §9: about 0.74 at spread 1


def test_a_prior_pulls_the_weights_toward_zero():
    pairs = core.comparisons(100, length_spread=0.3, seed=7)
    free, pulled = core.fit_bradley_terry(pairs), core.fit_bradley_terry(pairs, prior=10.0)
    assert np.linalg.norm(pulled.weights) < np.linalg.norm(free.weights)
    assert pulled.converged


def test_separable_choices_are_reported_not_nan():
    # With almost no rater noise and few pairs, a line separates every choice: no MLE exists.
    pairs = core.comparisons(200, rater_noise=1e-6, seed=8)
    fit = core.fit_bradley_terry(pairs)
    assert not fit.converged and fit.message == SEPARABLE_MESSAGE
    assert not np.isnan(fit.weights).any() and not np.isnan(fit.b)
    assert np.isinf(fit.standard_errors).all() and fit.b_interval == (-np.inf, np.inf)
    # A prior makes the maximum finite again.
    assert core.fit_bradley_terry(pairs, prior=1.0).converged


def test_choices_follow_the_rater_model():
    pairs = core.comparisons(100_000, rater_noise=1.0, seed=9)
    quality = core.gold(pairs.length, pairs.substance)
    expected = 1.0 / (1.0 + np.exp(-(quality[:, 0] - quality[:, 1])))
    assert abs(pairs.first_preferred.mean() - expected.mean()) < 0.005
    assert pairs.length.shape == pairs.substance.shape == (100_000, 2)
    spread = core.comparisons(100_000, length_spread=0.3, seed=9).length.std()
    assert spread == pytest.approx(0.3, rel=0.01)


def test_same_seed_same_comparisons():
    first, again = core.comparisons(50, seed=3), core.comparisons(50, seed=3)
    np.testing.assert_array_equal(first.length, again.length)
    np.testing.assert_array_equal(first.first_preferred, again.first_preferred)


def test_the_prior_enters_the_optimum_and_the_standard_errors_as_written():
    # Maximizes Σ log σ(wᵀx) − prior·|w|²/2: at the fit the gradient Σ x(1 − σ(wᵀx)) − prior·w
    # is zero, and minus the Hessian is Σ σ(1 − σ) x xᵀ + prior·I (both written here apart).
    pairs = core.comparisons(300, length_spread=0.5, seed=11)
    prior = 5.0
    fit = core.fit_bradley_terry(pairs, prior=prior)
    both = core.preferences.features(pairs.length, pairs.substance)
    sign = np.where(pairs.first_preferred, 1.0, -1.0)[:, None]
    differences = sign * (both[:, 0] - both[:, 1])  # (N, 3)
    win = 1.0 / (1.0 + np.exp(-differences @ fit.weights))
    gradient = differences.T @ (1.0 - win) - prior * fit.weights
    assert np.abs(gradient).max() < 1e-6
    curvature = (differences.T * (win * (1.0 - win))) @ differences + prior * np.eye(3)
    expected = np.sqrt(np.diag(np.linalg.inv(curvature)))
    np.testing.assert_allclose(fit.standard_errors, expected, rtol=1e-6)
    # And the prior matters at this size: without it the errors are larger by more than 1%.
    assert np.all(core.fit_bradley_terry(pairs).standard_errors > expected * 1.01)


# --- what the comparisons carry of b (core.data_share) ----------------------------------------


def log_likelihood(differences: np.ndarray, weights: np.ndarray) -> float:
    """Σ log sigmoid(wᵀx) over winner-minus-loser rows ``differences`` (N, 3): no prior."""
    return float(-np.logaddexp(0.0, -differences @ weights).sum())


def winner_minus_loser(pairs) -> np.ndarray:
    both = core.preferences.features(pairs.length, pairs.substance)
    sign = np.where(pairs.first_preferred, 1.0, -1.0)[:, None]
    return sign * (both[:, 0] - both[:, 1])


def finite_difference_hessian(function, point: np.ndarray, step: float) -> np.ndarray:
    """Central second differences of ``function`` at ``point``: (k, k)."""
    size = point.size
    hessian = np.empty((size, size))
    for row in range(size):
        for column in range(size):
            moves = [np.eye(size)[row] * step * one + np.eye(size)[column] * step * two
                     for one, two in ((1, 1), (1, -1), (-1, 1), (-1, -1))]  # fmt: skip
            up_up, up_down, down_up, down_down = (function(point + move) for move in moves)
            hessian[row, column] = (up_up - up_down - down_up + down_down) / (4 * step**2)
    return hessian


@pytest.mark.parametrize(
    ("n_pairs", "spread", "noise", "prior"),
    [(2000, 0.1, 1.0, 100.0), (300, 0.5, 1.0, 5.0), (10_000, 0.1, 1.0, 0.0), (200, 0.3, 1.0, 30.0)],
)
def test_the_comparisons_share_is_their_precision_over_the_posteriors(
    n_pairs, spread, noise, prior
):
    # Written apart: the data's Fisher information from finite differences of the
    # log-likelihood, b's gradient from finite differences of w_pad / w_s, then the ratio of
    # the posterior's variance of b to the comparisons' alone.
    pairs = core.comparisons(n_pairs, length_spread=spread, rater_noise=noise, seed=0)
    fit = core.fit_bradley_terry(pairs, prior=prior)
    differences = winner_minus_loser(pairs)
    information = -finite_difference_hessian(
        lambda weights: log_likelihood(differences, weights), fit.weights, 1e-3
    )
    np.testing.assert_allclose(fit.information, information, rtol=1e-4, atol=1e-6)
    step = 1e-6
    slope = np.array([
        (fit.weights[2] / (fit.weights[0] + step) - fit.weights[2] / (fit.weights[0] - step)),
        0.0,
        (fit.weights[2] + step - (fit.weights[2] - step)) / fit.weights[0],
    ]) / (2 * step)  # fmt: skip
    posterior = information + prior * np.eye(3)
    expected = (slope @ np.linalg.inv(posterior) @ slope) / (
        slope @ np.linalg.inv(information) @ slope
    )
    assert core.data_share(fit) == pytest.approx(expected, rel=1e-4)
    padding = np.linalg.inv(posterior)[2, 2] / np.linalg.inv(information)[2, 2]
    assert core.data_share(fit, quantity="padding weight") == pytest.approx(padding, rel=1e-4)
    if prior == 0:
        assert core.data_share(fit) == 1.0


def test_pairs_of_equal_length_carry_nothing_of_padding():
    # A closed form on a tiny case: pairs that differ only in substance (equal lengths) give
    # the padding and length weights no information; substance's is Σ p(1 - p) x² at the fit.
    length = np.zeros((4, 2))
    substance = np.array([[1.0, 0.0], [0.0, 1.0], [2.0, 0.0], [0.0, 0.5]])
    pairs = core.Comparisons(length, substance, np.array([True, False, True, True]))
    fit = core.fit_bradley_terry(pairs, prior=2.0)
    x = np.array([1.0, 1.0, 2.0, -0.5])  # winner minus loser in substance
    p = 1.0 / (1.0 + np.exp(-x * fit.weights[0]))
    fisher = float(np.sum(p * (1 - p) * x**2))
    assert fit.information[0, 0] == pytest.approx(fisher, rel=1e-9)
    assert np.all(fit.information[1:, :] == 0) and np.all(fit.information[:, 1:] == 0)
    # The comparisons alone say nothing of padding: its share is 0, not a division's error.
    assert core.data_share(fit, quantity="padding weight") == 0.0
    # Four pairs leave the substance weight unclear (0.50 ± 0.55): b, and its share, are nan.
    assert not core.substance_is_clear(fit) and np.isnan(core.data_share(fit))


def test_the_share_falls_as_the_prior_grows_and_says_the_issues_number():
    pairs = core.comparisons(2000, length_spread=0.1, rater_noise=1.0, seed=0)
    shares = [core.data_share(core.fit_bradley_terry(pairs, prior=p)) for p in (0, 1, 10, 100)]
    assert shares[0] == 1.0 and all(a > b for a, b in zip(shares, shares[1:], strict=False))
    # The old page default: at prior 100 the data carry 0.15% of the padding weight's precision.
    fit = core.fit_bradley_terry(pairs, prior=100.0)
    assert f"{fit.information[2, 2]:.2f}" in ("0.15", "0.16")
    assert 0.0014 < core.data_share(fit, quantity="padding weight") < 0.0017


def test_b_is_defined_only_where_the_substance_weight_is_clearly_positive():
    unclear = core.fit_bradley_terry(
        core.comparisons(200, length_spread=0.5, rater_noise=5.0, seed=0), prior=1.0
    )
    assert not core.substance_is_clear(unclear) and np.isnan(core.data_share(unclear))
    clear = core.fit_bradley_terry(core.comparisons(10_000, length_spread=0.1, seed=0))
    assert clear.weights[0] > INTERVAL_Z * clear.standard_errors[0]
    assert core.substance_is_clear(clear)
    separable = core.fit_bradley_terry(core.comparisons(200, rater_noise=1e-6, seed=8))
    assert separable.information is None and not core.substance_is_clear(separable)
    with pytest.raises(ValueError, match="quantity must be"):
        core.data_share(clear, quantity="length")
