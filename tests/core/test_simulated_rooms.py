"""Simulated rating rooms fitted to what they are: careful readers of the written answers, raters
who follow true quality with ordinary noise, and raters who love length; and the reference beside a
room's agreement (what raters following true quality would reach on the same pairs), exactly."""

import numpy as np
import pytest

import core
from core import room_ratings as rooms
from core import simulated_rooms as simulated

SEEDS = range(6)  # six rooms of each kind
PAIRS = 1000  # a room's whole sequence: 300 phones rating three pairs each come close


def fitted(raters: str, seed: int, *, spread: float = 1.0) -> rooms.RoomFit:
    pairs = rooms.rating_pairs(seed=seed, length_spread=spread, count=PAIRS)
    choices = simulated.simulated_choices(
        raters, length=pairs.length, substance=pairs.substance, rng=np.random.default_rng(seed)
    )
    return rooms.room_fit(length=pairs.length, substance=pairs.substance, choices=choices)


def mean_reading(raters: str, *, spread: float = 1.0) -> dict:
    fits = [fitted(raters, seed, spread=spread) for seed in SEEDS]
    assert all(one.fit is not None for one in fits), [one.message for one in fits]
    return {
        "length weight": np.mean([one.fit.length_ratio for one in fits]),
        "b": np.mean([one.fit.b for one in fits]),
        "lowest b": min(one.fit.b_interval[0] for one in fits),
        "agreement": np.mean([one.agreement for one in fits]),
        "reference": np.mean([one.reference for one in fits]),
        "spread": np.mean([one.reference_spread for one in fits]),
    }


def test_the_reference_is_the_exact_expected_agreement_of_raters_who_follow_true_quality():
    assert rooms.agreement_reference([0.0, 0.0]) == (0.5, pytest.approx(np.sqrt(0.5) / 2))
    share, spread = rooms.agreement_reference([np.log(3.0), -np.log(3.0)])  # p = 3/4 each
    assert share == pytest.approx(0.75) and spread == pytest.approx(np.sqrt(2 * 3 / 16) / 2)
    assert rooms.agreement_reference([2.0], rater_noise=2.0)[0] == pytest.approx(
        1 / (1 + np.exp(-1))
    )
    assert all(np.isnan(rooms.agreement_reference([])))
    # 4,000 rooms of such raters on one room's pairs: their mean agreement is the reference.
    pairs = rooms.rating_pairs(seed=11, length_spread=1.0, count=200)
    quality = core.gold(pairs.length, pairs.substance)
    difference = quality[:, 0] - quality[:, 1]
    rng = np.random.default_rng(5)
    chose_first = rng.random((4000, 200)) < 1 / (1 + np.exp(-difference))
    shares = (chose_first == (difference > 0)).mean(axis=1)
    share, spread = rooms.agreement_reference(difference)
    assert shares.mean() == pytest.approx(share, abs=3 * spread / np.sqrt(4000))
    assert shares.std() == pytest.approx(spread, rel=0.05)


def test_a_room_fit_carries_the_reference_on_its_own_decided_pairs():
    pairs = rooms.rating_pairs(seed=2, length_spread=1.0, count=40)
    choices = np.tile([rooms.FIRST, rooms.SECOND, rooms.CANT_TELL, rooms.SECOND], 10)
    room = rooms.room_fit(length=pairs.length, substance=pairs.substance, choices=choices)
    quality = core.gold(pairs.length, pairs.substance)[choices != rooms.CANT_TELL]
    assert room.reference == pytest.approx(
        np.mean(1 / (1 + np.exp(-np.abs(quality[:, 0] - quality[:, 1]))))
    )
    none = rooms.room_fit(length=pairs.length, substance=pairs.substance, choices=[2] * 40)
    assert none.fit is None and np.isnan(none.reference) and np.isnan(none.agreement)


def test_raters_who_follow_true_quality_are_fitted_at_b_near_1_and_agree_as_the_reference_says():
    reading = mean_reading("gold")
    assert reading["b"] == pytest.approx(1.0, abs=0.1), reading
    assert reading["length weight"] == pytest.approx(1.0, abs=0.1), reading
    assert abs(reading["agreement"] - reading["reference"]) < 2 * reading["spread"], reading


@pytest.mark.parametrize("spread", [0.5, 1.0, 1.5])
def test_length_lovers_get_a_big_length_weight_and_no_padding_penalty(spread):
    reading = mean_reading("length", spread=spread)
    assert reading["length weight"] > 2, reading
    assert reading["b"] < 0.25, reading  # true quality's is 1
    assert reading["agreement"] < reading["reference"], reading


@pytest.mark.parametrize("spread", [0.5, 1.0, 1.5])
def test_careful_readers_like_some_length_dislike_padding_and_agree_like_the_reference(spread):
    """Careful readers prefer more good points, then less padding: the text must carry true
    quality's shape (a too-short answer is incomplete, a too-long one padded) for their room to
    be fitted with a positive length weight and a clear share of the padding penalty."""
    reading = mean_reading("careful", spread=spread)
    assert reading["length weight"] > 0.2, reading
    # Measured with the writer that renders substance and length: b 0.80 / 0.59 / 0.38 at spreads
    # 0.5 / 1 / 1.5 (their lowest 0.45 / 0.43 / 0.26); the old writer's 1.53 / 1.29 / 1.19.
    assert reading["b"] > 0.3 and reading["lowest b"] > 0.2, reading
    assert reading["agreement"] > reading["reference"] - 0.05, reading


