"""The Reward model page's sentences that carry numbers (pure, no Streamlit): which b its
curves are drawn at, and why, and where true quality peaks on them."""

from __future__ import annotations

import math

from common import format as fmt
from ui.reward_model.compute import B_SETTING
from ui.settings import SETTINGS

MAX_DECIMALS = 6  # a learned b outside the slider is written with up to this many decimals


def peak_texts(bon_peak_pressure: float, kl_peak_pressure: float, kl_peak_beta: float):
    """Where true quality peaks on each curve, as the readouts write it: ("n = 49", "β = 1.00")
    or, where it still rises at the curve's end, ("n ≥ 10,000", "β ≤ 0.25").

    ``bon_peak_pressure`` and ``kl_peak_pressure`` are the curves' peaks; ``kl_peak_beta`` the
    exact β of the KL peak (core.kl_peak_beta), stated where the peak is inside the range."""
    n_end, beta_end = SETTINGS["n"].high, SETTINGS["beta"].low
    if bon_peak_pressure >= n_end:
        bon = f"n ≥ {fmt.count(n_end)}"
    else:
        bon = fmt.named("n", bon_peak_pressure)
    if kl_peak_pressure <= beta_end:
        kl = f"β ≤ {fmt.stop(beta_end)}"
    else:
        kl = fmt.named("β", kl_peak_beta, digits=3)
    return bon, kl


def drawn_b_sentence(learned_b: float, drawn_b: float) -> str:
    """Which b the overoptimization curves use, and why it may differ from the learned b:
    the curves are the Playground's, on its b slider's steps (0 to 1 by 0.05), so a learned
    b is drawn at the nearest step, and one outside the slider's range at its nearest end."""
    drawn = f"**{fmt.named('b', drawn_b)}**"
    if not math.isfinite(learned_b):
        return f"The curves are drawn at {drawn}: this fit learned no finite b."
    learned = fmt.named("b", learned_b, decimals=2)
    if learned_b > B_SETTING.high or learned_b < B_SETTING.low:
        # Enough decimals to show it is outside: -0.001 is not "b = 0.00 below the range".
        decimals = 2
        while (
            decimals < MAX_DECIMALS
            and B_SETTING.low <= round(learned_b, decimals) <= B_SETTING.high
        ):
            decimals += 1
        learned = fmt.named("b", learned_b, decimals=decimals)
        side = "above" if learned_b > B_SETTING.high else "below"
        return (
            f"The curves are drawn at {drawn}, not at the learned {learned}: that is {side} the "
            f"b slider's range ({fmt.stop(B_SETTING.low)} to {fmt.stop(B_SETTING.high)}), so "
            "they use its nearest end."
        )
    return f"The curves are drawn at {drawn}, the b slider's step nearest the learned {learned}."
