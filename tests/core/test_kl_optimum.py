"""The KL-penalized optimum: closed forms, an independent float64 reference, the policy.

Tolerances come from the grid, not from the core's output: the optimum at b = 0, sigma = 0 is
a Gaussian centred 1/β from the origin, and the grid stops at 6, so it is cut 6 - 1/β standard
deviations out. Cutting a unit Gaussian at a moves its mean by about φ(a) (φ the standard normal
density) and its second moment by about (6 + 1/β)·φ(a). The grid's spacing adds nothing visible:
a Riemann sum of a Gaussian at spacing 0.05 is exact to about exp(-2π²/0.05²). The core's float32
sums add about 1e-6.
"""

import numpy as np
import pytest

import core
from core import kl, world

FIELDS = ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance")
FLOAT32_FLOOR = 2e-6  # the core sums in float32 below β ≈ 12: about 1e-7 of values up to ~10
# The lesson's grid (docs/design.md §1), rebuilt here so the reference does not lean on core.world.
GRID = np.linspace(-6, 6, 241)
LENGTH, SUBSTANCE = np.meshgrid(GRID, GRID)
SETTINGS_WITH_NOISE = [(0.3, 0.7), (1.0, 2.0), (0.05, 0.3), (0.0, 2.5)]


def standard_normal_density(z):
    return np.exp(-np.square(z) / 2) / np.sqrt(2 * np.pi)


def as_array(result):
    """(len(β), 5) array of a KLResult's fields in FIELDS order."""
    return np.stack([np.atleast_1d(getattr(result, name)) for name in FIELDS], axis=-1)


def lesson_optimum(beta, *, b, sigma, dtype=np.float64):
    """The lesson's per-β loop (the lesson's text), for any (b, sigma), in `dtype`.

    Written in log space so that cells whose weight underflows at small β contribute 0 to the
    KL instead of 0·log 0.
    """
    base = np.exp(-(LENGTH**2 + SUBSTANCE**2) / 2).astype(dtype)
    base /= base.sum()
    true_quality = (SUBSTANCE + LENGTH - (LENGTH**2 - 1)).astype(dtype)
    reward_model = np.asarray(world.proxy_field(b=b, sigma=sigma), dtype=dtype)
    log_weight = np.log(base) + (reward_model - reward_model.max()) / dtype(beta)
    log_weight -= log_weight.max()
    weight = np.exp(log_weight)
    total = weight.sum()
    policy = weight / total
    kl = np.sum(policy * (log_weight - np.log(total) - np.log(base)))

    def gain(score):
        return np.sum(policy * score) - np.sum(base * score)

    return np.array(
        [
            kl,
            gain(reward_model),
            gain(true_quality),
            np.sum(policy * LENGTH),
            np.sum(policy * SUBSTANCE),
        ],
        dtype=np.float64,
    )


def gentle_reference(beta, *, b, sigma):
    """The optimum at large β in extended precision, via expm1, so gains of order 1/β and a
    KL of order 1/β² do not drown in the rounding of weights that are all nearly 1."""
    wide = np.longdouble
    base = np.exp(-(LENGTH.astype(wide) ** 2 + SUBSTANCE.astype(wide) ** 2) / 2)
    base /= base.sum()
    reward_model = np.asarray(world.proxy_field(b=b, sigma=sigma), dtype=wide)
    true_quality = (SUBSTANCE + LENGTH - (LENGTH**2 - 1)).astype(wide)
    centred = reward_model - np.sum(base * reward_model)
    excess = np.expm1(centred / wide(beta))  # weight - 1
    excess_mass = np.sum(base * excess)  # partition function - 1

    def mean(score):
        return np.sum(base * (1 + excess) * score) / (1 + excess_mass)

    proxy_gain = mean(centred)
    kl = proxy_gain / wide(beta) - np.log1p(excess_mass)
    gold_gain = mean(true_quality) - np.sum(base * true_quality)
    values = [kl, proxy_gain, gold_gain, mean(LENGTH), mean(SUBSTANCE)]
    return np.array(values, dtype=np.float64)


