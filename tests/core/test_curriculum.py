"""The curriculum question (core.curriculum): against a scalar reference written here (its own
bisection on 1/β, the KL from the tilt's identity KL = E_π[r]/β − log E_π_ref[e^{r/β}]), the
KL optimum's theorem at a perfect checker, consistency with core.checker, and its arguments."""

import math

import numpy as np
import pytest

import core
from core.checker import SKILLS, checker_optimum, difficulty_for, skill_weights
from core.curriculum import MIXES, curriculum

CASES = [  # (pass@1 left, pass@1 right, h, q, budget in nats)
    (0.015, 0.25, 0.9, 0.01, 1.0),
    (0.015, 0.25, 0.0, 0.01, 0.3),
    (0.005, 0.75, 0.5, 0.1, 2.5),
    (0.25, 0.015, 1.0, 0.001, 4.0),
    (0.1, 0.15, 0.3, 0.05, 0.05),
]


def reference(share, pass_rates, looseness, hack_rate, budget):
    """One mix, by loops: bisection on the inverse temperature t = 1/β, 200 halvings."""
    d1, d2 = (float(difficulty_for(pass_rate=rate)) for rate in pass_rates)
    base = [(1 - hack_rate) * w for w in skill_weights()] + [hack_rate]
    solve1 = [1 / (1 + math.exp(-(u - d1))) for u in SKILLS]
    solve2 = [1 / (1 + math.exp(-(u - d2))) for u in SKILLS]
    reward = [share * a + (1 - share) * b for a, b in zip(solve1, solve2, strict=True)] + [
        looseness
    ]
    top = max(reward)

    def tilt(t):
        weights = [p * math.exp(t * (r - top)) for p, r in zip(base, reward, strict=True)]
        total = sum(weights)
        policy = [w / total for w in weights]
        mean_reward = sum(p * r for p, r in zip(policy, reward, strict=True))
        # KL = t·E_π[r] − log Σ π_ref e^{t r}, with the shift by the top reward undone.
        return policy, t * mean_reward - (math.log(total) + t * top)

    low, high = 0.0, 1e4  # t = 0 spends nothing; t = 1e4 is β = 1e-4, the core's bracket
    for _ in range(200):
        middle = 0.5 * (low + high)
        if tilt(middle)[1] >= budget:
            high = middle
        else:
            low = middle
    policy, kl = tilt(high)
    first = sum(p * s for p, s in zip(policy[:-1], solve1, strict=True))
    second = sum(p * s for p, s in zip(policy[:-1], solve2, strict=True))
    return kl, first, second, policy[-1]


@pytest.mark.parametrize(("left", "right", "looseness", "hack_rate", "budget"), CASES)
def test_against_the_scalar_reference(left, right, looseness, hack_rate, budget):
    shares = np.array([0.0, 0.13, 0.5, 0.77, 1.0])
    found = curriculum(
        shares, budget=budget, pass_rates=(left, right), looseness=looseness, hack_rate=hack_rate
    )
    for index, share in enumerate(shares):
        kl, first, second, hacks = reference(share, (left, right), looseness, hack_rate, budget)
        assert found.kl[index] == pytest.approx(kl, abs=1e-7)
        assert found.kl[index] == pytest.approx(budget, abs=1e-7)
        np.testing.assert_allclose(found.solve_rates[index], [first, second], atol=1e-7)
        assert found.hack_share[index] == pytest.approx(hacks, abs=1e-7)
        assert found.real_solving[index] == pytest.approx((first + second) / 2, abs=1e-7)


@pytest.mark.parametrize(("left", "right", "budget"), [(0.015, 0.25, 0.5), (0.005, 0.75, 3.0)])
def test_a_perfect_checker_makes_the_even_mix_best(left, right, budget):
    """At h = 0 the hack earns what it solves, 0, so the even mix's reward is the test's
    objective and its KL optimum is the most any mix can solve at that KL."""
    found = curriculum(MIXES, budget=budget, pass_rates=(left, right), looseness=0.0)
    even = int(np.argmin(np.abs(MIXES - 0.5)))
    assert found.real_solving[even] >= found.real_solving.max() - 1e-12
    assert int(np.argmax(found.real_solving)) == even


def test_one_task_alone_is_the_checker_optimum():
    """Mix 1 at the KL core.checker's optimum spends at β finds that β and its numbers."""
    alone = checker_optimum(0.1, pass_rate=0.015, looseness=0.9)
    found = curriculum(1.0, budget=float(alone.kl), pass_rates=(0.015, 0.25), looseness=0.9)
    assert found.beta == pytest.approx(0.1, rel=1e-9)
    assert found.solve_rates[0] == pytest.approx(alone.solve_rate, abs=1e-12)
    assert found.hack_share == pytest.approx(alone.hack_share, abs=1e-12)


def test_shapes_and_arguments():
    found = core.curriculum(np.full((2, 3), 0.5), budget=1.0, pass_rates=(0.1, 0.2), looseness=0.5)
    assert found.real_solving.shape == (2, 3) and found.solve_rates.shape == (2, 3, 2)
    assert isinstance(
        core.curriculum(0.5, budget=1.0, pass_rates=(0.1, 0.2), looseness=0.5).kl, float
    )
    with pytest.raises(ValueError, match="mix"):
        curriculum(1.5, budget=1.0, pass_rates=(0.1, 0.2), looseness=0.5)
    with pytest.raises(ValueError, match="budget"):
        curriculum(0.5, budget=0.0, pass_rates=(0.1, 0.2), looseness=0.5)
    with pytest.raises(ValueError, match="pass_rates"):
        curriculum(0.5, budget=1.0, pass_rates=(0.1, 0.2, 0.3), looseness=0.5)
