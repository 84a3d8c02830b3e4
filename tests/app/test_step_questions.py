"""The story steps' questions (ui/step_questions.py) at a fixed sample of slider settings: every
step's right answer against an independent computation from core (its own grids of n, the
favourite's chance from (1 - 1/600)ⁿ), never by asking ``question`` for the expectation; and
the stage's world carries the class poll's plateau for its reveal."""

from __future__ import annotations

import functools

import numpy as np
import pytest

import core
from ui import step_questions as sq
from ui.settings import B_STOPS, BETA_STOPS, N_STOPS, SIGMA_STOPS
from ui.story_steps import PRESETS

LEVEL = 0.005  # the class poll's: a gap that prints as 0.00
# 14 reward models, 3 (β, n) each: the presets' own (b, σ), b = 0, σ = 1 where best-of-n levels
# off, b = 0.6 where it rises to the end, then draws from the slider stops.
_RNG = np.random.default_rng(38)
_MODELS = [(0.0, 0.0), (0.2, 0.0), (0.0, 0.5), (0.2, 1.0), (0.0, 1.0), (0.6, 0.0)]
_MODELS += [(float(_RNG.choice(B_STOPS)), float(_RNG.choice(SIGMA_STOPS))) for _ in range(8)]
SAMPLE = [
    {"beta": beta, "n": n, "b": b, "sigma": sigma}
    for b, sigma in _MODELS
    for beta, n in [
        (0.25, 10000),
        *zip(_RNG.choice(BETA_STOPS, 2), _RNG.choice(N_STOPS, 2), strict=True),
    ]
]
SAMPLE = [{key: float(value) for key, value in values.items()} for values in SAMPLE]
SAMPLE += [dict(preset.values) for preset in PRESETS]
COUNTS = np.unique(np.round(np.geomspace(1, 10_000, 1000)))  # 599 whole n, not the module's 400


@functools.cache
def best_of_n_shape(b: float, sigma: float) -> tuple[float, float, float]:
    """(the exact whole n of the highest point, true quality there, at n = 10,000), on this
    test's own grid refined by every whole n between the best point's neighbours."""
    gold = core.best_of_n(COUNTS, b=b, sigma=sigma).gold_gain
    best = int(np.argmax(gold))
    around = np.arange(COUNTS[max(best - 1, 0)], COUNTS[min(best + 1, COUNTS.size - 1)] + 1)
    fine = core.best_of_n(around, b=b, sigma=sigma).gold_gain
    return float(around[np.argmax(fine)]), float(fine.max()), float(gold[-1])


def never_turns_down(b: float, sigma: float) -> bool:
    peak, top, end = best_of_n_shape(b, sigma)
    return end >= top - LEVEL


def kl_at(beta: float, b: float, sigma: float) -> tuple[float, bool]:
    result = core.kl_optimum(np.array([beta]), b=b, sigma=sigma)
    check = core.edge_check(np.array([beta]), b=b, sigma=sigma, result=result)
    return float(result.gold_gain[0]), bool(check.capped[0])


def versus_base(gain: float, capped: bool) -> str:
    if capped:
        return "edge"
    return "rises" if gain > LEVEL else "falls" if gain < -LEVEL else "stays"


def expected(step: int, v: dict) -> str:
    """The right answer at v, as a word the test matches to the choice's words."""
    beta, n, b, sigma = v["beta"], v["n"], v["b"], v["sigma"]
    if step in (0, 2):
        return versus_base(*kl_at(beta, b, sigma))
    if step == 1:
        peak = best_of_n_shape(b, sigma)[0]
        if never_turns_down(b, sigma):
            return "never"
        return (
            "below 10"
            if peak < 10
            else "10-99"
            if peak < 100
            else "100-999"
            if peak < 1000
            else "1000+"
        )
    if step == 3:
        if never_turns_down(b, sigma):
            return "rising"
        return "below" if best_of_n_shape(b, sigma)[2] < -LEVEL else "above"
    if step == 4:
        if never_turns_down(b, sigma):
            return "never"
        noisy, clean = best_of_n_shape(b, sigma)[0], best_of_n_shape(b, 0.0)[0]
        return "sooner" if noisy < clean else "same" if noisy == clean else "later"
    if step == 5:
        (fixed, capped), (flawed, capped_too) = kl_at(beta, b, sigma), kl_at(beta, 0.0, sigma)
        if capped or capped_too:
            return "edge"
        bon = core.best_of_n(np.array([n]), b=b, sigma=sigma).gold_gain[0]
        bon -= core.best_of_n(np.array([n]), b=0.0, sigma=sigma).gold_gain[0]
        kl_helps, bon_helps = fixed - flawed >= 0.1, bon >= 0.1
        return {(1, 0): "kl", (0, 1): "bon", (1, 1): "both"}.get((kl_helps, bon_helps), "neither")
    # Step 6: best-of-n keeps one of the t answers tied at the top unless all n draws miss them.
    proxy = core.ranked_answers(b=b, sigma=sigma).proxy
    tied = int(np.sum(proxy == proxy.max()))
    share = 1 - (1 - tied / proxy.size) ** n
    return "hardly" if share < 0.01 else "sometimes" if share <= 0.9 else "nearly"


