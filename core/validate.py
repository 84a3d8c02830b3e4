"""Argument checks shared by the core's public functions.

Each check returns the value as a float (or a float array) and raises ``ValueError`` naming
the argument and its valid range, so a caller from a notebook sees at once what went wrong.
"""

import numpy as np

# The reward model can learn at most the whole padding penalty.
B_RANGE = (0.0, 1.0)


def positive_array(value, *, name: str) -> np.ndarray:
    """Return ``value`` as a float array, requiring every entry finite and > 0."""
    array = _float_array(value, name=name, valid="a finite number > 0")
    if not np.all(array > 0):
        raise ValueError(f"{name} must be a finite number > 0, got {_show(value)}")
    return array


def at_least_one_array(value, *, name: str) -> np.ndarray:
    """Return ``value`` as a float array, requiring every entry finite and >= 1."""
    array = _float_array(value, name=name, valid="a finite number >= 1")
    if not np.all(array >= 1):
        raise ValueError(f"{name} must be a finite number >= 1, got {_show(value)}")
    return array


def padding_fraction(value) -> float:
    """Return ``b`` as a float in [0, 1]."""
    low, high = B_RANGE
    number = _finite_scalar(value, name="b", valid=f"a number in [{low:g}, {high:g}]")
    if not low <= number <= high:
        raise ValueError(f"b must be a number in [{low:g}, {high:g}], got {_show(value)}")
    return number


def error_size(value) -> float:
    """Return ``sigma`` as a float >= 0."""
    number = _finite_scalar(value, name="sigma", valid="a finite number >= 0")
    if number < 0:
        raise ValueError(f"sigma must be a finite number >= 0, got {_show(value)}")
    return number


def shaped(values: np.ndarray, shape: tuple) -> np.ndarray | float:
    """A result column (N,) given back in the shape of the input it answers: a float for ()."""
    return float(values[0]) if shape == () else values.reshape(shape)


def _float_array(value, *, name: str, valid: str) -> np.ndarray:
    # Numbers only: "1.0" and True would convert, but they are mistakes, not settings.
    if isinstance(value, str | bytes | bool) or np.asarray(value).dtype.kind not in "iuf":
        raise ValueError(f"{name} must be {valid}, got {_show(value)}")
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be {valid}, got {_show(value)}") from None
    if array.size == 0 or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be {valid}, got {_show(value)}")
    return array


def _finite_scalar(value, *, name: str, valid: str) -> float:
    array = _float_array(value, name=name, valid=valid)
    if array.ndim != 0:
        raise ValueError(f"{name} must be a single number ({valid}), got an array")
    return float(array)


def seed(value) -> int | None:
    """Return ``seed`` as None (the lesson's answers) or a whole number >= 0."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
        raise ValueError(f"seed must be a whole number >= 0 or None, got {_show(value)}")
    return int(value)


def _show(value) -> str:
    """A short, safe description of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def error_kind(value) -> str:
    """Return ``errors`` as one of "smooth", "light", "heavy"."""
    kinds = ("smooth", "light", "heavy")
    if not isinstance(value, str) or value not in kinds:
        raise ValueError(f'errors must be one of "smooth", "light", "heavy", got {_show(value)}')
    return value


def error_seed(value) -> int:
    """Return ``error_seed`` as a whole number >= 0."""
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < 0:
        raise ValueError(f"error_seed must be a whole number >= 0, got {_show(value)}")
    return int(value)
