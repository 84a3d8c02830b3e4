"""The KL penalty page's computed words: the curves chart's description and the edge caption
over the b and σ sliders (each a 200-β solve past the edge with its edge check, ~0.3 s: a fixed
random sample of 40 of the 441 (b, σ) and the corners; the curves' words at all 441, marked
slow), and the heat map's description at a fixed random sample of 300 of the 20 × 441
(β, b, σ); each checked against core, computed here. The words read a peak or a trend only
from points that pass core's edge check (before the curve's first capped point); two settings
where they did not are named cases, checked against a direct solve on a ±12 grid."""

from __future__ import annotations

import random

import numpy as np
import pytest

import core
from common import format as fmt
from ui import compute
from ui.kl_penalty import text as kl_penalty_text
from ui.kl_penalty.compute import edge_reading
from ui.settings import B_STOPS, BETA_STOPS, SIGMA_STOPS

WALKED = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
SAMPLE = sorted(random.Random(28).sample(WALKED, 40))
SAMPLE += [(0.0, 0.0), (0.0, 2.0), (1.0, 0.0), (1.0, 2.0), (0.2, 1.0), (0.1, 0.0)]
PAST_EDGE = compute.BETA_CURVE_PAST_EDGE  # the chart's β, 10 down to 0.1
LOWEST = min(BETA_STOPS)


def clear_stretch(b: float, sigma: float, result) -> int:
    """How many points of the curve past the edge come before the first one core's edge check
    caps (all of them if none is), checked gentle to strong in blocks of 16 β and stopped at
    the first block that holds a capped point: the rest of the curve is not read by the words."""
    for start in range(0, PAST_EDGE.size, 16):
        block = slice(start, start + 16)
        part = core.KLResult(*(np.asarray(field)[block] for field in vars(result).values()))
        capped = np.asarray(core.edge_check(PAST_EDGE[block], b=b, sigma=sigma, result=part).capped)
        if capped.any():
            return start + int(np.argmax(capped))
    return PAST_EDGE.size


def expected_words(b: float, sigma: float) -> tuple[str, int, int, np.ndarray]:
    """What the curves' words must say at (b, σ), from core here: (the words, the stretch's
    length, the index of the point they name, the curve's true quality)."""
    result = core.kl_optimum(PAST_EDGE, b=b, sigma=sigma)
    assert np.all(np.diff(result.kl) > 0) and np.all(np.diff(result.proxy_gain) > 0)
    points = clear_stretch(b, sigma, result)
    curve_gold = np.asarray(result.gold_gain)
    gold = curve_gold[:points]
    top = int(np.argmax(gold))
    last = fmt.significant(float(PAST_EDGE[points - 1]), digits=2)
    end = (
        f"β = {last}"
        if points == PAST_EDGE.size
        else f"β ≈ {last}, where the grid's edge takes over"
    )
    near = fmt.significant(float(PAST_EDGE[top]), digits=2)
    if top == points - 1:
        return f"true quality's rises the whole way down to {end}", points, top, curve_gold
    if gold[top] - gold[-1] > 0.01:
        assert top > 0  # it rises first
        return f"true quality's rises, peaks near β ≈ {near} and falls", points, top, curve_gold
    stays = f"rises to its highest by β ≈ {near} and stays there down to {end}"
    return f"true quality's {stays}", points, top, curve_gold


@pytest.mark.parametrize(("b", "sigma"), SAMPLE)
def test_the_curves_description_says_what_true_quality_does(b, sigma):
    words = kl_penalty_text.curves_description(compute.kl_curve(b, sigma, past_edge=True))
    phrase, *_ = expected_words(b, sigma)
    assert f", {phrase}. The table" in words, (words, phrase)
    if (b, sigma) == (0.0, 0.0):
        assert "peaks near β ≈ 1 and falls" in words


