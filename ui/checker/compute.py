"""Cached calls into core.checker for the page "Rewards you can check".

Every curve runs over CURVE_BETAS, which holds each stop of the page's β slider, so the value
at the slider's β is read off the curve (no second call); results are frozen dataclasses of
read-only arrays, shared by every session.
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
CURVE_ENTRIES = 128  # a curve is ~5 KB: (pass@1, h, q) and the monitor's two modes


@dataclass(frozen=True)
class TaskView:
    """One task's optimum along CURVE_BETAS and the slider's point."""

    curve: core.CheckerOptimum  # arrays of CURVE_BETAS's shape
    current: int  # index of the slider's β along the curve


@dataclass(frozen=True)
class MonitorView:
    """The monitored optimum along CURVE_BETAS and the slider's point."""

    curve: core.MonitoredOptimum
    current: int


def beta_index(beta: float) -> int:
    """Where a stop of the β slider sits along CURVE_BETAS."""
    return int(np.argmin(np.abs(np.log(CURVE_BETAS / beta))))


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


def task_view(beta: float, pass_rate: float, looseness: float, hack_rate: float) -> TaskView:
    """One task's curve (cached) and the slider's place on it."""
    return TaskView(curve=task_curve(pass_rate, looseness, hack_rate), current=beta_index(beta))


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
