"""Core's numbers at every stop of the β and n sliders, per reward model (b, σ), cached for the
tests that walk every stop of a page's sentences (a plain module, as app_pages.py).

Computed here from core directly, never through the ui module a test checks, so a sentence and
its test do not share a reading of the curve.
"""

from __future__ import annotations

import contextlib
import functools
import sys
from dataclasses import dataclass

import numpy as np

import core
from ui.settings import BETA_STOPS, N_STOPS

BETAS = np.array(BETA_STOPS, dtype=float)
COUNTS = np.array(N_STOPS, dtype=float)
CAPPED = 0.05  # docs/design.md §11: 5% of the optimum within 0.5 of the edge caps it
SHOWN = 0.005  # a gain difference below this prints as 0.00


@dataclass(frozen=True)
class Curve:
    """One method along its slider's stops, ordered from gentle to strong."""

    pressure: np.ndarray  # (S,) n rising, or β falling
    gold: np.ndarray  # (S,) true quality gain
    proxy: np.ndarray  # (S,) reward-model score gain
    clear: np.ndarray  # (S,) bool: clear of the grid's edge (all True for best-of-n)

    @property
    def looked(self) -> np.ndarray:
        """The stops a reading may stand on: the clear ones, or all if none is clear."""
        return self.clear if self.clear.any() else np.ones_like(self.clear)

    @property
    def strongest(self) -> int:
        return int(np.flatnonzero(self.looked)[-1])  # stops run gentle to strong

    @property
    def peak(self) -> int:
        """The highest true quality among the looked-at stops; ties to the larger score."""
        index = np.flatnonzero(self.looked)
        best = self.gold[index].max()
        tied = index[self.gold[index] >= best]
        return int(tied[np.argmax(self.proxy[tied])])

    @property
    def gentler(self) -> int:
        """The looked-at stop just gentler than the strongest (itself if there is none)."""
        index = np.flatnonzero(self.looked)
        return int(index[-2]) if len(index) > 1 else int(index[-1])


@functools.cache
def kl_result(b: float, sigma: float):
    """core.kl_optimum at the β stops, as printed (exact): the result object."""
    return core.kl_optimum(BETAS, b=b, sigma=sigma, exact=True)


@functools.cache
def best_of_n_result(b: float, sigma: float):
    """core.best_of_n at the n stops: the result object."""
    return core.best_of_n(COUNTS, b=b, sigma=sigma)


@functools.cache
def kl(b: float, sigma: float) -> Curve:
    result = kl_result(b, sigma)
    return Curve(
        pressure=BETAS,
        gold=np.array(result.gold_gain),
        proxy=np.array(result.proxy_gain),
        clear=np.array(result.edge_mass) < CAPPED,
    )


@functools.cache
def checked_kl(b: float, sigma: float) -> Curve:
    """:func:`kl` with its stops' clearance from core's edge check (core.edge_check: 5% at the
    edge, or true quality moving by more than 0.1 on a grid twice as wide), as core.kl_curve
    reads its peak; :func:`kl` keeps the 5% rule, for the pages that still read by it."""
    result = kl_result(b, sigma)
    check = core.edge_check(BETAS, b=b, sigma=sigma, result=result)
    return Curve(
        pressure=BETAS,
        gold=np.array(result.gold_gain),
        proxy=np.array(result.proxy_gain),
        clear=~np.asarray(check.capped),
    )


@functools.cache
def best_of_n(b: float, sigma: float) -> Curve:
    result = best_of_n_result(b, sigma)
    return Curve(
        pressure=COUNTS,
        gold=np.array(result.gold_gain),
        proxy=np.array(result.proxy_gain),
        clear=np.ones(len(COUNTS), dtype=bool),
    )


def curve(method: str, b: float, sigma: float, edge: str = "check") -> Curve:
    """``method`` "kl" or "best_of_n"; ``edge`` as core.slack's: "check", clear by core's edge
    check; "mass", by edge mass alone (the Defenses page, whose defended fields have no wider
    grid)."""
    if method != "kl":
        return best_of_n(b, sigma)
    return (checked_kl if edge == "check" else kl)(b, sigma)


@contextlib.contextmanager
def _kl_optimum_answered_from_cache(b: float, sigma: float):
    """core.slack's own core.kl_optimum call answered by :func:`kl_result` when it asks the
    very same question (the β stops, b, σ, exact), else by core: the same numbers, computed
    once. core.slack computes the KL optimum at the β stops as kl_result does (~50 ms of its
    ~80 a setting); the slack walks ask both at each of 441 settings."""
    module = sys.modules["core.slack"]
    real = module.kl_optimum

    def kl_optimum(beta, **arguments):
        same = arguments == {"b": b, "sigma": sigma, "exact": True}
        if same and np.array_equal(np.asarray(beta, dtype=float), BETAS):
            return kl_result(b, sigma)
        return real(beta, **arguments)

    module.kl_optimum = kl_optimum
    try:
        yield
    finally:
        module.kl_optimum = real


@functools.cache
def slack(b: float, sigma: float, edge: str = "check") -> core.Slack:
    """core.slack at the sliders' stops: what the pages hand their slack sentences."""
    with _kl_optimum_answered_from_cache(b, sigma):
        return core.slack(beta_stops=BETA_STOPS, n_stops=N_STOPS, b=b, sigma=sigma, edge=edge)


def best_of_n_gold(n: float, b: float, sigma: float) -> float:
    """Best-of-n's true quality at any n: from the cached stops where n is one, else core."""
    stops = np.flatnonzero(n == COUNTS)
    if stops.size:
        return float(best_of_n(b, sigma).gold[stops[0]])
    return float(core.best_of_n(float(n), b=b, sigma=sigma).gold_gain)
