"""Defended reward models: an ensemble of k reward models, and a length penalty.

Member j of an ensemble scores an answer as

    s + l - b·(l² - 1) + σ·(√ρ·ε₀ + √(1 - ρ)·ε_j)

where ε₀ is the world's error field (the part every member shares, correlation ρ) and ε_j is
the member's own error field, built like ε₀ (random Fourier features) from seed
``MEMBER_FIELD_SEED + j``. The members are combined by their mean or their minimum (the worst
case, Coste et al. 2023), and a length penalty λ·length is then subtracted. The padding
fraction b sits in every member alike: all of them learned from the same comparisons.

k = 1 with ρ = 1 and λ = 0 is exactly the world's reward model. With ρ < 1 a single member
(k = 1) errs as much as the world's reward model, but not in the same places.
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import validate, world
from core.answers import answer_points
from core.best_of_n import BestOfNResult, best_of_n_over
from core.kl import KLProblem, KLResult
from core.validate import (
    AGGREGATE,
    AT_LEAST_ONE,
    CORRELATION,
    MEMBERS,
    NON_NEGATIVE,
    POSITIVE,
    REWARD_MODEL,
    SEED,
    validate_params,
)

MEMBER_FIELD_SEED = 20231002  # Coste et al. posted "Reward model ensembles" on this day
MAX_MEMBERS = validate.MAX_MEMBERS
# A defended reward model's settings: the world's reward model and the defenses on it.
DEFENSE = {
    **REWARD_MODEL,
    "k": MEMBERS,
    "rho": CORRELATION,
    "aggregate": AGGREGATE,
    "length_penalty": NON_NEGATIVE,
}


@dataclass(frozen=True)
class Defense:
    """A reward model (b, σ) and the defenses on it; the defaults are the world's own."""

    b: float = 0.0
    sigma: float = 0.0
    k: int = 1  # reward models in the ensemble
    rho: float = 1.0  # correlation of any two members' errors
    aggregate: str = "mean"  # "mean" or "min" of the members' scores
    length_penalty: float = 0.0  # λ: λ·length is subtracted from the score

    @classmethod
    @validate_params(DEFENSE)
    def checked(cls, *, b, sigma, k, rho, aggregate, length_penalty) -> "Defense":
        """A Defense from raw arguments, each validated (ValueError naming it)."""
        return cls(b, sigma, k, rho, aggregate, length_penalty)


@validate_params({"sigma": NON_NEGATIVE, "k": MEMBERS, "rho": CORRELATION})
def ensemble_error_size(sigma: float, *, k: int, rho: float) -> float:
    """The size of the mean of k members' errors: σ·√(ρ + (1 - ρ)/k)."""
    return sigma * float(np.sqrt(rho + (1.0 - rho) / k))


@validate_params({"seed": SEED})
def member_error_fields(length, substance, *, seed: int = MEMBER_FIELD_SEED) -> np.ndarray:
    """The 16 members' own error fields ε_1..ε_16 at points: shape (16,) + broadcast shape.

    Member j's field is built like ε₀ from seed ``seed + j``; then its part along ε₀ is taken
    out and it is scaled to mean 0 and variance 1 under the base model, so that a single
    member errs exactly as much as the world's reward model for every ρ. The members are not
    made uncorrelated with each other: over a base model only a few correlation lengths wide,
    two independent smooth fields correlate by 0.25 on average (measured on the grid), and
    forcing 16 of them apart makes them rough and large in the tails, where optimization
    goes. So σ·√(ρ + (1 - ρ)/k) holds on average over seeds, and for the shipped seed to
    within the spread :func:`ensemble_error_sizes` reports.
    """
    length, substance = np.broadcast_arrays(
        np.asarray(length, dtype=np.float64), np.asarray(substance, dtype=np.float64)
    )
    flat_length, flat_substance = length.ravel(), substance.ravel()
    raw = np.stack(
        [
            world.raw_smooth_field(seed=seed + j, length=flat_length, substance=flat_substance)
            for j in range(1, MAX_MEMBERS + 1)
        ]
    )
    shared = world.error_field(flat_length, flat_substance)
    means, along_shared, spreads = _standardization(seed)
    fields = (raw - means[:, None] - along_shared[:, None] * shared) / spreads[:, None]
    return fields.reshape((MAX_MEMBERS,) + length.shape)