class TestClosedFormsWithoutFlaws:
    """b = 0, sigma = 0: π_β is the Gaussian centred at (1/β, 1/β) with unit variance.

    Measured: the largest miss is gold gain at β = 0.5, 7.3e-4 (the edge is 4 standard
    deviations out); from β = 1 on every field is within 6e-6.
    """

    BETAS = np.geomspace(0.5, 10.0, 120)

    @staticmethod
    def closed_form(beta):
        return {
            "kl": 1 / beta**2,
            "proxy_gain": 2 / beta,
            "gold_gain": 2 / beta - 1 / beta**2,
            "mean_length": 1 / beta,
            "mean_substance": 1 / beta,
        }

    @staticmethod
    def edge_tolerance(field, beta):
        """1.5 times the leading error from cutting the Gaussian at the grid's edge."""
        cut = standard_normal_density(6 - 1 / beta)
        leading = {
            "kl": 2 / beta,  # proxy_gain / β carries twice the mean's shift
            "proxy_gain": 2.0,  # two means
            "gold_gain": 2 + 6 + 1 / beta,  # two means and the second moment of length
            "mean_length": 1.0,
            "mean_substance": 1.0,
        }[field]
        return 1.5 * leading * cut + FLOAT32_FLOOR

    @pytest.mark.parametrize("field", FIELDS)
    def test_matches_the_gaussian_away_from_the_edge(self, field):
        got = getattr(core.kl_optimum(self.BETAS), field)
        expected = self.closed_form(self.BETAS)[field]
        assert np.all(np.abs(got - expected) <= self.edge_tolerance(field, self.BETAS))

    def test_the_grid_edge_bends_the_curve_below_beta_0_25(self):
        """docs/design.md §3: below β ≈ 0.15 the edge caps the optimum; the closed form then
        fails."""
        beta = 0.15
        mean_length = core.kl_optimum(beta).mean_length
        assert mean_length < 1 / beta - 1.0


class TestClosedFormsWithPaddingPenalty:
    """b > 0, sigma = 0: length is Gaussian with precision 1 + 2b/β, independent of substance."""

    @pytest.mark.parametrize("b", [0.1, 0.2, 0.5, 1.0])
    @pytest.mark.parametrize("beta", [0.01, 0.3, 0.5, 1.0, 2.0, 5.0])
    def test_length_mean_and_variance(self, b, beta):
        centre = 1 / (beta + 2 * b)
        variance = beta / (beta + 2 * b)
        spread = np.sqrt(variance)
        # Cut at the grid's edge `cut` standard deviations out (see the module docstring).
        cut = (6 - centre) / spread
        edge = standard_normal_density(cut)
        policy = core.kl_policy(beta, b=b)
        length_marginal = policy.sum(axis=0)  # columns are length
        mean_length = length_marginal @ GRID
        length_variance = length_marginal @ np.square(GRID - mean_length)
        assert abs(mean_length - centre) <= 2 * spread * edge + 1e-9
        assert abs(length_variance - variance) <= 2 * variance * (cut + 1) * edge + 1e-9
        assert core.kl_optimum(beta, b=b).mean_length == pytest.approx(centre, abs=1e-6)

    @pytest.mark.parametrize("b", [0.2, 1.0])
    @pytest.mark.parametrize("beta", [0.5, 1.0, 4.0])
    def test_substance_is_untouched_by_the_padding_penalty(self, b, beta):
        edge = standard_normal_density(6 - 1 / beta)
        mean_substance = core.kl_optimum(beta, b=b).mean_substance
        assert abs(mean_substance - 1 / beta) <= 1.5 * edge + FLOAT32_FLOOR


