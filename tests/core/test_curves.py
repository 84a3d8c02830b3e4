"""Whole curves and their peaks (core.curves), ranked answers and fresh sets' peaks."""

import numpy as np
import pytest

import core
from tests.core.wide_grid import passes

SLIDER_BETAS = core.log_spaced_betas(high=10.0, low=0.25)  # the app's β curve
PAST_EDGE_BETAS = core.log_spaced_betas(high=10.0, low=0.1)  # on past the grid's edge
SLIDER_COUNTS = core.log_spaced_counts(high=10_000)  # the app's n curve
EVERY_COUNT = np.arange(1, 10_001)  # every whole n the n slider spans


def brute_force_peak(*, b, sigma, seed=None) -> int:
    """The whole n in 1..10,000 with the highest gold gain, by trying every one."""
    return int(
        EVERY_COUNT[np.argmax(core.best_of_n(EVERY_COUNT, b=b, sigma=sigma, seed=seed).gold_gain)]
    )


class TestAxes:
    def test_betas_fall_evenly_in_log_from_high_to_low(self):
        assert SLIDER_BETAS.shape == (core.CURVE_POINTS,)
        assert SLIDER_BETAS[0] == pytest.approx(10.0, rel=1e-15)
        assert SLIDER_BETAS[-1] == pytest.approx(0.25, rel=1e-15)
        steps = np.diff(np.log(SLIDER_BETAS))
        np.testing.assert_allclose(steps, np.log(0.025) / (core.CURVE_POINTS - 1), rtol=1e-9)

    def test_counts_are_whole_rising_and_span_one_to_high(self):
        assert SLIDER_COUNTS[0] == 1 and SLIDER_COUNTS[-1] == 10_000
        np.testing.assert_array_equal(SLIDER_COUNTS, np.round(SLIDER_COUNTS))
        assert np.all(np.diff(SLIDER_COUNTS) > 0)
        # Rounding merges the close values at small n: every n up to 15 is there, and no more
        # than the 400 asked for.
        np.testing.assert_array_equal(SLIDER_COUNTS[:15], np.arange(1, 16))
        assert 200 < SLIDER_COUNTS.size <= 2 * core.CURVE_POINTS

    @pytest.mark.parametrize(
        ("call", "message"),
        [
            (lambda: core.log_spaced_betas(high=0.25, low=10.0), "high > low > 0"),
            (lambda: core.log_spaced_betas(high=10.0, low=0.0), "must be a finite number > 0"),
            (
                lambda: core.log_spaced_betas(high=10.0, low=1.0, points=1),
                "points must be a whole number >= 2",
            ),
            (lambda: core.log_spaced_counts(high=0.5), "must be a finite number >= 1"),
            (
                lambda: core.log_spaced_counts(high=100, points=2.5),
                "points must be a whole number >= 2",
            ),
        ],
    )
    def test_bad_arguments_are_named(self, call, message):
        with pytest.raises(ValueError, match=message):
            call()


