"""Best-of-Poisson and soft best-of-n on the Compare page: the sentences at every (b, σ) stop,
each number against one computed here (Best-of-Poisson and best-of-n from their order-statistic
formulas over the ranked 600, the tilt over the 600 by a bisection written here; soft best-of-n
from core, whose own tests check it against enumeration and a seeded Monte Carlo), and the
Gao chart's two new curves against core. No AppTest per stop: the walk calls the pure text."""

from __future__ import annotations

import re

import numpy as np
import pytest
from test_beyond_pages import COMPARE, open_page

import core
from ui.compare import compute as compare_compute
from ui.compare import figures as compare_figures
from ui.compare import selections_text
from ui.settings import B_STOPS, SIGMA_STOPS

NUMBER = r"([+-]?\d+\.\d\d)"
SENTENCES = re.compile(
    r"At μ = 48 \(49 answers on average\) its KL is " + NUMBER + r" nats, its reward model "
    r"gain " + NUMBER + r" and its true quality " + NUMBER + r"; the KL optimum over the same "
    r"600 at that KL scores "
    + NUMBER
    + r" with true quality "
    + NUMBER
    + r"\. Its score falls "
    + NUMBER
    + r" short of the optimum's \(the most score a KL can buy\), (closer to it than|as close "
    r"to it as|further from it than) best-of-n at n = 49, which falls " + NUMBER + r" short at "
    r"its KL of "
    + NUMBER
    + r" nats\..*At λ = 0\.5 \(grey, long dash-dot\) and n = 49: KL "
    + NUMBER
    + r" nats, true quality "
    + NUMBER
    + r"; at n = 10,000: KL "
    + NUMBER
    + r" and "
    + NUMBER
    + r", against the optimum's "
    + NUMBER
    + r" and "
    + NUMBER
    + r" at β = 0\.5\.",
    re.DOTALL,
)


def ranked(b, sigma):
    scored = core.answers(b=b, sigma=sigma)
    order = np.argsort(scored.proxy)
    assert np.unique(scored.proxy).size == 600
    return scored.proxy[order], scored.gold[order]


def summary(chance, proxy, gold):
    """(KL, proxy gain, gold gain) of keep chances (600,) over ranked scores."""
    with np.errstate(divide="ignore", invalid="ignore"):
        kl = np.sum(np.where(chance > 0, chance * np.log(600 * chance), 0.0))
    return kl, chance @ proxy - proxy.mean(), chance @ gold - gold.mean()


def tilt_chances(beta, proxy):
    logits = proxy / beta
    weights = np.exp(logits - logits.max())
    return weights / weights.sum()


def tilt_at_kl(target, proxy, gold):
    """The tilt over the 600 whose KL is ``target``: bisection in log β written here."""
    low, high = np.log(1e-6), np.log(1e6)
    for _ in range(80):
        middle = 0.5 * (low + high)
        if summary(tilt_chances(np.exp(middle), proxy), proxy, gold)[0] >= target:
            low = middle
        else:
            high = middle
    return summary(tilt_chances(np.exp(0.5 * (low + high)), proxy), proxy, gold)


def printed(value) -> str:
    return f"{value:+.2f}"


@pytest.mark.parametrize("b", B_STOPS)
def test_every_stops_sentences_are_computed_here(b):
    fraction = np.arange(601) / 600
    poisson_chance = np.diff(fraction * np.exp(48.0 * (fraction - 1.0)))
    best_of_n_chance = np.diff(fraction**49)
    verdicts = set()
    for sigma in SIGMA_STOPS:
        proxy, gold = ranked(b, sigma)
        words = selections_text.selections_sentences(compare_compute.selections(b, sigma))
        found = SENTENCES.search(words)
        assert found, words
        values = [float(v) for i, v in enumerate(found.groups()) if i != 6]
        poisson = summary(poisson_chance, proxy, gold)
        tilt = tilt_at_kl(poisson[0], proxy, gold)
        bon = summary(best_of_n_chance, proxy, gold)
        bon_tilt = tilt_at_kl(bon[0], proxy, gold)
        soft = core.soft_best_of_n(np.array([49.0, 10_000.0]), lam=0.5, b=b, sigma=sigma)
        at_half = summary(tilt_chances(0.5, proxy), proxy, gold)
        expected = [
            poisson[0],
            poisson[1],
            poisson[2],
            tilt[1],
            tilt[2],
            tilt[1] - poisson[1],
            bon_tilt[1] - bon[1],
            bon[0],
            soft.kl[0],
            soft.gold_gain[0],
            soft.kl[1],
            soft.gold_gain[1],
            at_half[0],
            at_half[2],
        ]
        for got, want in zip(values, expected, strict=True):
            assert abs(got - want) <= 0.005 + 1e-9, (b, sigma, got, want)
        short = (round(tilt[1] - poisson[1], 2), round(bon_tilt[1] - bon[1], 2))
        verdict = found.group(7)
        if short[0] < short[1]:
            assert verdict == "closer to it than"
        elif short[0] == short[1]:
            assert verdict == "as close to it as"
        else:
            assert verdict == "further from it than"
        verdicts.add(verdict)
        # Soft best-of-n at n = 10,000 sits on the tilt at β = λ, to the printed digit.
        assert abs(soft.kl[1] - at_half[0]) < 0.005
    assert verdicts


