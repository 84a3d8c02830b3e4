"""The toy world (docs/design.md §1): grid, base model, gold, proxy and the error field."""

import numpy as np
import pytest

import core
from core import world

# The lesson's world, written out as the lesson writes it.
GRID = np.linspace(-6, 6, 241)
LENGTH, SUBSTANCE = np.meshgrid(GRID, GRID)
CELL = GRID[1] - GRID[0]


def test_grid_is_the_lessons():
    assert core.GRID_POINTS == 241
    np.testing.assert_array_equal(core.GRID, GRID)
    length, substance = world.grid_coordinates()
    np.testing.assert_array_equal(length, LENGTH)
    np.testing.assert_array_equal(substance, SUBSTANCE)


def test_base_model_is_the_normalized_bell_curve():
    base = core.base_density()
    expected = np.exp(-(LENGTH**2 + SUBSTANCE**2) / 2)
    expected /= expected.sum()
    assert base.shape == (241, 241)
    assert base.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(base, expected, rtol=1e-12)
    # Symmetric in length and substance, and (to linspace's last bit) in the sign of each.
    np.testing.assert_array_equal(base, base.T)
    np.testing.assert_allclose(base, base[::-1, ::-1], rtol=1e-12)


def test_gold_field_is_the_lessons_true_quality_exactly():
    np.testing.assert_array_equal(core.gold_field(), SUBSTANCE + LENGTH - (LENGTH**2 - 1))


def test_proxy_without_flaws_is_the_lessons_reward_model_exactly():
    np.testing.assert_array_equal(core.proxy_field(), SUBSTANCE + LENGTH)
    np.testing.assert_array_equal(core.proxy(LENGTH, SUBSTANCE), SUBSTANCE + LENGTH)


def test_proxy_with_the_whole_penalty_is_gold():
    np.testing.assert_array_equal(core.proxy_field(b=1.0), core.gold_field())


@pytest.mark.parametrize(("b", "sigma"), [(0.2, 0.0), (0.0, 1.0), (0.6, 1.7)])
def test_proxy_field_is_the_formula(b, sigma):
    flaw = core.proxy_field(b=0.0, sigma=1.0) - core.proxy_field()  # ε on the grid
    expected = SUBSTANCE + LENGTH - b * (LENGTH**2 - 1) + sigma * flaw
    np.testing.assert_allclose(core.proxy_field(b=b, sigma=sigma), expected, atol=1e-12)


def test_gold_and_proxy_broadcast():
    length = np.array([[0.0], [1.0], [2.0]])  # (3, 1)
    substance = np.array([-1.0, 0.5])  # (2,)
    assert core.gold(length, substance).shape == (3, 2)
    assert core.proxy(length, substance, b=0.5, sigma=1.0).shape == (3, 2)
    assert core.error_field(length, substance).shape == (3, 2)
    assert np.shape(core.error_field(0.3, -0.2)) == ()