class TestPolicy:
    @pytest.mark.parametrize("beta", [0.01, 0.3, 1.0, 50.0, 1e4])
    @pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.3, 0.7)])
    def test_is_a_distribution_on_the_grid(self, beta, b, sigma):
        policy = core.kl_policy(beta, b=b, sigma=sigma)
        assert policy.shape == (world.GRID_POINTS, world.GRID_POINTS)
        assert np.all(np.isfinite(policy))
        assert np.all(policy >= 0)
        assert policy.sum() == pytest.approx(1.0, abs=1e-12)

    @pytest.mark.parametrize("beta", [0.05, 0.3, 1.0, 4.0, 30.0])
    @pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), *SETTINGS_WITH_NOISE[:2]])
    def test_agrees_with_kl_optimum(self, beta, b, sigma):
        policy = core.kl_policy(beta, b=b, sigma=sigma)
        base = world.base_density()
        proxy = world.proxy_field(b=b, sigma=sigma)
        gold = world.gold_field()
        positive = policy > 0
        from_policy = [
            np.sum(policy[positive] * np.log(policy[positive] / base[positive])),
            np.sum((policy - base) * proxy),
            np.sum((policy - base) * gold),
            np.sum(policy * LENGTH),
            np.sum(policy * SUBSTANCE),
        ]
        got = as_array(core.kl_optimum(beta, b=b, sigma=sigma))[0]
        np.testing.assert_allclose(got, from_policy, rtol=1e-5, atol=1e-5)

    def test_is_the_lessons_exponential_tilt(self):
        beta = 0.7
        policy = core.kl_policy(beta, b=0.3, sigma=0.5)
        log_ratio = np.log(policy / world.base_density())
        # log(π/π_ref) = proxy/β - log Z: the same constant in every cell.
        offset = log_ratio - world.proxy_field(b=0.3, sigma=0.5) / beta
        assert np.ptp(offset) < 1e-9


class TestOneHomeForThePolicy:
    """π_β is built in one place (core.kl.kl_policies over tilt_weights): the single policy,
    the clouds, the spot checks and the KL engine all draw on it."""

    BETAS = np.array([0.05, 0.3, 1.0, 4.0])

    def test_the_policies_of_many_betas_are_the_single_policies_to_the_last_bit(self):
        many = kl.kl_policies(self.BETAS, b=0.3, sigma=0.7)
        single = np.stack([core.kl_policy(beta, b=0.3, sigma=0.7) for beta in self.BETAS])
        np.testing.assert_array_equal(many, single)
        fast = kl.kl_policies(self.BETAS, b=0.3, sigma=0.7, dtype=np.float32)
        assert fast.dtype == np.float64 and fast.sum(axis=(1, 2)) == pytest.approx(1.0)
        np.testing.assert_allclose(fast, many, rtol=1e-5, atol=1e-12)

    def test_the_spot_checks_true_gains_are_the_policys(self):
        policies = kl.kl_policies(self.BETAS, b=0.3, sigma=0.7).reshape(self.BETAS.size, -1)
        gold = world.gold_field().ravel()
        expected = policies @ gold - world.base_density().ravel() @ gold
        result = core.spot_check_kl(self.BETAS, m=5, b=0.3, sigma=0.7, repeats=10)
        np.testing.assert_allclose(result.gold_gain, expected, rtol=0, atol=1e-12)

    def test_tilt_weights_are_one_at_the_top_and_never_overflow(self):
        below_top = np.array([-3.0, 0.0, -0.5])
        for dtype in (np.float64, np.float32):
            weights = kl.tilt_weights(below_top.astype(dtype), np.array([1e-3, 2.0, 1e300]))
            assert weights.dtype == dtype and weights.shape == (3, 3)
            assert np.all(weights[:, 1] == 1.0) and np.all(np.isfinite(weights))
            assert weights[2].tolist() == [0.0, 1.0, 0.0]  # β = 1e-300: all on the top cell
        # exp((proxy - top)/β) exactly as the lesson writes it: -0.5 at β = 2 is exp(-0.25).
        assert kl.tilt_weights(below_top, np.array([0.5]))[0, 2] == np.exp(-0.25)


