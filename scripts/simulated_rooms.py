"""How each kind of simulated rating room is fitted: mean over seeds of (length weight, b,
agreement with true quality, the reference on the same pairs), one row per kind of room.

    python -m scripts.simulated_rooms            # 8 seeds, 1,000 pairs each, spread 1
    python -m scripts.simulated_rooms --seeds 20 --pairs 300 --spread 0.5

A room's pairs are ``core.rating_pairs(seed=seed, ...)`` and its raters' choices draw from
``numpy.random.default_rng(seed)`` (core.simulated_rooms says what each kind of rater does).
"""

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.room_ratings import rating_pairs, room_fit  # noqa: E402
from core.simulated_rooms import RATER_KINDS, simulated_choices  # noqa: E402


def fitted_rooms(raters: str, *, seeds: int, pairs: int, spread: float) -> np.ndarray:
    """(seeds, 4): length weight, b, agreement, reference of each seed's room (nan: no fit)."""
    rows = []
    for seed in range(seeds):
        room = rating_pairs(seed=seed, length_spread=spread, count=pairs)
        choices = simulated_choices(
            raters, length=room.length, substance=room.substance, rng=np.random.default_rng(seed)
        )
        fitted = room_fit(length=room.length, substance=room.substance, choices=choices)
        weights = (fitted.fit.length_ratio, fitted.fit.b) if fitted.fit else (np.nan, np.nan)
        rows.append((*weights, fitted.agreement, fitted.reference))
    return np.array(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=8)
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--spread", type=float, default=1.0)
    arguments = parser.parse_args()
    print("raters    length weight       b   agreement   reference   (mean over seeds)")
    for raters in RATER_KINDS:
        rows = fitted_rooms(
            raters, seeds=arguments.seeds, pairs=arguments.pairs, spread=arguments.spread
        )
        weight, b, agreement, reference = np.nanmean(rows, axis=0)
        print(
            f"{raters:8s} {weight:14.2f} {b:7.2f} {agreement:10.0%} {reference:11.0%}"
            f"   (b from {np.nanmin(rows[:, 1]):.2f} to {np.nanmax(rows[:, 1]):.2f})"
        )


if __name__ == "__main__":
    main()
