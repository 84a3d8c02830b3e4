"""Property tests over the sliders' whole ranges (docs/design.md §6: every output finite).

Ranges: β in [0.01, 1000], n in [1, 10⁶], b in [0, 1], sigma in [0, 3] (a bit beyond 2).

Below the proxy's largest deviation from its base mean ("the switch", 12 at b = sigma = 0),
kl_optimum sums float32 weights in blocks; above it, float64. The float32 sums cancel terms
of the proxy's size (about 1 to 10) down to gains that may be much smaller, so their error is
about 1e-7 of max(1, |value|), not of the value, and a scalar call and an array call (a
matrix-vector product against a matrix-matrix one) round in a different order.
"""

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import array_shapes, arrays

import core
from core import world

# deadline=None: the first call for a new (b, sigma) builds that world (a few ms, more on a
# loaded machine); a modest count keeps the whole suite to seconds.
CORE_PROFILE = settings(deadline=None, max_examples=30)
settings.register_profile("core", CORE_PROFILE)

FIELDS = ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance")
FLOAT32_MONOTONE_SLACK = 1e-6  # of max(1, |value|): float32 rounding only (measured ~2e-8)
FLOAT32_AGREEMENT = {"kl": 2e-5, "others": 2e-6}  # of max(1, |value|); measured 3.5e-6, 4e-7
FLOAT64_AGREEMENT = 1e-10  # relative; measured 1.4e-12 (KL), 4e-14 (others)
LOG_ANSWERS = np.log(core.ANSWER_COUNT)

betas = st.one_of(
    st.sampled_from([0.01, 1000.0]),
    st.floats(np.log(0.01), np.log(1000.0)).map(np.exp),
)
counts = st.one_of(
    st.sampled_from([1.0, 49.0, 590.0, 1e6]),
    st.integers(1, 10**6).map(float),
    st.floats(0.0, np.log(1e6)).map(np.exp),  # n need not be whole
)
padding_fractions = st.one_of(st.sampled_from([0.0, 0.2, 1.0]), st.floats(0.0, 1.0))
error_sizes = st.one_of(st.sampled_from([0.0, 2.0]), st.floats(0.0, 3.0))


def beta_arrays(min_size=1, max_size=24):
    return st.lists(betas, min_size=min_size, max_size=max_size).map(np.array)


def switch(b, sigma):
    """Where kl_optimum goes from float32 to float64, from public pieces of the world."""
    proxy = world.proxy_field(b=b, sigma=sigma)
    return np.abs(proxy - np.sum(world.base_density() * proxy)).max()


def centred(values, weights):
    return values - np.sum(weights * values)


@CORE_PROFILE
@given(beta_arrays(), padding_fractions, error_sizes)
def test_kl_optimum_outputs_are_finite_and_within_their_bounds(beta, b, sigma):
    result = core.kl_optimum(beta, b=b, sigma=sigma)
    base = world.base_density()
    proxy = centred(world.proxy_field(b=b, sigma=sigma), base)
    gold = centred(world.gold_field(), base)
    for field in FIELDS:
        assert np.all(np.isfinite(getattr(result, field))), field
    assert np.all(result.kl >= 0)
    # The rarest cell caps the KL (1e-6: float32 rounding).
    assert np.all(result.kl <= -np.log(base.min()) * (1 + 1e-6))
    slack = 1e-6 * max(1.0, proxy.max())
    assert np.all(result.proxy_gain >= -slack)  # tilting toward the proxy never lowers it
    assert np.all(result.proxy_gain <= proxy.max() + slack)
    assert np.all((gold.min() - slack <= result.gold_gain) & (result.gold_gain <= gold.max()))
    for mean in (result.mean_length, result.mean_substance):
        assert np.all(np.abs(mean) <= 6 + 1e-6)


@CORE_PROFILE
@given(st.lists(counts, min_size=1, max_size=24).map(np.array), padding_fractions, error_sizes)
def test_best_of_n_outputs_are_finite_and_within_their_bounds(n, b, sigma):
    result = core.best_of_n(n, b=b, sigma=sigma)
    chances = core.win_probabilities(n, b=b, sigma=sigma)
    scored = core.answers(b=b, sigma=sigma)
    for field in (*FIELDS, "kl_bound"):
        assert np.all(np.isfinite(getattr(result, field))), field
    assert np.all(chances >= 0)
    np.testing.assert_allclose(chances.sum(axis=-1), 1.0, rtol=0, atol=1e-12)
    assert np.all((result.kl >= 0) & (result.kl <= LOG_ANSWERS))
    assert np.all(result.kl <= result.kl_bound + 1e-12)
    top_proxy_gain = scored.proxy.max() - scored.proxy.mean()
    assert np.all((result.proxy_gain >= -1e-12) & (result.proxy_gain <= top_proxy_gain + 1e-12))
    np.testing.assert_allclose(chances @ scored.length, result.mean_length, atol=1e-12)


@CORE_PROFILE
@given(beta_arrays(min_size=2), padding_fractions, error_sizes)
def test_kl_proxy_gain_and_kl_never_fall_as_beta_falls(beta, b, sigma):
    beta = np.sort(beta)[::-1]  # growing pressure
    result = core.kl_optimum(beta, b=b, sigma=sigma)
    for field in ("proxy_gain", "kl"):
        values = getattr(result, field)
        drop = np.maximum.accumulate(values) - values
        assert np.all(drop <= FLOAT32_MONOTONE_SLACK * np.maximum(1.0, np.abs(values))), field


