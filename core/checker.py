"""Rewards you can check: a checker that can be fooled, solved exactly as the KL optimum.

The reward is an automatic check (unit tests), not a learned reward model. The base model
either attempts the task honestly or hacks the checker:

- an honest attempt has a skill u on ``numpy.linspace(-12, 12, 481)`` (the lesson's spacing,
  with room past its edge at 6: SKILLS below), with base weight ∝ exp(−u²/2) (total weight
  1 − q); it solves the task with probability sigmoid(u − d), d the task's difficulty, and
  passes the checker exactly when it solves it;
- a hack (special-casing the tests, exiting early, editing the checker) has base probability q;
  it passes the checker with probability h (the checker's looseness, 0 for a perfect checker)
  and never solves the task.

The checker's reward is "tests pass" (the proxy); true success is "task solved" (gold). The
optimum of E[reward] − β·KL(π ‖ π_ref) over the 481 skills plus the hack is
π_β ∝ π_ref·exp(reward/β), exactly as on the lesson's grid. The difficulty is quoted through
the base model's pass@1, Σ π(u)·sigmoid(u − d) over the honest skills' own weights
(1.5% is d ≈ 4.66, 25% is d ≈ 1.31).

The monitor (after Baker et al. 2025, arXiv 2503.11926) reads the reasoning. There are two
hacks: an open one (base probability q, caught with probability m) and a hidden one (base
probability q/100, caught with probability m' ≪ m); both pass the checker with probability h.
The rewards, precisely:

- ``penalize=False`` (the monitor only watches): every strategy's reward is the checker's,
  sigmoid(u − d) for skill u and h for either hack; catches are counted, not acted on;
- ``penalize=True`` (caught hacks are penalized): a caught hack scores −penalty instead of the
  checker's verdict, so a hack caught with probability c has expected reward
  h·(1 − c) − penalty·c; honest attempts keep sigmoid(u − d).

Numbers come from :func:`checker_optimum`; ``python -m core checker`` prints the table that
docs/design.md gives for this model (section "Rewards you can check").
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from core.validate import POSITIVE, Numbers, shaped, validate_params

# Honest attempts' skills: the lesson's spacing (0.05) with room to 12, not the lesson's edge
# at 6. Optimized hard (β = 0.02), up to 96% of π_β sat within 0.5 of u = 6 and the edge, not
# the model, capped the solve rate; on ±12 the most within 0.5 of u = 12 at any of the page's
# settings is 3e-15. Weight beyond 6 in the base model is below 1e-8, so pass@1 and d are as on
# the lesson's grid.
SKILL_EDGE = 12.0
SKILLS = np.linspace(-SKILL_EDGE, SKILL_EDGE, 481)
EDGE_BAND = 0.5  # "at the edge": within 0.5 of u = 12, the app's measure on every grid
DEFAULT_HACK_RATE = 0.01  # q: the base model hacks 1 attempt in 100
HIDDEN_HACK_FACTOR = 100.0  # a hidden hack is 100x rarer in the base model than an open one
OPEN_CATCH = 0.9  # m: the monitor catches most open hacks from the reasoning
HIDDEN_CATCH = 0.05  # m': a hack whose reasoning hides it is rarely caught
CAUGHT_PENALTY = 1.0  # a caught hack scores -1, below an honest failure's 0
GROUP_SIZE = 16  # samples per prompt in a group-normalized learner (GRPO)
# The table docs/design.md prints: solve rate / hack share at these β, q = 0.01.
TABLE_BETAS = (1.0, 0.3, 0.1, 0.05, 0.02)
TABLE_ROWS = ((0.015, 0.5), (0.25, 0.5), (0.015, 0.9), (0.25, 0.9))  # (pass@1, h)
# Difficulties are found by bisection on [-12, 18]: pass@1 falls monotonically in d, from
# above 0.9999 at -12 to below 1e-5 at 18 for this base distribution.
DIFFICULTY_BRACKET = (-12.0, 18.0)
BISECTION_STEPS = 60  # 30 / 2^60 ≈ 3e-17: below float64 resolution of d

AT_EDGE = (SKILLS >= SKILL_EDGE - EDGE_BAND - 1e-9).astype(float)  # 11 skills: 11.5 to 12

PASS_RATE = Numbers(low=1e-5, high=0.9999, valid="a pass rate in [1e-05, 0.9999]")
SHARE = Numbers(low=0.0, high=1.0, valid="a probability in [0, 1]")
HACK_RATE = Numbers(low=0.0, high=0.5, low_open=True, single=True, valid="a rate in (0, 0.5]")
SINGLE_SHARE = Numbers(low=0.0, high=1.0, single=True, valid="a probability in [0, 1]")
SINGLE_PASS_RATE = Numbers(
    low=1e-5, high=0.9999, single=True, valid="a pass rate in [1e-05, 0.9999]"
)
PENALTY = Numbers(low=0.0, single=True)
DIFFICULTY = Numbers(low=-12.0, high=18.0, valid="a difficulty in [-12, 18]")
GROUP = Numbers(low=1.0, single=True)


@dataclass(frozen=True)
class CheckerOptimum:
    """The KL optimum against a checker that can be fooled; fields have β's shape."""

    beta: np.ndarray  # the KL penalty's strength, reward (a pass) per nat
    kl: np.ndarray  # KL(π_β ‖ π_ref) in nats
    pass_rate: np.ndarray  # the checker's score: share of attempts that pass the tests
    solve_rate: np.ndarray  # true success: share of attempts that solve the task
    hack_share: np.ndarray  # π_β's weight on the hack
    edge_share: np.ndarray  # π_β's weight on skills within EDGE_BAND of the top, SKILL_EDGE
    base_pass_rate: float  # pass@1 of the honest base model (what sets the difficulty)
    base_solve_rate: float  # the base model's solve rate, (1 − q)·pass@1: q of its tries hack
    difficulty: float  # d


