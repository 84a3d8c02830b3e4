"""Argument checks for the defenses (ensembles, the length penalty, spot checks, slack).

Like :mod:`core.validate`: each check returns the value in its plain form and raises
``ValueError`` naming the argument and its valid range.
"""

import numpy as np

from core import validate

MAX_MEMBERS = 16  # the largest ensemble: 16 reward models
AGGREGATES = ("mean", "min")  # how an ensemble's scores are combined
MAX_CHECKS = 10_000  # the most answers checked by hand at one pressure
MAX_REPEATS = 10_000  # the most seeded repeats of a spot-check run


def members(value) -> int:
    """Return ``k`` as an int from 1 to 16."""
    return _whole(value, name="k", low=1, high=MAX_MEMBERS)


def checks(value) -> int:
    """Return ``m`` as an int from 1 to 10,000."""
    return _whole(value, name="m", low=1, high=MAX_CHECKS)


def repeats(value) -> int:
    """Return ``repeats`` as an int from 1 to 10,000."""
    return _whole(value, name="repeats", low=1, high=MAX_REPEATS)


def correlation(value) -> float:
    """Return ``rho`` as a float in [0, 1]."""
    number = _scalar(value, name="rho", valid="a number in [0, 1]")
    if not 0.0 <= number <= 1.0:
        raise ValueError(f"rho must be a number in [0, 1], got {validate._show(value)}")
    return number


def length_penalty(value) -> float:
    """Return ``length_penalty`` (λ) as a float >= 0."""
    number = _scalar(value, name="length_penalty", valid="a finite number >= 0")
    if number < 0:
        raise ValueError(
            f"length_penalty must be a finite number >= 0, got {validate._show(value)}"
        )
    return number


def aggregate(value) -> str:
    """Return ``aggregate`` as "mean" or "min"."""
    if not isinstance(value, str) or value not in AGGREGATES:
        raise ValueError(f"aggregate must be 'mean' or 'min', got {validate._show(value)}")
    return value


def beta_stops(value) -> np.ndarray:
    """Return ``beta_stops`` as a 1-d float array, every entry finite and > 0."""
    return _stops(validate.positive_array(value, name="beta_stops"), name="beta_stops")


def n_stops(value) -> np.ndarray:
    """Return ``n_stops`` as a 1-d float array, every entry finite and >= 1."""
    return _stops(validate.at_least_one_array(value, name="n_stops"), name="n_stops")


def _stops(array: np.ndarray, *, name: str) -> np.ndarray:
    if array.ndim != 1:
        raise ValueError(f"{name} must be a one-dimensional list of numbers")
    return array


def _scalar(value, *, name: str, valid: str) -> float:
    return validate._finite_scalar(value, name=name, valid=valid)


def _whole(value, *, name: str, low: int, high: int) -> int:
    valid = f"a whole number from {low:,} to {high:,}"
    if isinstance(value, bool) or not isinstance(value, int | np.integer | float | np.floating):
        raise ValueError(f"{name} must be {valid}, got {validate._show(value)}")
    # Range first: it also turns away inf, nan (every comparison False) and huge integers.
    if not low <= value <= high or value != int(value):
        raise ValueError(f"{name} must be {valid}, got {validate._show(value)}")
    return int(value)
