"""The Gaussian closed form of the KL-penalized optimum at σ = 0 (docs/design.md §3).

Checked against the exact grid solution (``core.kl_optimum``, ``core.kl_policy``) for b = 0
and b > 0, against the design notes' formulas, and against the lesson's printed table. Every term
of the
closed form moves at least one of these checks: each was mutated by hand once
tried by hand.
"""

import numpy as np
import pytest

import core
from core import world

# Within the β slider's range and away from the grid's edge: at β = 0.6 the policy's mean
# substance, 1/β ≈ 1.7, is 4.3 standard deviations inside the edge at 6.
BETAS_AWAY_FROM_EDGE = (10.0, 4.0, 2.0, 1.0, 0.6)
PADDING_FRACTIONS = (0.0, 0.2, 0.5, 1.0)
# The grid's truncation at ±6 and its 0.05 spacing leave at most 1.7e-4 between the grid and
# the closed form at these β (measured: 1.7e-4 in gold gain at β = 0.6, b = 0); a wrong term
# moves some field by far more (0.01 and up).
GRID_TOLERANCE = 3e-4


def variance_of_length(policy: np.ndarray) -> float:
    """Var[length] under a policy on the grid (241, 241)."""
    length, _ = world.grid_coordinates()
    mean = np.sum(policy * length)
    return float(np.sum(policy * length**2) - mean**2)


@pytest.mark.parametrize("b", PADDING_FRACTIONS)
@pytest.mark.parametrize("beta", BETAS_AWAY_FROM_EDGE)
def test_closed_form_is_the_grid_solution_away_from_the_edge(beta, b):
    grid = core.kl_optimum(beta, b=b)
    closed = core.gaussian_optimum(beta, b=b)
    for field in ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance"):
        assert getattr(closed, field) == pytest.approx(getattr(grid, field), abs=GRID_TOLERANCE), (
            field
        )
    grid_variance = variance_of_length(core.kl_policy(beta, b=b))
    assert closed.variance_length == pytest.approx(grid_variance, abs=GRID_TOLERANCE)


@pytest.mark.parametrize("b", PADDING_FRACTIONS)
def test_length_follows_spec_formulas(b):
    betas = np.array(BETAS_AWAY_FROM_EDGE)
    closed = core.gaussian_optimum(betas, b=b)
    # docs/design.md §3: mean length 1/(β + 2b), variance β/(β + 2b); substance keeps variance 1.
    np.testing.assert_allclose(closed.mean_length, 1 / (betas + 2 * b), rtol=1e-14)
    np.testing.assert_allclose(closed.variance_length, betas / (betas + 2 * b), rtol=1e-14)
    np.testing.assert_allclose(closed.mean_substance, 1 / betas, rtol=1e-14)


def test_without_learned_padding_spec_closed_forms_hold():
    """docs/design.md §3 at b = 0: KL = 1/β², proxy gain = 2/β, gold gain = 2/β − 1/β², length
    1/β."""
    betas = np.geomspace(10.0, 0.01, 50)  # the formulas hold for every β, edge or not
    closed = core.gaussian_optimum(betas)
    np.testing.assert_allclose(closed.kl, 1 / betas**2, rtol=1e-12)
    np.testing.assert_allclose(closed.proxy_gain, 2 / betas, rtol=1e-12)
    np.testing.assert_allclose(closed.gold_gain, 2 / betas - 1 / betas**2, rtol=1e-12)
    np.testing.assert_allclose(closed.mean_length, 1 / betas, rtol=1e-12)


# The lesson's printed rows (the lesson's text) where the grid's edge does not show yet:
# β, KL, reward model gain, true quality gain, average length.
LESSON_ROWS_AWAY_FROM_EDGE = (
    (4.00, "0.1", "+0.50", "+0.44", "+0.25"),
    (2.00, "0.2", "+1.00", "+0.75", "+0.50"),
    (1.00, "1.0", "+2.00", "+1.00", "+1.00"),
    (0.60, "2.8", "+3.33", "+0.56", "+1.67"),
)


@pytest.mark.parametrize("row", LESSON_ROWS_AWAY_FROM_EDGE, ids=lambda row: f"beta={row[0]}")
def test_closed_form_prints_the_lessons_table(row):
    beta, *printed = row
    closed = core.gaussian_optimum(beta)
    shown = [
        f"{closed.kl:.1f}",
        f"{closed.proxy_gain:+.2f}",
        f"{closed.gold_gain:+.2f}",
        f"{closed.mean_length:+.2f}",
    ]
    assert shown == printed


def test_learned_padding_keeps_gold_rising_where_the_lesson_declines():
    """At b = 0.2 gold gain rises all the way to β = 0.25; at b = 0 it peaks at β = 1."""
    betas = np.geomspace(10.0, 0.25, 100)
    assert np.all(np.diff(core.gaussian_optimum(betas, b=0.2).gold_gain) > 0)
    lesson = core.gaussian_optimum(betas).gold_gain
    assert betas[np.argmax(lesson)] == pytest.approx(1.0, rel=0.02)
    assert lesson.max() == pytest.approx(1.0, abs=1e-3)


def test_shapes_follow_beta():
    scalar = core.gaussian_optimum(0.7, b=0.3)
    assert all(type(value) is float for value in vars(scalar).values())  # plain, not numpy
    table = core.gaussian_optimum(np.full((2, 3), 0.7), b=0.3)
    for field, value in vars(table).items():
        assert value.shape == (2, 3), field
        assert value[1, 2] == getattr(scalar, field), field


@pytest.mark.parametrize(
    ("beta", "b", "message"),
    [
        (0.0, 0.0, "beta must be a finite number > 0"),
        ([1.0, np.nan], 0.0, "beta must be a finite number > 0"),
        ("1", 0.0, "beta must be a finite number > 0"),
        (1.0, 1.5, r"b must be a number in \[0, 1\]"),
        (1.0, -0.1, r"b must be a number in \[0, 1\]"),
    ],
)
def test_bad_arguments_are_named(beta, b, message):
    with pytest.raises(ValueError, match=message):
        core.gaussian_optimum(beta, b=b)
