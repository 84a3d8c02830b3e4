"""The Reward model page's sentences that carry numbers (pure, no Streamlit): which b its
curves are drawn at, and why."""

from __future__ import annotations

import math

from ui import format as fmt
from ui.reward_model.compute import B_SETTING


def drawn_b_sentence(learned_b: float, drawn_b: float) -> str:
    """Which b the overoptimization curves use, and why it may differ from the learned b:
    the curves are the Playground's, on its b slider's steps (0 to 1 by 0.05), so a learned
    b is drawn at the nearest step, and one outside the slider's range at its nearest end."""
    drawn = f"**{fmt.named('b', drawn_b)}**"
    if not math.isfinite(learned_b):
        return f"The curves are drawn at {drawn}: this fit learned no finite b."
    learned = fmt.named("b", learned_b, decimals=2)
    if learned_b > B_SETTING.high or learned_b < B_SETTING.low:
        side = "above" if learned_b > B_SETTING.high else "below"
        return (
            f"The curves are drawn at {drawn}, not at the learned {learned}: that is {side} the "
            f"b slider's range ({fmt.stop(B_SETTING.low)} to {fmt.stop(B_SETTING.high)}), so "
            "they use its nearest end."
        )
    return f"The curves are drawn at {drawn}, the b slider's step nearest the learned {learned}."
