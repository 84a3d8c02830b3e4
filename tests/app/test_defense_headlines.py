"""No headline, delta, peak or "strongest setting" of the Defenses page stands on a KL optimum
capped by the grid's edge, at every (b, σ) stop of its sliders (and every better b′), and its
words say "collapses" only where true quality ends below the base model's.

Walked at every stop: the undefended fate of both methods and the strongest settings named
(441 (b, σ)), the four readouts of section 1 (every b × b′ × σ: 9,261), the σ-swamps-b
sentence (441), and the ensemble's words (every σ × k × ρ × combination: 3,696); each claim's
condition read from core's curve at the stops (tests/app/stop_curves.py), each number as
printed."""

import functools
import random

import numpy as np
import pytest
import stop_curves

import core
from common import format as fmt
from core import fresh_draws
from ui import compute, swamp_text
from ui.defenses import compute as defense_compute
from ui.defenses import text as defense_text
from ui.settings import (
    B_STOPS,
    BETA_STOPS,
    K_STOPS,
    LAMBDA_STOPS,
    N_STOPS,
    RHO_STOPS,
    SIGMA_STOPS,
)

BETAS = np.array(BETA_STOPS, dtype=float)


@pytest.fixture(scope="module")
def kl_summaries():
    """The KL side of the undefended summary at every (b, σ): {(b, σ): MethodSummary}, and the
    edge masses at the stops as core gives them (the summary's own copy is not trusted)."""
    summaries, edges = {}, {}
    for b in B_STOPS:
        for sigma in SIGMA_STOPS:
            result = vars(stop_curves.kl_result(b, sigma))  # the undefended reward model
            # The page's own reading of the stops (the curve is not needed for the stops).
            summaries[b, sigma] = defense_compute._method(BETAS, (result, result), BETAS)
            edges[b, sigma] = np.array(result["edge_mass"])
    return summaries, edges


@pytest.fixture(scope="module")
def summaries(kl_summaries):
    """The undefended summary at every (b, σ), both methods, read from the stops as the page
    reads them: {(b, σ): Summary}."""
    found = {}
    for (b, sigma), kl in kl_summaries[0].items():
        result = vars(stop_curves.best_of_n_result(b, sigma))
        counts = stop_curves.COUNTS
        best_of_n = defense_compute._method(counts, (result, result), counts)
        found[b, sigma] = defense_compute.Summary(best_of_n=best_of_n, kl=kl)
    return found


@pytest.mark.slow  # over 10 s of a quiet core: a walk over all 441 (b, σ)
def test_every_peak_and_strongest_kl_stop_is_clear_of_the_edge(kl_summaries):
    summaries, edges = kl_summaries
    for setting, summary in summaries.items():
        edge = dict(zip(BETA_STOPS, edges[setting], strict=True))
        assert edge[summary.peak_pressure] < 0.05, setting
        assert edge[summary.strongest_pressure] < 0.05, setting
        # and no stronger stop clear of the edge was passed over
        stronger = [beta for beta in BETA_STOPS if beta < summary.strongest_pressure]
        assert all(edge[beta] >= 0.05 for beta in stronger), setting
    # β = 0.25 is capped somewhere (σ = 1: 17%), so the rule is not idle.
    assert any(s.strongest_pressure > 0.25 for s in summaries.values())


@pytest.mark.slow  # over 10 s of a quiet core: the KL optimum at all 441 (b, σ)
def test_every_delta_compares_one_stop_clear_of_the_edge_for_both(kl_summaries):
    summaries, edges = kl_summaries
    for sigma in SIGMA_STOPS:
        for b in B_STOPS:
            for better in B_STOPS:  # the b′ slider has b's stops
                before, after = summaries[b, sigma], summaries[better, sigma]
                pair = defense_text.shared_strongest("kl", before, after)
                index = BETA_STOPS.index(pair.pressure)
                assert edges[b, sigma][index] < 0.05 and edges[better, sigma][index] < 0.05
                assert pair.before_gold_gain == before.stop_gold_gain[index]
                assert pair.after_gold_gain == after.stop_gold_gain[index]


@pytest.mark.slow  # over 10 s of a quiet core: the KL optimum at all 441 (b, σ)
def test_collapses_is_said_only_where_true_quality_ends_below_the_base(kl_summaries):
    summaries, _ = kl_summaries
    for summary in summaries.values():
        words = defense_text.fate_sentence("kl", summary)
        assert ("collapses" in words) == (summary.strongest_gold_gain < 0), words


