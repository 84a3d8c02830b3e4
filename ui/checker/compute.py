"""Cached calls into core.checker for the page "Rewards you can check".

Every curve runs over CURVE_BETAS, which holds each stop of the page's β slider, so the value
at the slider's β is read off the curve (no second call); results are frozen dataclasses of
read-only arrays, shared by every session. Past the slider's end, BEYOND_BETAS: what the guess
and its reveal say of stronger optimization than the chart draws.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import core
from ui.checker_rows import CHECK_BETA_STOPS
from ui.compute import cached

# 100 log-even β from the slider's weakest stop to its strongest, with every stop among them:
# 114 points, as smooth as the eye needs (the solve rate's peak moves by < 0.5% between them).
CURVE_BETAS = np.unique(
    np.concatenate(
        [np.geomspace(max(CHECK_BETA_STOPS), min(CHECK_BETA_STOPS), 100), CHECK_BETA_STOPS]
    )  # fmt: skip
)[::-1]
CURVE_BETAS.flags.writeable = False
# Past the slider's end: β = 0.01 (half its last stop, "just past the end", where the guess's
# "past 0.02" is decided), then on to 0.001, where the reveal says how far the solve rate goes.
# At 0.001 at most 0.07% of π_β sits within 0.5 of the skills' edge at u = 12 at any stop
# (pass@1 0.5%, q = 0.1), far below the app's 5% for a capped optimum.
PAST_BETA = min(CHECK_BETA_STOPS) / 2
BEYOND_BETAS = np.array([PAST_BETA, 0.005, 0.002, 0.001])
BEYOND_BETAS.flags.writeable = False
CURVE_ENTRIES = 128  # a curve is ~5 KB: (pass@1, h, q) and the monitor's two modes


@dataclass(frozen=True)
class TaskView:
    """One task's optimum along CURVE_BETAS and the slider's point."""

    curve: core.CheckerOptimum  # arrays of CURVE_BETAS's shape
    current: int  # index of the slider's β along the curve
    beyond: core.CheckerOptimum  # past the slider's end: arrays of BEYOND_BETAS's shape


@dataclass(frozen=True)
class MonitorView:
    """The monitored optimum along CURVE_BETAS and the slider's point."""

    curve: core.MonitoredOptimum
    current: int


def beta_index(beta: float) -> int:
    """Where a stop of the β slider sits along CURVE_BETAS."""
    return int(np.argmin(np.abs(np.log(CURVE_BETAS / beta))))


STOP_INDICES = np.array([beta_index(stop) for stop in CHECK_BETA_STOPS])  # the stops on the curve


def _frozen(result):
    for value in vars(result).values():
        if isinstance(value, np.ndarray):
            value.flags.writeable = False
    return result


@cached(CURVE_ENTRIES)
def task_curve(pass_rate: float, looseness: float, hack_rate: float) -> core.CheckerOptimum:
    """The optimum against the checker along CURVE_BETAS (~0.5 ms)."""
    return _frozen(
        core.checker_optimum(
            CURVE_BETAS, pass_rate=pass_rate, looseness=looseness, hack_rate=hack_rate
        )
    )


@cached(CURVE_ENTRIES)
def task_beyond(pass_rate: float, looseness: float, hack_rate: float) -> core.CheckerOptimum:
    """The optimum against the checker past the slider's end, along BEYOND_BETAS."""
    return _frozen(
        core.checker_optimum(
            BEYOND_BETAS, pass_rate=pass_rate, looseness=looseness, hack_rate=hack_rate
        )
    )


def task_view(beta: float, pass_rate: float, looseness: float, hack_rate: float) -> TaskView:
    """One task's curve (cached), the slider's place on it, and what lies past its end."""
    return TaskView(
        curve=task_curve(pass_rate, looseness, hack_rate),
        current=beta_index(beta),
        beyond=task_beyond(pass_rate, looseness, hack_rate),
    )


@cached(CURVE_ENTRIES)
def monitor_curve(
    pass_rate: float, looseness: float, hack_rate: float, penalize: bool
) -> core.MonitoredOptimum:
    """The monitored optimum along CURVE_BETAS."""
    return _frozen(
        core.monitored_optimum(
            CURVE_BETAS,
            pass_rate=pass_rate,
            looseness=looseness,
            hack_rate=hack_rate,
            penalize=penalize,
        )
    )


def monitor_view(
    beta: float, pass_rate: float, looseness: float, hack_rate: float, penalize: bool
) -> MonitorView:
    """The monitored curve (cached) and the slider's place on it."""
    curve = monitor_curve(pass_rate, looseness, hack_rate, penalize)
    return MonitorView(curve=curve, current=beta_index(beta))


@dataclass(frozen=True)
class CurriculumView:
    """The curriculum question at the page's settings: every mix of the two tasks trained at
    the KL the left task alone spends at the slider's β (core.curriculum along core's MIXES)."""

    beta: float
    budget: float  # nats: the left task alone's optimum's KL at β
    pass_rates: tuple[float, float]  # (left, right) pass@1
    looseness: float
    mixes: core.CurriculumResult  # arrays along core.CURRICULUM_MIXES (101,)
    best: int  # index of the mix with the most real solving
    even: int  # index of the even mix, 50/50
    base_solving: float  # the base model's real solving: ½ of its two solve rates


