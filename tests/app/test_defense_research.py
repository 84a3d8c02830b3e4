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