@pytest.mark.parametrize(
    ("sigma", "expected"),
    [
        (
            0.5,
            "**Best-of-n** collapses: from +1.25 at n = 6 to -1.08 at n = 10,000, below the base "
            "model.",
        ),
        (1.0, "**Best-of-n** does not decline: true quality is at its peak, +1.54 at n = 10,000."),
    ],
)
def test_best_of_ns_fate_in_words_at_b_0(sigma, expected):
    summary = defense_compute.summary(0.0, sigma).best_of_n
    assert defense_text.fate_sentence("best_of_n", summary) == expected


def test_a_fall_under_001_from_a_peak_at_another_stop_is_told_as_holding():
    # b = 0.4, σ = 1: +1.6514 at n = 590, +1.6423 at n = 10,000 (the page said "does not
    # decline: true quality is at its peak, +1.64 at n = 10,000").
    summary = defense_compute.summary(0.4, 1.0).best_of_n
    assert defense_text.fate_sentence("best_of_n", summary) == (
        "**Best-of-n** holds: +1.64 at n = 10,000, within 0.01 of its peak (+1.65 at n = 590)."
    )


def named(method: str, pressure: float) -> str:
    return fmt.named("n" if method == "best_of_n" else "β", pressure)


@pytest.mark.slow  # over 10 s of a quiet core: the KL optimum at all 441 (b, σ)
def test_every_fate_sentence_states_what_cores_curve_does(summaries):
    """Walk 441 (b, σ) × both methods: "collapses" where true quality ends below the base
    model, "declines" where it ends more than 0.01 below its peak, "holds" where less but at
    another stop, "does not decline" where the strongest stop is the peak; numbers as core's."""
    cases = set()
    for (b, sigma), summary in summaries.items():
        for method in ("best_of_n", "kl"):
            curve = stop_curves.curve(method, b, sigma, edge="mass")
            words = defense_text.fate_sentence(method, getattr(summary, method))
            peak, end = curve.gold[curve.peak], curve.gold[curve.strongest]
            at_peak = f"{fmt.signed(peak)} at {named(method, curve.pressure[curve.peak])}"
            at_end = f"{fmt.signed(end)} at {named(method, curve.pressure[curve.strongest])}"
            if end < 0:
                case = "collapses"
                assert f"from {at_peak} to {at_end}, below the base model" in words
            elif peak - end > 0.01:
                case = "declines"
                assert f"from {at_peak} to {at_end}, still above the base model" in words
            elif curve.peak != curve.strongest:
                case = "holds"
                assert f"holds: {at_end}, within 0.01 of its peak ({at_peak})" in words, words
            else:
                case = "does not decline"
                assert words.endswith(f"true quality is at its peak, {at_end}."), words
            assert case in words, (b, sigma, words)
            cases.add(case)
    # Every case is met (best-of-n holds within 0.01 at b = 0.4, σ = 0.7-1.2; it said "does
    # not decline: at its peak" there, while its peak stood higher at another n).
    assert cases == {"collapses", "declines", "holds", "does not decline"}


@pytest.mark.slow  # over 10 s of a quiet core: the KL optimum at all 441 (b, σ)
def test_the_strongest_settings_named_are_the_strongest_clear_of_the_edge(summaries):
    for (b, sigma), summary in summaries.items():
        kl = stop_curves.kl(b, sigma)
        text = defense_text.strongest_text(summary)
        assert text.startswith(f"n = 10,000, β = {kl.pressure[kl.strongest]:g}"), text
        capped = [f"{beta:g}" for beta in kl.pressure[~kl.clear]]
        # Every capped stop is stronger than the one read, and the words name exactly them.
        assert all(beta < kl.pressure[kl.strongest] for beta in kl.pressure[~kl.clear])
        if capped:
            listed = (
                capped[0] if len(capped) == 1 else ", ".join(capped[:-1]) + " and " + capped[-1]
            )
            assert text.endswith(
                f"; β = {listed} {'is' if len(capped) == 1 else 'are'} left out: "
                "capped by the grid's edge"
            ), text
        else:
            assert "left out" not in text