@dataclass(frozen=True)
class MonitoredOptimum:
    """The KL optimum with a monitor reading the reasoning; fields have β's shape."""

    beta: np.ndarray
    kl: np.ndarray  # KL(π_β ‖ π_ref) in nats
    solve_rate: np.ndarray  # share of attempts that solve the task
    open_share: np.ndarray  # π_β's weight on the open hack
    hidden_share: np.ndarray  # π_β's weight on the hidden hack
    hack_share: np.ndarray  # both hacks: open_share + hidden_share
    catch_rate: np.ndarray  # share of hack attempts the monitor catches (0 where no hacks)
    edge_share: np.ndarray  # π_β's weight on skills within EDGE_BAND of the top, SKILL_EDGE
    penalize: bool  # True: caught hacks are penalized in the reward


def skill_weights() -> np.ndarray:
    """The honest base model's weights over SKILLS, shape (481,), summing to 1."""
    weights = np.exp(-(SKILLS**2) / 2)
    return weights / weights.sum()


def _sigmoid(values):
    return 1.0 / (1.0 + np.exp(-values))


@validate_params({"difficulty": DIFFICULTY})
def base_pass_rate(*, difficulty):
    """pass@1 of the honest base model, Σ π(u)·sigmoid(u − d): same shape as ``difficulty``."""
    difficulty = np.asarray(difficulty, dtype=float)
    rates = _sigmoid(SKILLS - difficulty[..., None]) @ skill_weights()
    return shaped(rates.reshape(-1), difficulty.shape)


@validate_params({"pass_rate": PASS_RATE})
def difficulty_for(*, pass_rate):
    """The difficulty d at which the honest base model's pass@1 is ``pass_rate``.

    Vectorized bisection (pass@1 falls monotonically in d): same shape as ``pass_rate``.
    """
    target = np.asarray(pass_rate, dtype=float).reshape(-1)
    low = np.full(target.shape, DIFFICULTY_BRACKET[0])
    high = np.full(target.shape, DIFFICULTY_BRACKET[1])
    weights = skill_weights()
    for _ in range(BISECTION_STEPS):
        middle = (low + high) / 2
        too_easy = _sigmoid(SKILLS - middle[:, None]) @ weights > target
        low = np.where(too_easy, middle, low)
        high = np.where(too_easy, high, middle)
    return shaped((low + high) / 2, np.shape(pass_rate))


def _kl_optimum(betas: np.ndarray, log_base: np.ndarray, reward: np.ndarray):
    """π_β ∝ π_ref·exp(reward/β) for each β: the policies (B, S) and their KL (B,) in nats.

    Computed in log space, shifted by each row's maximum, so β = 0.001 overflows nothing.
    """
    log_weights = log_base[None, :] + reward[None, :] / betas[:, None]
    log_weights -= log_weights.max(axis=1, keepdims=True)
    weights = np.exp(log_weights)
    total = weights.sum(axis=1, keepdims=True)
    policy = weights / total
    log_policy = log_weights - np.log(total)
    kl = np.sum(policy * (log_policy - log_base[None, :]), axis=1)
    return policy, np.maximum(kl, 0.0)  # rounding can leave -1e-16 at β → ∞


