"""The Best-of-n page's research block at its stops (ui/best_of_n/compute.py, research.py, text.py):
Best-of-Poisson, soft best-of-n and the KL optimum over the same 600 at every n stop for a
fixed sample of (b, σ[, seed]), and the noise-alone sentence at every σ stop (n = 49) and a
fixed sample of (n, σ); every printed number checked against core, called here vectorized."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import core
from core.regression import noisy_best_of_n
from ui.best_of_n import compute
from ui.best_of_n import text as best_of_n_text
from ui.settings import B_STOPS, N_STOPS, SETTINGS, SIGMA_STOPS

END = int(SETTINGS["n"].high)
SETTINGS_BS = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
# (b, σ, seed): the lesson's set at the story's settings, then a fixed random sample, two fresh.
SAMPLED = (
    [(0.0, 0.0, None), (0.2, 0.0, None), (0.0, 1.0, None), (1.0, 2.0, None)]
    + [(b, sigma, None) for b, sigma in random.Random(39).sample(SETTINGS_BS, 3)]
    + [(0.2, 1.0, 7), (0.0, 0.5, 123)]
)
NOISE_SAMPLE = sorted(random.Random(40).sample([(n, s) for n in N_STOPS for s in SIGMA_STOPS], 30))
RULE = re.compile(r"KL (\S+) nats, score (\S+), true quality (\S+?)[;,.]? ")


def printed_as(text: str, value: float) -> bool:
    """``text`` is ``value`` as printed: within half a unit of its last decimal."""
    decimals = len(text.split(".")[1]) if "." in text else 0
    return abs(float(text.replace(",", "")) - value) <= 0.5 * 10.0**-decimals + 1e-9


@pytest.mark.parametrize(("b", "sigma", "seed"), SAMPLED)
def test_three_rules_beside_the_optimum_at_every_n(b, sigma, seed):
    counts = np.array(N_STOPS, dtype=float)
    best = core.best_of_n(counts, b=b, sigma=sigma, seed=seed)
    poisson = core.best_of_poisson(counts - 1.0, b=b, sigma=sigma, seed=seed)
    soft = core.soft_best_of_n(counts, lam=compute.SOFT_LAMBDA, b=b, sigma=sigma, seed=seed)
    for index, n in enumerate(N_STOPS):
        chosen = compute.selections_of(n, b, sigma, seed)
        words = best_of_n_text.selections_words(chosen)
        assert "Khalaf et al., 2025" in words and "Verdun et al., 2025" in words
        if n == 1:
            assert "KL 0" in words and best.kl[0] == 0 and poisson.kl[0] < 1e-12
            continue
        said = RULE.findall(words + " ")
        assert len(said) == 3, words
        for numbers, rule in zip(said, (best, poisson, soft), strict=True):
            for text, field in zip(
                numbers, (rule.kl, rule.proxy_gain, rule.gold_gain), strict=True
            ):
                assert printed_as(text, float(field[index])), (n, b, sigma, text, words)
        # The optimum at best-of-n's KL has that KL and scores at least as much (it is the max).
        assert abs(chosen.tilt.kl - best.kl[index]) < 1e-6
        assert chosen.tilt.proxy_gain >= best.proxy_gain[index] - 1e-9
        assert abs(chosen.poisson_tilt.kl - poisson.kl[index]) < 1e-6
        assert chosen.poisson_tilt.proxy_gain >= poisson.proxy_gain[index] - 1e-9
        gap = round(chosen.tilt.proxy_gain - best.proxy_gain[index], 2)
        expected = "best-of-n matches it" if gap <= 0 else f"best-of-n falls {gap:.2f} short"
        assert expected in words, (n, words)
        assert f"μ = {n - 1}" in words, words


def test_soft_best_of_n_sits_between_one_draw_and_best_of_n_and_heads_for_the_tilt():
    """What the words say of soft best-of-n, checked at the lesson's set: λ → 0 is best-of-n,
    and its gains at n = 10,000 are the tilt's at β = λ (within 0.01, as printed)."""
    counts = np.array(N_STOPS, dtype=float)
    sharp = core.soft_best_of_n(counts, lam=1e-3)
    np.testing.assert_allclose(sharp.gold_gain, core.best_of_n(counts).gold_gain, atol=0.005)
    far = core.soft_best_of_n(1e7, lam=compute.SOFT_LAMBDA)
    tilt = core.answer_tilt(compute.SOFT_LAMBDA)
    assert abs(far.gold_gain - tilt.gold_gain) < 0.01


def noise_numbers(words: str) -> list[str]:
    return re.findall(r"[+-−]?\d+\.\d+", words)


@pytest.mark.parametrize(
    ("n", "sigma"), sorted(set([(49, sigma) for sigma in SIGMA_STOPS] + NOISE_SAMPLE))
)
def test_noise_alone_shrinks_but_never_reverses(n, sigma):
    noise = compute.noise_alone_of(n, sigma, None, last_n=END)
    read = compute.noise_alone(n, sigma, None, last_n=END)  # the page's, off the stops' curve
    assert abs(read.gain - noise.gain) < 1e-12 and abs(read.last_gain - noise.last_gain) < 1e-12
    words = best_of_n_text.noise_alone_words(noise)
    gains = noisy_best_of_n(np.array([1.0, n, END], dtype=float), sigma=sigma)
    clean = np.sort(core.answers().gold)
    # Exact best-of-n by true quality itself, written out here: (i/K)ⁿ − ((i−1)/K)ⁿ.
    fraction = np.arange(clean.size + 1) / clean.size
    clean_gain = np.diff(fraction**n) @ clean - clean.mean()
    assert abs(noise.clean_gain - clean_gain) < 1e-9
    # The claims: noise never reverses the gain (it rises with n) and only shrinks it.
    assert gains[2] >= gains[1] - 1e-9 >= gains[0] - 2e-9
    assert noise.gain <= clean_gain + 1e-9
    variance = float(np.var(core.answers().gold))
    factor = variance / (variance + sigma**2)
    if sigma == 0:
        assert words.startswith("At σ = 0 there is no noise")
        said = noise_numbers(words)
        assert printed_as(said[0], clean_gain) and printed_as(said[1], gains[2]), words
        return
    said = noise_numbers(words)
    expected = (gains[1], clean_gain, gains[2], factor, variance)
    assert len(said) >= 5, words
    for text, value in zip(said[-5:], expected, strict=True):
        assert printed_as(text.replace("−", "-"), float(value)), (text, value, words)
    assert "never reverses it" in words