class TestErrorField:
    @staticmethod
    def on_grid():
        return core.proxy_field(sigma=1.0) - core.proxy_field()

    def test_has_mean_0_and_variance_1_under_the_base_model(self):
        base = core.base_density()
        error = self.on_grid()
        assert np.sum(base * error) == pytest.approx(0.0, abs=1e-9)
        assert np.sum(base * error**2) == pytest.approx(1.0, abs=1e-9)

    def test_the_grid_and_the_answers_see_the_same_field(self):
        """The grid's field (used by the KL optimum) equals error_field (used by the answers)
        at scattered grid points."""
        rng = np.random.default_rng(3)
        rows, columns = rng.integers(0, 241, size=(2, 500))
        pointwise = core.error_field(GRID[columns], GRID[rows])
        np.testing.assert_allclose(pointwise, self.on_grid()[rows, columns], atol=1e-12)

    def test_is_smooth(self):
        error = self.on_grid()
        # Neighbouring cells are 0.05 apart; values of typical size 1 change by far less.
        assert np.abs(np.diff(error, axis=0)).max() < 0.4
        assert np.abs(np.diff(error, axis=1)).max() < 0.4
        # And between grid points too: halfway between two cells it is near their average.
        midpoints = core.error_field(GRID[:-1] + CELL / 2, 0.7)
        ends = core.error_field(GRID, 0.7)
        assert np.abs(midpoints - (ends[:-1] + ends[1:]) / 2).max() < 0.01

    @pytest.mark.parametrize("axis", [0, 1], ids=["substance", "length"])
    def test_varies_over_about_half_a_unit_to_a_unit(self, axis):
        """docs/design.md §1: correlation length about 0.5-1: correlation 0.5 units apart is
        clearly positive and clearly below 1, and lower 2 units apart."""
        error, base = self.on_grid(), core.base_density()

        def correlation(distance):
            shift = int(round(distance / CELL))
            first = np.take(error, range(241 - shift), axis=axis)
            second = np.take(error, range(shift, 241), axis=axis)
            weight = np.take(base, range(241 - shift), axis=axis)
            weight = weight * np.take(base, range(shift, 241), axis=axis)
            weight /= weight.sum()
            return np.sum(weight * first * second) / np.sqrt(
                np.sum(weight * first**2) * np.sum(weight * second**2)
            )

        assert 0.4 < correlation(0.5) < 0.95
        assert correlation(2.0) < correlation(0.5) - 0.2

    def test_is_defined_everywhere(self):
        far = np.array([-1e6, -100.0, 6.5, 1e3, 1e6])
        values = core.error_field(far, far[::-1])
        assert np.all(np.isfinite(values))
        assert np.all(np.abs(values) < 10)

    def test_never_changes(self):
        """The field is fixed by its seed: values stored once, not recomputed here.

        Stored on 2026-11-30 from ``core.error_field(np.array([0.1, 2.0, -4.5]),
        np.array([-0.3, 1.5, 5.0])).tolist()`` (ERROR_FIELD_SEED 20221019, 256 features,
        correlation length 0.75); a change to any of those moves every value.
        """
        stored = [-0.01490614512269199, -1.0869830126213427, -1.897533142169005]
        values = core.error_field(np.array([0.1, 2.0, -4.5]), np.array([-0.3, 1.5, 5.0]))
        # 256 cosines summed: allow the last bits a different BLAS or libm may round apart.
        np.testing.assert_allclose(values, stored, rtol=1e-12, atol=1e-13)


class TestOneHomeForTheErrorField:
    """ε and every ensemble member's field come from one builder, core.world.raw_smooth_field."""

    def test_the_grid_form_is_the_points_form_at_every_grid_point(self):
        seed = 12345  # any seed: the angle-sum identity must hold for all of them
        on_grid = world.raw_smooth_field(seed=seed)
        at_points = world.raw_smooth_field(
            seed=seed, length=LENGTH.ravel(), substance=SUBSTANCE.ravel()
        )
        np.testing.assert_allclose(on_grid.ravel(), at_points, atol=1e-11)

    def test_epsilon_is_the_raw_field_of_its_seed_standardized(self):
        raw = world.raw_smooth_field(seed=world.ERROR_FIELD_SEED)
        base = core.base_density()
        mean = np.sum(base * raw)
        spread = np.sqrt(np.sum(base * np.square(raw - mean)))
        np.testing.assert_allclose(world.error_field_on_grid(), (raw - mean) / spread, atol=1e-12)

    @pytest.mark.parametrize("member", [1, 16])
    def test_a_member_is_its_seeds_raw_field_less_its_part_along_epsilon(self, member):
        from core import defended

        raw = world.raw_smooth_field(seed=defended.MEMBER_FIELD_SEED + member).ravel()
        shared = world.error_field_on_grid().ravel()
        field = defended.member_fields_on_grid()[member - 1].ravel()
        # field = (raw - mean - c·ε)/spread: an exact fit on [1, raw, ε], nothing left over.
        basis = np.column_stack([np.ones_like(raw), raw, shared])
        fitted, *_ = np.linalg.lstsq(basis, field, rcond=None)
        assert np.abs(basis @ fitted - field).max() < 1e-9
        assert fitted[1] > 0  # and the raw field is the member's own, not another seed's
        other = world.raw_smooth_field(seed=defended.MEMBER_FIELD_SEED + member + 1).ravel()
        basis[:, 1] = other
        fitted, *_ = np.linalg.lstsq(basis, field, rcond=None)
        assert np.abs(basis @ fitted - field).max() > 0.1


def test_cached_fields_are_read_only():
    for field in (core.base_density(), core.gold_field(), core.proxy_field(b=0.3, sigma=0.5)):
        assert not field.flags.writeable
    assert not core.GRID.flags.writeable