def test_the_same_generator_gives_the_same_choices_and_careful_readers_ignore_it():
    pairs = rooms.rating_pairs(seed=4, length_spread=1.0, count=300)
    for raters in simulated.RATER_KINDS:
        one, again = (
            simulated.simulated_choices(
                raters,
                length=pairs.length,
                substance=pairs.substance,
                rng=np.random.default_rng(9),
            )
            for _ in range(2)
        )
        assert one.shape == (300,) and np.isin(one, rooms.CHOICES).all()
        np.testing.assert_array_equal(one, again)
    noisy = [
        simulated.simulated_choices(
            "gold", length=pairs.length, substance=pairs.substance, rng=np.random.default_rng(seed)
        )
        for seed in (1, 2)
    ]
    assert (noisy[0] != noisy[1]).any()


def test_a_careful_reader_prefers_more_good_points_then_less_padding():
    # Same length, more substance: more good points wins (either order on the screen).
    length, substance = np.array([[0.0, 0.0]]), np.array([[2.5, -1.5]])
    assert simulated.careful_choices(length=length, substance=substance)[0] == rooms.FIRST
    assert simulated.careful_choices(length=length, substance=substance[:, ::-1])[0] == (
        rooms.SECOND
    )
    # The same point twice reads the same: can't tell.
    same = simulated.careful_choices(length=np.zeros((1, 2)), substance=np.ones((1, 2)))
    assert same[0] == rooms.CANT_TELL


def test_an_unknown_kind_of_rater_is_named_in_the_message():
    with pytest.raises(ValueError, match="raters must be one of core.simulated_rooms"):
        simulated.simulated_choices(
            "lazy", length=np.zeros((1, 2)), substance=np.zeros((1, 2)), rng=None
        )


def test_more_comparisons_narrow_b_on_average_as_one_over_their_root_but_one_can_widen_it():
    """What the lecturer's screen says of a wide interval, checked on rooms that follow true
    quality: the width at 4N is about half that at N, and adding one comparison widens it
    at some steps."""
    widths = {100: [], 400: []}
    widened = steps = 0
    for seed in range(8):
        pairs = rooms.rating_pairs(seed=seed, length_spread=1.0, count=400)
        choices = simulated.simulated_choices(
            "gold", length=pairs.length, substance=pairs.substance, rng=np.random.default_rng(seed)
        )

        def width(count, pairs=pairs, choices=choices):
            room = rooms.room_fit(
                length=pairs.length[:count],
                substance=pairs.substance[:count],
                choices=choices[:count],
            )
            low, high = room.fit.b_interval
            return high - low

        for count in widths:
            widths[count].append(width(count))
        one_by_one = [width(count) for count in range(100, 131)]
        widened += int(np.sum(np.diff(one_by_one) > 0))
        steps += len(one_by_one) - 1
    ratio = np.mean(widths[400]) / np.mean(widths[100])
    assert 0.35 < ratio < 0.7, ratio  # 1/√4 = 0.5
    assert 0 < widened < steps, (widened, steps)


def test_a_simulated_room_seats_its_phones_on_consecutive_pairs_as_the_poll_does():
    pairs = rooms.rating_pairs(seed=5, length_spread=1.0)
    room = simulated.simulated_room("careful", pairs=pairs, phones=30, rng=np.random.default_rng(2))
    assert room.pair_index.shape == room.phone.shape == room.choices.shape == (300,)
    steps = np.diff(room.pair_index.reshape(30, simulated.PAIRS_PER_PHONE), axis=1)
    assert np.all(steps % rooms.PAIRS_PER_ROOM == 1)  # each phone walks on from its start
    np.testing.assert_array_equal(np.bincount(room.phone), np.full(30, 10))
    np.testing.assert_array_equal(
        room.choices,
        simulated.careful_choices(
            length=pairs.length[room.pair_index], substance=pairs.substance[room.pair_index]
        ),
    )
    again = simulated.simulated_room(
        "careful", pairs=pairs, phones=30, rng=np.random.default_rng(2)
    )
    np.testing.assert_array_equal(again.pair_index, room.pair_index)


def test_coin_flips_pick_each_side_half_the_time_whatever_the_answers():
    pairs = rooms.rating_pairs(seed=6, length_spread=1.0, count=4000)
    flips = simulated.simulated_choices(
        "random", length=pairs.length, substance=pairs.substance, rng=np.random.default_rng(0)
    )
    assert set(np.unique(flips)) == {rooms.FIRST, rooms.SECOND}
    assert np.mean(flips == rooms.FIRST) == pytest.approx(0.5, abs=0.03)  # 4 SE of 4,000 flips
    quality = core.gold(pairs.length, pairs.substance)
    agreed = (flips == rooms.FIRST) == (quality[:, 0] > quality[:, 1])
    assert agreed.mean() == pytest.approx(0.5, abs=0.03)
