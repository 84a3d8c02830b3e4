"""Every public core function's argument constraints, declared once beside the function.

After scikit-learn's ``_parameter_constraints`` and ``validate_params``: a function names its
arguments' constraints in ``@validate_params({...})``, built from the named constraints below;
each call checks those arguments and passes them on in their plain form (a float, an int, a
float array, a string), or raises ``ValueError`` naming the argument and its valid range, so a
caller from a notebook sees at once what went wrong. Unlike scikit-learn's, the checked value
replaces the raw one: the function body never sees "1.0", True or a list.
"""

import functools
import inspect
import math
from dataclasses import dataclass

import numpy as np

from core.answer_errors import ERROR_KINDS

# The reward model can learn at most the whole padding penalty.
B_RANGE = (0.0, 1.0)
MAX_MEMBERS = 16  # the largest ensemble: 16 reward models
AGGREGATES = ("mean", "min")  # how an ensemble's scores are combined
MAX_CHECKS = 10_000  # the most answers checked by hand at one pressure
MAX_REPEATS = 10_000  # the most seeded repeats of a spot-check run


@dataclass(frozen=True)
class Numbers:
    """Finite real numbers, each >= ``low`` (> ``low`` if ``low_open``) and <= ``high``.

    Checked into a float array; a float if ``single``; a 1-d array if ``one_dimensional``;
    None stays None if ``none``.
    """

    low: float | None = None
    high: float | None = None
    low_open: bool = False
    single: bool = False
    one_dimensional: bool = False
    none: bool = False
    valid: str = ""  # how the message describes a valid value; from the bounds if empty

    def describe(self) -> str:
        if self.valid:
            return self.valid
        if self.high is not None:
            return f"a number in [{self.low:g}, {self.high:g}]"
        return f"a finite number {'>' if self.low_open else '>='} {self.low:g}"

    def check(self, value, name: str):
        if value is None and self.none:
            return None
        valid = self.describe()
        if isinstance(value, _REAL_SCALARS) and not isinstance(value, bool):
            # One number, checked in plain Python: numpy's checks on a 0-d array cost ~15x more.
            try:
                number = float(value)
            except OverflowError:
                raise ValueError(f"{name} must be {valid}, got {show(value)}") from None
            if not math.isfinite(number) or not self._within(number):
                raise ValueError(f"{name} must be {valid}, got {show(value)}")
            if self.single:
                return number
            array = np.asarray(number)
        else:
            array = _float_array(value, name=name, valid=valid)
            if self.single and array.ndim != 0:
                raise ValueError(f"{name} must be a single number ({valid}), got an array")
            if not self._within(array):
                raise ValueError(f"{name} must be {valid}, got {show(value)}")
        if self.one_dimensional and array.ndim != 1:
            raise ValueError(
                f"{name} must be a one-dimensional list of numbers, got shape {array.shape}"
            )
        return float(array) if self.single else array

    def _within(self, values) -> bool:
        """Whether every value (a float or an array) lies within the bounds."""
        if isinstance(values, float):
            low_ok = self.low is None or (
                values > self.low if self.low_open else values >= self.low
            )
            return low_ok and (self.high is None or values <= self.high)
        if self.low is not None:
            above = values > self.low if self.low_open else values >= self.low
            if not np.all(above):
                return False
        return self.high is None or bool(np.all(values <= self.high))


@dataclass(frozen=True)
class Whole:
    """A whole number from ``low`` to ``high`` (no bound if None), checked into an int.

    ``integral_floats`` also takes 3.0 for 3 (a slider's value); ``none`` also takes None.
    """

    low: int
    high: int | None = None
    integral_floats: bool = False
    none: bool = False

    def describe(self) -> str:
        if self.high is None:
            return f"a whole number >= {self.low:,}" + (" or None" if self.none else "")
        return f"a whole number from {self.low:,} to {self.high:,}"

    def check(self, value, name: str) -> int | None:
        if value is None and self.none:
            return None
        kinds = int | np.integer | float | np.floating if self.integral_floats else int | np.integer
        if isinstance(value, bool) or not isinstance(value, kinds):
            raise ValueError(f"{name} must be {self.describe()}, got {show(value)}")
        # Range first: it also turns away inf, nan (every comparison False) and huge integers.
        in_range = self.low <= value and (self.high is None or value <= self.high)
        if not in_range or value != int(value):
            raise ValueError(f"{name} must be {self.describe()}, got {show(value)}")
        return int(value)


