"""The room as raters: its seeded pairs, the fit on its choices, and optimizing what it learned."""

import numpy as np
import pytest

import core
from core import room_ratings as rooms
from core.preferences import BradleyTerryFit

BETAS = np.geomspace(10.0, 0.25, 40)
COUNTS = np.unique(np.round(np.geomspace(1, 10_000, 80)))


def independent_fit(length, substance, first_preferred, steps=20_000, rate=0.5):
    """Plain gradient ascent on the mean Bradley–Terry log-likelihood (no Newton, no Hessian)."""
    features = np.stack([substance, length, -(length**2 - 1)], axis=-1)
    sign = np.where(first_preferred, 1.0, -1.0)[:, None]
    rows = sign * (features[:, 0] - features[:, 1])
    weights = np.zeros(3)
    for _ in range(steps):
        chance = 1.0 / (1.0 + np.exp(-(rows @ weights)))
        weights += rate * rows.T @ (1.0 - chance) / len(rows)
    return weights


def noisy_room(count=60, seed=3):
    """A room whose choices follow true quality with rater noise (non-separable)."""
    pairs = rooms.rating_pairs(seed=seed, length_spread=1.0, count=count)
    quality = core.gold(pairs.length, pairs.substance)
    rng = np.random.default_rng(seed)
    first_better = rng.random(count) < 1 / (1 + np.exp(-(quality[:, 0] - quality[:, 1])))
    return pairs, np.where(first_better, rooms.FIRST, rooms.SECOND)


def test_the_same_seed_gives_the_same_pairs_and_the_spread_scales_the_lengths():
    one = rooms.rating_pairs(seed=7, length_spread=1.0)
    again = rooms.rating_pairs(seed=7, length_spread=1.0)
    other = rooms.rating_pairs(seed=8, length_spread=1.0)
    narrow = rooms.rating_pairs(seed=7, length_spread=0.5)
    assert one.length.shape == one.substance.shape == (rooms.PAIRS_PER_ROOM, 2)
    np.testing.assert_array_equal(one.length, again.length)
    assert not np.array_equal(one.length, other.length)
    np.testing.assert_allclose(narrow.length, 0.5 * one.length)
    np.testing.assert_array_equal(narrow.substance, one.substance)
    assert 0.9 < one.length.std() < 1.1


def test_the_rooms_fit_matches_an_independent_gradient_ascent_and_ignores_ties():
    pairs, choices = noisy_room()
    fitted = rooms.room_fit(length=pairs.length, substance=pairs.substance, choices=choices)
    assert fitted.message == "" and fitted.fit is not None
    expected = independent_fit(pairs.length, pairs.substance, choices == rooms.FIRST)
    np.testing.assert_allclose(fitted.fit.weights, expected, rtol=1e-4, atol=1e-6)
    assert fitted.fit.b == pytest.approx(expected[2] / expected[0], rel=1e-4)
    # Ten "can't tell" taps on other pairs change nothing but the counts.
    extra = rooms.rating_pairs(seed=99, length_spread=1.0, count=10)
    with_ties = rooms.room_fit(
        length=np.vstack([pairs.length, extra.length]),
        substance=np.vstack([pairs.substance, extra.substance]),
        choices=np.concatenate([choices, np.full(10, rooms.CANT_TELL)]),
    )
    np.testing.assert_allclose(with_ties.fit.weights, fitted.fit.weights)
    assert (with_ties.comparisons, with_ties.decided, with_ties.ties) == (70, 60, 10)


def test_agreement_is_the_share_of_decided_choices_that_picked_the_truly_better_answer():
    # Gold: (l=0, s=1) -> 2; (l=0, s=0) -> 1; (l=2, s=0) -> -1.
    length = [[0, 0], [0, 2], [2, 0], [0, 0]]
    substance = [[1, 0], [0, 0], [0, 1], [1, 0]]
    fitted = rooms.room_fit(
        length=length,
        substance=substance,
        choices=[rooms.FIRST, rooms.SECOND, rooms.FIRST, rooms.CANT_TELL],
    )
    assert fitted.agreement == pytest.approx(1 / 3)  # right, wrong, wrong; the tie left out


