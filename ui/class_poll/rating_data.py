"""Cached calls into core for a rating room: its pairs, their texts, the fit on its choices, and
what optimizing the room's reward model does. Keys are scalars (ui.compute.cached rounds them);
the fit itself is not cached (a few thousand choices fit in milliseconds) but what is drawn
from it is, keyed by its two numbers on true quality's scale.
"""

from __future__ import annotations

import numpy as np

import core
from core import answer_text
from core.preferences import BradleyTerryFit
from poll_data import ratings
from ui import compute
from ui.compute import cached
from ui.settings import SETTINGS

ROOM_ENTRIES = 32  # rooms open at once on one server: pairs are 32 KB each
CURVE_ENTRIES = 32  # the room's curves (~10 KB) at its recent (length weight, b)
WEIGHT_DECIMALS = 3  # a fit's weights to 0.001 before they key the curves (below a pixel)


@cached(ROOM_ENTRIES)
def room_pairs(seed: int, length_spread: float) -> core.RatingPairs:
    """The room's pair sequence (core.rating_pairs), read-only."""
    pairs = core.rating_pairs(seed=seed, length_spread=length_spread)
    pairs.length.flags.writeable = False
    pairs.substance.flags.writeable = False
    return pairs


def pair_texts(pairs: core.RatingPairs, index: int) -> tuple[str, str, str]:
    """The question of pair ``index`` and its two answers' texts (the first, the second).

    The questions take turns along the sequence; each answer has its own writer seed, so
    two answers at close points still read differently.
    """
    question = answer_text.QUESTIONS[index % len(answer_text.QUESTIONS)]
    first, second = (
        answer_text.write_answer(
            question,
            float(pairs.length[index, side]),
            float(pairs.substance[index, side]),
            seed=2 * index + side,
        )
        for side in (0, 1)
    )
    return question, first, second


def room_fit(room: ratings.RatingRoom, choices: ratings.RoomChoices) -> core.RoomFit:
    """The fit on the room's stored choices (core.room_fit), its intervals counting each
    phone's choices together and each pair's (core.room_reading)."""
    pairs = room_pairs(room.pair_seed, room.length_spread)
    return core.room_fit(
        length=pairs.length[choices.pair_index],
        substance=pairs.substance[choices.pair_index],
        choices=choices.choice,
        phone=choices.phone,
    )


def optimum(fit: BradleyTerryFit) -> core.RoomOptimum:
    """Both optimizers on the fit's reward model along the app's β and n curves."""
    return _optimum(round(fit.length_ratio, WEIGHT_DECIMALS), round(fit.b, WEIGHT_DECIMALS))


@cached(CURVE_ENTRIES)
def _optimum(length_weight: float, b: float) -> core.RoomOptimum:
    weights = np.array([1.0, length_weight, b])
    scaled = BradleyTerryFit(weights, np.zeros(3), b, (b, b), length_weight, True, "", 0)
    return core.room_optimum(
        scaled,
        betas=compute.BETA_CURVE,
        counts=compute.N_CURVE,
        lowest_peak_beta=SETTINGS["beta"].low,
    )


def fitted_field(fit: BradleyTerryFit) -> np.ndarray:
    """The room's score on the grid, (241, 241) rows substance, on true quality's scale."""
    return fit.scaled_reward(*core.world.grid_coordinates())
