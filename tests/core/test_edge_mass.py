"""The KL optimum's mass within 0.5 of the grid's edge: against a direct sum and docs/design.md
§11."""

import numpy as np
import pytest

import core
from core import kl, world


def direct_edge_mass(policy: np.ndarray) -> float:
    """π's mass where |l| > 5.5 or |s| > 5.5, summed cell by cell over the grid."""
    grid = np.linspace(-6, 6, 241)
    total = 0.0
    for row, substance in enumerate(grid):
        for column, length in enumerate(grid):
            if abs(length) > 5.5 + 1e-9 or abs(substance) > 5.5 + 1e-9:
                total += policy[row, column]
    return total


def test_the_band_is_the_outer_ten_points_a_side_and_leaves_5_5_out():
    band = world.edge_band()
    assert band.shape == (241, 241) and not band.flags.writeable
    row = band[120]  # substance 0: only length decides
    assert world.GRID[10] == pytest.approx(-5.5) and not row[10] and row[9]
    assert world.GRID[230] == pytest.approx(5.5) and not row[230] and row[231]
    assert band.sum() == 241**2 - 221**2  # every cell but the inner 221 x 221


@pytest.mark.parametrize(
    "beta, b, sigma",
    [(0.3, 0.0, 0.0), (0.25, 0.2, 1.0), (0.6, 0.0, 0.5), (0.4, 1.0, 2.0), (0.05, 0.0, 0.0)],
)
def test_edge_mass_is_the_direct_sum_of_the_policy_over_the_band(beta, b, sigma):
    policy = core.kl_policy(beta, b=b, sigma=sigma)
    expected = direct_edge_mass(policy)
    assert core.kl_optimum(beta, b=b, sigma=sigma).edge_mass == pytest.approx(expected, abs=1e-12)


def test_gentle_pressure_keeps_the_base_models_own_tiny_edge_mass():
    # β = 1000 runs the expm1 path; π_β is then almost π_ref, whose band mass is ~6.2e-8.
    base = direct_edge_mass(world.base_density())
    assert base == pytest.approx(6.23e-8, rel=0.01)
    result = core.kl_optimum(1000.0, b=0.5, sigma=1.0)
    assert result.edge_mass == pytest.approx(base, rel=0.02)


@pytest.mark.parametrize(
    "beta, b, sigma, percent",
    [
        (0.3, 0.0, 0.0, 2.1),  # the lesson's last row stays clear of the edge
        (0.25, 0.0, 0.0, 8.4),
        (0.3, 0.2, 1.0, 8.3),  # story step 6
        (0.25, 0.2, 1.0, 46.3),
        (0.4, 0.0, 1.0, 0.1),
        (0.6, 0.0, 0.5, 0.0),
    ],
)
def test_edge_mass_matches_the_measured_figures(beta, b, sigma, percent):
    result = core.kl_optimum(beta, b=b, sigma=sigma)
    assert round(100 * result.edge_mass, 1) == percent


def test_edge_mass_has_the_shape_of_beta_and_a_float_for_a_scalar():
    assert isinstance(core.kl_optimum(1.0).edge_mass, float)
    betas = np.array([[4.0, 1.0, 0.3], [0.25, 0.6, 2.0]])
    for result in (core.kl_optimum(betas, sigma=1.0), core.kl_optimum(betas, exact=True)):
        assert result.edge_mass.shape == (2, 3)
    one_by_one = [core.kl_optimum(beta, sigma=1.0).edge_mass for beta in betas.ravel()]
    np.testing.assert_allclose(
        core.kl_optimum(betas, sigma=1.0).edge_mass.ravel(), one_by_one, atol=1e-12
    )


def test_a_float32_curve_of_edge_mass_stays_within_1e5_of_float64():
    betas = np.geomspace(10, 0.1, 64)
    assert betas.size > kl.BETA_BLOCK
    fast = core.kl_optimum(betas, b=0.2, sigma=1.0).edge_mass
    exact = core.kl_optimum(betas, b=0.2, sigma=1.0, exact=True).edge_mass
    np.testing.assert_allclose(fast, exact, atol=1e-5)
    assert np.all((fast >= 0) & (fast <= 1))


def test_the_kl_curve_carries_the_edge_mass_of_each_point():
    betas = np.array([1.0, 0.3, 0.25])
    curve = core.kl_curve(betas, b=0.2, sigma=1.0)
    np.testing.assert_allclose(curve.edge_mass, [0.0, 0.0829, 0.4626], atol=5e-4)
    assert not curve.edge_mass.flags.writeable
    assert core.best_of_n_curve(np.array([1.0, 2.0]), b=0.2).edge_mass is None


def test_defended_edge_mass_is_the_direct_sum_under_the_defended_field():
    defense = {"b": 0.0, "sigma": 2.0, "k": 16, "rho": 0.5, "length_penalty": 0.3}
    field = core.defended_proxy_field(**defense)
    log_weight = world.base_log_weight() + field / 0.25
    policy = np.exp(log_weight - log_weight.max())
    policy /= policy.sum()
    result = core.defended_kl_optimum(0.25, **defense)
    assert result.edge_mass == pytest.approx(direct_edge_mass(policy), abs=1e-12)


def test_the_undefended_model_gives_the_plain_optimum_with_its_edge_mass():
    betas = np.array([2.0, 0.3, 0.25])
    plain = core.kl_optimum(betas, b=0.2, sigma=1.0)
    defended = core.defended_kl_optimum(betas, b=0.2, sigma=1.0)
    for name in ("kl", "gold_gain", "edge_mass"):
        np.testing.assert_allclose(getattr(defended, name), getattr(plain, name), atol=1e-12)
    # The Defenses page's old default (k = 16, ρ = 0.5, σ = 2) at β = 0.25 sits on the edge.
    assert core.defended_kl_optimum(0.25, sigma=2.0, k=16, rho=0.5).edge_mass > 0.5


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (1.0, 2.0), (0.2, 1.0)])
def test_the_edge_mass_is_a_probability_from_the_gentlest_to_the_strongest_beta(b, sigma):
    """Unclamped, in float32 blocks and in float64: at β = 1e-3 the top cell holds it all."""
    betas = np.geomspace(1e-3, 1e3, 512)
    for exact in (False, True):
        mass = core.kl_optimum(betas, b=b, sigma=sigma, exact=exact).edge_mass
        assert np.all((mass >= 0.0) & (mass <= 1.0))
        assert mass[0] == pytest.approx(1.0, abs=1e-6)
        assert mass[-1] == pytest.approx(8e-8, rel=0.5)  # the base model's own share
