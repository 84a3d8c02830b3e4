"""The toy world: every answer is a point (length, substance) in standard units.

Fields on the grid are arrays of shape ``(GRID_POINTS, GRID_POINTS)`` indexed
``[substance_index, length_index]`` (rows are substance, columns are length), as the lesson's
``length, substance = np.meshgrid(grid, grid)`` lays them out.
"""

from functools import lru_cache

import numpy as np

from core.validate import REWARD_MODEL, SEED, Choice, validate_params

GRID_POINTS = 241  # the lesson's grid: 241 points a side
GRID_LIMIT = 6.0  # the grid spans [-6, 6] standard units on both axes
GRID = np.linspace(-GRID_LIMIT, GRID_LIMIT, GRID_POINTS)  # shared by length and substance
GRID.flags.writeable = False
# The grid's edge band: cells closer than this to the boundary (|l| or |s| above 5.5). Mass
# there means the optimum is pressed against the edge (answers beyond 6 do not exist), so its
# numbers describe the boundary. The band is open: the points at exactly ±5.5 lie outside it,
# leaving the outer 10 points of 241 on each side (0 to 0.45 from the boundary).
EDGE_BAND = 0.5
EDGE_BAND_POINTS = 10  # points a side in the band: 0.5 / 0.05 spacing, the 5.5 point left out

# The independent errors of every grid cell, for the heavy-tail experiment (cell_errors).
CELL_ERROR_KIND = Choice(("light", "heavy"), '"light" or "heavy"')

# The reward model's other errors: one fixed smooth random field, built from random Fourier
# features (a Gaussian-kernel field). Seed and size are fixed so the field never changes.
ERROR_FIELD_SEED = 20221019  # arbitrary, fixed; the date Gao et al. posted the scaling-laws paper
ERROR_FIELD_FEATURES = 256  # cosines summed; enough that the field looks Gaussian
ERROR_FIELD_CORRELATION_LENGTH = 0.75  # standard units over which the errors stay alike
# Proxy fields kept for sessions at different (b, σ): 0.44 MB each (241² float64), so 32 hold
# ~14 MB; twice the KL problems kept (core/kl.py), which each need one to be built.
PROXY_FIELD_CACHE_ENTRIES = 32


def gold(length, substance):
    """True quality of answers: substance, some length, minus a padding penalty.

    ``length`` and ``substance`` broadcast together; returns their broadcast shape.
    """
    return substance + length - padding_penalty(length)


@validate_params(REWARD_MODEL)
def proxy(length, substance, *, b: float = 0.0, sigma: float = 0.0):
    """The reward model's score: it learned a fraction ``b`` of the padding penalty and has
    unmapped errors of size ``sigma``. Broadcasts like :func:`gold`."""
    score = substance + length - b * padding_penalty(length)
    if sigma:
        score = score + sigma * error_field(length, substance)
    return score


def padding_penalty(length):
    """How much the true goal takes off for length beyond one standard unit: l² - 1."""
    return np.square(length) - 1.0


def error_field(length, substance):
    """The fixed error field ε(l, s): smooth, mean 0 and variance 1 under the base model.

    Defined everywhere, so the grid and the 600 answers see the same reward model.
    Broadcasts ``length`` and ``substance``; returns their broadcast shape.
    """
    length, substance = np.broadcast_arrays(
        np.asarray(length, dtype=np.float64), np.asarray(substance, dtype=np.float64)
    )
    mean, spread = _error_field_standardization()
    raw = raw_smooth_field(
        seed=ERROR_FIELD_SEED, length=length.ravel(), substance=substance.ravel()
    )
    return (raw - mean).reshape(length.shape) / spread


def base_log_weight():
    """Unnormalized log density of the base model on the grid, -(l² + s²)/2: (241, 241)."""
    length, substance = grid_coordinates()
    return -(np.square(length) + np.square(substance)) / 2.0


@lru_cache(maxsize=1)
def base_density() -> np.ndarray:
    """The base model π_ref on the grid, normalized to sum to 1: (241, 241), read-only."""
    weight = np.exp(base_log_weight())
    return _read_only(weight / weight.sum())


@lru_cache(maxsize=1)
def gold_field() -> np.ndarray:
    """Gold on the grid: (241, 241), read-only."""
    length, substance = grid_coordinates()
    return _read_only(gold(length, substance))


@validate_params(REWARD_MODEL)
def proxy_field(*, b: float = 0.0, sigma: float = 0.0) -> np.ndarray:
    """The reward model on the grid for one (b, sigma): (241, 241), read-only."""
    return _proxy_field(b, sigma)


@lru_cache(maxsize=PROXY_FIELD_CACHE_ENTRIES)
def _proxy_field(b: float, sigma: float) -> np.ndarray:
    length, substance = grid_coordinates()
    score = substance + length - b * padding_penalty(length)
    if sigma:
        score = score + sigma * error_field_on_grid()
    return _read_only(score)


@lru_cache(maxsize=1)
def error_field_on_grid() -> np.ndarray:
    """ε on the grid: (241, 241), read-only."""
    mean, spread = _error_field_standardization()
    return _read_only((_raw_error_field_on_grid() - mean) / spread)


