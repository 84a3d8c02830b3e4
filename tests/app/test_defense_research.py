"""The Defenses page's research sentences (ui.defenses.research_text), at every slider stop,
against core computed here."""

import numpy as np
import pytest

import core
from ui.defenses import research_text
from ui.settings import N_STOPS, SIGMA_STOPS

STRONGEST_N = max(N_STOPS)


@pytest.mark.parametrize("sigma", SIGMA_STOPS)
def test_noise_alone_sentence_at_every_sigma_stop(sigma):
    gold = core.answers().gold
    variance = float(np.mean((gold - gold.mean()) ** 2))
    noisy = core.noisy_best_of_n(STRONGEST_N, sigma=sigma)
    clean = core.noisy_best_of_n(STRONGEST_N, sigma=0.0)
    sentence = research_text.noise_alone_sentence(
        sigma, noisy_gain=noisy, clean_gain=clean, gold_variance=variance, n=STRONGEST_N
    )
    assert "n = 10,000" in sentence
    assert f"{clean:+.2f}" in sentence
    assert "never" in sentence
    if sigma > 0:
        assert f"σ = {sigma:g}" in sentence
        assert f"{noisy:+.2f}" in sentence
        assert f"{variance / (variance + sigma * sigma):.2f} of a point" in sentence
        assert f"Var = {variance:.2f}" in sentence
        assert noisy <= clean  # what the sentence says: noise shrinks the gain
    # and noise alone never turns best-of-n down: the gain rises over every n stop
    assert np.all(np.diff(core.noisy_best_of_n(np.array(N_STOPS, float), sigma=sigma)) >= -1e-6)


HEDGE_M = (10, 30, 100, 300, 1000)  # the page's m values (ui.defenses.compute.HEDGE_M)
# A fixed sample of the 441 (b, σ) stops: the lesson's, the page's opening, the b = 0.2 fix,
# and a spread of the rest.
HEDGE_SETTINGS = [(0.0, 0.0), (0.0, 0.5), (0.2, 0.0), (0.1, 1.0), (0.5, 0.3), (1.0, 2.0)]


def test_page_uses_these_m_values():
    from ui.defenses import compute as defense_compute

    assert defense_compute.HEDGE_M == HEDGE_M


@pytest.mark.parametrize(("b", "sigma"), HEDGE_SETTINGS)
def test_hedge_tune_sentence_at_a_sample_of_stops(b, sigma):
    estimates = core.hedge_tune_trials(np.array(HEDGE_M, float), b=b, sigma=sigma, trials=200)
    peak = core.true_peak(b=b, sigma=sigma)
    sentence = research_text.hedge_tune_sentence(peak, estimates, m_values=HEDGE_M)
    for row, m in zip(estimates, HEDGE_M, strict=True):
        inside = sum(peak / 2 <= value <= 2 * peak for value in row)
        assert f"{round(100 * inside / len(row))}% at m = {m:,}" in sentence
    assert f"median is n = {round(float(np.median(estimates[-1]))):,}" in sentence
    if peak >= 10_000:
        assert "never turns down before n = 10,000" in sentence
    else:
        assert f"peaks at n = {round(peak):,}" in sentence


def test_hedge_tune_on_the_lessons_draw():
    """The lesson's draw peaks at n = 49, and HedgeTune from 1,000 checks lands near it more
    often than from 10 (which see too little of the top to find any turn)."""
    estimates = core.hedge_tune_trials(np.array(HEDGE_M, float), trials=200)
    sentence = research_text.hedge_tune_sentence(core.true_peak(), estimates, m_values=HEDGE_M)
    assert "peaks at n = 49" in sentence
    assert "0% at m = 10," in sentence