class TestKLCurve:
    def test_lesson_peaks_at_beta_one(self):
        """At b = σ = 0 gold gain is 2/β − 1/β², highest at β = 1: the curve's point nearest 1."""
        curve = core.kl_curve(SLIDER_BETAS, lowest_peak_beta=0.25)
        nearest_one = SLIDER_BETAS[np.argmin(np.abs(np.log(SLIDER_BETAS)))]
        assert curve.peak_pressure == nearest_one
        assert curve.peak_pressure == pytest.approx(1.0, rel=0.01)
        assert curve.peak_gold_gain == pytest.approx(1.0, abs=1e-4)
        assert curve.peak_proxy_gain == pytest.approx(2 / curve.peak_pressure, abs=1e-4)

    def test_is_the_kl_optimum_along_beta(self):
        curve = core.kl_curve(SLIDER_BETAS, b=0.2, sigma=0.5)
        result = core.kl_optimum(SLIDER_BETAS, b=0.2, sigma=0.5)
        np.testing.assert_array_equal(curve.pressure, SLIDER_BETAS)
        for field in ("kl", "proxy_gain", "gold_gain"):
            np.testing.assert_array_equal(getattr(curve, field), getattr(result, field))
        np.testing.assert_array_equal(curve.edge_mass, result.edge_mass)
        # Capped points tell of the edge: no peak is looked for there. Which are capped is
        # decided here by a direct solve on the ±12 grid (where the edge mass is above 1e-6;
        # below it the wider grid moves nothing: tests/core/test_edge_mass.py). Here the
        # strongest β are capped, so the rule matters.
        near = result.edge_mass > 1e-6
        clear = ~near.copy()
        clear[near] = [
            passes(beta, 0.2, 0.5, gold, edge)
            for beta, gold, edge in zip(
                SLIDER_BETAS[near], result.gold_gain[near], result.edge_mass[near], strict=True
            )
        ]
        np.testing.assert_array_equal(curve.capped, ~clear)
        assert not clear[-1]
        peak = np.argmax(np.where(clear, result.gold_gain, -np.inf))
        assert np.argmax(result.gold_gain) != peak
        assert curve.peak_pressure == SLIDER_BETAS[peak]
        assert curve.peak_gold_gain == result.gold_gain[peak]
        assert curve.peak_proxy_gain == result.proxy_gain[peak]
        assert curve.kl_bound is None

    def test_peak_is_looked_for_only_where_the_slider_goes(self):
        """With the whole penalty learned (b = 1) gold rises as β falls, past the slider's end:
        the peak stops at the lowest β the slider reaches."""
        anywhere = core.kl_curve(PAST_EDGE_BETAS, b=1.0)
        on_slider = core.kl_curve(PAST_EDGE_BETAS, b=1.0, lowest_peak_beta=0.25)
        assert anywhere.peak_pressure < 0.25
        assert on_slider.peak_pressure == PAST_EDGE_BETAS[PAST_EDGE_BETAS >= 0.25].min()
        assert on_slider.peak_gold_gain < anywhere.peak_gold_gain

    def test_arrays_are_read_only_copies(self):
        betas = SLIDER_BETAS.copy()
        curve = core.kl_curve(betas)
        betas[0] = 99.0
        assert curve.pressure[0] == pytest.approx(10.0)
        for array in (curve.pressure, curve.kl, curve.proxy_gain, curve.gold_gain):
            assert not array.flags.writeable

    @pytest.mark.parametrize(
        ("kwargs", "message"),
        [
            ({"betas": [[1.0, 2.0]]}, "one-dimensional"),
            ({"betas": [1.0, -1.0]}, "beta.* > 0"),
            ({"betas": [1.0, 0.5], "lowest_peak_beta": 2.0}, "no β in betas is >= "),
            ({"betas": [1.0, 0.5], "lowest_peak_beta": float("nan")}, "lowest_peak_beta"),
            ({"betas": [1.0, 0.5], "b": 2.0}, r"b must be a number in \[0, 1\]"),
        ],
    )
    def test_bad_arguments_are_named(self, kwargs, message):
        betas = kwargs.pop("betas")
        with pytest.raises(ValueError, match=message):
            core.kl_curve(betas, **kwargs)


