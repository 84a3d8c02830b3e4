"""The peak among the stops clear of the grid's edge: one rule, read along the last axis."""

import numpy as np
import pytest

import core

CAPPED = core.EDGE_CAPPED_MASS
# The β and n sliders' stops (ui/settings.py), strongest last
BETA_STOPS = (10, 8, 6, 5, 4, 3, 2.5, 2, 1.6, 1.3, 1, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3)
BETA_STOPS += (0.25,)
N_STOPS = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 40, 49, 60, 80, 100, 150, 200, 300, 400, 590, 800)
N_STOPS += (1000, 1500, 2000, 3000, 5000, 7000, 10000)


def test_a_capped_stop_is_never_the_peak_even_where_its_gold_is_highest():
    gold = np.array([0.1, 0.5, 0.3, 9.0])
    edge = np.array([0.0, 0.01, 0.02, CAPPED])  # exactly 5% is capped
    assert core.peak_among_uncapped(gold, edge_mass=edge) == 1
    assert core.peak_among_uncapped(gold) == 3  # no edge (best-of-n): the highest
    assert core.strongest_uncapped(np.array([1.0, 0.5, 0.3, 0.25]), edge_mass=edge) == 2


def test_where_every_stop_is_capped_every_one_is_kept():
    edge = np.full(3, 0.2)
    assert core.uncapped_stops(edge).all()
    assert core.peak_among_uncapped([1.0, 3.0, 2.0], edge_mass=edge) == 1
    assert core.strongest_uncapped([1.0, 0.5, 0.3], edge_mass=edge) == 2


def test_searched_limits_the_stops_and_ties_go_to_the_larger_tie_break():
    gold = np.array([2.0, 2.0, 1.0, 5.0])
    searched = np.array([True, True, True, False])
    assert core.peak_among_uncapped(gold, searched=searched) == 0
    proxy = np.array([1.0, 3.0, 9.0, 9.0])
    assert core.peak_among_uncapped(gold, searched=searched, tie_break=proxy) == 1


def test_a_table_of_curves_is_one_call_and_agrees_with_each_row():
    rng = np.random.default_rng(3)
    gold, edge = rng.normal(size=(5, 7)), rng.uniform(0, 0.1, size=(5, 7))
    edge[2] = 0.5  # a row with every stop capped
    peaks = core.peak_among_uncapped(gold, edge_mass=edge)
    assert peaks.shape == (5,)
    rows = zip(gold, edge, strict=True)
    assert list(peaks) == [core.peak_among_uncapped(g, edge_mass=e) for g, e in rows]
    betas = np.geomspace(1, 0.25, 7)
    strongest = core.strongest_uncapped(betas, edge_mass=edge)
    assert list(strongest) == [core.strongest_uncapped(betas, edge_mass=e) for e in edge]


@pytest.mark.parametrize("sigma", [0.0, 0.5, 1.0])
def test_the_defenses_kl_stops_the_slack_and_the_curve_agree_on_the_peak(sigma):
    # docs/design.md §16: edge masses at β = 0.25 are 8.4% / 8.8% / 17.2% at σ = 0 / 0.5 / 1,
    # so the strongest uncapped stop is β = 0.3 at each, and the KL curve's peak is clear too.
    betas = np.array(BETA_STOPS, dtype=float)
    kl = core.kl_optimum(betas, sigma=sigma, exact=True)
    assert betas[core.strongest_uncapped(betas, edge_mass=kl.edge_mass)] == 0.3
    slack = core.slack(beta_stops=betas, n_stops=np.array(N_STOPS, float), sigma=sigma)
    peak = betas[core.peak_among_uncapped(kl.gold_gain, edge_mass=kl.edge_mass)]
    assert slack.kl.peak_pressure == peak and slack.kl.strongest_pressure == 0.3
    assert slack.kl.left_out == 1
    curve = core.kl_curve(betas, sigma=sigma)
    assert curve.peak_pressure == peak


def test_a_peak_at_the_strongest_point_looked_at_is_the_curves_end():
    rising = np.array([1.0, 10.0, 100.0])  # n, gentle to strong
    assert core.peak_at_end(rising, 100.0)
    assert not core.peak_at_end(rising, 10.0)
    # β falling; the last point is capped by the grid's edge, so the end looked at is β = 0.3.
    betas, edge = np.array([1.0, 0.3, 0.25]), np.array([0.0, 0.02, 0.08])
    assert core.peak_at_end(betas, 0.3, edge_mass=edge)
    assert not core.peak_at_end(betas, 1.0, edge_mass=edge)
    # Only the searched points count: a peak at the last searched one is the end.
    assert core.peak_at_end(rising, 10.0, searched=np.array([True, True, False]))


def test_the_edge_checks_flags_decide_where_given_whatever_the_edge_mass():
    """core.edge_check's ``capped`` (e.g. 3% at the edge but +0.29 against +3.82 on a ±12 grid)
    overrides the 5% rule; without it the 5% rule stands."""
    gold = np.array([1.0, 2.0, 3.0, 5.0])
    edge = np.array([0.0, 0.001, 0.033, 0.08])
    capped = np.array([False, False, True, True])
    assert core.peak_among_uncapped(gold, edge_mass=edge) == 2  # the 5% rule alone
    assert core.peak_among_uncapped(gold, edge_mass=edge, capped=capped) == 1
    assert core.peak_among_uncapped(gold, capped=capped) == 1
    betas = np.array([1.0, 0.4, 0.3, 0.25])
    assert core.strongest_uncapped(betas, edge_mass=edge) == 2
    assert core.strongest_uncapped(betas, capped=capped) == 1
    assert not core.peak_at_end(betas, 0.3, capped=capped)
    assert core.peak_at_end(betas, 0.4, capped=capped)
    np.testing.assert_array_equal(core.uncapped_stops(capped=capped), ~capped)
    # Every stop capped: every one is kept, as with the edge mass.
    assert core.uncapped_stops(capped=np.ones(3, dtype=bool)).all()
    many = np.tile(capped, (3, 1))
    np.testing.assert_array_equal(core.peak_among_uncapped(np.tile(gold, (3, 1)), capped=many), 1)


def test_the_kl_curves_peak_skips_what_only_the_edge_check_caps():
    """At b = 0.15, σ = 0.5 the 5% rule read the β stops' peak at 0.3 (1.3% at the edge;
    true quality +1.36, +1.55 on a ±12 grid): the edge check caps it, and the peak is 0.6. Over
    the sliders, the two rules' peaks differ at 254 of the 441 (b, σ)."""
    betas = np.array([1.0, 0.8, 0.7, 0.6, 0.5, 0.45, 0.4, 0.35, 0.3, 0.25])
    curve = core.kl_curve(betas, b=0.15, sigma=0.5)
    check = core.edge_check(betas, b=0.15, sigma=0.5)
    assert betas[core.peak_among_uncapped(curve.gold_gain, edge_mass=curve.edge_mass)] == 0.3
    assert curve.peak_pressure == 0.6
    clear = ~np.asarray(check.capped)
    assert curve.peak_pressure == betas[np.argmax(np.where(clear, curve.gold_gain, -np.inf))]