@pytest.mark.slow  # over 10 s of a quiet core: the KL optimum at all 441 (b, σ)
def test_every_section_one_readout_is_cores_at_each_b_b_prime_and_sigma(summaries):
    """Walk all 9,261 (b, b′, σ): each label's stop, value, change and help from core's curve."""
    for (b, sigma), before in summaries.items():
        for better in B_STOPS:
            after = summaries[better, sigma]
            shown = defense_text.readouts(before, after)
            assert len(shown) == 4
            for index, method in enumerate(("best_of_n", "kl")):
                old, new = (stop_curves.curve(method, x, sigma, edge="mass") for x in (b, better))
                peak, strongest = shown[2 * index : 2 * index + 2]
                assert peak.label.endswith(f"peak, {named(method, new.pressure[new.peak])}")
                assert peak.value == fmt.signed(new.gold[new.peak])
                change = new.gold[new.peak] - old.gold[old.peak]
                assert peak.delta == (None if round(change, 2) == 0 else fmt.signed(change))
                at_old = (
                    f"{fmt.signed(old.gold[old.peak])} at {named(method, old.pressure[old.peak])}"
                )
                assert peak.help.endswith(f"Undefended: {at_old}."), peak.help
                # One stop for both: the gentler of the two strongest clear stops.
                stop = min(old.strongest, new.strongest)
                assert strongest.label.endswith(f"at {named(method, new.pressure[stop])}")
                assert strongest.value == fmt.signed(new.gold[stop])
                change = new.gold[stop] - old.gold[stop]
                assert strongest.delta == (None if round(change, 2) == 0 else fmt.signed(change))
                assert strongest.help.endswith(f"Undefended: {fmt.signed(old.gold[stop])}.")
                assert old.clear[stop] and new.clear[stop]


@pytest.mark.parametrize("aggregate", ["mean", "min"])
def test_the_ensembles_words_hold_at_every_sigma_k_and_rho(aggregate):
    """Walk σ × k × ρ: "shrinks the errors" only where the formula is below σ; its size and
    the shipped members' measured one as core's; the shared error's size σ·√ρ."""
    for rho in RHO_STOPS:
        measured = core.ensemble_error_sizes(rho=rho)
        for k in K_STOPS:
            for sigma in SIGMA_STOPS:
                formula = sigma * np.sqrt(rho + (1 - rho) / k)
                words = defense_text.ensemble_words(
                    aggregate, k, formula, sigma * measured[k - 1], sigma=sigma, rho=rho
                )
                where = (aggregate, sigma, k, rho)
                if rho > 0 and sigma > 0:
                    assert f"(of size {fmt.number(sigma * np.sqrt(rho))} here)" in words, where
                else:
                    assert "shared error σ·√ρ·ε₀ (of size" not in words, where
                if aggregate == "min":
                    assert "(1 − ρ)/k) = **" not in words and "measure" not in words
                    continue
                assert f"**{fmt.number(formula)}**" in words, where
                assert (
                    f"measure{'s' if k == 1 else ''} {fmt.number(sigma * measured[k - 1])})"
                    in words
                )
                assert ("shrinks the errors" in words) == (formula < sigma), where


def test_at_sigma_0_an_ensemble_changes_nothing_as_the_page_says():
    # "σ is 0: every member is the same reward model, so the ensemble changes nothing."
    counts = stop_curves.COUNTS
    for b in (0.0, 0.5, 1.0):
        plain = core.best_of_n(counts, b=b, sigma=0.0).gold_gain
        for k in K_STOPS:
            for aggregate in ("mean", "min"):
                ensemble = core.defended_best_of_n(
                    counts, b=b, sigma=0.0, k=k, rho=0.3, aggregate=aggregate
                )
                np.testing.assert_allclose(ensemble.gold_gain, plain, atol=1e-12)


@functools.cache
def strongest_best_of_n(b: float, sigma: float) -> tuple[float, float]:
    """Best-of-n's (true quality, mean length) at n = 10,000, from core."""
    result = core.best_of_n(float(max(N_STOPS)), b=b, sigma=sigma)
    return float(result.gold_gain), float(result.mean_length)


def check_fresh_draws(b: float, sigma: float, sentence: str, readout: str) -> None:
    """The sentence's and the line's counts over the fresh draws, counted here from core's
    curves over them (core.fresh_draws, itself checked against core.best_of_n per seed)."""
    at, clean = (fresh_draws.fresh_curves(np.array([10_000.0]), b=b, sigma=s) for s in (sigma, 0.0))
    below, below_clean = int((at.gold_gain < 0).sum()), int((clean.gold_gain < 0).sum())
    draws = len(fresh_draws.FRESH_DRAW_SEEDS)
    assert f"below the base in {below} of {draws} fresh draws ({below_clean} at σ = 0)" in readout
    assert f"in {below} of them at {fmt.named('σ', sigma)}, against {below_clean} at σ = 0" in (
        sentence
    )
    verdict = "this holds on average" if below < below_clean else "it is this draw's, not the rule"
    assert f"Over {draws} fresh draws of 600 {verdict}" in sentence


