"""Simulated rating rooms: what a room of one kind of rater chooses on a room's pairs.

Three kinds of room, to check that a room's fit reads as what the room is:

- ``"careful"``: readers who read the written answers and prefer more good points (content
  minus wrong claims), then fewer wrong claims, then less padding (the writer's own reader,
  :func:`core.answer_counts.careful_reader_prefers`); a pair that reads the same is "can't tell";
- ``"gold"``: raters who follow true quality with ordinary noise, Bradley–Terry at
  T = GOLD_RATER_NOISE (docs/design.md);
- ``"length"``: raters who love length, Bradley–Terry on substance + LENGTH_LOVE·length with no
  padding penalty (the length bias of human judges, Singhal et al. 2023);
- ``"random"``: coin flips, the first or the second with chance 1/2 whatever the answers say.

:func:`simulated_room` seats a room of phones on a room's pairs the way the poll does (each phone
walks the sequence from its own starting pair, ``poll_data.ratings.pair_for``), so two phones may
rate the same pair. The random generator is passed in; the same generator state gives the same
choices.
"""

from dataclasses import dataclass

import numpy as np

from core import world
from core.answer_counts import careful_reader_prefers
from core.preferences import sigmoid
from core.room_ratings import CANT_TELL, FIRST, PAIRS_PER_ROOM, SECOND, RatingPairs
from core.validate import Choice, Whole, validate_params

RATER_KINDS = ("careful", "gold", "length", "random")  # the simulated rooms, in this order
GOLD_RATER_NOISE = 1.0  # T of raters who follow true quality: docs/design.md's Bradley–Terry raters
LENGTH_LOVE = 3.0  # a length lover's weight on length, per unit of substance (true quality: 1)
PAIRS_PER_PHONE = 10  # a few minutes of a class: 100 phones make the 1,000 comparisons
ROOM_SIZES = (10, 30, 100)  # phones in a seminar, a class, a lecture hall
RATERS = Choice(RATER_KINDS, "one of core.simulated_rooms.RATER_KINDS")


@dataclass(frozen=True)
class SimulatedRoom:
    """A room's taps, one per (phone, pair), each an array of shape (taps,)."""

    pair_index: np.ndarray  # the pair in the room's sequence
    phone: np.ndarray  # 0 ... phones - 1
    choices: np.ndarray  # FIRST, SECOND or CANT_TELL


def careful_choices(*, length, substance) -> np.ndarray:
    """A careful reader's choice on each pair (:func:`core.answer_counts.careful_reader_prefers`:
    more net good points, then fewer wrong claims, then less padding).

    ``length`` and ``substance`` have shape (N, 2), column 0 the first answer; returns (N,) of
    FIRST, SECOND or CANT_TELL (the two read the same).
    """
    length = np.asarray(length, dtype=float).reshape(-1, 2)
    substance = np.asarray(substance, dtype=float).reshape(-1, 2)
    verdict = careful_reader_prefers(
        length=length[:, 0],
        substance=substance[:, 0],
        other_length=length[:, 1],
        other_substance=substance[:, 1],
    )
    return np.select([verdict > 0, verdict < 0], [FIRST, SECOND], CANT_TELL)


def _noisy_choices(score: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """Bradley–Terry at T = 1 on a score of shape (N, 2): FIRST or SECOND, (N,)."""
    first = rng.random(score.shape[0]) < sigmoid(score[:, 0] - score[:, 1])
    return np.where(first, FIRST, SECOND)


@validate_params({"raters": RATERS})
def simulated_choices(raters: str, *, length, substance, rng: np.random.Generator) -> np.ndarray:
    """What a room of ``raters`` chooses on each pair.

    Parameters
    ----------
    raters : str
        One of :data:`RATER_KINDS`.
    length, substance : array_like of shape (N, 2)
        The pairs' answers, column 0 shown first.
    rng : numpy.random.Generator
        Draws the noisy raters' choices (careful readers do not use it).

    Returns
    -------
    numpy.ndarray of shape (N,)
        FIRST, SECOND or CANT_TELL for each pair.
    """
    length = np.asarray(length, dtype=float).reshape(-1, 2)
    substance = np.asarray(substance, dtype=float).reshape(-1, 2)
    if raters == "careful":
        return careful_choices(length=length, substance=substance)
    if raters == "gold":
        return _noisy_choices(world.gold(length, substance) / GOLD_RATER_NOISE, rng)
    if raters == "length":
        return _noisy_choices(substance + LENGTH_LOVE * length, rng)
    return np.where(rng.random(length.shape[0]) < 0.5, FIRST, SECOND)


@validate_params(
    {
        "raters": RATERS,
        "phones": Whole(1, PAIRS_PER_ROOM),
        "pairs_per_phone": Whole(1, PAIRS_PER_ROOM),
    }
)
def simulated_room(
    raters: str,
    *,
    pairs: RatingPairs,
    phones: int,
    rng: np.random.Generator,
    pairs_per_phone: int = PAIRS_PER_PHONE,
) -> SimulatedRoom:
    """``phones`` phones of ``raters`` rate ``pairs_per_phone`` pairs each of the room's
    ``pairs``, each phone from its own starting pair onward (as the poll seats them).

    Parameters
    ----------
    raters : str
        One of :data:`RATER_KINDS`.
    pairs : RatingPairs
        The room's sequence (:func:`core.rating_pairs`), of any count.
    phones, pairs_per_phone : int
        How many phones, and how many consecutive pairs each rates (wrapping at the end).
    rng : numpy.random.Generator
        Draws the starting pairs, then the noisy raters' choices.
    """
    count = pairs.length.shape[0]
    start = rng.integers(count, size=phones)
    pair_index = ((start[:, None] + np.arange(pairs_per_phone)) % count).reshape(-1)
    phone = np.repeat(np.arange(phones), pairs_per_phone)
    choices = simulated_choices(
        raters, length=pairs.length[pair_index], substance=pairs.substance[pair_index], rng=rng
    )
    return SimulatedRoom(pair_index=pair_index, phone=phone, choices=choices)
