"""The Lesson page's fixed text: the runnable snippet and the steps to try in the Playground."""

from __future__ import annotations

from ui.story_steps import PRESETS, Preset

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

# What to try, in order: the Playground's story steps, each a link that opens it there.
TRIES: tuple[Preset, ...] = PRESETS