@dataclass(frozen=True)
class Choice:
    """One of a few strings; ``listed`` is how the message names them."""

    options: tuple[str, ...]
    listed: str

    def check(self, value, name: str) -> str:
        if not isinstance(value, str) or value not in self.options:
            raise ValueError(f"{name} must be {self.listed}, got {show(value)}")
        return value


Constraint = Numbers | Whole | Choice
_REAL_SCALARS = (int, float, np.integer, np.floating)  # numbers that need no array

# The named constraints: one meaning per kind of argument across the core.
POSITIVE = Numbers(low=0.0, low_open=True)  # β and its stops: finite, > 0, any shape
AT_LEAST_ONE = Numbers(low=1.0)  # n and its stops: finite, >= 1, any shape
PADDING_FRACTION = Numbers(low=B_RANGE[0], high=B_RANGE[1], single=True)  # b
NON_NEGATIVE = Numbers(low=0.0, single=True)  # σ, λ, a prior: one finite number >= 0
POSITIVE_NUMBER = Numbers(low=0.0, low_open=True, single=True)  # a spread, a noise scale
POSITIVE_NUMBER_OR_NONE = Numbers(low=0.0, low_open=True, single=True, none=True)
AT_LEAST_ONE_NUMBER = Numbers(low=1.0, single=True)
CORRELATION = Numbers(low=0.0, high=1.0, single=True)  # ρ
BETA_STOPS = Numbers(low=0.0, low_open=True, one_dimensional=True)
N_STOPS = Numbers(low=1.0, one_dimensional=True)
ANSWER_SEED = Whole(0, none=True)  # None: the lesson's answers; else a fresh set's seed
SEED = Whole(0)  # a random generator's seed
MEMBERS = Whole(1, MAX_MEMBERS, integral_floats=True)  # k
CHECKS = Whole(1, MAX_CHECKS, integral_floats=True)  # m
REPEATS = Whole(1, MAX_REPEATS, integral_floats=True)
POINTS = Whole(2)  # points along a curve
ERROR_KIND = Choice(ERROR_KINDS, 'one of "smooth", "light", "heavy"')
AGGREGATE = Choice(AGGREGATES, "'mean' or 'min'")

# The settings of the world's reward model, which most functions take.
REWARD_MODEL = {"b": PADDING_FRACTION, "sigma": NON_NEGATIVE}


def validate_params(constraints: dict[str, Constraint]):
    """Decorate a function so that each named argument is checked (and replaced by its plain
    form) on every call; arguments given through ``**kwargs`` are checked by name too."""

    def decorate(function):
        parameters = inspect.signature(function).parameters.values()
        has_keywords = any(p.kind is p.VAR_KEYWORD for p in parameters)
        unknown = set(constraints) - {p.name for p in parameters}
        if unknown and not has_keywords:
            raise TypeError(f"{function.__qualname__} has no argument {sorted(unknown)}")
        # Where each constrained argument sits when given by position (None: keyword only).
        # No Signature.bind: it cost ~20 us a call, more than proxy_field's cached lookup.
        positional = [
            p.name for p in parameters if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
        ]
        places = [
            (name, constraint, _index(positional, name)) for name, constraint in constraints.items()
        ]

        @functools.wraps(function)
        def checked(*args, **kwargs):
            args = list(args)
            for name, constraint, place in places:
                if name in kwargs:
                    kwargs[name] = constraint.check(kwargs[name], name)
                elif place is not None and place < len(args):
                    args[place] = constraint.check(args[place], name)
            return function(*args, **kwargs)

        checked.parameter_constraints = constraints
        return checked

    return decorate


def _index(names: list[str], name: str) -> int | None:
    return names.index(name) if name in names else None


def shaped(values: np.ndarray, shape: tuple) -> np.ndarray | float:
    """A result column (N,) given back in the shape of the input it answers: a float for ()."""
    return float(values[0]) if shape == () else values.reshape(shape)


def show(value) -> str:
    """A short, safe description of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _float_array(value, *, name: str, valid: str) -> np.ndarray:
    # Numbers only: "1.0" and True would convert, but they are mistakes, not settings.
    if isinstance(value, str | bytes | bool) or np.asarray(value).dtype.kind not in "iuf":
        raise ValueError(f"{name} must be {valid}, got {show(value)}")
    try:
        array = np.asarray(value, dtype=np.float64)
    except (TypeError, ValueError, OverflowError):
        raise ValueError(f"{name} must be {valid}, got {show(value)}") from None
    if array.size == 0 or not np.all(np.isfinite(array)):
        raise ValueError(f"{name} must be {valid}, got {show(value)}")
    return array
