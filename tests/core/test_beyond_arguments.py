"""Bad arguments to the new core functions raise ValueError naming the argument and its range."""

import re

import numpy as np
import pytest

import core

PAIRS_MESSAGE = re.escape("n_pairs must be a whole number from 2 to 1,000,000")
BAD_NUMBERS = [np.nan, np.inf, "abc", True, None, [1.0]]


def ids(value):
    return repr(value)[:20]


@pytest.mark.parametrize("n_pairs", [-1, 0, 1, 1_000_001, 2.5, "10", True, None], ids=ids)
def test_bad_pair_count(n_pairs):
    with pytest.raises(ValueError, match=PAIRS_MESSAGE):
        core.comparisons(n_pairs)


@pytest.mark.parametrize("value", [0, -0.1, *BAD_NUMBERS], ids=ids)
@pytest.mark.parametrize("name", ["length_spread", "rater_noise"])
def test_bad_spread_or_noise(name, value):
    with pytest.raises(ValueError, match=f"{name} must be .*a finite number > 0"):
        core.comparisons(10, **{name: value})


@pytest.mark.parametrize("seed", [-1, 1.5, "3", True], ids=ids)
def test_bad_comparison_seed(seed):
    with pytest.raises(ValueError, match="seed must be a whole number >= 0"):
        core.comparisons(10, seed=seed)


@pytest.mark.parametrize("prior", [-1e-9, -1, *BAD_NUMBERS], ids=ids)
def test_bad_prior(prior):
    with pytest.raises(ValueError, match=r"prior must be .*a finite number >= 0"):
        core.fit_bradley_terry(core.comparisons(10), prior=prior)


def test_fit_needs_comparisons():
    with pytest.raises(ValueError, match="comparisons must be a Comparisons"):
        core.fit_bradley_terry(np.ones((10, 3)))


@pytest.mark.parametrize("form", ["gao", "", None, "RL"], ids=ids)
def test_bad_gao_form(form):
    with pytest.raises(ValueError, match='form must be "best_of_n" or "rl"'):
        core.fit_gao([1.0, 2.0, 3.0], [1.0, 1.0, 1.0], form=form)


@pytest.mark.parametrize(
    ("kl", "gold", "message"),
    [
        ([1.0, -2.0, 3.0], [1.0, 1.0, 1.0], "kl must be a 1-D array of finite numbers >= 0"),
        ([1.0, np.nan, 3.0], [1.0, 1.0, 1.0], "kl must be finite numbers >= 0"),
        ([[1.0, 2.0, 3.0]], [[1.0, 1.0, 1.0]], "kl must be a 1-D array"),
        ([1.0, 2.0, 3.0], [1.0, 1.0], re.escape("gold_gain must have the shape of kl (3,)")),
        ([0.0, 1.0, 2.0], [0.0, 1.0, 1.0], "kl must have at least 3 points"),
        ([1.0, 2.0, 3.0], [1.0, np.inf, 1.0], "gold_gain must be finite numbers"),
    ],
)
def test_bad_gao_data(kl, gold, message):
    with pytest.raises(ValueError, match=message):
        core.fit_gao(kl, gold, form="rl")


@pytest.mark.parametrize("errors", ["normal", "", None, 1, "Heavy"], ids=ids)
@pytest.mark.parametrize(
    "function",
    [
        lambda **kw: core.best_of_n(2, **kw),
        lambda **kw: core.win_probabilities(2, **kw),
        lambda **kw: core.answers(**kw),
    ],
    ids=["best_of_n", "win_probabilities", "answers"],
)
def test_bad_error_kind(function, errors):
    with pytest.raises(ValueError, match='errors must be one of "smooth", "light", "heavy"'):
        function(errors=errors)


@pytest.mark.parametrize("error_seed", [-1, 0.5, "1", True, None], ids=ids)
def test_bad_error_seed(error_seed):
    with pytest.raises(ValueError, match="error_seed must be a whole number >= 0"):
        core.best_of_n(2, errors="light", error_seed=error_seed)
