"""No headline, delta, peak or "strongest setting" of the Defenses page stands on a KL optimum
capped by the grid's edge, at every (b, σ) stop of its sliders (and every better b′), and its
words say "collapses" only where true quality ends below the base model's."""

import functools

import numpy as np
import pytest

import core
from ui import format as fmt
from ui import swamp_text
from ui.defenses import compute as defense_compute
from ui.defenses import view as defense_view
from ui.settings import B_STOPS, BETA_STOPS, N_STOPS, SIGMA_STOPS

BETAS = np.array(BETA_STOPS, dtype=float)


@pytest.fixture(scope="module")
def kl_summaries():
    """The KL side of the undefended summary at every (b, σ): {(b, σ): MethodSummary}, and the
    edge masses at the stops as core gives them (the summary's own copy is not trusted)."""
    summaries, edges = {}, {}
    for b in B_STOPS:
        for sigma in SIGMA_STOPS:
            result = vars(core.defended_kl_optimum(BETAS, b=b, sigma=sigma, exact=True))
            # The page's own reading of the stops (the curve is not needed for the stops).
            summaries[b, sigma] = defense_compute._method(BETAS, (result, result), BETAS)
            edges[b, sigma] = np.array(result["edge_mass"])
    return summaries, edges


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


def test_every_delta_compares_one_stop_clear_of_the_edge_for_both(kl_summaries):
    summaries, edges = kl_summaries
    for sigma in SIGMA_STOPS:
        for b in B_STOPS:
            for better in B_STOPS:  # the b′ slider has b's stops
                before, after = summaries[b, sigma], summaries[better, sigma]
                pair = defense_view.shared_strongest("kl", before, after)
                index = BETA_STOPS.index(pair.pressure)
                assert edges[b, sigma][index] < 0.05 and edges[better, sigma][index] < 0.05
                assert pair.before_gold_gain == before.stop_gold_gain[index]
                assert pair.after_gold_gain == after.stop_gold_gain[index]


def test_collapses_is_said_only_where_true_quality_ends_below_the_base(kl_summaries):
    summaries, _ = kl_summaries
    for summary in summaries.values():
        words = defense_view.fate_sentence("kl", summary)
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
    assert defense_view.fate_sentence("best_of_n", summary) == expected


@functools.cache
def strongest_best_of_n(b: float, sigma: float) -> tuple[float, float]:
    """Best-of-n's (true quality, mean length) at n = 10,000, from core."""
    result = core.best_of_n(float(max(N_STOPS)), b=b, sigma=sigma)
    return float(result.gold_gain), float(result.mean_length)


def test_the_sigma_swamps_b_sentence_stands_where_larger_errors_take_a_clean_collapse_away():
    """Walk all 441 (b, σ): the sentence shows exactly where best-of-n collapses at σ = 0 (same
    b) and not at σ, picking shorter answers; every number it prints is core's; its KL evidence
    is below the base model, or a fall from the peak, never a KL optimum at or above it called
    "not cured" (issue 28: 32 of its 54 stops did that, at b = 0.05-0.15)."""
    shown = set()
    for b in B_STOPS:
        clean_end, clean_length = strongest_best_of_n(b, 0.0)
        for sigma in SIGMA_STOPS:
            end, length = strongest_best_of_n(b, sigma)
            holds = sigma > 0 and clean_end < 0 <= end and length < clean_length
            sentence = swamp_text.swamped_sentence(b, sigma)
            readout = swamp_text.swamped_readout(b, sigma)
            assert (sentence is not None) == holds == (readout is not None), (b, sigma)
            if not holds:
                continue
            shown.add((b, sigma))
            assert f"it ends at {fmt.signed(end)}, where at σ = 0 it falls to " in sentence
            assert f"falls to {fmt.signed(clean_end)} (on this" in sentence
            assert f"mean length {fmt.number(length)} at n = 10,000, against " in sentence
            assert f"against {fmt.number(clean_length)} at σ = 0" in sentence
            assert readout.startswith(f"σ swamps b here: best-of-n ends at {fmt.signed(end)} ")
            assert f"(at σ = 0: {fmt.signed(clean_end)})" in readout
            kl = core.kl_optimum(BETAS, b=b, sigma=sigma, exact=True)
            clear = np.flatnonzero(np.asarray(kl.edge_mass) < 0.05)
            strongest = clear[np.argmin(BETAS[clear])]
            kl_end = float(kl.gold_gain[strongest])
            at_end = f"{fmt.signed(kl_end)} at β = {BETAS[strongest]:g}."
            assert sentence.endswith(at_end), sentence
            peak = float(np.max(np.asarray(kl.gold_gain)[clear]))
            if "do not cure" in sentence or "not a cure" in readout:
                assert kl_end < 0 or peak - kl_end > 0.01, (b, sigma)
            if "below the base model" in sentence:
                assert kl_end < 0
    # docs/design.md §16: at b = 0 the collapse goes from σ = 0.9 on; at b = 0.05-0.15
    # best-of-n is above the base model at σ = 0 (no collapse there for errors to take away).
    assert shown == {(0.0, sigma) for sigma in SIGMA_STOPS if sigma >= 0.9}
    assert swamp_text.swamped_sentence(0.0, 1.0) == (
        "Here σ swamps b: the reward model's other errors (σ = 1) are larger than its liking for "
        "length, so best-of-n picks the answers those errors flatter rather than the longest "
        "ones (mean length 1.03 at n = 10,000, against 2.37 at σ = 0): it ends at +1.54, where "
        "at σ = 0 it falls to -1.08 (on this draw of 600 answers). The errors (regressional "
        "Goodhart) drown out the length flaw (extremal Goodhart); they do not cure it: the KL "
        "optimum, which can reach any answer, still ends below the base model, at -2.16 at "
        "β = 0.3."
    )
    assert swamp_text.swamped_sentence(0.0, 2.0).endswith("at -0.87 at β = 0.3.")
