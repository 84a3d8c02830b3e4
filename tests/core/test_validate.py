"""The core's declared argument constraints: every public function names its checks once."""

import inspect
import re

import numpy as np
import pytest

import core
from core import validate
from core.validate import Choice, Numbers, Whole, validate_params

# Arguments that mean the same thing wherever they appear, so any function taking one must
# declare a check for it.
CHECKED_NAMES = {
    "beta", "n", "b", "sigma", "seed", "errors", "error_seed", "k", "rho", "aggregate",
    "length_penalty", "m", "repeats", "beta_stops", "n_stops", "betas", "counts", "high",
    "low", "points", "n_pairs", "length_spread", "rater_noise", "prior", "form",
}  # fmt: skip


def public_functions():
    for name in core.__all__:
        value = getattr(core, name)
        if inspect.isfunction(value):
            yield name, value


@pytest.mark.parametrize(("name", "function"), list(public_functions()), ids=lambda x: x)
def test_every_public_function_declares_the_arguments_it_takes(name, function):
    taken = set(inspect.signature(function).parameters) & CHECKED_NAMES
    declared = set(getattr(function, "parameter_constraints", {}))
    assert taken - declared == set(), f"{name} does not declare {sorted(taken - declared)}"


def test_the_defenses_settings_are_declared_on_their_one_constructor():
    declared = core.Defense.checked.parameter_constraints
    assert set(declared) == {"b", "sigma", "k", "rho", "aggregate", "length_penalty"}


def test_a_declaration_naming_no_argument_is_refused_at_once():
    with pytest.raises(TypeError, match=re.escape("takes_beta has no argument ['bta']")):

        @validate_params({"bta": validate.POSITIVE})
        def takes_beta(beta):
            return beta


def test_checked_values_reach_the_function_in_their_plain_form():
    @validate_params({"n": validate.AT_LEAST_ONE, "k": validate.MEMBERS, "seed": validate.SEED})
    def echo(n, *, k=1, seed=0):
        return n, k, seed

    n, k, seed = echo([2, 3], k=4.0, seed=np.int64(7))
    assert n.dtype == np.float64 and n.tolist() == [2.0, 3.0]
    assert type(k) is int and k == 4
    assert type(seed) is int and seed == 7


def test_keywords_passed_through_double_star_are_checked_by_name():
    with pytest.raises(ValueError, match=re.escape("k must be a whole number from 1 to 16, got 0")):
        core.defended_proxy(0.5, 0.5, k=0)


@pytest.mark.parametrize(
    ("constraint", "value", "message"),
    [
        (Numbers(low=0.0, low_open=True), 0.0, "x must be a finite number > 0, got 0.0"),
        (Numbers(low=1.0), [1.0, 0.5], "x must be a finite number >= 1, got [1.0, 0.5]"),
        (Numbers(low=0.0, high=1.0, single=True), [0.5], "x must be a single number (a number"),
        (Numbers(low=0.0, one_dimensional=True), 1.0, "x must be a one-dimensional list"),
        (Numbers(valid="finite numbers"), [np.inf], "x must be finite numbers, got [inf]"),
        (Whole(0, none=True), -1, "x must be a whole number >= 0 or None, got -1"),
        (Whole(0), 2.0, "x must be a whole number >= 0, got 2.0"),
        (Whole(1, 16, integral_floats=True), 2.5, "x must be a whole number from 1 to 16, got 2.5"),
        (Whole(2, 1_000_000), 10**7, "x must be a whole number from 2 to 1,000,000, got 10000000"),
        (Choice(("a", "b"), "'a' or 'b'"), "c", "x must be 'a' or 'b', got 'c'"),
    ],
    ids=repr,
)
def test_each_kind_of_constraint_names_the_argument_and_its_range(constraint, value, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        constraint.check(value, "x")


@pytest.mark.parametrize(
    ("constraint", "value", "expected"),
    [
        (Numbers(low=0.0, high=1.0, single=True), np.float32(0.5), 0.5),
        (Numbers(low=0.0, single=True, none=True), None, None),
        (Whole(1, 16, integral_floats=True), 16.0, 16),
        (Whole(0, none=True), None, None),
        (Choice(("mean", "min"), ""), "min", "min"),
    ],
    ids=repr,
)
def test_valid_values_at_the_edges_pass(constraint, value, expected):
    assert constraint.check(value, "x") == expected
