"""Catastrophic Goodhart on the 600 answers: light-tailed errors are harmless to push against,
heavy-tailed ones are not (b = 1, sigma = 1: the reward model's only flaw is its noise)."""

import math

import numpy as np
import pytest

import core
from core.answer_errors import student_t2_from_normal

PRESSURES = np.array([1, 3, 10, 49, 200, 590, 2000, 10_000])
ERROR_SEEDS = range(100)


def averaged(errors):
    results = [
        core.best_of_n(PRESSURES, b=1.0, sigma=1.0, errors=errors, error_seed=seed)
        for seed in ERROR_SEEDS
    ]
    return (
        np.mean([result.gold_gain for result in results], axis=0),
        np.mean([result.proxy_gain for result in results], axis=0),
    )


def test_light_tails_keep_raising_true_quality():
    gold, proxy = averaged("light")
    assert gold[-1] >= 0.95 * gold.max()
    assert np.all(np.diff(proxy) > 0)


def test_heavy_tails_collapse_true_quality_while_the_score_soars():
    gold, proxy = averaged("heavy")
    light_gold, light_proxy = averaged("light")
    assert gold[-1] <= 0.25 * gold.max()
    assert gold.argmax() < PRESSURES.size - 1  # peaks early
    assert np.all(np.diff(proxy) > 0) and proxy[-1] > 2 * light_proxy[-1]


def test_heavy_errors_are_student_t2_in_the_same_order():
    normal = np.random.default_rng(0).standard_normal(600)
    heavy = student_t2_from_normal(normal)
    np.testing.assert_array_equal(np.argsort(heavy), np.argsort(normal))
    # F₂(t) = 1/2 + t/(2√(2 + t²)) must give back Φ(z).
    student_cdf = 0.5 + heavy / (2 * np.sqrt(2 + heavy**2))
    normal_cdf = np.array([0.5 * math.erfc(-z / math.sqrt(2)) for z in normal])
    np.testing.assert_allclose(student_cdf, normal_cdf, rtol=1e-12, atol=1e-15)
    assert np.isfinite(student_t2_from_normal(np.array([-50.0, 50.0]))).all()


def test_light_errors_are_per_answer_standard_normal_draws():
    plain = core.answers(b=1.0)
    noisy = core.answers(b=1.0, sigma=0.5, errors="light", error_seed=3)
    draws = np.random.default_rng(3).standard_normal(600)
    np.testing.assert_allclose(noisy.proxy - plain.proxy, 0.5 * draws, atol=1e-12)
    np.testing.assert_array_equal(noisy.gold, plain.gold)


def test_default_errors_are_the_lesson_field_unchanged():
    ns = np.array([1, 49, 590])
    default = core.best_of_n(ns, b=0.3, sigma=0.7)
    explicit = core.best_of_n(ns, b=0.3, sigma=0.7, errors="smooth", error_seed=9)
    for name in ("kl", "proxy_gain", "gold_gain", "mean_length"):
        np.testing.assert_array_equal(getattr(default, name), getattr(explicit, name))
    np.testing.assert_array_equal(
        core.answers(sigma=0.7).proxy, core.answers(sigma=0.7, errors="smooth").proxy
    )
    np.testing.assert_array_equal(
        core.win_probabilities(49, sigma=0.7),
        core.win_probabilities(49, sigma=0.7, errors="smooth", error_seed=4),
    )


def test_win_probabilities_follow_the_errors():
    light = core.win_probabilities(49, sigma=1.0, errors="light", error_seed=1)
    heavy = core.win_probabilities(49, sigma=1.0, errors="heavy", error_seed=1)
    assert light.sum() == pytest.approx(1.0) and heavy.sum() == pytest.approx(1.0)
    assert not np.array_equal(light, heavy)