@pytest.mark.slow
def test_the_curves_words_read_only_points_that_pass_the_edge_check_at_every_b_and_sigma():
    """All 441 (b, σ): the words name a peak or an end only from the points before the first
    one core's edge check caps. (The old words took the argmax down to β = 0.1, on capped
    points at 395 of the 441.) The words are asked of the pure function with core's arrays,
    the flags known up to the first capped point (the rest marked capped: the words never
    read past it); the page's own curve is checked at the sample above."""
    wrong = []
    for b, sigma in WALKED:
        phrase, points, top, gold = expected_words(b, sigma)
        capped = np.arange(PAST_EDGE.size) >= points
        words = kl_penalty_text.curves_words(PAST_EDGE, gold, capped)
        if words != phrase or capped[top]:
            wrong.append((b, sigma, words, phrase))
    assert not wrong, wrong[:5]


@pytest.mark.parametrize(
    ("b", "sigma", "old", "new"),
    [
        # 100% of π_β at the edge at β = 0.1; the clear stretch ends at β ≈ 0.32
        (0.15, 0.5, "rises the whole way down to β = 0.1", "peaks near β ≈ 0.62 and falls"),
        # the old peak sat on points with 52-93% at the edge
        (0.1, 0.7, "peaks near β ≈ 0.16", "peaks near β ≈ 0.78 and falls"),
    ],
)
def test_the_old_capped_readings_are_gone(b, sigma, old, new):
    from tests.core.wide_grid import passes

    words = kl_penalty_text.curves_description(compute.kl_curve(b, sigma, past_edge=True))
    assert old not in words and new in words, words
    result = core.kl_optimum(PAST_EDGE, b=b, sigma=sigma)
    gold, edge = np.asarray(result.gold_gain), np.asarray(result.edge_mass)
    _, points, top, _ = expected_words(b, sigma)
    # The named peak and every point down to the stretch's end pass a direct ±12 solve; the
    # next point, where the grid's edge takes over, does not.
    for index in [top, *range(points - 3, points)]:
        assert passes(PAST_EDGE[index], b, sigma, gold[index], edge[index]), PAST_EDGE[index]
    assert not passes(PAST_EDGE[points], b, sigma, gold[points], edge[points])


@pytest.mark.parametrize(("b", "sigma"), SAMPLE)
def test_the_edge_caption_says_where_the_capped_stretch_begins(b, sigma):
    caption = kl_penalty_text.edge_caption(edge_reading(b, sigma))
    capped = np.asarray(core.edge_check(PAST_EDGE, b=b, sigma=sigma).capped)
    setting = f"at {fmt.named('b', b)}, {fmt.named('σ', sigma)} "
    if not capped.any():
        assert caption.endswith(f"{setting}that never happens down to β = 0.1."), caption
        return
    start = float(PAST_EDGE[capped].max())
    # "from β ≈ X down": every point of the curve from there on is capped.
    first = int(np.flatnonzero(capped)[0])
    assert capped[first:].all(), (b, sigma)
    assert f"{setting}from β ≈ {fmt.significant(start, digits=2)} down, " in caption
    where = "inside the slider's range" if start >= LOWEST else "beyond the slider"
    assert where in caption
    at_lowest = float(core.kl_optimum(LOWEST, b=b, sigma=sigma).edge_mass)
    assert f"(at its last stop, β = 0.25, {round(100 * at_lowest)}% of the optimum" in caption


HEAT_SAMPLE = sorted(
    random.Random(31).sample([(beta, b, s) for beta in BETA_STOPS for b, s in WALKED], 300)
)


@pytest.mark.slow
def test_the_heat_maps_description_is_cores_optimum():
    for beta, b, sigma in HEAT_SAMPLE:
        point = core.kl_optimum(beta, b=b, sigma=sigma)
        words = kl_penalty_text.heatmap_description(
            fmt.named("β", beta), compute.kl_point(beta, b, sigma)
        )
        assert words == (
            f"π* at β = {beta:g} is a cloud centred near length "
            f"{fmt.signed(float(point.mean_length))}; KL {float(point.kl):.2f} nats from π_ref, "
            f"true quality gain {fmt.signed(float(point.gold_gain))}, reward model gain "
            f"{fmt.signed(float(point.proxy_gain))}."
        )
