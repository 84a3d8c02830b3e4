"""The Best-of-n page's computed words at every stop: where true quality peaks (every (b, σ),
the lesson's answers, and a fixed sample of fresh answer sets), the win-chance sentence at every
n stop, and the answers written out (a fixed random sample of 300 of the 28 × 441 (n, b, σ)),
each checked against core, computed here, and every number as printed."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest
import stop_curves

import core
from common import format as fmt
from ui import compute
from ui.best_of_n import answers
from ui.best_of_n import text as best_of_n_text
from ui.best_of_n.compute import kept_shares
from ui.settings import B_STOPS, N_STOPS, SETTINGS, SIGMA_STOPS

SETTINGS_BS = [(b, sigma) for b in B_STOPS for sigma in SIGMA_STOPS]
COUNT = core.ANSWER_COUNT
END = SETTINGS["n"].high
# Fresh answer sets: a fixed sample of (seed, b, σ), as a Best-of-n link with ?seed= opens them.
SEEDED = [
    (random.Random(28).randint(1, 200), *setting)
    for setting in random.Random(29).sample(SETTINGS_BS, 30)
]


def check_peak(curve, gold_at) -> str:
    """The readout and sentence for the curve's peak against core's gold at the n stops."""
    readout, words = best_of_n_text.peak_texts(curve.peak_pressure, end=END)
    at_stops = np.array([gold_at(n) for n in N_STOPS])
    if readout == "n ≥ 10,000":
        assert words == "past n = 10,000"
        # Still rising at the end: no stop is higher than n = 10,000.
        assert at_stops[-1] >= at_stops.max() - 1e-12
        return "end"
    n = float(readout.removeprefix("n = ").replace(",", ""))
    assert words == f"at {readout}" and n < END
    assert gold_at(n) >= at_stops.max() - 1e-12 and gold_at(n) > at_stops[-1]
    return "peak"


def test_where_true_quality_peaks_for_the_lessons_answers_at_every_b_and_sigma():
    cases = set()
    for b, sigma in SETTINGS_BS:
        curve = compute.best_of_n_curve(b, sigma)

        def gold_at(n, b=b, sigma=sigma):
            return stop_curves.best_of_n_gold(n, b, sigma)

        cases.add(check_peak(curve, gold_at))
    assert cases == {"peak", "end"}


@pytest.mark.parametrize(("seed", "b", "sigma"), SEEDED)
def test_where_true_quality_peaks_for_fresh_answer_sets(seed, b, sigma):
    curve = compute.best_of_n_curve(b, sigma, seed)

    def gold_at(n):
        return float(core.best_of_n(float(n), b=b, sigma=sigma, seed=seed).gold_gain)

    check_peak(curve, gold_at)


def share_text_holds(text: str, share: float) -> bool:
    """A share of the chance as written is the share, rounded, and never 0% or 100%."""
    if text == "more than 99%":  # never whole at finite n, even where a float rounds it to 1
        return 0.99 < share <= 1
    value = float(text.rstrip("%")) / 100
    return text not in ("0%", "100%") and abs(value - share) <= 0.005 + 1e-12


@pytest.mark.parametrize("n", N_STOPS)
def test_the_win_chance_sentence_at_every_n(n):
    words = best_of_n_text.win_chances_words(n, *kept_shares(n))
    by_rank = np.sort(core.win_probabilities(float(n)))
    if n == 1:
        assert words.startswith("At n = 1 every answer is equally likely")
        np.testing.assert_allclose(by_rank, 1 / COUNT)
        return
    said = re.search(r"holds (.+?) of the chance and the single best answer (.+?);", words)
    assert share_text_holds(said.group(1), by_rank[-60:].sum()), (n, words)
    assert share_text_holds(said.group(2), by_rank[-1]), (n, words)


ANSWER_SAMPLE = sorted(
    random.Random(30).sample([(n, b, s) for n in N_STOPS for b, s in SETTINGS_BS], 300)
)


@pytest.fixture(scope="module")
def question():
    return core.answer_text.QUESTIONS[0]


def test_the_answers_written_out_state_their_rank_chance_and_scores(question):
    for n, b, sigma in ANSWER_SAMPLE:
        scored = core.answers(b=b, sigma=sigma)
        order = np.argsort(scored.proxy, kind="stable")  # worst first; ties keep their order
        # The median pick: the smallest rank i with P(kept rank <= i) = (i/600)ⁿ >= 1/2.
        ranks = np.arange(1, COUNT + 1)
        median = int(ranks[(ranks / COUNT) ** n >= 0.5][0])
        assert 1 - ((median - 1) / COUNT) ** n >= 0.5  # this one or better, half the time
        written = answers.kept_answers(n, b, sigma, None, question)
        assert {answer.rank for answer in written} == {COUNT // 2, median, COUNT}
        tied = len(np.unique(scored.proxy)) < COUNT
        for answer in written:
            index = order[answer.rank - 1]
            line = answers.numbers_line(answer, n)
            exact = (answer.rank / COUNT) ** n - ((answer.rank - 1) / COUNT) ** n
            if not tied:
                assert answer.chance == pytest.approx(exact, abs=1e-12)
            kept = line.split("kept ")[1].split(" of the time")[0]
            if exact < 0.0005:
                assert kept == "less than 0.05%", (n, line)
            elif exact > 0.9995:
                assert kept == "more than 99.95%", (n, line)
            else:
                assert abs(float(kept.rstrip("%")) - 100 * exact) <= 0.05 + 1e-9, (n, line)
            assert f"length {fmt.number(scored.length[index])}, " in line
            assert f"substance {fmt.number(scored.substance[index])} · " in line
            # The answer's own scores, labelled as its own (not the page's average gains).
            assert f"this answer: reward model {fmt.signed(scored.proxy[index])}, " in line
            assert f"true quality {fmt.signed(scored.gold[index])} · " in line
            assert line.startswith(f"rank {answer.rank} of 600, ")
    assert stop_curves.COUNTS[-1] == END


# --- the ranked-scores chart's description, computed like the prose -----------------------

TOP = 60  # the top tenth of the 600 ranks
LEVEL = 0.005  # a gain difference below this prints as 0.00


def check_ranked_words(b: float, sigma: float, seed: int | None) -> str:
    """The description at one answer set against numbers computed here from core.answers;
    returns how true quality rises against the score ("less", "as much", "more")."""
    scored = core.answers(b=b, sigma=sigma, seed=seed)
    order = np.argsort(scored.proxy, kind="stable")
    proxy, gold, length = scored.proxy[order], scored.gold[order], scored.length[order]
    proxy_rise = proxy[-TOP:].mean() - proxy.mean()
    gold_rise = gold[-TOP:].mean() - gold.mean()
    ranked = core.ranked_answers(b=b, sigma=sigma, seed=seed)
    words = best_of_n_text.ranked_scores_words(ranked.proxy, ranked.gold, length)
    assert f"{fmt.signed(gold_rise)} against {fmt.signed(proxy_rise)})" in words, (b, sigma)
    said = re.search(r"true quality rises (less|as much|more) \(", words).group(1)
    difference = gold_rise - proxy_rise
    if abs(abs(difference) - LEVEL) > 1e-9:  # not a tie at the rule's edge
        expected = "less" if difference < -LEVEL else "more" if difference > LEVEL else "as much"
        assert said == expected, (b, sigma, seed, difference)
    gap = np.std(gold - proxy)
    if gap >= LEVEL:
        assert f"standard deviation {fmt.number(gap)})" in words
    else:
        assert "never leaves it" in words and gap < LEVEL
    longest = set(np.argsort(scored.length)[-TOP:].tolist())
    held = len(longest & set(order[-TOP:].tolist()))
    assert f"The top {TOP} ranks hold {held} of the {TOP} longest answers" in words
    assert f"(mean length {fmt.number(length[-TOP:].mean())}; all 600: " in words
    return said


def test_the_ranked_chart_is_described_from_its_numbers_at_every_reward_model():
    said = {(b, sigma): check_ranked_words(b, sigma, None) for b, sigma in SETTINGS_BS}
    # b = 1, σ = 0: the reward model is true quality, which rises as much and never leaves it
    # (the page said "rises less ... the top ranks hold the longest answers" there too).
    assert said[(1.0, 0.0)] == "as much"
    assert said[(0.0, 0.0)] == "less"
    words = best_of_n_text.ranked_scores_words(
        *(getattr(core.ranked_answers(b=1.0), field) for field in ("proxy", "gold")),
        core.answers(b=1.0).length[core.ranked_answers(b=1.0).order],
    )
    assert "never leaves it" in words and "hold 1 of the 60 longest answers" in words


@pytest.mark.parametrize(("seed", "b", "sigma"), SEEDED[:10])
def test_the_ranked_chart_is_described_from_its_numbers_on_fresh_answer_sets(seed, b, sigma):
    check_ranked_words(b, sigma, seed)
