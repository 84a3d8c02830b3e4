"""The room as raters: pairs of answers for a class to judge, and the reward model it teaches.

A rating room has one seeded sequence of pairs drawn from the base model (lengths scaled by the
lecturer's spread); a phone shows pair ``i`` and the student taps the first, the second, or
"can't tell". The room's choices are fit by Bradley–Terry on φ = (s, l, -(l² - 1))
(:func:`core.fit_bradley_terry`, no prior) and the fitted score, on true quality's scale, is
then optimized exactly: the KL optimum on the grid and best-of-n over the 600 answers.

How often the room picked the truly better answer is set beside a reference on the same pairs:
what raters who follow true quality with ordinary noise (Bradley–Terry at T = 1) would reach,
an expected value computed exactly, mean of sigmoid(|Δ true quality|/T) over the decided pairs.
"""

from dataclasses import dataclass

import numpy as np

from core import world
from core.answers import answers
from core.curves import Curve, best_of_n_curve_over, kl_curve_of_field
from core.preferences import BradleyTerryFit, Comparisons, fit_bradley_terry, sigmoid
from core.room_reading import RoomReading, read_room
from core.validate import (
    BETA_STOPS,
    N_STOPS,
    POSITIVE_NUMBER,
    POSITIVE_NUMBER_OR_NONE,
    SEED,
    Whole,
    validate_params,
)

PAIRS_PER_ROOM = 1000  # a room's sequence: 300 phones x 3 pairs each start at different pairs
LIMIT = world.GRID_LIMIT  # pairs stay on the grid (±6), answers the rest of the app knows
FIRST, SECOND, CANT_TELL = 0, 1, 2  # a stored choice
CHOICES = (FIRST, SECOND, CANT_TELL)
REFERENCE_NOISE = 1.0  # T of the reference raters: the Bradley–Terry raters of docs/design.md

NO_CHOICES = "No answer has been chosen yet, so there is nothing to fit."
ONLY_TIES = (
    'Every choice so far was "can\'t tell": ties say nothing about which answer is better, '
    "so there is nothing to fit yet."
)
TOO_FEW = "Only one answer was chosen over another so far: a fit needs at least two."
ONE_SIDE = (
    "Every choice so far picked the {side} answer, whichever it was: that tells where it "
    "stood on the screen, not what the room values, so there is no fit."
)
SEPARABLE = (
    "Every choice so far follows one simple rule exactly (for instance, the shorter answer "
    "always won), so the fit has no finite answer: the weights grow without bound. A few more "
    "choices, and any one that breaks the rule, make a fit possible."
)
NO_SUBSTANCE = (
    "The choices do not follow substance: no reward model to read. The room's substance "
    "weight is not clearly above 0 (under twice its standard error, counted by phone and by "
    "pair; with 6 phones or fewer, under Student's t), so its length weight and b, fractions of "
    "that weight, mean nothing yet."
)


@dataclass(frozen=True)
class RatingPairs:
    """A room's pairs: ``length`` and ``substance`` of shape (pairs, 2), column 0 the first."""

    length: np.ndarray
    substance: np.ndarray


@dataclass(frozen=True)
class RoomFit:
    """What a room's choices say.

    ``fit`` is None when no fit can be made, and ``message`` then says why in a sentence.
    """

    comparisons: int  # every stored choice, "can't tell" included
    decided: int  # first or second
    agreement: float  # share of decided choices that picked the truly better answer; nan if none
    fit: BradleyTerryFit | None
    message: str  # "" with a fit
    # What raters following true quality at T = REFERENCE_NOISE would agree on the same decided
    # pairs: the expected share (nan if none) and its standard deviation over such rooms.
    reference: float = float("nan")
    reference_spread: float = float("nan")
    # The weights and agreement with intervals clustered by phone and by pair
    # (core.room_reading); None where no finite fit exists.
    reading: RoomReading | None = None

    @property
    def ties(self) -> int:
        return self.comparisons - self.decided


@dataclass(frozen=True)
class RoomOptimum:
    """Both optimizers on the room's reward model, with where true quality peaks on each."""

    kl: Curve  # along β
    best_of_n: Curve  # along n, over the lesson's 600 answers


@validate_params(
    {"seed": SEED, "length_spread": POSITIVE_NUMBER, "count": Whole(1, 10 * PAIRS_PER_ROOM)}
)
def rating_pairs(*, seed: int, length_spread: float, count: int = PAIRS_PER_ROOM) -> RatingPairs:
    """The room's pairs from the base model: the same ``seed`` gives the same pairs.

    Parameters
    ----------
    seed : int
        The room's seed (stored with the room), for a ``numpy.random.Generator``.
    length_spread : float
        Scale of the lengths (> 0): 1 is the base model, 0.5 shows only typical lengths.
    count : int
        How many pairs; pair ``i`` is row ``i`` of both arrays, shape (count, 2).
    """
    rng = np.random.default_rng(seed)
    length = np.clip(rng.standard_normal((count, 2)) * length_spread, -LIMIT, LIMIT)
    substance = rng.standard_normal((count, 2))
    return RatingPairs(length=length, substance=substance)


