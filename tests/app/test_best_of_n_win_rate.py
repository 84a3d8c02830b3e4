"""The Best-of-n page's win rate (ui.best_of_n.win_rate): its sentence at every (b, σ) stop and
every n stop, each number against a win rate computed here (best-of-n's order-statistic chances
times a pairwise count over the 600), the peak and the fall below 50% checked at whole n around
them, and over every whole n from 1 to 10,000 on a fixed sample of stops. No AppTest per stop:
the walk calls the pure functions; one AppTest opens the page."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
from test_beyond_pages import open_page

import core
from ui.best_of_n import win_rate
from ui.settings import B_STOPS, N_STOPS, SIGMA_STOPS

SETTINGS_BS = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
WHOLE_N = np.arange(1.0, 10_001.0)
SENTENCE = re.compile(
    r"At n = (?P<n>[\d,]+) best-of-n's pick beats one random answer of the 600 "
    r"(?P<model>[\d.]+)% of the time by the reward model's score \(n/\(n\+1\) = "
    r"(?P<formula>[\d.]+)%\) and (?P<truth>[\d.]+)% by true quality\. By true quality it "
    r"(?:is highest, (?P<peak>[\d.]+)%, at n = (?P<peak_n>[\d,]+)"
    r"|still rises at n = 10,000 \((?P<end>[\d.]+)%\))"
    r"(?:, then falls, below a coin flip \(50%\) from n = (?P<below>[\d,]+) on: the reward "
    r"model says better, the truth says worse than a random answer\."
    r"|, and never falls below a coin flip \(50%\) up to n = 10,000\.)$"
)


def rates_here(counts, b, sigma, seed=None):
    """(reward model, true quality) win rates at ``counts`` (k,): Σ_i p_i(n)·beats_i, p from
    (i/600)ⁿ − ((i−1)/600)ⁿ over the proxy ranking, beats_i the share of the 600 answer i beats
    (ties half) by an all-pairs count."""
    scored = core.answers(b=b, sigma=sigma, seed=seed)
    assert np.unique(scored.proxy).size == 600  # no ties: the plain formula holds
    order = np.argsort(scored.proxy)
    fraction = np.arange(601) / 600
    ranked = fraction[None, 1:] ** counts[:, None] - fraction[None, :-1] ** counts[:, None]
    rates = []
    for score in (scored.proxy, scored.gold):
        beats = (score[:, None] > score[None, :]).mean(axis=1)
        beats += 0.5 * (score[:, None] == score[None, :]).mean(axis=1)
        rates.append(ranked @ beats[order])
    return rates


def number(text: str) -> int:
    return int(text.replace(",", ""))


@pytest.mark.parametrize("b", B_STOPS)
def test_the_sentence_at_every_stop_is_the_win_rate_computed_here(b):
    endings = set()
    for sigma in SIGMA_STOPS:
        curve = win_rate.win_rate_curve_of(b, sigma)
        counts = np.array(N_STOPS, dtype=np.float64)
        by_model, by_truth = rates_here(counts, b, sigma)
        for index, n in enumerate(N_STOPS):
            at_n = core.WinRates(by_model[index], by_truth[index])
            words = win_rate.win_rate_words(n, at_n, curve)
            found = SENTENCE.fullmatch(words)
            assert found, words
            assert number(found["n"]) == n
            assert found["model"] == f"{100 * by_model[index]:.1f}"
            assert found["formula"] == f"{100 * n / (n + 1):.1f}"
            assert found["truth"] == f"{100 * by_truth[index]:.1f}"
        # The peak: at least its whole neighbours and every n stop; the fall: the first whole
        # n past the peak below 50%, and no n stop between the two below it.
        peak_n = 10_000 if found["end"] else number(found["peak_n"])
        around = np.array([max(peak_n - 1, 1), peak_n, min(peak_n + 1, 10_000)], dtype=float)
        gold_around = rates_here(around, b, sigma)[1]
        peak = gold_around[1]
        assert peak >= gold_around.max() - 1e-15 and peak >= by_truth.max() - 1e-15
        assert (found["peak"] or found["end"]) == f"{100 * peak:.1f}"
        if found["below"]:
            below = number(found["below"])
            before, at = rates_here(np.array([below - 1.0, below]), b, sigma)[1]
            assert before >= 0.5 > at and below > peak_n
            between = (counts > peak_n) & (counts < below)
            assert np.all(by_truth[between] >= 0.5)
            endings.add("falls")
        else:
            assert np.all(by_truth[counts > peak_n] >= 0.5)
            endings.add("stays")
    assert endings  # each b's row says something; both kinds show over the walk (below)


def test_both_endings_and_both_peaks_occur_over_the_stops():
    kinds = set()
    for b, sigma in SETTINGS_BS:
        curve = win_rate.win_rate_curve_of(b, sigma)
        kinds.add((curve.peak_n >= 10_000, curve.below_half_from is None))
    assert kinds == {(False, False), (False, True), (True, True)}


@pytest.mark.parametrize(("b", "sigma"), random.Random(39).sample(SETTINGS_BS, 12) + [(0.0, 0.0)])
def test_peak_and_fall_over_every_whole_n(b, sigma):
    curve = win_rate.win_rate_curve_of(b, sigma)
    gold = rates_here(WHOLE_N, b, sigma)[1]
    assert curve.peak_n == int(WHOLE_N[np.argmax(gold)])
    past = (gold < 0.5) & (curve.peak_n < WHOLE_N)
    expected = int(WHOLE_N[np.argmax(past)]) if past.any() else None
    assert curve.below_half_from == expected


# Fresh answer sets, as a Best-of-n link with ?seed= opens them: a fixed sample of (seed, b, σ).
SEEDED = [
    (random.Random(40).randint(1, 200), *setting)
    for setting in random.Random(41).sample(SETTINGS_BS, 8)
]


@pytest.mark.parametrize(("seed", "b", "sigma"), SEEDED)
def test_fresh_answer_sets_words_and_peak(seed, b, sigma):
    curve = win_rate.win_rate_curve_of(b, sigma, seed)
    gold = rates_here(WHOLE_N, b, sigma, seed)[1]
    assert curve.peak_n == int(WHOLE_N[np.argmax(gold)])
    by_model, by_truth = rates_here(np.array([49.0]), b, sigma, seed)
    words = win_rate.win_rate_words(49, core.WinRates(by_model[0], by_truth[0]), curve)
    found = SENTENCE.fullmatch(words)
    assert found, words
    assert found["truth"] == f"{100 * by_truth[0]:.1f}"


def test_the_lessons_win_rate_peaks_at_9_and_loses_to_a_random_answer_from_442():
    # Earlier than true quality's own peak (n = 49): the win rate counts wins, not margins.
    curve = win_rate.win_rate_curve_of(0.0, 0.0)
    assert (curve.peak_n, round(curve.peak_rate, 3), curve.below_half_from) == (9, 0.723, 442)


@pytest.mark.slow  # opens the page in AppTest: make test-fast leaves it out
def test_the_page_shows_the_win_rate_and_cites_its_sources():
    app = open_page("pages/best_of_n.py")
    assert not app.exception
    captions = " ".join(caption.value for caption in app.caption)
    assert (
        "At n = 1 best-of-n's pick beats one random answer of the 600 50.0% of the time by the "
        "reward model's score (n/(n+1) = 50.0%) and 50.0% by true quality. By true quality it "
        "is highest, 72.3%, at n = 9, then falls, below a coin flip (50%) from n = 442 on"
    ) in captions
    assert "Gui, Gârbacea & Veitch (2024)" in captions
    assert "arxiv.org/abs/2406.00832" in captions