class TestBestOfNCurve:
    def test_lesson_peaks_at_exactly_49(self):
        curve = core.best_of_n_curve(SLIDER_COUNTS)
        assert curve.peak_pressure == 49
        assert brute_force_peak(b=0.0, sigma=0.0) == 49
        at_peak = core.best_of_n(49)
        # Equal to the last bits that a batch of n rather than a single n may round apart.
        assert curve.peak_gold_gain == pytest.approx(at_peak.gold_gain, rel=1e-12)
        assert curve.peak_proxy_gain == pytest.approx(at_peak.proxy_gain, rel=1e-12)

    @pytest.mark.parametrize(
        ("b", "sigma", "seed"),
        [(0.2, 0.5, None), (0.0, 1.0, None), (1.0, 2.0, None), (0.0, 0.0, 3), (0.3, 0.5, 2)],
    )
    def test_peak_is_the_brute_force_argmax_over_every_whole_n(self, b, sigma, seed):
        curve = core.best_of_n_curve(SLIDER_COUNTS, b=b, sigma=sigma, seed=seed)
        assert curve.peak_pressure == brute_force_peak(b=b, sigma=sigma, seed=seed)
        at_peak = core.best_of_n(curve.peak_pressure, b=b, sigma=sigma, seed=seed)
        assert curve.peak_gold_gain == pytest.approx(at_peak.gold_gain, rel=1e-12)
        assert curve.peak_proxy_gain == pytest.approx(at_peak.proxy_gain, rel=1e-12)

    def test_is_best_of_n_along_n(self):
        curve = core.best_of_n_curve(SLIDER_COUNTS, b=0.1, sigma=0.3, seed=5)
        result = core.best_of_n(SLIDER_COUNTS, b=0.1, sigma=0.3, seed=5)
        np.testing.assert_array_equal(curve.pressure, SLIDER_COUNTS)
        for field in ("kl", "proxy_gain", "gold_gain", "kl_bound"):
            np.testing.assert_array_equal(getattr(curve, field), getattr(result, field))
            assert not getattr(curve, field).flags.writeable

    @pytest.mark.parametrize(
        ("counts", "message"),
        [
            ([1, 2.5, 3], "whole numbers"),
            ([1, 3, 2], "strictly rising"),
            ([1, 2, 2], "strictly rising"),
            ([0, 1], "n must be|counts must be"),
            ([[1, 2]], "one-dimensional"),
        ],
    )
    def test_bad_counts_are_named(self, counts, message):
        with pytest.raises(ValueError, match=message):
            core.best_of_n_curve(counts)


class TestFreshSetPeaks:
    def test_are_finite_whole_numbers_on_the_slider(self):
        peaks = core.fresh_set_peaks(SLIDER_COUNTS)
        assert peaks.shape == (len(core.FRESH_SEEDS),) == (30,)
        assert np.all(np.isfinite(peaks))
        np.testing.assert_array_equal(peaks, np.round(peaks))
        assert np.all((peaks >= 1) & (peaks <= 10_000))
        assert not peaks.flags.writeable
        # Fresh sets scatter: the lesson's 49 is one draw among many.
        assert np.unique(peaks).size > 10

    def test_each_is_that_sets_brute_force_peak(self):
        seeds = (4, 17)
        peaks = core.fresh_set_peaks(SLIDER_COUNTS, b=0.1, sigma=0.2, seeds=seeds)
        expected = [brute_force_peak(b=0.1, sigma=0.2, seed=seed) for seed in seeds]
        np.testing.assert_array_equal(peaks, expected)


class TestRankedAnswers:
    @pytest.mark.parametrize(("b", "sigma", "seed"), [(0.0, 0.0, None), (0.3, 0.8, 9)])
    def test_ranks_by_proxy_worst_first(self, b, sigma, seed):
        ranked = core.ranked_answers(b=b, sigma=sigma, seed=seed)
        scored = core.answers(b=b, sigma=sigma, seed=seed)
        np.testing.assert_array_equal(np.sort(ranked.order), np.arange(core.ANSWER_COUNT))
        np.testing.assert_array_equal(ranked.proxy, scored.proxy[ranked.order])
        np.testing.assert_array_equal(ranked.gold, scored.gold[ranked.order])
        assert np.all(np.diff(ranked.proxy) >= 0)
        for array in (ranked.proxy, ranked.gold, ranked.order):
            assert not array.flags.writeable

    @pytest.mark.parametrize("n", [1, 2, 49, 590])
    def test_agrees_with_win_probabilities(self, n):
        """The answer of rank i (1 = worst) wins with chance (i/600)ⁿ − ((i−1)/600)ⁿ."""
        ranked = core.ranked_answers(b=0.2, sigma=0.5)
        chances = core.win_probabilities(n, b=0.2, sigma=0.5)[ranked.order]
        rank = np.arange(1, core.ANSWER_COUNT + 1)
        expected = (rank / 600.0) ** n - ((rank - 1) / 600.0) ** n
        np.testing.assert_allclose(chances, expected, rtol=1e-9, atol=1e-300)