@pytest.mark.slow  # over 10 s of a quiet core: a walk over all 441 (b, σ)
def test_the_sigma_swamps_b_sentence_stands_where_larger_errors_take_a_clean_collapse_away():
    """Walk all 441 (b, σ): the sentence shows exactly where best-of-n collapses at σ = 0 (same
    b) and not at σ, picking shorter answers; every number it prints is core's; its KL evidence
    is below the base model, or a fall from the peak, never a KL optimum at or above it called
    "not cured" (docs/design.md §17: 32 of its 54 stops did that, at b = 0.05-0.15)."""
    shown = set()
    for b in B_STOPS:
        clean_end, clean_length = strongest_best_of_n(b, 0.0)
        for sigma in SIGMA_STOPS:
            end, length = strongest_best_of_n(b, sigma)
            holds = sigma > 0 and clean_end < 0 <= end and length < clean_length
            found = compute.swamping(b, sigma)
            sentence = None if found is None else swamp_text.swamped_sentence(found)
            readout = None if found is None else swamp_text.swamped_readout(found)
            assert (sentence is not None) == holds == (readout is not None), (b, sigma)
            if not holds:
                continue
            shown.add((b, sigma))
            assert f"it ends at {fmt.signed(end)}, where at σ = 0 it falls to " in sentence
            assert f"falls to {fmt.signed(clean_end)} (on this" in sentence
            assert f"mean length {fmt.number(length)} at n = 10,000, against " in sentence
            assert f"against {fmt.number(clean_length)} at σ = 0" in sentence
            assert readout.startswith(
                f"σ swamps b on this draw: best-of-n ends at {fmt.signed(end)} "
            )
            assert f"(at σ = 0: {fmt.signed(clean_end)})" in readout
            check_fresh_draws(b, sigma, sentence, readout)
            kl = core.kl_optimum(BETAS, b=b, sigma=sigma, exact=True)
            # Clear by the edge check: the sentence reads the KL optimum where the grid's edge
            # does not make its numbers (5% at the edge, or > 0.1 moved on a ±12 grid).
            clear = np.flatnonzero(~core.edge_check(BETAS, b=b, sigma=sigma, result=kl).capped)
            strongest = clear[np.argmin(BETAS[clear])]
            kl_end = float(kl.gold_gain[strongest])
            at_end = f"{fmt.signed(kl_end)} at β = {BETAS[strongest]:g}."
            assert sentence.endswith(at_end), sentence
            peak = float(np.max(np.asarray(kl.gold_gain)[clear]))
            if "do not cure" in sentence or "not a cure" in readout:
                assert kl_end < 0 or peak - kl_end > 0.01, (b, sigma)
            if "still ends below the base model" in sentence:  # the KL optimum's, not the draws'
                assert kl_end < 0
    # docs/design.md §16: at b = 0 the collapse goes from σ = 0.9 on; at b = 0.05-0.15
    # best-of-n is above the base model at σ = 0 (no collapse there for errors to take away).
    assert shown == {(0.0, sigma) for sigma in SIGMA_STOPS if sigma >= 0.9}
    assert swamp_text.swamped_sentence(compute.swamping(0.0, 1.0)) == (
        "Here σ swamps b: the reward model's other errors (σ = 1) are larger than its liking for "
        "length, so best-of-n picks the answers those errors flatter rather than the longest "
        "ones (mean length 1.03 at n = 10,000, against 2.37 at σ = 0): it ends at +1.54, where "
        "at σ = 0 it falls to -1.08 (on this draw of 600 answers). Over 200 fresh draws of 600 "
        "it is this draw's, not the rule: best-of-n ends below the base model at n = 10,000 in "
        "96 of them at σ = 1, against 75 at σ = 0, so at this σ the errors make the collapse "
        "more likely, not less (in 7 of the 200 larger errors take a collapse away). On this "
        "draw the errors (regressional Goodhart) drown out the length flaw (extremal Goodhart); "
        "they do not cure it: the KL optimum, which can reach any answer, still ends below the "
        "base model, at -2.16 at β = 0.3."
    )
    # docs/design.md §16: on 100 draws σ swamps b held on average from σ ≈ 1.2; on these 200, 1.1.
    on_average = {
        sigma
        for sigma in SIGMA_STOPS
        if sigma >= 0.9
        and "holds on average" in swamp_text.swamped_sentence(compute.swamping(0.0, sigma))
    }
    assert min(on_average) == 1.1 and on_average == {s for s in SIGMA_STOPS if s >= 1.1}
    # σ = 2: β = 0.3 holds 3.1% at the edge and moves -0.87 -> +1.51 on a ±12 grid (edge check)
    assert swamp_text.swamped_sentence(compute.swamping(0.0, 2.0)).endswith(
        "still falls from +1.42 at β = 0.8 to +0.63 at β = 0.4."
    )


