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


# The edge check (core/grid_edge.py): the same optimum on a ±12 grid, same spacing and ε.
# Stops (β, b, σ) at the β slider's three strongest stops and the KL page's curve past them:
# the worst case (3.3% at the edge, +0.29 against +3.82 with room), the lesson's last
# row (2.1%, moves 0.07: passes), story step 6 (8.3%: capped by mass), a β = 0.4 stop that the
# shift alone flags, and gentle or clear ones.
CHECKED_STOPS = [
    (0.3, 0.05, 2.0),
    (0.3, 0.0, 0.0),
    (0.35, 0.0, 0.0),
    (0.25, 0.0, 0.0),
    (0.3, 0.2, 1.0),
    (0.35, 0.5, 1.5),
    (0.4, 0.1, 1.8),
    (0.35, 0.15, 0.5),
    (0.3, 1.0, 2.0),
    (0.5, 0.0, 1.0),
    (0.15, 0.3, 0.4),
]


@pytest.mark.parametrize("beta, b, sigma", CHECKED_STOPS)
def test_the_edge_check_is_a_direct_solve_on_the_wider_grid(beta, b, sigma):
    from tests.core.wide_grid import passes, wide_solve

    check = core.edge_check(beta, b=b, sigma=sigma)
    grid = core.kl_optimum(beta, b=b, sigma=sigma)
    assert check.edge_mass == grid.edge_mass and check.gold_gain == grid.gold_gain
    wide_gold, wide_edge = wide_solve(beta, b, sigma)
    if check.checked:
        assert check.wide_gold_gain == pytest.approx(wide_gold, abs=1e-3)
        assert check.wide_edge_mass == pytest.approx(wide_edge, abs=1e-6)
    elif grid.edge_mass < 1e-4:  # not solved: the wider grid would change nothing
        assert abs(wide_gold - grid.gold_gain) < 1e-3
    else:  # not solved: 5% or more at the edge caps it whatever the wider grid says
        assert grid.edge_mass >= 0.05 and check.capped
    assert check.capped == (not passes(beta, b, sigma, grid.gold_gain, grid.edge_mass))


def test_the_worst_case_the_five_percent_rule_passed_is_capped():
    """/kl-penalty?beta=0.3&b=0.05&sigma=2: 3.3% at the edge, +0.29 on the grid, +3.82 on ±12."""
    check = core.edge_check(0.3, b=0.05, sigma=2.0)
    assert check.edge_mass == pytest.approx(0.033, abs=5e-4) and check.edge_mass < 0.05
    assert check.gold_gain == pytest.approx(0.29, abs=5e-3)
    assert check.wide_gold_gain == pytest.approx(3.82, abs=5e-3)
    assert check.capped


def test_below_the_gate_the_wider_grid_changes_nothing():
    """Where the grid's edge mass is under EDGE_CHECK_MASS (1e-4) the wider grid is not
    solved: at every other b and σ stop (121 reward models), at the β stops nearest the gate
    (0.8 to 0.5), the ±12 grid moves true quality by under 1% of the tolerance. (Over all
    8,820 β × b × σ stops below the gate, measured once: at most 5e-4.)"""
    from core import grid_edge as check_module
    from ui.settings import B_STOPS, SIGMA_STOPS

    betas = np.array([0.8, 0.7, 0.6, 0.5])
    worst, below = 0.0, 0
    for b in B_STOPS[::2]:
        for sigma in SIGMA_STOPS[::2]:
            grid = core.kl_optimum(betas, b=b, sigma=sigma)
            wide_gold, _ = check_module.wide_optimum(betas, b=b, sigma=sigma)
            gated = grid.edge_mass < check_module.EDGE_CHECK_MASS
            below += int(gated.sum())
            shift = np.abs(wide_gold - grid.gold_gain)[gated]
            worst = max(worst, float(shift.max(initial=0.0)))
    assert below > 300  # the sample reaches the gate
    assert worst < 0.01 * core.EDGE_SHIFT_TOLERANCE


def test_the_edge_check_has_the_shape_of_beta_and_skips_the_gentle_stops():
    betas = np.array([[4.0, 1.0], [0.35, 0.25]])
    check = core.edge_check(betas, b=0.0, sigma=0.0)
    for field in ("edge_mass", "gold_gain", "wide_gold_gain", "wide_edge_mass"):
        assert getattr(check, field).shape == (2, 2)
    # 0.35 is solved (0.6% at the edge); 0.25 is not (8.4%: capped whatever the wider grid says)
    np.testing.assert_array_equal(check.checked, [[False, False], [True, False]])
    np.testing.assert_array_equal(check.capped, [[False, False], [False, True]])
    assert check.gold_shift[0, 0] == 0.0
    scalar = core.edge_check(0.3)
    assert isinstance(scalar.capped, bool) and isinstance(scalar.edge_mass, float)


def test_the_kl_curve_is_capped_where_the_edge_check_says():
    betas = core.log_spaced_betas(high=10.0, low=0.25)
    curve = core.kl_curve(betas, b=0.05, sigma=2.0)
    check = core.edge_check(betas, b=0.05, sigma=2.0)
    np.testing.assert_array_equal(curve.capped, check.capped)
    # The five-percent rule alone misses part of this curve's capped stretch.
    assert (curve.capped & (curve.edge_mass < 0.05)).any()
    assert not curve.capped[curve.pressure == curve.peak_pressure][0]
