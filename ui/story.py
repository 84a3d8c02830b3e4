"""The Lesson page's fixed text: the runnable snippet and the steps to try in the Playground."""

from __future__ import annotations

from ui.state import PRESETS, Preset

# Runs as is from the repository's root (tests run it and compare with the lesson's table).
SNIPPET = """\
from core import kl_optimum

# The lesson's reward model: b = 0 (no padding penalty learned), sigma = 0 (no other errors).
print(" beta   KL   reward model   true quality   avg length")
for beta in (4, 2, 1, 0.6, 0.4, 0.3):
    optimum = kl_optimum(beta)
    print(
        f"{beta:5.2f} {optimum.kl:5.1f} {optimum.proxy_gain:+13.2f}"
        f" {optimum.gold_gain:+14.2f} {optimum.mean_length:+12.2f}"
    )
"""

# What to try, in order: the Playground's presets, then two open-ended questions.
TRIES: tuple[Preset, ...] = PRESETS + (
    Preset(
        "The fix, with other errors left",
        "Padding fixed (b = 0.2) but other errors added (σ = 1): pushing harder no longer "
        "hurts here, yet barely helps: best-of-n's true quality stalls near +1.5 while the "
        "reward model reports +3.4.",
        {"beta": 0.3, "n": 590, "b": 0.2, "sigma": 1.0},
    ),
    Preset(
        "Best-of-n runs out of answers",
        "n = 10,000 draws from only 600 answers: best-of-n nearly always keeps the reward "
        "model's single favourite, and its KL stops just short of log 600.",
        {"beta": 0.25, "n": 10000, "b": 0.0, "sigma": 0.0},
    ),
)
