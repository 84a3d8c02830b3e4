"""Bad arguments to the defenses raise ValueError naming the argument and its valid range."""

import re

import numpy as np
import pytest

import core

STOPS = {"beta_stops": (4.0, 1.0, 0.25), "n_stops": (1, 49, 590)}
BAD_NUMBERS = [np.nan, np.inf, -np.inf, "abc", "", "1.0", True, None, 1j, object(), 10**400]


def ids(value):
    return repr(value)[:20]


def per_kind(functions: dict, bad: list):
    """Every bad argument on the first function, and each argument's first bad value on the
    others: one shared constraint per argument (core/validate.py), declared per function (as
    test_validate checks), so the full matrix repeated the first function's column."""
    (first, call), *rest = functions.items()
    for name, value, message in bad:
        yield pytest.param(call, name, value, message, id=f"{first}-{name}-{ids(value)}")
    firsts = {name: (name, value, message) for name, value, message in reversed(bad)}
    for other, function in rest:
        for name, value, message in firsts.values():
            yield pytest.param(function, name, value, message, id=f"{other}-{name}-{ids(value)}")


DEFENDED = {
    "defended_best_of_n": lambda **kw: core.defended_best_of_n(49, **kw),
    "defended_kl_optimum": lambda **kw: core.defended_kl_optimum(1.0, **kw),
    "defended_proxy": lambda **kw: core.defended_proxy(0.5, 0.5, **kw),
    "defended_proxy_field": core.defended_proxy_field,
}
BAD_ARGUMENTS = [
    *[("k", value, "k must be a whole number from 1 to 16") for value in (0, 17, 2.5, -1)],
    *[("k", value, "k must be a whole number from 1 to 16") for value in BAD_NUMBERS],
    *[("rho", value, "rho must be a number in [0, 1]") for value in (-0.1, 1.01, 5)],
    *[("rho", value, "rho must be a number in [0, 1]") for value in BAD_NUMBERS],
    *[("aggregate", value, "aggregate must be 'mean' or 'min'") for value in ("max", "", 1)],
    *[("length_penalty", v, "length_penalty must be a finite number >= 0") for v in (-0.5,)],
    *[("length_penalty", v, "length_penalty must be a finite number >= 0") for v in BAD_NUMBERS],
    ("b", 1.5, "b must be a number in [0, 1]"),
    ("sigma", -1.0, "sigma must be a finite number >= 0"),
]


@pytest.mark.parametrize(
    ("function", "name", "value", "message"), per_kind(DEFENDED, BAD_ARGUMENTS)
)
def test_defended_reward_models_refuse_bad_settings(function, name, value, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        function(**{name: value})


@pytest.mark.parametrize("n", [0, -3, [5, 0.5], np.nan, "abc"], ids=ids)
def test_defended_best_of_n_refuses_bad_n(n):
    with pytest.raises(ValueError, match=re.escape("n must be a finite number >= 1")):
        core.defended_best_of_n(n)


@pytest.mark.parametrize("beta", [0, -1.0, [1.0, 0.0], np.inf, "abc"], ids=ids)
def test_defended_kl_optimum_refuses_bad_beta(beta):
    with pytest.raises(ValueError, match=re.escape("beta must be a finite number > 0")):
        core.defended_kl_optimum(beta)


@pytest.mark.parametrize("value", [0, 1.5, 10_001, -1, *BAD_NUMBERS], ids=ids)
@pytest.mark.parametrize("function", [core.ensemble_error_size], ids=lambda f: f.__name__)
def test_ensemble_size_refuses_bad_k(function, value):
    with pytest.raises(ValueError, match=re.escape("k must be a whole number from 1 to 16")):
        function(1.0, k=value, rho=0.5)


SPOT_CHECKS = {
    "spot_check_best_of_n": lambda **kw: core.spot_check_best_of_n(STOPS["n_stops"], **kw),
    "spot_check_kl": lambda **kw: core.spot_check_kl(STOPS["beta_stops"], **kw),
}
BAD_SPOT_CHECKS = [
    *[("m", v, "m must be a whole number from 1 to 10,000") for v in (0, 10_001, 2.5, -4)],
    *[("m", v, "m must be a whole number from 1 to 10,000") for v in BAD_NUMBERS],
    *[("repeats", v, "repeats must be a whole number from 1 to 10,000") for v in (0, 10**5)],
    *[("seed", v, "seed must be a whole number >= 0") for v in (-1, 1.5, "3", True, None)],
    ("b", -0.1, "b must be a number in [0, 1]"),
    ("sigma", np.nan, "sigma must be a finite number >= 0"),
]


@pytest.mark.parametrize(
    ("function", "name", "value", "message"), per_kind(SPOT_CHECKS, BAD_SPOT_CHECKS)
)
def test_spot_checks_refuse_bad_settings(function, name, value, message):
    arguments = {"m": 10, name: value}
    with pytest.raises(ValueError, match=re.escape(message)):
        function(**arguments)


@pytest.mark.parametrize(
    ("function", "stops", "message"),
    [
        (core.spot_check_best_of_n, [1, 0.5], "n_stops must be a finite number >= 1"),
        (core.spot_check_best_of_n, [], "n_stops must be a finite number >= 1"),
        (core.spot_check_best_of_n, [[1, 2]], "n_stops must be a one-dimensional list"),
        (core.spot_check_kl, [1.0, -1.0], "beta_stops must be a finite number > 0"),
        (core.spot_check_kl, 1.0, "beta_stops must be a one-dimensional list"),
        (core.spot_check_kl, ["a"], "beta_stops must be a finite number > 0"),
    ],
    ids=ids,
)
def test_spot_checks_refuse_bad_stops(function, stops, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        function(stops, m=5)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"beta_stops": [0.0, 1.0]}, "beta_stops must be a finite number > 0"),
        ({"n_stops": [0, 10]}, "n_stops must be a finite number >= 1"),
        ({"n_stops": [[1, 10]]}, "n_stops must be a one-dimensional list"),
        ({"b": 2.0}, "b must be a number in [0, 1]"),
        ({"sigma": "x"}, "sigma must be a finite number >= 0"),
    ],
    ids=ids,
)
def test_slack_refuses_bad_arguments(arguments, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        core.slack(**{**STOPS, **arguments})