@validate_params({"rho": CORRELATION, "seed": SEED})
def ensemble_error_sizes(*, rho: float, seed: int = MEMBER_FIELD_SEED) -> np.ndarray:
    """The measured size of the mean's error under the base model for k = 1..16: (16,).

    Per unit σ: the standard deviation over the grid, weighted by the base model, of
    √ρ·ε₀ + √(1 - ρ)·mean(ε_1..ε_k), for the ensemble of member seed ``seed``.
    """
    members = member_fields_on_grid(seed=seed).reshape(MAX_MEMBERS, -1)
    weight = world.base_density().ravel()
    covariance = (members * weight) @ members.T  # members have mean 0 and variance 1
    # Var(mean of the first k) = (sum of the k x k block) / k²; ε₀ is uncorrelated with all.
    block_sums = np.cumsum(np.cumsum(covariance, axis=0), axis=1).diagonal()
    counts = np.arange(1, MAX_MEMBERS + 1)
    return np.sqrt(rho + (1.0 - rho) * block_sums / np.square(counts))


def defended_proxy(length, substance, **defense) -> np.ndarray:
    """The defended reward model's score at points (broadcast shape of length, substance).

    Keywords: ``b``, ``sigma``, ``k``, ``rho``, ``aggregate``, ``length_penalty`` (see
    :func:`defended_best_of_n`).
    """
    checked = Defense.checked(**{**_DEFAULTS, **defense})
    length, substance = np.broadcast_arrays(
        np.asarray(length, dtype=np.float64), np.asarray(substance, dtype=np.float64)
    )
    shared = world.proxy(length, substance, b=checked.b) - checked.length_penalty * length
    if checked.sigma == 0:
        return shared
    members = None
    if checked.rho < 1:
        members = member_error_fields(length, substance)[: checked.k]
    errors = _aggregate_errors(world.error_field(length, substance), members, checked)
    return shared + checked.sigma * errors


def defended_proxy_field(**defense) -> np.ndarray:
    """The defended reward model on the grid: (241, 241), read-only."""
    return _proxy_field(Defense.checked(**{**_DEFAULTS, **defense}))


@validate_params({"n": AT_LEAST_ONE, **DEFENSE})
def defended_best_of_n(
    n,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    k: int = 1,
    rho: float = 1.0,
    aggregate: str = "mean",
    length_penalty: float = 0.0,
) -> BestOfNResult:
    """Exact best-of-n over the lesson's 600 answers against the defended reward model.

    Parameters
    ----------
    n : float or array_like of shape (...,)
        Answers drawn per choice; every entry finite and >= 1.
    b, sigma : float
        The reward model every member shares: padding fraction in [0, 1], error size >= 0.
    k : int
        Reward models in the ensemble, 1 to 16.
    rho : float
        Correlation of any two members' errors, in [0, 1] (1: all members err alike).
    aggregate : {"mean", "min"}
        How the members' scores are combined.
    length_penalty : float
        λ >= 0: λ·length is subtracted from the combined score.

    Returns
    -------
    BestOfNResult whose fields have the shape of ``n``; gains are measured, as in
    :func:`core.best_of_n`, from the answers' average (proxy gain in the defended score).
    """
    checked = Defense(b, sigma, k, rho, aggregate, length_penalty)
    length, substance = answer_points(None)
    gold = world.gold(length, substance)
    scores = _answer_scores(checked)
    return best_of_n_over(n, proxy=scores, gold=gold, length=length, substance=substance)


@validate_params({"beta": POSITIVE, **DEFENSE})
def defended_kl_optimum(
    beta,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    k: int = 1,
    rho: float = 1.0,
    aggregate: str = "mean",
    length_penalty: float = 0.0,
    exact: bool = False,
) -> KLResult:
    """The exact KL-penalized optimum on the grid against the defended reward model.

    ``beta``: a scalar or array of shape (...,), every entry finite and > 0; the other
    arguments as in :func:`defended_best_of_n`, ``exact`` as in :func:`core.kl_optimum`.
    Returns a KLResult of ``beta``'s shape (proxy gain in the defended score, ``edge_mass``
    included), solved by core.kl's engine on the defended field.
    """
    return _kl_problem(Defense(b, sigma, k, rho, aggregate, length_penalty)).optimum(
        beta, exact=exact
    )


# Engines for the defended fields a Defenses page looks at: ~6.1 MB each (core/kl.py), so 8
# hold ~48 MB; one (b, σ) opens with three (the section defaults), a section's slider adds one.
KL_PROBLEM_ENTRIES = 8


