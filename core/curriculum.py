"""The curriculum question on the checker: which mix of two tasks' difficulties, trained at a
fixed KL budget, gives the most real solving?

One skill serves both tasks (core/checker.py's honest skill u, on its SKILLS; a hack with base
chance q that passes the checker with chance h and solves nothing). Training on a mix puts
share w of the prompts on task 1 (difficulty d₁) and 1 − w on task 2, so the reward is the
mix's pass chance, w·sigmoid(u − d₁) + (1 − w)·sigmoid(u − d₂) for skill u and h for the hack.
Its exact KL optimum π ∝ π_ref·exp(reward/β) is taken at the β where KL(π ‖ π_ref) equals the
budget (the KL rises strictly as β falls, so a bisection in log β finds it, every mix at once).
Real solving is judged on both tasks equally, as a test set holding one of each:
½·(solve₁ + solve₂), the hack solving nothing.

A mix moves weight between the reward's two slopes: a task too hard rewards almost no skill the
base model has (sigmoid(u − d) ≈ e^{u−d} is tiny where π_ref lives) and loses the budget to the
hack, a task too easy rewards skill it already has. The best mix is computed, not assumed.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.checker import (
    DEFAULT_HACK_RATE,
    HACK_RATE,
    SINGLE_SHARE,
    SKILLS,
    difficulty_for,
    skill_weights,
)
from core.validate import Numbers, shaped, validate_params

MIX = Numbers(low=0.0, high=1.0, valid="shares in [0, 1]")  # w: task 1's share of training
BUDGET = Numbers(low=0.0, low_open=True, single=True, valid="a KL in nats > 0")
TWO_PASS_RATES = Numbers(
    low=1e-5, high=0.9999, one_dimensional=True, valid="two pass rates in [1e-05, 0.9999]"
)
# log β's bracket: KL at β = 1e4 is below 1e-8 nats for rewards in [0, 1]; at β = 1e-4 the
# optimum sits on its best strategy (the page's budgets, at most ~5 nats, are reached well
# inside). 80 halvings of the 18.4-wide bracket leave 1.5e-23 in log β: float precision.
LOG_BETA_BRACKET = (np.log(1e-4), np.log(1e4))
BISECTION_STEPS = 80
# The mixes the page reads: task 1's share 0, 1%, ..., 100% (the answer to the nearest 1%).
MIXES = np.linspace(0.0, 1.0, 101)
MIXES.flags.writeable = False


@dataclass(frozen=True)
class CurriculumResult:
    """The KL optimum trained on each mix at one KL budget; fields have the mix's shape
    (``solve_rates``: that shape plus (2,))."""

    mix: np.ndarray  # w, task 1's share of the training prompts
    beta: np.ndarray  # the β whose optimum spends the budget
    kl: np.ndarray  # KL(π ‖ π_ref) reached, nats: the budget unless unreachable (then less)
    solve_rates: np.ndarray  # (..., 2): the share of attempts that solve task 1 and task 2
    real_solving: np.ndarray  # ½(solve₁ + solve₂): both tasks weighed equally
    hack_share: np.ndarray  # π's weight on the hack


def _policies(log_beta: np.ndarray, log_base: np.ndarray, rewards: np.ndarray):
    """π ∝ π_ref·exp(reward/β) per row: rewards (M, S), log β (M,); policies (M, S), KL (M,)."""
    log_weights = log_base[None, :] + rewards * np.exp(-log_beta)[:, None]
    log_weights -= log_weights.max(axis=1, keepdims=True)
    weights = np.exp(log_weights)
    total = weights.sum(axis=1, keepdims=True)
    policy = weights / total
    kl = np.sum(policy * (log_weights - np.log(total) - log_base[None, :]), axis=1)
    return policy, np.maximum(kl, 0.0)  # rounding can leave -1e-16 at a tiny tilt


@validate_params(
    {
        "mix": MIX,
        "budget": BUDGET,
        "pass_rates": TWO_PASS_RATES,
        "looseness": SINGLE_SHARE,
        "hack_rate": HACK_RATE,
    }
)
def curriculum(
    mix, *, budget, pass_rates, looseness, hack_rate=DEFAULT_HACK_RATE
) -> CurriculumResult:
    """The exact KL optimum trained on each mix of two tasks, at KL ``budget``, vectorized.

    Parameters
    ----------
    mix : float or array_like of shape (...,)
        Task 1's share of the training prompts, in [0, 1] (0: task 2 only).
    budget : float
        The KL every mix spends, in nats, > 0.
    pass_rates : array_like of shape (2,)
        The honest base model's pass@1 on task 1 and task 2 (they set d₁ and d₂).
    looseness : float
        h, the chance a hack passes the checker.
    hack_rate : float
        q, the base model's chance of hacking.

    Returns
    -------
    CurriculumResult whose fields have ``mix``'s shape (``solve_rates`` one axis more).
    """
    if pass_rates.size != 2:
        raise ValueError(f"pass_rates must be two pass rates, got {pass_rates.size}")
    shares = np.ravel(mix)
    difficulties = np.asarray(difficulty_for(pass_rate=pass_rates))
    solves = 1.0 / (1.0 + np.exp(-(SKILLS[:, None] - difficulties[None, :])))  # (481, 2)
    log_base = np.log(np.append((1 - hack_rate) * skill_weights(), hack_rate))
    honest = shares[:, None] * solves[None, :, 0] + (1 - shares[:, None]) * solves[None, :, 1]
    rewards = np.concatenate([honest, np.full((shares.size, 1), looseness)], axis=1)  # (M, S)
    low = np.full(shares.size, LOG_BETA_BRACKET[0])  # KL(low) >= budget (or unreachable)
    high = np.full(shares.size, LOG_BETA_BRACKET[1])  # KL(high) < budget
    for _ in range(BISECTION_STEPS):  # over the bracket's halvings, not over the mixes
        middle = 0.5 * (low + high)
        _, kl = _policies(middle, log_base, rewards)
        spent = kl >= budget
        low = np.where(spent, middle, low)
        high = np.where(spent, high, middle)
    policy, kl = _policies(low, log_base, rewards)
    solved = policy[:, :-1] @ solves  # (M, 2)
    shape = np.shape(mix)
    return CurriculumResult(
        mix=shaped(shares, shape),
        beta=shaped(np.exp(low), shape),
        kl=shaped(kl, shape),
        solve_rates=solved.reshape(shape + (2,)),
        real_solving=shaped(solved.mean(axis=1), shape),
        hack_share=shaped(policy[:, -1], shape),
    )
