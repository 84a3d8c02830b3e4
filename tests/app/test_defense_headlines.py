"""No headline, delta, peak or "strongest setting" of the Defenses page stands on a KL optimum
capped by the grid's edge, at every (b, σ) stop of its sliders (and every better b′), and its
words say "collapses" only where true quality ends below the base model's."""

import numpy as np
import pytest

import core
from ui.defenses import compute as defense_compute
from ui.defenses import view as defense_view
from ui.settings import B_STOPS, BETA_STOPS, SIGMA_STOPS

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