@pytest.mark.parametrize(
    ("choices", "message"),
    [
        ([], rooms.NO_CHOICES),
        ([rooms.CANT_TELL] * 3, rooms.ONLY_TIES),
        ([rooms.FIRST, rooms.CANT_TELL, rooms.CANT_TELL], rooms.TOO_FEW),
        ([rooms.FIRST] * 3, rooms.ONE_SIDE.format(side="first")),
        ([rooms.SECOND] * 3, rooms.ONE_SIDE.format(side="second")),
    ],
)
def test_a_fit_that_cannot_be_made_says_why(choices, message):
    pairs = rooms.rating_pairs(seed=1, length_spread=1.0, count=max(len(choices), 1))
    count = len(choices)
    fitted = rooms.room_fit(
        length=pairs.length[:count], substance=pairs.substance[:count], choices=choices
    )
    assert fitted.fit is None and fitted.message == message


def test_a_room_that_always_picks_the_shorter_answer_is_separable_and_says_so():
    pairs = rooms.rating_pairs(seed=2, length_spread=1.0, count=40)
    shorter_first = pairs.length[:, 0] < pairs.length[:, 1]
    fitted = rooms.room_fit(
        length=pairs.length,
        substance=pairs.substance,
        choices=np.where(shorter_first, rooms.FIRST, rooms.SECOND),
    )
    assert fitted.fit is None and fitted.message == rooms.SEPARABLE
    assert "shorter answer always won" in fitted.message


def test_few_comparisons_give_a_wider_interval_than_many():
    pairs, choices = noisy_room(count=1000)
    few = rooms.room_fit(length=pairs.length[:40], substance=pairs.substance[:40],
                         choices=choices[:40])  # fmt: skip
    many = rooms.room_fit(length=pairs.length, substance=pairs.substance, choices=choices)
    width = [fit.reading.standard_errors[2] for fit in (few, many)]  # the padding weight's
    assert width[0] > 3 * width[1]  # √(1000/40) = 5
    assert few.fit is None and few.message == rooms.NO_SUBSTANCE  # 40 choices: w_s/SE < 2
    assert many.reading.b_interval[0] < 1.0 < many.reading.b_interval[1]  # they follow the truth


@pytest.mark.parametrize(
    "bad",
    [
        {"length": [[0, 1]], "substance": [[0, 1]], "choices": [3]},
        {"length": [[0, 1]], "substance": [[0, 1], [1, 0]], "choices": [0]},
    ],
)
def test_bad_choices_are_refused(bad):
    with pytest.raises(ValueError, match="choices"):
        rooms.room_fit(**bad)


def truthful_fit(scale: float) -> BradleyTerryFit:
    """A fit whose score is true quality (weights ∝ (1, 1, 1)), as a perfect room learns it."""
    return BradleyTerryFit(
        weights=np.full(3, scale),
        standard_errors=np.zeros(3),
        b=1.0,
        b_interval=(1.0, 1.0),
        length_ratio=1.0,
        converged=True,
        message="",
        steps=1,
    )


def test_optimizing_a_truthful_rooms_reward_model_is_the_lessons_at_b_1():
    optimum = rooms.room_optimum(truthful_fit(2.5), betas=BETAS, counts=COUNTS)
    kl = core.kl_curve(BETAS, b=1.0)
    best = core.best_of_n_curve(COUNTS, b=1.0)
    np.testing.assert_allclose(optimum.kl.gold_gain, kl.gold_gain, atol=1e-9)
    np.testing.assert_allclose(optimum.kl.proxy_gain, kl.proxy_gain, atol=1e-9)
    assert optimum.kl.peak_pressure == kl.peak_pressure
    np.testing.assert_allclose(optimum.best_of_n.gold_gain, best.gold_gain, atol=1e-12)
    assert optimum.best_of_n.peak_pressure == best.peak_pressure


def test_a_room_that_learned_no_padding_penalty_overoptimizes_like_the_lesson():
    lesson_like = BradleyTerryFit(
        np.array([1.0, 1.0, 0.0]), np.zeros(3), 0.0, (0.0, 0.0), 1.0, True, "", 1
    )
    optimum = rooms.room_optimum(lesson_like, betas=BETAS, counts=COUNTS)
    best = core.best_of_n_curve(COUNTS, b=0.0)
    np.testing.assert_allclose(optimum.best_of_n.gold_gain, best.gold_gain, atol=1e-12)
    assert optimum.best_of_n.peak_pressure == 49  # the lesson's peak at b = 0