def test_the_gao_chart_draws_best_of_poisson_and_soft_best_of_n_from_core():
    figure = compare_figures.gao_chart(compare_compute.gao_panel(0.3, 0.5))
    traces = {trace.name: trace for trace in figure.data}
    poisson = core.best_of_poisson(compare_compute.POISSON_MEANS, b=0.3, sigma=0.5)
    soft = core.soft_best_of_n(compare_compute.SOFT_COUNTS, lam=0.5, b=0.3, sigma=0.5)
    for name, result in (
        ("Best-of-Poisson: true quality", poisson),
        ("soft best-of-n, λ = 0.5: true quality", soft),
    ):
        np.testing.assert_allclose(traces[name].x, np.sqrt(result.kl))
        np.testing.assert_allclose(traces[name].y, result.gold_gain)
    # Best-of-Poisson reaches best-of-n's ceiling; soft best-of-n stops at the tilt's KL at 0.5.
    assert traces["Best-of-Poisson: true quality"].x[-1] > 2.5
    assert (
        traces["soft best-of-n, λ = 0.5: true quality"].x[-1] ** 2
        < core.answer_tilt(0.5, b=0.3, sigma=0.5).kl
    )


@pytest.mark.slow  # opens the page in AppTest: make test-fast leaves it out
def test_the_page_states_them_and_cites_both_papers():
    app = open_page(COMPARE)
    assert not app.exception
    prose = " ".join(markdown.value for markdown in app.markdown)
    assert "At μ = 48 (49 answers on average) its KL is 2.89 nats" in prose
    assert "the KL optimum over the same 600 at that KL scores +3.02 with true quality +1.30" in (
        prose
    )
    assert "KL 2.17 and +1.29, against the optimum's 2.18 and +1.29 at β = 0.5" in prose
    captions = " ".join(caption.value for caption in app.caption)
    assert "arxiv.org/abs/2506.19248" in captions and "arxiv.org/abs/2505.03156" in captions


WINS = re.compile(
    r"Best-of-n at n = 49 wins (\d+)% of the time by the reward model \(n/\(n \+ 1\) = (\d+)%\) "
    r"and (\d+)% by true quality; the KL optimum over the same 600 at its KL, (\d+)% and (\d+)%\."
)


def beats_a_draw(score):
    """Each answer's chance of beating a uniform draw of the 600, every pair counted."""
    return np.mean((score[:, None] > score[None, :]) + 0.5 * (score[:, None] == score[None, :]), 1)


@pytest.mark.parametrize("b", B_STOPS)
def test_every_stops_win_rates_are_the_pairwise_count(b):
    best_of_n_chance = np.diff((np.arange(601) / 600) ** 49)
    true_quality_wins = []
    for sigma in SIGMA_STOPS:
        proxy, gold = ranked(b, sigma)
        found = WINS.search(
            selections_text.selections_sentences(compare_compute.selections(b, sigma))
        )
        assert found, (b, sigma)
        bon_kl = summary(best_of_n_chance, proxy, gold)[0]
        low, high = np.log(1e-6), np.log(1e6)  # the tilt at best-of-n's KL, bisected here
        for _ in range(80):
            middle = 0.5 * (low + high)
            above = summary(tilt_chances(np.exp(middle), proxy), proxy, gold)[0] >= bon_kl
            low, high = (middle, high) if above else (low, middle)
        tilt_chance = tilt_chances(np.exp(0.5 * (low + high)), proxy)
        by_proxy, by_gold = beats_a_draw(proxy), beats_a_draw(gold)
        expected = [
            best_of_n_chance @ by_proxy,
            49 / 50,
            best_of_n_chance @ by_gold,
            tilt_chance @ by_proxy,
            tilt_chance @ by_gold,
        ]
        for got, want in zip(found.groups(), expected, strict=True):
            assert int(got) == round(100 * want), (b, sigma, got, want)
        true_quality_wins.append(int(found.group(3)))
    # The reward model's rate is 98% at every σ; true quality's moves with it.
    assert len(set(true_quality_wins)) > 1
