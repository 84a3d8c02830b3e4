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

# The lesson's whole model in plain numpy, nothing from core: the grid, the base model, true
# quality, the reward model and the exact KL-penalized optimum (tests run it and compare its
# table with core's). Written for this app; the lesson's own snippet does the same.
NUMPY_SNIPPET = """\
import numpy as np

axis = np.linspace(-6, 6, 241)  # lengths and substances, in standard units
length, substance = np.meshgrid(axis, axis)
reference = np.exp(-(length**2 + substance**2) / 2)  # the base model: a bell curve
reference /= reference.sum()
true_quality = substance + length - (length**2 - 1)  # padding past length 1 hurts
reward_model = substance + length  # learned "longer is better", and no padding penalty

print(" beta   KL   reward model   true quality   avg length")
for beta in (4, 2, 1, 0.6, 0.4, 0.3):
    # The best policy under E[reward model] - beta * KL: the base model reweighted by
    # exp(reward / beta), shifted by the top reward so nothing overflows.
    policy = reference * np.exp((reward_model - reward_model.max()) / beta)
    policy /= policy.sum()
    kl = np.sum(policy * np.log(policy / reference))
    reward_gain = np.sum((policy - reference) * reward_model)
    true_gain = np.sum((policy - reference) * true_quality)
    mean_length = np.sum(policy * length)
    print(f"{beta:5.2f} {kl:5.1f} {reward_gain:+13.2f} {true_gain:+14.2f} {mean_length:+12.2f}")
"""

# What to try, in order: the Playground's story steps, each a link that opens it there.
TRIES: tuple[Preset, ...] = PRESETS
