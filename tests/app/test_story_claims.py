"""Every number the presets, the story and each page's prose state is what core computes there,
and every source a page names is in its Sources list."""

import re

import numpy as np
import pytest
from app_pages import open_page

import core
from common import format as fmt
from core import fresh_draws
from ui.best_of_n import text as best_of_n_text
from ui.best_of_n.compute import kept_shares
from ui.compute import N_CURVE
from ui.defenses import text as defense_text
from ui.lesson.text import TRIES
from ui.reward_model.compute import COMPARISON_SEED, reward_model_fit
from ui.sources import SOURCES
from ui.story_steps import PRESETS

ALL_N = np.arange(1, 10_001)
BETAS = np.geomspace(10, 0.25, 300)  # the β slider's range
STEPS = {step.name: step.values for step in TRIES}
STEPS_BY_NAME = {step.name: step for step in TRIES}


def best_of_n_gold(values):
    return core.best_of_n(ALL_N, b=values["b"], sigma=values["sigma"]).gold_gain


def kl_gold(values):
    return BETAS, core.kl_optimum(BETAS, b=values["b"], sigma=values["sigma"]).gold_gain


def test_the_presets_are_among_the_steps_to_try():
    assert [p.name for p in PRESETS] == [step.name for step in TRIES[: len(PRESETS)]]


def test_the_peak_sits_where_true_quality_peaks():
    values = STEPS["The peak"]
    assert int(np.argmax(best_of_n_gold(values))) + 1 == values["n"] == 49
    betas, gold = kl_gold(values)
    assert betas[np.argmax(gold)] == pytest.approx(values["beta"], rel=0.02)


def test_overoptimized_is_worse_than_the_base_model_while_the_proxy_climbs():
    values = STEPS["Overoptimized"]
    kl = core.kl_optimum(values["beta"], b=values["b"], sigma=values["sigma"])
    bon = core.best_of_n(values["n"], b=values["b"], sigma=values["sigma"])
    assert kl.gold_gain < 0 and bon.gold_gain < 0
    assert kl.proxy_gain > core.kl_optimum(1.0).proxy_gain
    assert bon.proxy_gain > core.best_of_n(49).proxy_gain


def test_the_fix_removes_the_decline_at_the_same_pressure():
    values = STEPS["Fix: b = 0.2"]
    gold = best_of_n_gold(values)
    assert np.all(gold >= np.maximum.accumulate(gold) - 0.01)
    _, kl_gold_gain = kl_gold(values)
    assert np.all(kl_gold_gain >= np.maximum.accumulate(kl_gold_gain) - 0.01)


def fresh_fix_counts() -> tuple[int, int, int]:
    """Over the 200 fresh draws at b = 0.2, σ = 0, counted here from core's curves on every
    whole n: how many fall more than 0.01 below their best so far, more than 1, and end below
    the base model at n = 10,000 (a review's own rebuild found 112, more than 1 in 28, and 8)."""
    gold = fresh_draws.fresh_curves(ALL_N, b=0.2, seeds=FRESH_200).gold_gain
    fall = (np.maximum.accumulate(gold, axis=1) - gold).max(axis=1)
    return int((fall > 0.01).sum()), int((fall > 1).sum()), int((gold[:, -1] < 0).sum())


def test_the_fix_says_best_of_n_holds_on_this_draw_and_how_many_fresh_draws_still_fall():
    step = STEPS_BY_NAME["Fix: b = 0.2"]
    fell, far, below = fresh_fix_counts()
    assert (fell, far, below) == (112, 28, 8)
    assert "always for the KL optimum, on this draw of 600 answers for best-of-n" in step.story
    assert f"({fell} of 200 fresh draws still fall more than 0.01 from their best" in step.story
    assert "best-of-n: on this draw" in step.headline


def test_the_fix_with_other_errors_is_this_draws_for_best_of_n():
    values = STEPS["The fix, with other errors left"]
    n, sigma = np.array([float(values["n"])]), values["sigma"]
    fixed = fresh_draws.fresh_curves(n, b=values["b"], sigma=sigma, seeds=FRESH_200).gold_gain
    unfixed = fresh_draws.fresh_curves(n, b=0.0, sigma=sigma, seeds=FRESH_200).gold_gain
    close = int((np.abs(fixed - unfixed) < 0.1).sum())
    assert (
        f"moves it under 0.1 in only {close} of 200 fresh draws"
        in STEPS_BY_NAME["The fix, with other errors left"].story
    )
    assert close < 100  # "only": on most draws b = 0.2 does move best-of-n here