@validate_params(
    {
        "beta": POSITIVE,
        "pass_rate": SINGLE_PASS_RATE,
        "looseness": SINGLE_SHARE,
        "hack_rate": HACK_RATE,
    }
)
def checker_optimum(
    beta, *, pass_rate: float, looseness: float, hack_rate: float = DEFAULT_HACK_RATE
) -> CheckerOptimum:
    """The exact KL optimum over the 481 honest skills plus the hack, vectorized over β.

    Parameters
    ----------
    beta : float or array_like of shape (B,) or any shape
        KL penalty strength, > 0; smaller means more optimization.
    pass_rate : float
        The honest base model's pass@1 (sets the difficulty d).
    looseness : float
        h, the probability that a hack passes the checker (0: a perfect checker).
    hack_rate : float
        q, the base model's probability of hacking.

    Returns
    -------
    CheckerOptimum whose arrays have ``beta``'s shape (floats for a scalar β).
    """
    shape = np.shape(beta)
    betas = np.asarray(beta, dtype=float).reshape(-1)
    difficulty = float(difficulty_for(pass_rate=pass_rate))
    solves = _sigmoid(SKILLS - difficulty)  # (481,) chance each skill solves the task
    log_base = np.log(np.append((1 - hack_rate) * skill_weights(), hack_rate))
    policy, kl = _kl_optimum(betas, log_base, np.append(solves, looseness))
    solve_rate = policy[:, :-1] @ solves
    hack_share = policy[:, -1]
    return CheckerOptimum(
        beta=shaped(betas, shape),
        kl=shaped(kl, shape),
        pass_rate=shaped(solve_rate + looseness * hack_share, shape),
        solve_rate=shaped(solve_rate, shape),
        hack_share=shaped(hack_share, shape),
        edge_share=shaped(policy[:, :-1] @ AT_EDGE, shape),
        base_pass_rate=float(pass_rate),
        base_solve_rate=(1 - hack_rate) * float(pass_rate),
        difficulty=difficulty,
    )


def solve_peak(result: CheckerOptimum | MonitoredOptimum) -> int:
    """Index of the β (of a 1-d curve) where the true solve rate is highest."""
    return int(np.argmax(np.asarray(result.solve_rate)))


@validate_params(
    {
        "beta": POSITIVE,
        "pass_rate": SINGLE_PASS_RATE,
        "looseness": SINGLE_SHARE,
        "hack_rate": HACK_RATE,
        "open_catch": SINGLE_SHARE,
        "hidden_catch": SINGLE_SHARE,
        "penalty": PENALTY,
    }
)
def monitored_optimum(
    beta,
    *,
    pass_rate: float,
    looseness: float,
    penalize: bool,
    hack_rate: float = DEFAULT_HACK_RATE,
    open_catch: float = OPEN_CATCH,
    hidden_catch: float = HIDDEN_CATCH,
    penalty: float = CAUGHT_PENALTY,
) -> MonitoredOptimum:
    """The exact KL optimum over the honest skills, an open hack and a hidden one.

    The open hack has base probability ``hack_rate`` and is caught with ``open_catch``; the
    hidden one has ``hack_rate / HIDDEN_HACK_FACTOR`` and ``hidden_catch``. With ``penalize``
    a hack caught with probability c earns h·(1 − c) − penalty·c (the module's docstring);
    without it, h. Arrays in the result have ``beta``'s shape.
    """
    shape = np.shape(beta)
    betas = np.asarray(beta, dtype=float).reshape(-1)
    solves = _sigmoid(SKILLS - float(difficulty_for(pass_rate=pass_rate)))
    hidden_rate = hack_rate / HIDDEN_HACK_FACTOR
    catches = np.array([open_catch, hidden_catch])
    hack_reward = np.full(2, looseness)
    if penalize:
        hack_reward = looseness * (1 - catches) - penalty * catches
    honest = (1 - hack_rate - hidden_rate) * skill_weights()
    log_base = np.log(np.concatenate([honest, [hack_rate, hidden_rate]]))
    policy, kl = _kl_optimum(betas, log_base, np.concatenate([solves, hack_reward]))
    open_share, hidden_share = policy[:, -2], policy[:, -1]
    hack_share = open_share + hidden_share
    caught = open_share * open_catch + hidden_share * hidden_catch
    catch_rate = np.divide(caught, hack_share, out=np.zeros_like(caught), where=hack_share > 0)
    return MonitoredOptimum(
        beta=shaped(betas, shape),
        kl=shaped(kl, shape),
        solve_rate=shaped(policy[:, :-2] @ solves, shape),
        open_share=shaped(open_share, shape),
        hidden_share=shaped(hidden_share, shape),
        hack_share=shaped(hack_share, shape),
        catch_rate=shaped(catch_rate, shape),
        edge_share=shaped(policy[:, :-2] @ AT_EDGE, shape),
        penalize=bool(penalize),
    )


