"""The moving sample clouds: fixed draws, so points glide as β or n moves."""

import numpy as np
import pytest

import core

SETTINGS = [(0.0, 0.0), (0.2, 0.0), (0.3, 0.7), (1.0, 2.0)]
CLOUD_NS = [1, 2, 5, 49, 590, 10_000]
GRID_EDGE = 6 + 0.025  # the outer edge of the grid's last cell


def points(cloud):
    return np.column_stack([cloud.length, cloud.substance])


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
@pytest.mark.parametrize("beta", [0.01, 0.3, 1.0, 4.0, 1e3])
def test_kl_cloud_is_cloud_size_finite_points_on_the_grid(beta, b, sigma):
    cloud = core.kl_cloud(beta, b=b, sigma=sigma)
    assert points(cloud).shape == (core.CLOUD_SIZE, 2)
    assert np.all(np.isfinite(points(cloud)))
    assert np.all(np.abs(points(cloud)) <= GRID_EDGE)


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
@pytest.mark.parametrize("n", CLOUD_NS)
def test_best_of_n_cloud_is_cloud_size_answers(n, b, sigma):
    cloud = core.best_of_n_cloud(n, b=b, sigma=sigma)
    scored = core.answers()
    answer_points = {(x, y) for x, y in zip(scored.length, scored.substance, strict=True)}
    assert points(cloud).shape == (core.CLOUD_SIZE, 2)
    assert all((x, y) in answer_points for x, y in points(cloud))


@pytest.mark.parametrize(
    "make_cloud",
    [
        lambda: core.kl_cloud(0.7, b=0.3, sigma=0.7),
        lambda: core.best_of_n_cloud(49, b=0.3, sigma=0.7),
    ],
    ids=["kl", "best_of_n"],
)
def test_same_inputs_give_identical_points(make_cloud):
    first = points(make_cloud())
    core.kl_cloud(2.0)  # other calls in between change nothing
    core.best_of_n_cloud(7, b=0.9)
    np.testing.assert_array_equal(points(make_cloud()), first)


@pytest.mark.parametrize("beta", np.geomspace(0.3, 10, 12))
def test_kl_cloud_glides_as_beta_moves_by_one_percent(beta):
    before, after = points(core.kl_cloud(beta)), points(core.kl_cloud(beta * 1.01))
    assert np.hypot(*(after - before).T).max() < 0.1
    assert np.any(after != before)  # it does move


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
@pytest.mark.parametrize("beta", [0.24, 0.27, 0.37, 1.0, 3.0])
def test_kl_cloud_moves_continuously_with_beta(beta, b, sigma):
    """No jumps: a change of β by a millionth moves every point by about a millionth of
    the policy's scale (with sigma > 0 a point may cross a low-density gap quickly, but
    never teleports)."""
    before = points(core.kl_cloud(beta, b=b, sigma=sigma))
    after = points(core.kl_cloud(beta * (1 + 1e-6), b=b, sigma=sigma))
    assert np.hypot(*(after - before).T).max() < 1e-3


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_kl_cloud_moves_continuously_with_b_and_sigma(b, sigma):
    nudged_b = b + 1e-6 if b < 1 else b - 1e-6
    before = points(core.kl_cloud(1.0, b=b, sigma=sigma))
    after = points(core.kl_cloud(1.0, b=nudged_b, sigma=sigma + 1e-6))
    assert np.hypot(*(after - before).T).max() < 1e-3


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
@pytest.mark.parametrize("beta", [0.5, 1.0, 2.0, 4.0])
def test_kl_cloud_centre_is_near_the_policys_mean(beta, b, sigma):
    # 48 independent draws would miss by ~1/√48 = 0.14 per axis; the evenly spread draws
    # do better, so 0.1 catches a cloud drawn from the wrong distribution.
    cloud = core.kl_cloud(beta, b=b, sigma=sigma)
    exact = core.kl_optimum(beta, b=b, sigma=sigma)
    assert cloud.length.mean() == pytest.approx(exact.mean_length, abs=0.1)
    assert cloud.substance.mean() == pytest.approx(exact.mean_substance, abs=0.1)


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_kl_cloud_spread_follows_the_policy(b, sigma):
    """At gentle pressure the cloud has the base model's spread; at strong pressure it
    gathers where the proxy is highest."""
    gentle = core.kl_cloud(100.0, b=b, sigma=sigma)
    strong = core.kl_cloud(0.05, b=b, sigma=sigma)
    assert gentle.length.std() == pytest.approx(1.0, abs=0.15)
    assert strong.length.std() + strong.substance.std() < gentle.length.std()


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_best_of_n_winners_only_move_up_in_proxy(b, sigma):
    scored = core.answers(b=b, sigma=sigma)
    proxy_of = {
        (x, y): p for x, y, p in zip(scored.length, scored.substance, scored.proxy, strict=True)
    }
    winners_proxy = np.array(
        [
            [proxy_of[(x, y)] for x, y in points(core.best_of_n_cloud(n, b=b, sigma=sigma))]
            for n in CLOUD_NS
        ]
    )  # (len(CLOUD_NS), CLOUD_SIZE): every trial's winner at each n
    assert np.all(np.diff(winners_proxy, axis=0) >= 0)
    assert np.any(np.diff(winners_proxy, axis=0) > 0)


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_best_of_n_cloud_at_the_largest_n_is_the_proxys_favourite(b, sigma):
    # Each trial has drawn 10,000 of 600 answers; missing the top one has chance e^-16.7.
    scored = core.answers(b=b, sigma=sigma)
    top = np.argmax(scored.proxy)
    cloud = core.best_of_n_cloud(core.CLOUD_MAX_N, b=b, sigma=sigma)
    assert np.all(cloud.length == scored.length[top])
    assert np.all(cloud.substance == scored.substance[top])