SPOT_SAMPLE = sorted(random.Random(28).sample([(b, s) for b in B_STOPS for s in SIGMA_STOPS], 20))


@pytest.mark.parametrize(("b", "sigma"), SPOT_SAMPLE)
def test_the_spot_checks_readouts_state_the_real_peak_and_the_spread(b, sigma):
    """At a fixed sample of 20 (b, σ), m = 30 (the page's default): "the real peak" is the
    highest true quality among the stops clear of the edge (core's curve, read here), and the
    median and middle 80% are the repeats' own, ordered gentle to strong."""
    runs = defense_compute.spot_checks(30, b, sigma)
    for method, result in zip(("best_of_n", "kl"), runs, strict=True):
        curve = stop_curves.curve(method, b, sigma, edge="mass")
        spread = defense_text.spot_check_spread(result, method)
        assert spread.peak_pressure == curve.pressure[curve.peak], (method, b, sigma)
        # Ordered by pressure: n rising, β falling (gentle to strong), quantiles of the repeats.
        strength = result.chosen_pressure if method == "best_of_n" else 1 / result.chosen_pressure
        low, median, high = np.quantile(strength, (0.1, 0.5, 0.9), method="inverted_cdf")
        if method == "kl":
            low, median, high = 1 / low, 1 / median, 1 / high
        assert (spread.chosen_low, spread.chosen_median, spread.chosen_high) == (low, median, high)
        assert set(result.chosen_pressure) <= set(curve.pressure[curve.looked])  # never capped
        assert 0 <= spread.lost_median <= spread.lost_high
        lost = curve.gold[curve.peak] - np.array(
            [curve.gold[list(curve.pressure).index(p)] for p in result.chosen_pressure]
        )
        np.testing.assert_allclose(np.sort(lost), np.sort(result.quality_lost), atol=1e-9)


DEFENDED_SAMPLE = sorted(
    random.Random(32).sample(
        [
            (b, s, k, rho, agg, 0.0)
            for b in B_STOPS
            for s in SIGMA_STOPS
            for k in K_STOPS
            for rho in RHO_STOPS
            for agg in ("mean", "min")
        ],
        20,
    )
    + random.Random(33).sample(
        [(b, s, 1, 1.0, "mean", lam) for b in B_STOPS for s in SIGMA_STOPS for lam in LAMBDA_STOPS],
        20,
    )
)


@pytest.mark.parametrize(("b", "sigma", "k", "rho", "aggregate", "lam"), DEFENDED_SAMPLE)
def test_the_ensemble_and_length_penalty_readouts_are_cores(b, sigma, k, rho, aggregate, lam):
    """Sections 2 and 3: a fixed sample of 20 ensembles (of 441 × 8 × 11 × 2) and 20 length
    penalties (of 441 × 21), each readout against core's defended optimum at the stops."""
    defense = {"b": b, "sigma": sigma, "k": k, "rho": rho, "aggregate": aggregate}
    defense["length_penalty"] = lam
    before = defense_compute.summary(b, sigma)
    after = defense_compute.summary(b, sigma, k, rho, aggregate, lam)
    shown = defense_text.readouts(before, after)
    for index, method in enumerate(("best_of_n", "kl")):
        if method == "kl":
            result = core.defended_kl_optimum(BETAS, **defense, exact=True)
            pressure, clear = BETAS, np.asarray(result.edge_mass) < 0.05
        else:
            result = core.defended_best_of_n(stop_curves.COUNTS, **defense)
            pressure, clear = stop_curves.COUNTS, np.ones(len(stop_curves.COUNTS), dtype=bool)
        gold = np.asarray(result.gold_gain)
        old = stop_curves.curve(method, b, sigma, edge="mass")
        peak = int(np.flatnonzero(clear)[np.argmax(gold[clear])])
        named_peak = named(method, pressure[peak])
        assert shown[2 * index].label.endswith(f"peak, {named_peak}"), (method, shown[2 * index])
        assert shown[2 * index].value == fmt.signed(gold[peak])
        strongest = min(int(np.flatnonzero(clear)[-1]), old.strongest)
        assert shown[2 * index + 1].label.endswith(f"at {named(method, pressure[strongest])}")
        assert shown[2 * index + 1].value == fmt.signed(gold[strongest])
        change = gold[strongest] - old.gold[strongest]
        expected = None if round(change, 2) == 0 else fmt.signed(change)
        assert shown[2 * index + 1].delta == expected
