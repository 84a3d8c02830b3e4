"""The curriculum question on "Rewards you can check" (ui/checker/curriculum_text.py) at a
fixed random sample of the page's stops (β × left pass@1 × right pass@1 × h × q) and at its
defaults: the mix it names is core's best of the 101 mixes, called here, every number as
printed, and each closing claim only where core's numbers make it true."""

from __future__ import annotations

import itertools
import random
import re

import numpy as np
import pytest

import core
from ui.checker import compute, figures, text
from ui.checker import curriculum_text as words_module
from ui.checker_rows import CHECK_BETA_STOPS, HACK_RATE_STOPS, LOOSENESS_STOPS, PASS1_STOPS

EVERY = list(
    itertools.product(CHECK_BETA_STOPS, PASS1_STOPS, PASS1_STOPS, LOOSENESS_STOPS, HACK_RATE_STOPS)
)
SAMPLE = [(0.1, 0.015, 0.25, 0.9, 0.01), (0.1, 0.015, 0.25, 0.0, 0.01)] + random.Random(39).sample(
    EVERY, 40
)


def rate_holds(said: str, share: float) -> bool:
    """A rate as ``text.rate`` prints it: one decimal below 10%, none above."""
    decimals = len(said.rstrip("%").split(".")[1]) if "." in said else 0
    return abs(float(said.rstrip("%")) / 100 - share) <= 0.5 * 10 ** (-2 - decimals) + 1e-12


@pytest.mark.parametrize(("beta", "left", "right", "looseness", "hack_rate"), SAMPLE)
def test_the_named_mix_is_cores_best(beta, left, right, looseness, hack_rate):
    view = compute.curriculum_view(beta, left, right, looseness, hack_rate)
    words = words_module.curriculum_sentence(view, reveal=True)
    hidden = words_module.curriculum_sentence(view, reveal=False)
    assert "%" not in hidden.split("nats)")[1], hidden  # no solve rate before the reveal
    alone = core.checker_optimum(beta, pass_rate=left, looseness=looseness, hack_rate=hack_rate)
    if left == right:
        assert "equally hard" in words
        return
    assert f"({text.fmt.kl(alone.kl)} nats)" in words
    found = core.curriculum(
        core.CURRICULUM_MIXES,
        budget=max(float(alone.kl), 1e-12),
        pass_rates=(left, right),
        looseness=looseness,
        hack_rate=hack_rate,
    )
    solving = found.real_solving
    best = int(np.argmax(solving))
    base = (1 - hack_rate) * (left + right) / 2
    if text.rate(solving.max()) == text.rate(solving.min()):  # every mix prints alike
        flat = re.search(r"every mix solves about the same, (\S+) of the test's", words)
        assert flat and rate_holds(flat.group(1), solving.max()), words
        below = "Every mix solves less than the base model" in words
        assert below == (solving.max() < base and text.rate(solving.max()) != text.rate(base))
        return
    named = re.search(r"solves the most is \*\*(.+?)\*\*: (\S+) of the test", words)
    assert named.group(1) == words_module.mix_text(core.CURRICULUM_MIXES[best]), words
    assert rate_holds(named.group(2), solving[best]), words
    against = re.search(
        r"against (\S+) for an even mix, (\S+) for the left task alone and (\S+) for the right "
        r"alone; the base model solves (\S+)\.",
        words,
    )
    for said, share in zip(
        against.groups(), (solving[50], solving[-1], solving[0], base), strict=True
    ):
        assert rate_holds(said, share), (said, share, words)
    # The closing claims, each only where core's numbers make it true.
    below = solving.max() < base and text.rate(solving.max()) != text.rate(base)
    assert ("Every mix solves less than the base model" in words) == below
    if "perfect checker" in words:
        assert looseness == 0 and best == 50
    if "Trained on the harder task alone" in words:
        harder = -1 if left < right else 0
        assert found.hack_share[harder] > found.hack_share[best]
        assert text.rate(found.hack_share[harder]) != text.rate(found.hack_share[best])


def test_the_defaults_answer_the_question_with_the_easier_task():
    """At the page's defaults (β = 0.1, pass@1 1.5% and 25%, h = 0.9, q = 0.01) the loose
    checker takes the budget: every mix solves less than the base model, the right task alone
    least badly."""
    view = compute.curriculum_view(0.1, 0.015, 0.25, 0.9, 0.01)
    words = words_module.curriculum_sentence(view, reveal=True)
    assert "**the right task alone**" in words
    assert "Every mix solves less than the base model" in words


@pytest.mark.parametrize(("beta", "left", "right", "looseness", "hack_rate"), SAMPLE[:6])
def test_the_chart_draws_cores_mixes_and_stars_the_best(beta, left, right, looseness, hack_rate):
    view = compute.curriculum_view(beta, left, right, looseness, hack_rate)
    figure = figures.curriculum_chart(view)
    traces = {trace.name: trace for trace in figure.data}
    alone = core.checker_optimum(beta, pass_rate=left, looseness=looseness, hack_rate=hack_rate)
    found = core.curriculum(
        core.CURRICULUM_MIXES,
        budget=max(float(alone.kl), 1e-12),
        pass_rates=(left, right),
        looseness=looseness,
        hack_rate=hack_rate,
    )
    drawn = np.asarray(traces["solved, both tasks"].y)
    np.testing.assert_allclose(drawn, 100 * found.real_solving, atol=0.005 + 1e-9)
    np.testing.assert_allclose(traces["hacks"].y, 100 * found.hack_share, atol=0.005 + 1e-9)
    star = traces["the most solved"]
    assert star.y[0] == pytest.approx(drawn.max(), abs=1e-9)
    assert star.x[0] == pytest.approx(100 * core.CURRICULUM_MIXES[np.argmax(found.real_solving)])