@pytest.mark.parametrize("n", [2, 49, 590])
def test_best_of_n_cloud_is_a_sample_of_best_of_n(n):
    """The cloud's mean length is within 4 standard errors of the exact mean."""
    chances = core.win_probabilities(n)
    length = core.answers().length
    mean = chances @ length
    spread = np.sqrt(chances @ (length - mean) ** 2)
    cloud = core.best_of_n_cloud(n)
    assert abs(cloud.length.mean() - mean) <= 4 * spread / np.sqrt(core.CLOUD_SIZE)
    assert mean == pytest.approx(core.best_of_n(n).mean_length, abs=1e-12)


@pytest.mark.parametrize(("b", "sigma"), SETTINGS)
def test_a_whole_slider_of_stops_in_one_call_equals_each_stop_alone(b, sigma):
    betas = np.array([10.0, 4.0, 1.0, 0.6, 0.3, 0.25])
    counts = np.array([1, 2, 49, 590, 10_000])
    for many, single, stops in (
        (core.kl_cloud(betas, b=b, sigma=sigma), core.kl_cloud, betas),
        (core.best_of_n_cloud(counts, b=b, sigma=sigma), core.best_of_n_cloud, counts),
    ):
        assert many.length.shape == many.substance.shape == (stops.size, core.CLOUD_SIZE)
        for index, stop in enumerate(stops):
            alone = single(stop.item(), b=b, sigma=sigma)
            np.testing.assert_array_equal(many.length[index], alone.length)
            np.testing.assert_array_equal(many.substance[index], alone.substance)


def test_the_best_of_n_winner_is_the_first_best_of_its_stream():
    """Against a plain loop: trial k's winner at n is the argmax of its first n draws."""
    draws = np.random.default_rng([1952, 1])  # the cloud's documented seed and stream
    streams = draws.integers(0, 600, (core.CLOUD_SIZE, 10_000), dtype=np.int16)
    proxy = core.answers(b=0.3, sigma=0.7).proxy
    scored = core.answers()
    for n in (1, 7, 590):
        winners = [stream[np.argmax(proxy[stream[:n]])] for stream in streams]
        cloud = core.best_of_n_cloud(n, b=0.3, sigma=0.7)
        np.testing.assert_array_equal(cloud.length, scored.length[winners])