def room_fit(*, length, substance, choices, phone=None) -> RoomFit:
    """Fit the room's reward model on its choices (Bradley–Terry, no prior), or say why not.

    Parameters
    ----------
    length, substance : array_like of shape (N, 2)
        The two answers of each rated pair (column 0 shown first).
    choices : array_like of shape (N,)
        FIRST, SECOND or CANT_TELL for each pair; ties are left out of the fit.
    phone : array_like of shape (N,) or None
        Which device made each choice, for intervals clustered by phone (and by pair); None
        counts every choice as its own phone.
    """
    length, substance, choices, phone = _checked(length, substance, choices, phone)
    decided = choices != CANT_TELL
    first = choices[decided] == FIRST
    quality = world.gold(length[decided], substance[decided])
    better_first = quality[:, 0] > quality[:, 1]
    agreement = float(np.mean(first == better_first)) if first.size else float("nan")
    reference, reference_spread = agreement_reference(quality[:, 0] - quality[:, 1])

    def without_fit(message: str, reading: RoomReading | None = None) -> RoomFit:
        counts = (choices.size, int(first.size), agreement, None, message)
        return RoomFit(*counts, reference, reference_spread, reading)

    if choices.size == 0:
        return without_fit(NO_CHOICES)
    if first.size == 0:
        return without_fit(ONLY_TIES)
    if first.size < 2:
        return without_fit(TOO_FEW)
    if first.all() or not first.any():
        return without_fit(ONE_SIDE.format(side="first" if first.all() else "second"))
    pairs = Comparisons(length[decided], substance[decided], first)
    fit = fit_bradley_terry(pairs)
    if fit.standard_errors[0] == np.inf:
        # Separable data stops at the first step that explains every choice.
        return without_fit(SEPARABLE)
    reading = read_room(pairs, phone=phone[decided], agreed=first == better_first)
    if reading is None or not (fit.converged and reading.follows_substance):
        return without_fit(NO_SUBSTANCE, reading)
    return RoomFit(
        choices.size, int(first.size), agreement, fit, "", reference, reference_spread, reading
    )


def _checked(length, substance, choices, phone) -> tuple[np.ndarray, ...]:
    """room_fit's arguments as arrays of shapes (N, 2), (N, 2), (N,), (N,), or ValueError."""
    length = np.asarray(length, dtype=float).reshape(-1, 2)
    substance = np.asarray(substance, dtype=float).reshape(-1, 2)
    choices = np.asarray(choices).reshape(-1)
    phone = np.arange(choices.size) if phone is None else np.asarray(phone).reshape(-1)
    if not (length.shape == substance.shape and length.shape[0] == choices.size == phone.size):
        raise ValueError(
            f"length and substance need shape (N, 2) and choices and phone (N,); got "
            f"{length.shape}, {substance.shape}, {choices.shape}, {phone.shape}"
        )
    if not np.isin(choices, CHOICES).all():
        raise ValueError(f"choices must each be one of {CHOICES}")
    return length, substance, choices, phone


def agreement_reference(
    quality_difference, *, rater_noise: float = REFERENCE_NOISE
) -> tuple[float, float]:
    """How often raters who follow true quality with noise ``rater_noise`` pick the better answer
    of these pairs: (expected share, its standard deviation), both nan for no pairs.

    Each pair is a coin with chance p = sigmoid(|Δ|/T) of the better answer (Bradley–Terry), so
    the share's mean is the mean of p and its variance Σ p(1 - p) / N², exactly.

    Parameters
    ----------
    quality_difference : array_like of shape (N,)
        True quality of the first answer minus the second's, one per decided pair.
    rater_noise : float
        The raters' temperature T > 0.
    """
    difference = np.abs(np.asarray(quality_difference, dtype=float).reshape(-1))
    if difference.size == 0:
        return float("nan"), float("nan")
    chance = sigmoid(difference / rater_noise)
    return float(chance.mean()), float(np.sqrt(np.sum(chance * (1 - chance))) / difference.size)


@validate_params(
    {"betas": BETA_STOPS, "counts": N_STOPS, "lowest_peak_beta": POSITIVE_NUMBER_OR_NONE}
)
def room_optimum(
    fit: BradleyTerryFit, *, betas, counts, lowest_peak_beta: float | None = None
) -> RoomOptimum:
    """What optimizing the room's reward model does, exactly, against true quality.

    Parameters
    ----------
    fit : BradleyTerryFit
        The room's fit; its score on true quality's scale, s + (w_l/w_s)·l - b·(l² - 1), is
        the reward model both optimizers push on.
    betas : array_like of shape (points,)
        β for the KL optimum on the grid (usually falling), each > 0.
    counts : array_like of shape (points,)
        Whole n >= 1, strictly rising, for best-of-n over the lesson's 600 answers.
    lowest_peak_beta : float or None
        The KL curve's peak is looked for only at β >= this (as :func:`core.kl_curve`).
    """
    length, substance = world.grid_coordinates()
    field = fit.scaled_reward(length, substance)
    kl = kl_curve_of_field(betas, proxy_field=field, lowest_peak_beta=lowest_peak_beta)
    lesson = answers()
    best = best_of_n_curve_over(
        counts,
        proxy=fit.scaled_reward(lesson.length, lesson.substance),
        gold=lesson.gold,
        length=lesson.length,
        substance=lesson.substance,
    )
    return RoomOptimum(kl=kl, best_of_n=best)