@validate_params({"pass_rate": PASS_RATE, "looseness": SHARE})
def reinforced_hack_share(*, pass_rate, looseness, hack_rate: float = DEFAULT_HACK_RATE):
    """Of the passing attempts the base model makes (what RL reinforces), the share that are
    hacks: q·h / ((1 − q)·pass@1 + q·h). Broadcasts ``pass_rate`` against ``looseness``."""
    hacks = hack_rate * np.asarray(looseness, dtype=float)
    share = hacks / ((1 - hack_rate) * np.asarray(pass_rate, dtype=float) + hacks)
    return float(share) if np.ndim(share) == 0 else share


@validate_params({"pass_rate": SHARE, "group_size": GROUP})
def group_signal(*, pass_rate, group_size: float = GROUP_SIZE):
    """The chance a group of G samples holds both a pass and a failure, 1 − p^G − (1 − p)^G:
    a group-normalized learner (GRPO) learns nothing from a group that is all one or the other.
    Same shape as ``pass_rate``."""
    rate = np.asarray(pass_rate, dtype=float)
    signal = 1 - rate**group_size - (1 - rate) ** group_size
    return float(signal) if np.ndim(signal) == 0 else signal


@validate_params({"looseness": SINGLE_SHARE, "pass_rate": PASS_RATE})
def skill_needed(*, pass_rate, looseness: float):
    """The skill u = d + logit(h) at which an honest attempt passes as often as a hack does:
    sigmoid(u − d) = h. −inf at h = 0 (any attempt passes more often), +inf at h = 1 (none
    passes as often as a hack that always passes). Same shape as ``pass_rate``."""
    difficulty = difficulty_for(pass_rate=pass_rate)
    if looseness in (0, 1):
        logit = np.inf if looseness == 1 else -np.inf
    else:
        logit = np.log(looseness / (1 - looseness))
    needed = np.asarray(difficulty, dtype=float) + logit
    return float(needed) if np.ndim(needed) == 0 else needed


@validate_params({"looseness": SINGLE_SHARE, "pass_rate": PASS_RATE})
def skill_cost(*, pass_rate, looseness: float):
    """About how many nats of KL it costs to buy enough skill to pass as often as the hack:
    shifting the skill's bell curve from 0 to u = d + logit(h) costs u²/2 nats (0 where
    u ≤ 0, the base model's typical attempt already passing as often; inf at h = 1). Same
    shape as ``pass_rate``."""
    needed = skill_needed(pass_rate=pass_rate, looseness=looseness)
    cost = np.maximum(needed, 0.0) ** 2 / 2
    return float(cost) if np.ndim(cost) == 0 else cost


@validate_params({"pass_rate": PASS_RATE, "looseness": SHARE})
def base_checker_rate(*, pass_rate, looseness, hack_rate: float = DEFAULT_HACK_RATE):
    """The share of the base model's attempts the checker passes, (1 − q)·pass@1 + q·h: what a
    learner rewarded by the checker sees at the start. Broadcasts like its arguments."""
    rate = (1 - hack_rate) * np.asarray(pass_rate, dtype=float)
    rate = rate + hack_rate * np.asarray(looseness, dtype=float)
    return float(rate) if np.ndim(rate) == 0 else rate


@validate_params({"hack_rate": HACK_RATE})
def hack_cost(*, hack_rate: float = DEFAULT_HACK_RATE) -> float:
    """The KL, in nats, of putting all weight on the hack: log(1/q), whatever the task."""
    return float(np.log(1 / hack_rate))


def checker_table(*, hack_rate: float = DEFAULT_HACK_RATE) -> dict[tuple[float, float], tuple]:
    """Solve rate and hack share at TABLE_BETAS for each (pass@1, h) of TABLE_ROWS:
    {(pass@1, h): (solve_rate (5,), hack_share (5,))}."""
    betas = np.array(TABLE_BETAS)
    table = {}
    for pass_rate, looseness in TABLE_ROWS:
        result = checker_optimum(
            betas, pass_rate=pass_rate, looseness=looseness, hack_rate=hack_rate
        )
        table[pass_rate, looseness] = (result.solve_rate, result.hack_share)
    return table


def format_checker_table(table: dict[tuple[float, float], tuple]) -> str:
    """The table as docs/design.md prints it: "solve / hack share" per β, one row per task."""
    header = "base pass@1, h   " + "".join(f"{f'beta = {beta:g}':>16}" for beta in TABLE_BETAS)
    lines = [header]
    for (pass_rate, looseness), (solve, hack) in table.items():
        cells = "".join(f"{f'{s:.3f} / {k:.3f}':>16}" for s, k in zip(solve, hack, strict=True))
        lines.append(f"{f'{100 * pass_rate:g}%, h = {looseness:g}':<17}{cells}")
    return "\n".join(lines)
