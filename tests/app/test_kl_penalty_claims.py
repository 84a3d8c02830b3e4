"""The KL penalty page's computed words: the curves chart's description and the edge caption
over the b and σ sliders (each a 200-β solve past the edge, ~0.3 s: a fixed random sample of 40
of the 441 (b, σ) and the corners), and the heat map's description at a fixed random sample of
300 of the 20 × 441 (β, b, σ); each checked against core, computed here."""

from __future__ import annotations

import random

import numpy as np
import pytest

import core
from common import format as fmt
from ui import compute
from ui.kl_penalty import text as kl_penalty_text
from ui.settings import B_STOPS, BETA_STOPS, SIGMA_STOPS

WALKED = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
SAMPLE = sorted(random.Random(28).sample(WALKED, 40))
SAMPLE += [(0.0, 0.0), (0.0, 2.0), (1.0, 0.0), (1.0, 2.0), (0.2, 1.0), (0.1, 0.0)]
PAST_EDGE = compute.BETA_CURVE_PAST_EDGE  # the chart's β, 10 down to 0.1
LOWEST = min(BETA_STOPS)


@pytest.mark.parametrize(("b", "sigma"), SAMPLE)
def test_the_curves_description_says_what_true_quality_does(b, sigma):
    result = core.kl_optimum(PAST_EDGE, b=b, sigma=sigma)
    gold = np.asarray(result.gold_gain)
    words = kl_penalty_text.curves_description(compute.kl_curve(b, sigma, past_edge=True))
    assert np.all(np.diff(result.kl) > 0) and np.all(np.diff(result.proxy_gain) > 0)
    top = int(np.argmax(gold))
    near = fmt.significant(float(PAST_EDGE[top]), digits=2)
    if top == len(gold) - 1:
        assert "true quality's rises the whole way down to β = 0.1." in words, words
    elif gold[top] - gold[-1] > 0.01:
        assert f"true quality's rises, peaks near β ≈ {near} and falls." in words, words
        assert top > 0  # it rises first
    else:
        assert f"rises to its highest by β ≈ {near} and stays there" in words, words
    if (b, sigma) == (0.0, 0.0):
        assert "peaks near β ≈ 1 and falls" in words


@pytest.mark.parametrize(("b", "sigma"), SAMPLE)
def test_the_edge_caption_says_where_the_capped_stretch_begins(b, sigma):
    caption = kl_penalty_text.edge_caption(b, sigma)
    masses = np.asarray(core.kl_optimum(PAST_EDGE, b=b, sigma=sigma).edge_mass)
    capped = masses >= core.EDGE_CAPPED_MASS
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