def test_the_noisy_reward_model_peaks_near_n_6_and_is_below_base_by_n_200():
    values = STEPS["Noisy reward model"]
    gold = best_of_n_gold(values)
    assert abs(int(np.argmax(gold)) + 1 - 6) <= 1
    assert gold[values["n"] - 1] < 0


def test_the_fix_with_other_errors_says_the_errors_not_b_hold_best_of_n_up():
    values = STEPS["The fix, with other errors left"]
    fixed = core.best_of_n(values["n"], b=values["b"], sigma=values["sigma"])
    unfixed = core.best_of_n(values["n"], b=0.0, sigma=values["sigma"])
    # b = 0.2 changes best-of-n's true quality by under 0.1 here: not what holds it up ...
    assert abs(fixed.gold_gain - unfixed.gold_gain) < 0.1
    # ... but it is what holds the KL optimum up (-0.65 at b = 0).
    kl = core.kl_optimum(values["beta"], b=values["b"], sigma=values["sigma"])
    assert kl.gold_gain - core.kl_optimum(values["beta"], sigma=values["sigma"]).gold_gain > 2
    line = PRESETS[5].story
    assert "not best-of-n" in line and "swamp" in line


def test_best_of_n_runs_out_of_answers_just_short_of_log_600():
    values = STEPS["Best-of-n runs out of answers"]
    kl = core.best_of_n(values["n"], b=values["b"], sigma=values["sigma"]).kl
    assert np.log(600) - 0.01 < kl < np.log(600)


# Every number each step's line states, as written (literal), and the core value it stands for.
# A number changed in a line and not in core (or the reverse) fails here.
STATED = {
    "Overoptimized": {
        "-0.001": lambda v: core.best_of_n(v["n"], b=v["b"], sigma=v["sigma"]).gold_gain,
        "-4.37": lambda v: core.kl_optimum(v["beta"], b=v["b"], sigma=v["sigma"]).gold_gain,
    },
    "The fix, with other errors left": {
        "+1.57": lambda v: core.best_of_n(v["n"], b=v["b"], sigma=v["sigma"]).gold_gain,
        "+1.39": lambda v: core.kl_optimum(v["beta"], b=v["b"], sigma=v["sigma"]).gold_gain,
        "-0.65": lambda v: core.kl_optimum(v["beta"], b=0.0, sigma=v["sigma"]).gold_gain,
        "+1.52": lambda v: core.best_of_n(v["n"], b=0.0, sigma=v["sigma"]).gold_gain,
    },
}
SIGNED = re.compile(r"[+-]\d+(?:\.\d+)?")


@pytest.mark.parametrize("step", TRIES, ids=[step.name for step in TRIES])
def test_every_number_a_step_line_states_is_cores_as_printed(step):
    stated = STATED.get(step.name, {})
    assert sorted(SIGNED.findall(step.story)) == sorted(stated), step.story
    for text, value in stated.items():
        assert fmt.signed(value(step.values)) == text


@pytest.mark.parametrize("step", TRIES, ids=[step.name for step in TRIES])
def test_no_story_step_sits_on_an_optimum_capped_by_the_grids_edge(step):
    values = step.values
    kl = core.kl_optimum(values["beta"], b=values["b"], sigma=values["sigma"])
    assert kl.edge_mass < 0.05


# --- every page's prose: each number it states is core's, each source it names is listed ------

# The pages with prose (the class poll's words are the lecturer's instructions).
PROSE_PAGES = (
    "playground",
    "best_of_n",
    "kl_penalty",
    "lesson",
    "reward_model",
    "compare",
    "defenses",
    "checker",
)
FRESH_200 = tuple(range(1, 201))  # the 200 fresh draws the Lesson and Best-of-n pages quote
ARXIV_ID = re.compile(r"(?:arXiv:|arxiv\.org/abs/)(\d{4}\.\d{4,5})")


def texts(node) -> list[str]:
    """Every string a page shows in ``node`` and below: bodies, labels and help texts."""
    found = []
    proto = getattr(node, "proto", None)
    if proto is not None and hasattr(proto, "DESCRIPTOR"):
        for field in ("body", "label", "help"):
            if field in proto.DESCRIPTOR.fields_by_name and getattr(proto, field):
                found.append(getattr(proto, field))
    for child in getattr(node, "children", {}).values():
        found += texts(child)
    return found