@cached(CURVE_ENTRIES)
def curriculum_view(
    beta: float, pass_left: float, pass_right: float, looseness: float, hack_rate: float
) -> CurriculumView:
    """Every mix at the left task's KL at β (~0.2 ms a mix, 101 mixes)."""
    alone, right = (
        core.checker_optimum(beta, pass_rate=rate, looseness=looseness, hack_rate=hack_rate)
        for rate in (pass_left, pass_right)
    )
    mixes = _frozen(
        core.curriculum(
            core.CURRICULUM_MIXES,
            budget=max(float(alone.kl), 1e-12),  # > 0 even where β's tilt rounds to none
            pass_rates=(pass_left, pass_right),
            looseness=looseness,
            hack_rate=hack_rate,
        )
    )
    return CurriculumView(
        beta=beta,
        budget=float(alone.kl),
        pass_rates=(pass_left, pass_right),
        looseness=looseness,
        mixes=mixes,
        best=int(np.argmax(mixes.real_solving)),
        even=int(np.argmin(np.abs(core.CURRICULUM_MIXES - 0.5))),
        base_solving=0.5 * (alone.base_solve_rate + right.base_solve_rate),
    )


# --- The numbers the page's prices and odds state (their words: ui.checker.text) -------------
TRIES = (1, 4, 64)  # the essay's: a curriculum passed in about 4 tries, the edge at 1 in 64


@dataclass(frozen=True)
class Odds:
    """One task's pass@k within TRIES: the base model's, and π_β's at the slider's β."""

    pass1: float  # the task's pass@1 (its slider)
    base: tuple[float, ...]  # the base model's chance within each of TRIES
    even_odds: int  # the tries the base model needs for even odds
    beta: float  # the slider's β, on the curve
    now: tuple[float, ...]  # π_β's chance within each of TRIES at beta
    tries: tuple[int, ...] = TRIES


def odds(view: TaskView) -> Odds:
    """pass@k = 1 − (1 − p)^k for one task (``view``: its curve and the slider's place)."""
    curve, now = view.curve, view.current
    base, solving = float(curve.base_solve_rate), float(curve.solve_rate[now])
    return Odds(
        pass1=float(curve.base_pass_rate),
        base=tuple(float(core.pass_at_k(base, k=k)) for k in TRIES),
        even_odds=int(core.tries_needed(base)),
        beta=float(curve.beta[now]),
        now=tuple(float(core.pass_at_k(solving, k=k)) for k in TRIES),
    )


@dataclass(frozen=True)
class Prices:
    """What passing costs in nats (core.checker): a hack, and the skill that passes as often."""

    hack: float  # log(1/q)
    skill_needed: tuple[float, float]  # u = d + logit h on (left, right)
    skill_cost: tuple[float, float]  # about u²/2 nats on each


def prices(pass_rates: tuple[float, float], looseness: float, hack_rate: float) -> Prices:
    """The prices at the page's settings (skill's only for 0 < h < 1, where logit h is finite)."""
    hack = float(core.hack_cost(hack_rate=hack_rate))
    if looseness in (0, 1):
        return Prices(hack, (float("nan"),) * 2, (float("nan"),) * 2)
    needed = core.skill_needed(pass_rate=pass_rates, looseness=looseness)
    costs = core.skill_cost(pass_rate=pass_rates, looseness=looseness)
    return Prices(hack, tuple(map(float, needed)), tuple(map(float, costs)))


@dataclass(frozen=True)
class Groups:
    """What a group-based learner sees of the base model on (left, right)."""

    reinforced: tuple[float, float]  # the share of passing attempts that are hacks
    passed: tuple[float, float]  # the checker's pass rate, hacks included
    signal: tuple[float, float]  # the share of groups that carry any signal
    size: int  # tries per group


def groups(pass_rates: tuple[float, float], looseness: float, hack_rate: float) -> Groups:
    """The base model's passes as a group-based learner meets them (core.checker)."""
    kind = {"looseness": looseness, "hack_rate": hack_rate}
    passed = tuple(float(core.base_checker_rate(pass_rate=p, **kind)) for p in pass_rates)
    return Groups(
        reinforced=tuple(
            float(core.reinforced_hack_share(pass_rate=p, **kind)) for p in pass_rates
        ),
        passed=passed,
        signal=tuple(float(core.group_signal(pass_rate=p)) for p in passed),
        size=core.checker.GROUP_SIZE,
    )


@dataclass(frozen=True)
class MonitorRules:
    """The monitor's fixed numbers (core.checker's)."""

    open_catch: float  # the chance it catches a hack the reasoning talks about
    hidden_hack_factor: float  # how much rarer a hidden hack is in the base model
    hidden_catch: float  # the chance it catches a hidden one
    caught_penalty: float  # a caught hack's score, negated, where caught hacks are penalized


MONITOR_RULES = MonitorRules(
    open_catch=core.checker.OPEN_CATCH,
    hidden_hack_factor=core.checker.HIDDEN_HACK_FACTOR,
    hidden_catch=core.checker.HIDDEN_CATCH,
    caught_penalty=core.checker.CAUGHT_PENALTY,
)
