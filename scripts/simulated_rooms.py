"""Simulated rating rooms, fitted as the lecturer's screen fits them: how often each kind of room
is read as following substance, and how often its 90% intervals (clustered by phone and by pair)
hold the population's b and length weight, by the number of phones.

    python -m scripts.simulated_rooms                   # 200 rooms of each kind and size
    python -m scripts.simulated_rooms --rooms 50 --spread 0.5

Room ``r`` has the pairs ``core.rating_pairs(seed=r, ...)`` and its phones' starting pairs and
noisy choices draw from ``numpy.random.default_rng(r)`` (core.simulated_rooms). The population's
numbers are what each kind of rater would be fitted at on unlimited pairs: for length lovers and
coin flips they hold by construction, for careful readers (whose rule is not Bradley–Terry's)
they are a fit on POPULATION_PAIRS pairs.
"""

import argparse
import functools
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.preferences import Comparisons, fit_bradley_terry  # noqa: E402
from core.room_ratings import (  # noqa: E402
    CANT_TELL,
    FIRST,
    LIMIT,
    RoomFit,
    rating_pairs,
    room_fit,
)
from core.simulated_rooms import (  # noqa: E402
    LENGTH_LOVE,
    RATER_KINDS,
    ROOM_SIZES,
    simulated_choices,
    simulated_room,
)

POPULATION_PAIRS = 200_000  # careful readers' b to ±0.01 (its 90% interval on these pairs)
POPULATION_SEED = 2**31  # far from the rooms' seeds 0, 1, 2, ...
# The ratios (b, length weight) each kind of rater is fitted at on unlimited pairs (gold raters'
# at any noise T, which scales all three weights alike); careful readers' come from a fit
# (population_ratios); coin flips have none.
KNOWN_RATIOS = {"gold": (1.0, 1.0), "length": (0.0, LENGTH_LOVE), "random": None}


@functools.cache
def population_ratios(raters: str, spread: float) -> tuple[float, float] | None:
    """(b, length weight) of ``raters`` on unlimited pairs at this spread; None for coin flips."""
    if raters in KNOWN_RATIOS:
        return KNOWN_RATIOS[raters]
    # The population's pairs are drawn as a room's are (core.rating_pairs), only many more.
    rng = np.random.default_rng(POPULATION_SEED)
    length = np.clip(rng.standard_normal((POPULATION_PAIRS, 2)) * spread, -LIMIT, LIMIT)
    substance = rng.standard_normal((POPULATION_PAIRS, 2))
    choices = simulated_choices(raters, length=length, substance=substance, rng=rng)
    decided = choices != CANT_TELL
    fit = fit_bradley_terry(
        Comparisons(length[decided], substance[decided], choices[decided] == FIRST)
    )
    return float(fit.b), float(fit.length_ratio)


def simulated_fit(raters: str, *, room: int, phones: int, spread: float = 1.0) -> RoomFit:
    """Room number ``room`` of ``phones`` phones of ``raters``, fitted as the screen fits it."""
    pairs = rating_pairs(seed=room, length_spread=spread)
    taps = simulated_room(raters, pairs=pairs, phones=phones, rng=np.random.default_rng(room))
    return room_fit(
        length=pairs.length[taps.pair_index],
        substance=pairs.substance[taps.pair_index],
        choices=taps.choices,
        phone=taps.phone,
    )


def coverage(raters: str, *, rooms: int, phones: int, spread: float = 1.0) -> dict[str, float]:
    """Over ``rooms`` rooms: the share read as following substance, and among those the share
    whose intervals hold the population's b and length weight (nan for coin flips)."""
    fits = [simulated_fit(raters, room=room, phones=phones, spread=spread) for room in range(rooms)]
    readings = [fit.reading for fit in fits if fit.reading is not None]
    clear = [reading for reading in readings if reading.follows_substance]
    truth = population_ratios(raters, spread)

    def held(value: float, interval_of) -> float:
        inside = [interval_of(one)[0] <= value <= interval_of(one)[1] for one in clear]
        return float(np.mean(inside)) if inside and truth is not None else float("nan")

    return {
        "follows substance": len(clear) / rooms,
        "b held": held(truth[0], lambda one: one.b_interval) if truth else float("nan"),
        "length weight held": (
            held(truth[1], lambda one: one.length_interval) if truth else float("nan")
        ),
        "beats chance": float(np.mean([one.beats_chance == 1 for one in readings])),
        # Coin flips' weights are 0: how often each weight's interval holds 0, (3,).
        "zero held": np.mean(
            [np.abs(one.weights) <= one.critical * one.standard_errors for one in readings],
            axis=0,
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rooms", type=int, default=200)
    parser.add_argument("--spread", type=float, default=1.0)
    arguments = parser.parse_args()
    print("raters    phones   follows substance   b held   length weight held   beats chance")
    for raters in RATER_KINDS:
        for phones in ROOM_SIZES:
            row = coverage(raters, rooms=arguments.rooms, phones=phones, spread=arguments.spread)
            print(
                f"{raters:8s} {phones:7d} {row['follows substance']:19.0%} "
                f"{row['b held']:8.0%} {row['length weight held']:20.0%} "
                f"{row['beats chance']:14.0%}"
            )


if __name__ == "__main__":
    main()