@pytest.fixture(scope="module")
def shown():
    """Each page at its defaults: (its text without the sources list, the sources list)."""
    pages = {}
    for page in PROSE_PAGES:
        app = open_page(page)
        assert not app.exception, page
        lists = [
            caption.value for caption in app.caption if caption.value.startswith("**Sources**")
        ]
        assert len(lists) == 1, f"{page} shows {len(lists)} source lists"
        prose = "\n".join(text for text in texts(app.main) if text not in lists)
        pages[page] = (prose, lists[0])
    return pages


@pytest.mark.parametrize("page", PROSE_PAGES)
def test_every_page_lists_the_sources_its_prose_names(shown, page):
    prose, listed = shown[page]
    ids = set(ARXIV_ID.findall(prose + listed))
    assert ids <= {source.arxiv for source in SOURCES.values()}, ids
    assert len(listed.splitlines()) >= 3, "a heading and at least one source"
    for key, source in SOURCES.items():
        # Prose cites as "Gao, Schulman and Hilton (2022)", "Beirami et al. 2024", "Singhal
        # and colleagues (2023)": the first author's surname, then the year soon after.
        cited = re.search(rf"\b{re.escape(source.surname)}\b[^()\d]{{0,40}}\(?{source.year}", prose)
        if cited:
            assert source.url in listed, f"{page} cites {key} without listing it"


def test_each_listed_source_renders_with_its_link(shown):
    _, listed = shown["best_of_n"]
    assert "[arXiv:2009.01325](https://arxiv.org/abs/2009.01325)" in listed
    assert "[arXiv:2401.01879](https://arxiv.org/abs/2401.01879)" in listed
    assert shown["compare"][1].count("alignmentforum.org/posts/fuSaKr6t6Zuh6GKaQ") == 1


def test_the_lesson_states_the_tables_numbers_at_beta_0_3(shown):
    prose, _ = shown["lesson"]
    assert "at β = 0.3 true quality is down 4.37 while the reward\nmodel reports +6.65" in prose
    assert "+6.7" not in prose and "4.4 " not in prose
    result = core.kl_optimum(0.3, exact=True)
    assert f"{result.gold_gain:+.2f}" == "-4.37" and f"{result.proxy_gain:+.2f}" == "+6.65"
    assert "the peak is at β = 1," in prose
    assert BETAS[np.argmax(core.kl_optimum(BETAS).gold_gain)] == pytest.approx(1.0, rel=0.02)


def test_the_lesson_says_49_and_590_hold_for_this_draw(shown):
    prose = " ".join(shown["lesson"][0].split())
    assert "on this app's one fixed draw of 600 answers, peaks at n = 49" in prose
    assert "worse than the base model's average from n = 590. Those numbers are that draw's" in (
        prose
    )
    gold = core.best_of_n(ALL_N).gold_gain
    peak = int(np.argmax(gold))
    assert peak + 1 == 49
    assert peak + 1 + int(np.argmax(gold[peak:] < 0)) == 590


def test_the_spread_over_200_fresh_draws_is_cores(shown):
    for page in ("lesson", "best_of_n"):
        prose = " ".join(shown[page][0].split())  # the Lesson's lines are wrapped
        assert "the peak's median is n = 42, its middle 80%" in prose, page
        assert (
            "runs from n = 7 to 10,000 or more, 85 of the 200 dip below the base model's average "
            "somewhere past their peak, and 75 are below it at n = 10,000"
        ) in prose, page
    peaks = core.fresh_set_peaks(N_CURVE, seeds=FRESH_200)
    low, median, high = np.quantile(peaks, (0.1, 0.5, 0.9))  # the median: 40 and 44 averaged
    assert (low, median, high) == (7, 42, 10_000)
    dipped = below_at_end = 0  # two counts: any dip past the peak, and below at n = 10,000
    for seed in FRESH_200:
        gold = core.best_of_n(N_CURVE, seed=seed).gold_gain
        dipped += bool(np.any(gold[np.argmax(gold) :] < 0))
        below_at_end += bool(gold[-1] < 0)
    assert (dipped, below_at_end, N_CURVE[-1]) == (85, 75, 10_000)
    # How many of the 200 tell the lesson's draw's story (docs/design.md §3's bands), on every n.
    gold = fresh_draws.fresh_curves(ALL_N, seeds=FRESH_200).gold_gain
    peaks = np.argmax(gold, axis=1) + 1
    first_below = [
        int(np.flatnonzero(row[peak:] < 0)[0]) + peak + 1 if np.any(row[peak:] < 0) else 0
        for row, peak in zip(gold, peaks, strict=True)
    ]
    near_peak = int(np.sum((peaks >= 45) & (peaks <= 55)))
    near_fall = sum(560 <= n <= 620 for n in first_below)
    assert (near_peak, near_fall) == (1, 3)
    # The story's steps 2 and 3 say the same counts beside this draw's 49 and 590.
    peak_line, fall_line = STEPS_BY_NAME["The peak"].story, STEPS_BY_NAME["Overoptimized"].story
    assert f"only {near_peak} of 200 fresh draws peaks between n = 45 and 55" in peak_line
    assert f"({near_fall} of 200 fresh draws first fall below it between n = 560 and 620)" in (
        fall_line
    )
    assert "on this draw of 600 answers" in peak_line and "on this draw of 600" in fall_line
    lesson = " ".join(shown["lesson"][0].split())
    assert f"; {near_peak} of the 200 peaks between n = 45 and 55, and {near_fall} first " in (
        lesson
    )
    assert "first fall below it between n = 560 and 620" in lesson