@CORE_PROFILE
@given(st.lists(counts, min_size=2, max_size=24).map(np.array), padding_fractions, error_sizes)
def test_best_of_n_proxy_gain_and_kl_never_fall_as_n_grows(n, b, sigma):
    result = core.best_of_n(np.sort(n), b=b, sigma=sigma)
    for field in ("proxy_gain", "kl"):
        assert np.all(np.diff(getattr(result, field)) >= -1e-12), field


@CORE_PROFILE
@given(beta_arrays(min_size=2, max_size=40), padding_fractions, error_sizes)
def test_kl_optimum_array_call_equals_scalar_calls(beta, b, sigma):
    together = core.kl_optimum(beta, b=b, sigma=sigma)
    float32_path = beta < switch(b, sigma)
    for index, one_beta in enumerate(beta):
        alone = core.kl_optimum(float(one_beta), b=b, sigma=sigma)
        for field in FIELDS:
            got, expected = getattr(together, field)[index], getattr(alone, field)
            assert isinstance(expected, float)
            if float32_path[index]:
                scale = FLOAT32_AGREEMENT["kl" if field == "kl" else "others"]
                assert abs(got - expected) <= scale * max(1.0, abs(expected)), field
            else:
                assert abs(got - expected) <= FLOAT64_AGREEMENT * abs(expected), field


@CORE_PROFILE
@given(st.lists(counts, min_size=2, max_size=40).map(np.array), padding_fractions, error_sizes)
def test_best_of_n_array_call_equals_scalar_calls(n, b, sigma):
    together = core.best_of_n(n, b=b, sigma=sigma)
    chances = core.win_probabilities(n, b=b, sigma=sigma)
    for index, one_n in enumerate(n):
        alone = core.best_of_n(float(one_n), b=b, sigma=sigma)
        for field in (*FIELDS, "kl_bound"):
            got, expected = getattr(together, field)[index], getattr(alone, field)
            assert isinstance(expected, float)
            assert abs(got - expected) <= 1e-12 * max(1.0, abs(expected)), field
        np.testing.assert_allclose(
            chances[index], core.win_probabilities(one_n, b=b, sigma=sigma), atol=1e-15
        )


@CORE_PROFILE
@given(
    arrays(np.float64, array_shapes(min_dims=0, max_dims=2, max_side=4), elements=betas),
    arrays(np.float64, array_shapes(min_dims=0, max_dims=2, max_side=4), elements=counts),
)
def test_shapes_are_preserved(beta, n):
    kl_result = core.kl_optimum(beta, b=0.3, sigma=0.5)
    best_result = core.best_of_n(n, b=0.3, sigma=0.5)
    for result, given_array, fields in (
        (kl_result, beta, FIELDS),
        (best_result, n, (*FIELDS, "kl_bound")),
    ):
        for field in fields:
            value = getattr(result, field)
            if given_array.ndim == 0:
                assert isinstance(value, float), field
            else:
                assert value.shape == given_array.shape, field
    assert core.win_probabilities(n).shape == n.shape + (core.ANSWER_COUNT,)


@CORE_PROFILE
@given(beta_arrays(), st.lists(counts, min_size=1, max_size=24).map(np.array))
def test_when_the_proxy_is_gold_gold_only_rises(beta, n):
    """b = 1, sigma = 0: the reward model learned the whole penalty, so no overoptimization."""
    for result in (core.kl_optimum(np.sort(beta)[::-1], b=1.0), core.best_of_n(np.sort(n), b=1.0)):
        np.testing.assert_allclose(result.gold_gain, result.proxy_gain, rtol=1e-12, atol=1e-12)
        drop = np.maximum.accumulate(result.gold_gain) - result.gold_gain
        assert np.all(drop <= FLOAT32_MONOTONE_SLACK * np.maximum(1.0, result.gold_gain))


@CORE_PROFILE
@given(
    st.floats(-1e6, 1e6),
    st.floats(-1e6, 1e6),
    padding_fractions,
    error_sizes,
)
def test_scores_are_finite_everywhere(length, substance, b, sigma):
    assert np.isfinite(core.error_field(length, substance))
    assert abs(core.error_field(length, substance)) < 50  # at most √(2·256) before scaling
    proxy = core.proxy(length, substance, b=b, sigma=sigma)
    assert np.isfinite(proxy)
    assert np.isfinite(core.gold(length, substance))


@CORE_PROFILE
@given(betas, padding_fractions, error_sizes)
def test_kl_cloud_is_finite_on_the_whole_range(beta, b, sigma):
    cloud = core.kl_cloud(beta, b=b, sigma=sigma)
    assert np.all(np.isfinite(cloud.length)) and np.all(np.isfinite(cloud.substance))
    assert np.all(np.abs(np.concatenate([cloud.length, cloud.substance])) <= 6.025)


@CORE_PROFILE
@given(st.integers(1, core.CLOUD_MAX_N), padding_fractions, error_sizes)
def test_best_of_n_cloud_is_finite_on_the_whole_range(n, b, sigma):
    cloud = core.best_of_n_cloud(n, b=b, sigma=sigma)
    assert cloud.length.shape == cloud.substance.shape == (core.CLOUD_SIZE,)
    assert np.all(np.isfinite(cloud.length)) and np.all(np.isfinite(cloud.substance))