def error_field_on_axis(axis: np.ndarray) -> np.ndarray:
    """ε on the square grid ``axis`` x ``axis`` (rows substance): (A, A).

    The same field as on the lesson's grid, standardized by the same mean and spread (the
    base model's on the 241 grid), so a wider grid (core/grid_edge.py's ±12) sees the same
    reward model, cell for cell where the two grids share points.
    """
    mean, spread = _error_field_standardization()
    raw = raw_smooth_field(seed=ERROR_FIELD_SEED, axis=np.asarray(axis, dtype=np.float64))
    return (raw - mean) / spread


@validate_params({"kind": CELL_ERROR_KIND, "error_seed": SEED})
def cell_errors(kind: str, error_seed: int) -> np.ndarray:
    """An independent error in every grid cell: (241, 241), read-only, rows substance.

    From ``numpy.random.default_rng(error_seed)``: 241² standard normal draws z (row by row),
    then 241² standard exponential draws e. ``"light"`` is z; ``"heavy"`` is z/√e, exactly a
    Student-t with 2 degrees of freedom (a normal over √(χ²₂/2), and χ²₂/2 is exponential):
    each heavy error is its light twin stretched by a random factor, mean 0, infinite variance.
    Numpy only, no Python per cell (core/answer_errors.py maps its 600 errors through erfc).
    """
    rng = np.random.default_rng(error_seed)
    shape = (GRID_POINTS, GRID_POINTS)
    normal = rng.standard_normal(shape)
    if kind == "light":
        errors = normal
    else:
        # e = 0 has chance 2⁻⁵³ per draw; the floor keeps that cell finite (|t| < 1e154).
        stretch = np.maximum(rng.standard_exponential(shape), np.finfo(np.float64).tiny)
        errors = normal / np.sqrt(stretch)
    errors.flags.writeable = False
    return errors


@lru_cache(maxsize=1)
def edge_band() -> np.ndarray:
    """True on the cells within EDGE_BAND of the grid's boundary: (241, 241) bool, read-only."""
    # By index, not by |l| > 5.5: linspace's rounding must not decide whether ±5.5 is in.
    outer = np.zeros(GRID_POINTS, dtype=bool)
    outer[:EDGE_BAND_POINTS] = outer[-EDGE_BAND_POINTS:] = True
    return _read_only(outer[:, None] | outer[None, :])


@lru_cache(maxsize=1)
def grid_coordinates() -> tuple[np.ndarray, np.ndarray]:
    """``(length, substance)``, each (241, 241), as ``np.meshgrid(GRID, GRID)`` gives them."""
    length, substance = np.meshgrid(GRID, GRID)
    return _read_only(length), _read_only(substance)


def raw_smooth_field(*, seed: int, length=None, substance=None, axis=GRID) -> np.ndarray:
    """A smooth random field, unstandardized: ERROR_FIELD_FEATURES cosines of random Fourier
    features (a Gaussian-kernel field), their frequencies and phases drawn from ``seed``.

    ε is the one of ERROR_FIELD_SEED (:func:`error_field`); an ensemble member's, before it is
    standardized, the one of its own seed (core/defended.py). At flat points ``length``,
    ``substance`` (P,) it returns (P,); given no points, the whole square grid on ``axis``
    (A,) (the lesson's 241 by default): (A, A) by the angle-sum identity
    cos(a + c) = cos a cos c - sin a sin c, which splits each cosine into a length part and a
    substance part: two small matrix products, not 15 million cosines.
    """
    rng = np.random.default_rng(seed)
    frequencies = rng.standard_normal((ERROR_FIELD_FEATURES, 2)) / ERROR_FIELD_CORRELATION_LENGTH
    phases = rng.uniform(0.0, 2.0 * np.pi, ERROR_FIELD_FEATURES)
    scale = np.sqrt(2.0 / ERROR_FIELD_FEATURES)  # each cosine's variance is 1/2
    if length is None:
        length_angle = np.outer(axis, frequencies[:, 0])  # (A, F)
        substance_angle = np.outer(axis, frequencies[:, 1]) + phases  # (A, F)
        raw = np.cos(substance_angle) @ np.cos(length_angle).T
        raw -= np.sin(substance_angle) @ np.sin(length_angle).T
        return raw * scale
    angle = np.outer(length, frequencies[:, 0]) + np.outer(substance, frequencies[:, 1]) + phases
    return np.cos(angle).sum(axis=1) * scale


@lru_cache(maxsize=1)
def _raw_error_field_on_grid() -> np.ndarray:
    """ε's unstandardized field on the grid, (241, 241), computed once."""
    return raw_smooth_field(seed=ERROR_FIELD_SEED)


@lru_cache(maxsize=1)
def _error_field_standardization() -> tuple[float, float]:
    """Mean and standard deviation of the raw field under the base model on the grid."""
    raw = _raw_error_field_on_grid()
    weight = base_density()
    mean = float(np.sum(weight * raw))
    spread = float(np.sqrt(np.sum(weight * np.square(raw - mean))))
    return mean, spread


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array