def test_the_lesson_parts_the_kl_optimums_always_from_best_of_ns_draw(shown):
    prose = " ".join(shown["lesson"][0].split())
    fell, far, below = fresh_fix_counts()
    assert (
        "Teach the reward model a fifth of the padding penalty (b = 0.2) and the KL optimum's "
        "decline vanishes, always: it is solved on the grid, with no draw to be lucky in"
    ) in prose
    assert "Best-of-n's vanishes on this draw of 600 answers, but not on every draw" in prose
    assert (
        f"over 200 fresh draws it still falls more than 0.01 below its best in {fell} (more than "
        f"1 in {far}), and {below} end below the base model's average at n = 10,000"
    ) in prose
    _, kl_gold_gain = kl_gold(STEPS["Fix: b = 0.2"])  # the KL claim: β from 10 to 0.25
    assert np.all(kl_gold_gain >= np.maximum.accumulate(kl_gold_gain) - 0.01)
    assert "the decline vanishes, because" not in prose  # the old, unqualified claim


def test_the_lesson_names_gaos_gold_and_the_kl_penaltys_limits(shown):
    prose = " ".join(shown["lesson"][0].split())
    assert 'a large "gold" reward model (6B parameters) stand in for people' in prose
    assert "acts much like stopping early" in prose
    assert "with heavy-tailed errors it cannot prevent a policy that scores" in prose
    assert "a test suite that misses a case rewards code that only passes the tests" in prose
    assert "σ in the Playground is *regressional* Goodhart" in prose
    assert "b is *extremal*" in prose
    assert "which is why RLHF keeps the KL penalty" not in prose


@pytest.mark.parametrize(
    ("n", "words"),
    [
        (1, "At n = 1 every answer is equally likely to be kept: 1 chance in 600 each."),
        (12, "the top 60) holds 72% of the chance and the single best answer 2%;"),
        (49, "the top 60) holds 99% of the chance and the single best answer 8%;"),
        (590, "the top 60) holds more than 99% of the chance and the single best answer 63%;"),
    ],
)
def test_the_win_chance_sentence_follows_n_and_core(n, words):
    assert words in best_of_n_text.win_chances_words(n, *kept_shares(n))
    for b, sigma in ((0.0, 0.0), (0.4, 1.3)):
        by_rank = np.sort(core.win_probabilities(n, b=b, sigma=sigma))
        tenth, best = by_rank[-60:].sum(), by_rank[-1]
        if n == 1:
            np.testing.assert_allclose(by_rank, 1 / 600)
        else:
            said = re.search(r"holds (.+?) of the chance and the single best answer (.+?);", words)
            for share, text in ((tenth, said.group(1)), (best, said.group(2))):
                expected = "more than 99%" if share >= 0.995 else f"{share:.0%}"
                assert text == expected, (n, b, sigma)


def test_the_best_of_n_page_credits_the_kl_formula_to_stiennon_and_beirami(shown):
    prose, _ = shown["best_of_n"]
    assert (
        "The continuous formula in use since Stiennon et al. (2020); Beirami et al. (2024) "
        "showed it is only an upper bound on the exact KL"
    ) in prose
    assert "levels off at log 600 ≈ 6.40 nats" in prose
    assert f"{np.log(600):.2f}" == "6.40"
    assert core.best_of_n(10_000).kl < np.log(600)


