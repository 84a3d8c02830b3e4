"""The Reward model page's computed words at every value they can take: where true quality
peaks on its curves at each of the 21 b steps the curves are drawn at (σ = 0), and which b they
are drawn at for any learned b (a dense walk from -1 to 3, and the non-finite ones), each
checked against core and the b slider's stops computed here."""

from __future__ import annotations

import math

import numpy as np
import pytest
import stop_curves

import core
from common import format as fmt
from ui import compute
from ui.reward_model import compute as reward_model_compute
from ui.reward_model import text as reward_text
from ui.settings import B_STOPS


@pytest.mark.parametrize("b", B_STOPS)
def test_where_true_quality_peaks_is_cores_at_every_b_the_curves_use(b):
    bon, kl = reward_text.peak_texts(
        compute.best_of_n_curve(b, 0.0).peak_pressure,
        compute.kl_curve(b, 0.0).peak_pressure,
        reward_model_compute.kl_peak_beta(b),
    )
    counts = stop_curves.best_of_n(b, 0.0)
    if bon == "n ≥ 10,000":  # still rising at the slider's end: no stop beats n = 10,000
        assert counts.gold[-1] >= counts.gold.max() - 1e-12
    else:
        n = float(bon.removeprefix("n = ").replace(",", ""))
        top = float(core.best_of_n(n, b=b).gold_gain)
        assert top >= counts.gold.max() - 1e-12 and top > counts.gold[-1]
    betas = stop_curves.kl(b, 0.0)
    clear = betas.gold[betas.clear]
    if kl == "β ≤ 0.25":  # still rising at the slider's end
        assert betas.gold[-1] >= clear.max() - 1e-12
    else:
        beta = float(kl.removeprefix("β = "))
        top = float(core.kl_optimum(beta, b=b).gold_gain)
        # Stated to 3 digits: at least as high as every clear stop, to the rounding's cost.
        assert top >= clear.max() - 1e-3 and beta > 0.25
    if b == 0:
        assert (bon, kl) == ("n = 49", "β = 1")
    if b >= 0.6:  # the KL optimum rises all the way (docs/design.md §3: mean length 1/(β + 2b))
        assert kl == "β ≤ 0.25"


def nearest_b(learned: float) -> float:
    """The b slider's stop nearest ``learned`` (its end for one beyond it; 0 for no number)."""
    if not math.isfinite(learned):
        return 0.0
    return min(B_STOPS, key=lambda stop: (abs(stop - learned), stop))


@pytest.mark.parametrize("spread", [(-1.0, 3.0, 4001)])
def test_the_drawn_b_sentence_at_every_learned_b(spread):
    learned_values = [*np.linspace(*spread), math.nan, math.inf, -math.inf, 0.025, -0.001, 1.0004]
    for learned in learned_values:
        drawn = nearest_b(float(learned))
        text = reward_text.drawn_b_sentence(float(learned), drawn)
        assert text.startswith(f"The curves are drawn at **{fmt.named('b', drawn)}**"), text
        if not math.isfinite(learned):
            assert "learned no finite b" in text
        elif learned > 1 or learned < 0:
            side = "above" if learned > 1 else "below"
            assert f": that is {side} the b slider's range (0 to 1)" in text, text
            # The learned b as printed is itself outside the range (never "b = 0.00 ... below").
            printed = float(text.split("not at the learned b = ")[1].split(":")[0])
            assert printed > 1 if side == "above" else printed < 0, text
            assert abs(printed - learned) <= 0.005 + 1e-9, text
        else:
            assert text.endswith(f"the b slider's step nearest the learned b = {learned:.2f}.")
    # the page's own choice of the step is the nearest one (ties: 0.025 lies between two)
    for learned in learned_values:
        fit = type("Fit", (), {"b": float(learned)})()
        assert abs(reward_model_compute.curve_b(fit) - nearest_b(float(learned))) <= 0.05 + 1e-12
