"""Bad arguments raise ValueError naming the argument and its valid range."""

import re

import numpy as np
import pytest

import core

BETA_MESSAGE = re.escape("beta must be a finite number > 0")
N_MESSAGE = re.escape("n must be a finite number >= 1")
CLOUD_N_MESSAGE = re.escape("n must be a whole number from 1 to 10,000")
B_MESSAGE = r"b must be .*\[0, 1\]"
SIGMA_MESSAGE = r"sigma must be .*a finite number >= 0"
SEED_MESSAGE = re.escape("seed must be a whole number >= 0 or None")

BAD_NUMBERS = [np.nan, np.inf, -np.inf, "abc", "", "1.0", True, None, 1j, object(), 10**400]
BAD_BETAS = [0, 0.0, -1e-300, -2.0, [1.0, 0.0], [], *BAD_NUMBERS]
BAD_NS = [0, 0.999, -3, [5, 0.5], *BAD_NUMBERS]
BAD_BS = [-0.01, 1.01, 2, [0.1], *BAD_NUMBERS]
BAD_SIGMAS = [-0.5, -1e-12, [0.5], *BAD_NUMBERS]
BAD_SEEDS = [-1, np.int64(-2), 1.5, 3.0, True, "3"]

BETA_FUNCTIONS = {f.__name__: f for f in (core.kl_optimum, core.kl_policy, core.kl_cloud)}
BETA_FUNCTIONS["gaussian_optimum"] = core.gaussian_optimum
N_FUNCTIONS = {
    f.__name__: f for f in (core.best_of_n, core.win_probabilities, core.best_of_n_cloud)
}
SETTINGS_FUNCTIONS = {  # each takes b and sigma; every other argument is fine
    "kl_optimum": lambda **kw: core.kl_optimum(1.0, **kw),
    "kl_policy": lambda **kw: core.kl_policy(1.0, **kw),
    "kl_cloud": lambda **kw: core.kl_cloud(1.0, **kw),
    "best_of_n": lambda **kw: core.best_of_n(2, **kw),
    "win_probabilities": lambda **kw: core.win_probabilities(2, **kw),
    "best_of_n_cloud": lambda **kw: core.best_of_n_cloud(2, **kw),
    "answers": core.answers,
    "proxy": lambda **kw: core.proxy(0.5, 0.5, **kw),
    "proxy_field": core.proxy_field,
    "lesson_table": core.lesson_table,
    "kl_curve": lambda **kw: core.kl_curve([2.0, 1.0], **kw),
    "best_of_n_curve": lambda **kw: core.best_of_n_curve([1, 2, 3], **kw),
    "fresh_set_peaks": lambda **kw: core.fresh_set_peaks([1, 2, 3], seeds=(), **kw),
    "ranked_answers": core.ranked_answers,
}
SEED_FUNCTIONS = {
    "best_of_n": lambda seed: core.best_of_n(2, seed=seed),
    "win_probabilities": lambda seed: core.win_probabilities(2, seed=seed),
    "answers": lambda seed: core.answers(seed=seed),
    "best_of_n_curve": lambda seed: core.best_of_n_curve([1, 2, 3], seed=seed),
    "fresh_set_peaks": lambda seed: core.fresh_set_peaks([1, 2, 3], seeds=(seed,)),
    "ranked_answers": lambda seed: core.ranked_answers(seed=seed),
}


def ids(value):
    return repr(value)[:20]


def per_kind(functions: dict, bad_values: list):
    """Every bad value on the first function, and one on each other: the check is one shared
    constraint (core/validate.py) declared per function (test_validate says each declares it),
    so the whole matrix of values by functions repeated the first column ~4-14 times."""
    (first, call), *rest = functions.items()
    for value in bad_values:
        yield pytest.param(call, value, id=f"{first}-{ids(value)}")
    for name, other in rest:
        yield pytest.param(other, bad_values[0], id=f"{name}-{ids(bad_values[0])}")


@pytest.mark.parametrize(("function", "beta"), per_kind(BETA_FUNCTIONS, BAD_BETAS))
def test_bad_beta(function, beta):
    with pytest.raises(ValueError, match=BETA_MESSAGE):
        function(beta)


@pytest.mark.parametrize(("function", "n"), per_kind(N_FUNCTIONS, BAD_NS))
def test_bad_n(function, n):
    with pytest.raises(ValueError, match=N_MESSAGE):
        function(n)


@pytest.mark.parametrize("n", [1.5, 10_001, 1e6, [[1, 2]], [1, 10_001], [2, 2.5]], ids=ids)
def test_cloud_n_must_be_a_whole_number_up_to_the_cloud_maximum(n):
    with pytest.raises(ValueError, match=CLOUD_N_MESSAGE):
        core.best_of_n_cloud(n)


@pytest.mark.parametrize(("function", "b"), per_kind(SETTINGS_FUNCTIONS, BAD_BS))
def test_bad_b(function, b):
    with pytest.raises(ValueError, match=B_MESSAGE):
        function(b=b)


@pytest.mark.parametrize(("function", "sigma"), per_kind(SETTINGS_FUNCTIONS, BAD_SIGMAS))
def test_bad_sigma(function, sigma):
    with pytest.raises(ValueError, match=SIGMA_MESSAGE):
        function(sigma=sigma)


@pytest.mark.parametrize(("function", "seed"), per_kind(SEED_FUNCTIONS, BAD_SEEDS))
def test_bad_seed(function, seed):
    with pytest.raises(ValueError, match=SEED_MESSAGE):
        function(seed)


def test_unhashable_seed():
    with pytest.raises(ValueError, match=SEED_MESSAGE):
        core.best_of_n(2, seed=[1])


@pytest.mark.parametrize(
    "call",
    [lambda: core.kl_optimum(10**400), lambda: core.best_of_n(10**400)],
    ids=["beta", "n"],
)
def test_integer_too_large_for_a_float(call):
    with pytest.raises(ValueError, match="must be a finite number"):
        call()


@pytest.mark.parametrize("n", [1, 1 + 1e-15, 1e300], ids=ids)
def test_extreme_but_valid_n_is_accepted(n):
    """Validation rejects only what is out of range, not what is merely large."""
    result = core.best_of_n(n)
    assert np.isfinite([result.kl, result.proxy_gain, result.gold_gain, result.kl_bound]).all()


@pytest.mark.parametrize("beta", [0.01, 1e300], ids=ids)
def test_extreme_but_valid_beta_is_accepted(beta):
    assert np.isfinite(core.kl_optimum(beta).kl)


def test_error_messages_show_the_bad_value():
    with pytest.raises(ValueError, match=r"got -2\.5"):
        core.kl_optimum(-2.5)
    with pytest.raises(ValueError, match=r"got 'abc'"):
        core.best_of_n("abc")
    # A huge argument is shortened, not echoed whole.
    with pytest.raises(ValueError) as raised:
        core.kl_optimum(np.full(1000, -1.0))
    assert len(str(raised.value)) < 200