@lru_cache(maxsize=KL_PROBLEM_ENTRIES)
def _kl_problem(defense: Defense) -> KLProblem:
    return KLProblem(_proxy_field(defense))


_DEFAULTS = {
    "b": 0.0,
    "sigma": 0.0,
    "k": 1,
    "rho": 1.0,
    "aggregate": "mean",
    "length_penalty": 0.0,
}


def _aggregate_errors(shared: np.ndarray, members: np.ndarray | None, defense: Defense):
    """√ρ·ε₀ plus √(1 - ρ) times the members' own errors combined (mean or min)."""
    if members is None:
        return shared
    # The shared part is the same in every member, so it passes through min and mean alike.
    own = members.mean(axis=0) if defense.aggregate == "mean" else members.min(axis=0)
    return np.sqrt(defense.rho) * shared + np.sqrt(1.0 - defense.rho) * own


@lru_cache(maxsize=4)
def _proxy_field(defense: Defense) -> np.ndarray:
    length, substance = world.grid_coordinates()
    score = world.proxy_field(b=defense.b) - defense.length_penalty * length
    if defense.sigma:
        members = None
        if defense.rho < 1:
            members = member_fields_on_grid()[: defense.k]
        errors = _aggregate_errors(world.error_field_on_grid(), members, defense)
        score = score + defense.sigma * errors
    score.flags.writeable = False
    return score


@lru_cache(maxsize=16)
def _answer_scores(defense: Defense) -> np.ndarray:
    length, substance = answer_points(None)
    scores = world.proxy(length, substance, b=defense.b) - defense.length_penalty * length
    if defense.sigma:
        shared, members = _answer_error_fields()
        members = members[: defense.k] if defense.rho < 1 else None
        scores = scores + defense.sigma * _aggregate_errors(shared, members, defense)
    scores.flags.writeable = False
    return scores


@lru_cache(maxsize=1)
def _answer_error_fields() -> tuple[np.ndarray, np.ndarray]:
    """ε₀ (600,) and ε_1..ε_16 (16, 600) at the lesson's answers, computed once."""
    length, substance = answer_points(None)
    return world.error_field(length, substance), member_error_fields(length, substance)


def _raw_member_fields_on_grid(seed: int) -> np.ndarray:
    """The members' unstandardized fields on the grid, member j's from seed ``seed + j``:
    (16, 241²)."""
    members = range(1, MAX_MEMBERS + 1)
    return np.stack([world.raw_smooth_field(seed=seed + j).ravel() for j in members])


@validate_params({"seed": SEED})
def member_fields_on_grid(*, seed: int = MEMBER_FIELD_SEED) -> np.ndarray:
    """ε_1..ε_16 on the grid: (16, 241, 241), read-only (the shipped seed is kept)."""
    if seed == MEMBER_FIELD_SEED:
        return _shipped_member_fields_on_grid()
    return _member_fields_on_grid(seed)


@lru_cache(maxsize=1)
def _shipped_member_fields_on_grid() -> np.ndarray:
    return _member_fields_on_grid(MEMBER_FIELD_SEED)


def _member_fields_on_grid(seed: int) -> np.ndarray:
    raw = _raw_member_fields_on_grid(seed)
    shared = world.error_field_on_grid().ravel()
    means, along_shared, spreads = _standardization(seed, raw)
    fields = (raw - means[:, None] - along_shared[:, None] * shared) / spreads[:, None]
    fields = fields.reshape(MAX_MEMBERS, world.GRID_POINTS, world.GRID_POINTS)
    fields.flags.writeable = False
    return fields


def _standardization(seed: int, raw: np.ndarray | None = None):
    """Per member (16,): mean, coefficient along ε₀, and spread of what is left (base model)."""
    if raw is None:
        if seed == MEMBER_FIELD_SEED:
            return _shipped_standardization()
        raw = _raw_member_fields_on_grid(seed)
    weight = world.base_density().ravel()
    shared = world.error_field_on_grid().ravel()  # mean 0, variance 1 under the base model
    means = raw @ weight
    centered = raw - means[:, None]
    along_shared = (centered * weight) @ shared
    left = centered - along_shared[:, None] * shared
    spreads = np.sqrt(np.square(left) @ weight)
    return means, along_shared, spreads


@lru_cache(maxsize=1)
def _shipped_standardization():
    return _standardization(MEMBER_FIELD_SEED, _raw_member_fields_on_grid(MEMBER_FIELD_SEED))