class TestIndependentReference:
    """docs/design.md §5: a whole curve equals the lesson's per-β loop within 1e-5."""

    @pytest.mark.parametrize(("b", "sigma"), SETTINGS_WITH_NOISE)
    def test_curve_equals_the_lessons_loop(self, b, sigma):
        # 0.01 to 50 crosses both of the core's paths (float32 below the proxy's spread,
        # float64 expm1 above). Below β = 1, where values reach ~40, 1e-5 is relative.
        betas = np.geomspace(0.01, 50.0, 70)
        got = as_array(core.kl_optimum(betas, b=b, sigma=sigma))
        expected = np.array([lesson_optimum(beta, b=b, sigma=sigma) for beta in betas])
        np.testing.assert_allclose(got, expected, rtol=1e-5, atol=1e-5)

    @pytest.mark.parametrize("beta", [1e2, 1e3, 1e4, 1e6])
    @pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), *SETTINGS_WITH_NOISE[:2]])
    def test_very_gentle_pressure_keeps_its_relative_precision(self, beta, b, sigma):
        got = as_array(core.kl_optimum(beta, b=b, sigma=sigma))[0]
        np.testing.assert_allclose(got, gentle_reference(beta, b=b, sigma=sigma), rtol=1e-8)

    @pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.3, 0.7)])
    def test_kl_at_gentle_pressure_is_half_the_proxy_variance_over_beta_squared(self, b, sigma):
        # Second-order expansion of log E[exp(r/β)]; the next term is smaller by ~1/β.
        beta = 1e6
        base = world.base_density()
        proxy = world.proxy_field(b=b, sigma=sigma)
        variance = np.sum(base * np.square(proxy - np.sum(base * proxy)))
        result = core.kl_optimum(beta, b=b, sigma=sigma)
        assert result.kl == pytest.approx(variance / (2 * beta**2), rel=1e-5)
        assert result.proxy_gain == pytest.approx(variance / beta, rel=1e-5)

    @pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.3, 0.7), (1.0, 2.0)])
    def test_no_step_where_the_core_switches_from_float32_to_float64(self, b, sigma):
        # The core switches at the largest |proxy - E_ref proxy| on the grid.
        base = world.base_density()
        proxy = world.proxy_field(b=b, sigma=sigma)
        switch = np.abs(proxy - np.sum(base * proxy)).max()
        betas = np.array([1 - 1e-12, 1 + 1e-12]) * switch
        below, above = as_array(core.kl_optimum(betas, b=b, sigma=sigma))
        # Float32 sums leave ~1e-7 absolute below the switch (2e-5 of a KL of 0.007).
        np.testing.assert_allclose(below, above, rtol=1e-6, atol=1e-6)


class TestBelowTheDocumentedRange:
    """kl_optimum accepts any finite β > 0 but is documented stable down to 0.01 only."""

    @staticmethod
    def kl_ceiling():
        # KL(π ‖ π_ref) ≤ max over cells of log(1/π_ref): the mass can go nowhere rarer.
        # The 1e-6 is float32 rounding of a KL of ~44 (kl_optimum sums in float32).
        return -np.log(world.base_density().min()) * (1 + 1e-6)

    def test_kl_stays_under_its_ceiling_down_to_0_01(self):
        kl = core.kl_optimum(np.geomspace(0.01, 1.0, 50)).kl
        assert np.all(kl <= self.kl_ceiling())

    @pytest.mark.parametrize("beta", [1e-3, 1e-6])
    def test_kl_stays_under_its_ceiling_below_the_documented_range(self, beta):
        assert core.kl_optimum(beta).kl <= self.kl_ceiling()

    @pytest.mark.filterwarnings("ignore::RuntimeWarning")
    def test_tiny_beta_is_finite_or_refused(self):
        try:
            result = core.kl_optimum(1e-39)
        except ValueError:
            return
        assert np.all(np.isfinite(as_array(result)))


@pytest.mark.parametrize(("b", "sigma"), [(0.0, 0.0), (0.3, 0.7), (1.0, 2.0)])
def test_exact_curves_equal_single_calls_to_the_last_bit(b, sigma):
    betas = np.geomspace(10, 0.25, 40)  # more than one float32 block
    curve = core.kl_optimum(betas, b=b, sigma=sigma, exact=True)
    for index in (0, 17, 39):
        alone = core.kl_optimum(float(betas[index]), b=b, sigma=sigma)
        assert curve.kl[index] == pytest.approx(alone.kl, rel=1e-12, abs=1e-14)
        assert curve.gold_gain[index] == pytest.approx(alone.gold_gain, rel=1e-12, abs=1e-14)
    fast = core.kl_optimum(betas, b=b, sigma=sigma)
    np.testing.assert_allclose(fast.gold_gain, curve.gold_gain, atol=1e-5)