# Each expected word, and words its choice must hold (so a reordered tuple fails).
WORDS = {
    "rises": "rises above",
    "stays": "stays at",
    "falls": "falls below",
    "edge": "grid's edge",
    "never": "never turns down",
    "below 10": "Below n = 10",
    "10-99": "10 and 99",
    "100-999": "100 and 999",
    "1000+": "1,000 or more",
    "rising": "keeps rising",
    "above": "stays above",
    "below": "falls below",
    "sooner": "Sooner",
    "same": "same n",
    "later": "Later",
    "kl": "Only the KL",
    "bon": "Only best-of-n",
    "both": "Both",
    "neither": "Neither",
    "hardly": "Hardly ever",
    "sometimes": "Sometimes",
    "nearly": "Nearly always",
}


@pytest.mark.parametrize("step", range(len(PRESETS)))
def test_every_steps_right_answer_is_cores_at_every_sampled_setting(step):
    answers = set()
    for values in SAMPLE:
        asked = sq.question(step, values)
        word = expected(step, values)
        assert WORDS[word] in asked.choices[asked.right], (values, word, asked)
        answers.add(word)
        assert 3 <= len(asked.choices) <= 5
        assert all(len(choice) <= 60 for choice in asked.choices), asked.choices
        assert len(asked.prompt) <= 140 and asked.why, asked
        assert 0 <= asked.common_wrong < len(asked.choices)
    assert len(answers) >= 2, f"step {step}'s right answer never changes: {answers}"


def test_at_its_preset_every_step_asks_something_students_get_wrong():
    for step, asked in enumerate(sq.questions()):
        assert asked.step == step
        assert asked.right != asked.common_wrong, asked


def test_where_best_of_n_levels_off_the_right_answer_says_so():
    """b = 0, σ = 1: the highest point is n = 212 (+1.54), from n = 1,942 on within 0.005: the
    'peak' bin of 212 would call a student who says 'levels off' wrong."""
    asked = sq.question(1, {"beta": 1.0, "n": 49, "b": 0.0, "sigma": 1.0})
    assert "levels off" in asked.choices[asked.right]
    assert "n = 212" in asked.why and "levels off" in asked.why


def test_the_preset_answers_are_the_storys():
    """The story's own numbers: β = 4 helps (+0.44), n = 49 is the peak, β = 0.3 falls to
    -4.37, b = 0.2 saves the KL optimum (+1.39 against -0.65) and not best-of-n."""
    asked = sq.questions()
    assert "+0.44" in asked[0].why and "n = 49" in asked[1].why and "-4.37" in asked[2].why
    assert asked[5].choices[asked[5].right] == "Only the KL penalty"
    assert "+1.39" in asked[5].why and "-0.65" in asked[5].why


def test_a_step_outside_the_story_is_refused():
    with pytest.raises(ValueError, match="step must be 0 to 6"):
        sq.question(7, PRESETS[0].values)


# --- the stage's reveal reads the same plateau as the class poll's -------------------------------
POLL_SAMPLE = sorted({*_MODELS, (0.05, 1.0), (0.1, 1.0), (0.0, 2.0)})


@pytest.mark.parametrize("key", ["n", "beta"])
def test_the_stages_world_carries_the_polls_plateau(key):
    """worlds' curve.peak.levels_off is guess_text's last stretch where the poll says it levels
    off (b = 0, σ = 1: n = 1,942 to 10,000), and null where it peaks or ends highest."""
    from poll_data.guesses import QUESTIONS
    from ui import compute
    from ui.class_poll import guess_text
    from ui.playground import worlds

    question = QUESTIONS["best_of_n" if key == "n" else "kl"]
    places = set()
    for b, sigma in POLL_SAMPLE if key == "n" else POLL_SAMPLE[:6]:
        curve = (compute.best_of_n_curve if key == "n" else compute.kl_curve)(b, sigma)
        place = guess_text.truth_place(curve, question)
        shipped = worlds._curve(curve)["peak"]["levels_off"]
        places.add(place)
        if place == guess_text.PLATEAU:
            stretch = guess_text.plateau(curve, question).stretches[-1]
            assert shipped == pytest.approx(list(stretch), rel=1e-4), (b, sigma)
        else:
            assert shipped is None, (b, sigma, place)
    if key == "n":
        assert guess_text.PLATEAU in places and guess_text.PEAK in places
        flat = worlds._curve(compute.best_of_n_curve(0.0, 1.0))["peak"]
        assert (flat["pressure"], flat["levels_off"]) == (212.0, [1942.0, 10000.0])
