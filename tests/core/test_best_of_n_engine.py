"""The one best-of-n engine: any scored answers in, the result fields out (ties shared)."""

import math

import numpy as np
import pytest

import core
from core.best_of_n import _rank, best_of_n_over

# Four answers, the middle two tied on proxy: with n = 2 the untied rank chances are
# 1/16, 3/16, 5/16, 7/16, and the tied pair shares 3/16 + 5/16 equally.
PROXY = [0.0, 1.0, 1.0, 2.0]
GOLD = [16.0, 16.0, 0.0, 0.0]  # mean 8: the winner's expected gold is 16/16 + 16·4/16 = 5
LENGTH = [0.0, 1.0, 2.0, 3.0]
SUBSTANCE = [1.0, 0.0, 0.0, 0.0]


def four_answers(n):
    return best_of_n_over(n, proxy=PROXY, gold=GOLD, length=LENGTH, substance=SUBSTANCE)


def test_tied_answers_share_their_chance_in_every_field():
    result = four_answers(2)
    assert result.gold_gain == pytest.approx(-3.0, abs=1e-12)  # untied it would be -4
    assert result.proxy_gain == pytest.approx(22 / 16 - 1.0, abs=1e-12)
    assert result.mean_length == pytest.approx((4 + 2 * 4 + 3 * 7) / 16, abs=1e-12)
    assert result.mean_substance == pytest.approx(1 / 16, abs=1e-12)
    assert result.kl == pytest.approx(math.log(1 / 4) / 16 + 7 / 16 * math.log(7 / 4), abs=1e-12)
    assert result.kl_bound == pytest.approx(math.log(2) - 0.5, abs=1e-12)


def test_tied_answers_keep_their_given_order_in_the_ranking():
    """core.ranked_answers promises ties in their order in core.answers: the sort is stable."""
    assert _rank(PROXY, GOLD, LENGTH, SUBSTANCE).order.tolist() == [0, 1, 2, 3]
    assert _rank([2.0, 1.0, 1.0, 0.0], GOLD, LENGTH, SUBSTANCE).order.tolist() == [3, 1, 2, 0]
    # 40 answers in two tie groups: numpy's default sort (not stable) mixes each group's order.
    proxy = np.tile([1.0, 0.0], 20)
    order = _rank(proxy, proxy, proxy, proxy).order.tolist()
    assert order == [*range(1, 40, 2), *range(0, 40, 2)]


def test_the_kl_is_measured_from_the_uniform_choice_over_the_answers_given():
    # A huge n keeps the single best answer: KL = log K, here log 4 (not log 600).
    assert four_answers(1e9).kl == pytest.approx(math.log(4), abs=1e-9)
    assert four_answers(1e9).gold_gain == pytest.approx(-8.0, abs=1e-9)


def test_shape_follows_n():
    assert isinstance(four_answers(2).gold_gain, float)
    grid = four_answers(np.array([[1.0, 2.0], [3.0, 1e9]]))
    assert grid.gold_gain.shape == (2, 2)
    assert grid.gold_gain[0, 1] == pytest.approx(-3.0, abs=1e-12)


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.2, 1.0)])
def test_the_lessons_best_of_n_is_the_engine_on_the_lessons_answers(b, sigma):
    scored = core.answers(b=b, sigma=sigma)
    ns = np.array([1.0, 49.0, 590.0])
    engine = best_of_n_over(
        ns, proxy=scored.proxy, gold=scored.gold, length=scored.length, substance=scored.substance
    )
    lesson = core.best_of_n(ns, b=b, sigma=sigma)
    for field in ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance", "kl_bound"):
        np.testing.assert_array_equal(getattr(engine, field), getattr(lesson, field), field)


def test_the_defended_best_of_n_is_the_engine_on_the_defended_scores():
    defense = {"b": 0.1, "sigma": 1.0, "k": 4, "rho": 0.5, "aggregate": "min"}
    length, substance = core.answers().length, core.answers().substance
    scores = core.defended_proxy(length, substance, **defense)
    engine = best_of_n_over(
        49, proxy=scores, gold=core.answers().gold, length=length, substance=substance
    )
    assert core.defended_best_of_n(49, **defense).gold_gain == pytest.approx(
        engine.gold_gain, abs=1e-12
    )


def test_bad_n_is_named():
    with pytest.raises(ValueError, match=r"n must be a finite number >= 1, got 0"):
        four_answers(0)