def test_the_kl_penalty_page_measures_the_penalty_from_pi_ref(shown):
    prose, _ = shown["kl_penalty"]
    assert "moves away from π_ref (the reward model is trusted only" in prose
    assert "the answers the reward model was trained on" not in prose
    assert "KL = 1/β², reward gain 2/β, true quality gain 2/β − 1/β²" in prose
    for beta in (2.0, 1.0, 0.5):
        result = core.kl_optimum(beta, exact=True)
        # To the two decimals the page prints: the grid (step 0.05) misses 4e-4 of KL at 0.5.
        assert result.kl == pytest.approx(1 / beta**2, abs=5e-3)
        assert result.proxy_gain == pytest.approx(2 / beta, abs=5e-3)
        assert result.gold_gain == pytest.approx(2 / beta - 1 / beta**2, abs=5e-3)


def test_the_reward_model_page_states_cores_fits(shown):
    prose = " ".join(shown["reward_model"][0].split())
    assert (
        "200 pairs at spread 0.3 (rater noise 1) give b = 2.71 with no prior "
        "(interval 0.70 to 4.73)" in prose
    )
    assert (
        "at prior 30 the same pairs give b = 0.19, interval -0.47 to 0.85, which excludes "
        "the true b = 1" in prose
    )
    assert "pays 0.75 per unit of length against 1 for substance" in prose
    assert "conditional on the prior" in prose
    narrow = reward_model_fit(200, 0.3, 1.0, 0.0)
    assert f"{narrow.b:.2f}" == "2.71"
    assert [f"{end:.2f}" for end in narrow.b_interval] == ["0.70", "4.73"]
    with_prior = reward_model_fit(200, 0.3, 1.0, 30.0)
    assert f"{with_prior.b:.2f}" == "0.19"
    assert [f"{end:.2f}" for end in with_prior.b_interval] == ["-0.47", "0.85"]
    assert with_prior.b_interval[1] < 1
    pairs = core.comparisons(200_000, length_spread=1.0, rater_noise=1.0, seed=COMPARISON_SEED)
    without = core.fit_bradley_terry(pairs, padding_feature=False)
    assert (f"{without.length_ratio:.2f}", without.b) == ("0.75", 0.0)


def test_the_reward_model_page_says_when_dpo_matches_the_optimum(shown):
    prose = " ".join(shown["reward_model"][0].split())
    assert (
        "In the ideal limit (unlimited comparisons, exact optimization) that reward is the "
        "fitted reward model r, so DPO lands on the same optimum, π ∝ π_ref·exp(r/β)" in prose
    )
    assert "r̂" not in prose  # a reward defined from π cannot define π
    assert "(Azar et al., 2023, whose IPO keeps it closer)" in prose


def test_the_glossary_does_not_make_ppo_rlhfs_only_method(shown):
    prose = " ".join(shown["lesson"][0].split())
    assert "RLHF also uses others, such as REINFORCE-style RLOO and GRPO" in prose


def test_the_goodhart_kinds_stand_where_b_and_sigma_do(shown):
    for page in ("playground", "defenses"):
        prose = shown[page][0]
        assert "σ is *regressional*" in prose and "b is *extremal*" in prose, page
        assert "(Manheim & Garrabrant, 2018)" in prose


def test_the_defenses_page_says_spot_checks_are_a_perfect_oracle_and_length_is_untidy(shown):
    prose = " ".join(shown["defenses"][0].split())
    assert "The checks here are perfect: each reads an answer's true quality exactly" in prose
    assert "read these numbers as a best case" in prose
    assert "length penalties did not help uniformly" in prose


def test_the_ensemble_formula_is_stated_for_the_mean_only():
    mean = defense_text.ensemble_words("mean", 4, 0.61, 0.63, sigma=1.0, rho=0.36)
    assert "σ·√(ρ + (1 − ρ)/k) = **0.61** (these 4 members measure 0.63)" in mean
    # With ρ > 0 the mean keeps the shared error too: σ·√ρ = 0.60 at σ = 1, ρ = 0.36.
    assert "what every member shares: b and the shared error σ·√ρ·ε₀ (of size 0.60 here)" in mean
    assert f"{1.0 * 0.36**0.5:.2f}" == "0.60"
    only_b = defense_text.ensemble_words("mean", 4, 0.5, 0.5, sigma=1.0, rho=0.0)
    assert "what every member shares: b." in only_b
    minimum = defense_text.ensemble_words("min", 4, 0.61, 0.63, sigma=1.0, rho=0.36)
    assert "0.61" not in minimum and "0.63" not in minimum
    assert "Their minimum, the worst case, does not average the members' own errors" in minimum
    assert "disagreement cannot flag an unusual answer" in minimum
    assert "Coste et al. (2023)" in minimum
    for words in (mean, minimum):
        assert "Eisenstein et al., 2023" in words
