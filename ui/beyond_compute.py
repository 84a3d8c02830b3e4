"""Cached calls into core for the pages beyond the lesson (Reward model, Compare).

Keys are the pages' scalar settings, rounded by :func:`ui.compute.cached`; every cache has a
bound; results are frozen dataclasses or read-only arrays shared by every session.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import core
from ui.compute import best_of_n_curve, cached, kl_curve
from ui.state import SETTINGS as LESSON_SETTINGS
from ui.state import nearest_stop

GRID = core.GRID  # the lesson's grid, for the plane
B_SETTING = LESSON_SETTINGS["b"]  # the Playground's b slider: 0 to 1 in steps of 0.05
COMPARISON_SEED = 0  # the raters' one fixed draw, so a link shows the same fit to everyone
FIT_ENTRIES = 64  # a fit is ~100 bytes; the arrays behind it are dropped
GAO_BETA_LOW = 0.5  # fits use β from 10 down to 0.5 (d ≤ 2): the grid's edge is far from there
ERROR_SEEDS = tuple(range(100))  # the heavy-tail experiment averages error seeds 0..99
TAILS_SIGMA = 1.0  # error size of the heavy-tail experiment
TAILS_B = 1.0  # the reward model knows the whole padding penalty: noise is its only flaw
TAILS_N = np.unique(np.round(np.geomspace(1, 10_000, 60)))  # pressures of the averaged curves


@cached(FIT_ENTRIES)
def reward_model_fit(pairs: int, spread: float, noise: float, prior: float) -> core.BradleyTerryFit:
    """Bradley–Terry fit to ``pairs`` comparisons drawn with COMPARISON_SEED."""
    choices = core.comparisons(
        int(pairs), length_spread=spread, rater_noise=noise, seed=COMPARISON_SEED
    )
    fit = core.fit_bradley_terry(choices, prior=prior)
    fit.weights.flags.writeable = False
    fit.standard_errors.flags.writeable = False
    return fit


def curve_b(fit: core.BradleyTerryFit) -> float:
    """The b the overoptimization curves use: the Playground's b step nearest the learned b.

    So the curves are the Playground's at the link's b, and 21 values of b share the curve
    caches (a new b costs a fresh 200-β KL curve, ~0.2 s).
    """
    return nearest_stop(B_SETTING, fit.b if math.isfinite(fit.b) else 0.0)


@dataclass(frozen=True)
class GaoPanel:
    """Both methods' gains against d = √KL, and Gao et al.'s fits to their gold gains.

    Arrays have the shape of each method's curve; fits are keyed (method, form), method
    "kl" or "best_of_n", form "best_of_n" or "rl".
    """

    kl_distance: np.ndarray
    kl_proxy: np.ndarray
    kl_gold: np.ndarray
    bon_distance: np.ndarray
    bon_proxy: np.ndarray
    bon_gold: np.ndarray
    fits: dict
    fitted_until: dict  # method -> the largest d the fit used
    kl_edge_mass: np.ndarray | None = None  # the KL optimum's mass within 0.5 of the grid's edge
    kl_beta: np.ndarray | None = None  # the KL curve's β, falling


@cached(FIT_ENTRIES)
def gao_panel(b: float, sigma: float) -> GaoPanel:
    """Gao's view of the two methods at (b, σ): exact curves on one d axis and four fits."""
    kl_side = kl_curve(b, sigma)
    bon_side = best_of_n_curve(b, sigma)
    fitted_part = kl_side.pressure >= GAO_BETA_LOW
    fits = {}
    for form in core.GAO_FORMS:
        fits["kl", form] = core.fit_gao(
            kl_side.kl[fitted_part], kl_side.gold_gain[fitted_part], form=form
        )
        fits["best_of_n", form] = core.fit_gao(bon_side.kl, bon_side.gold_gain, form=form)
    return GaoPanel(
        kl_distance=_frozen(np.sqrt(kl_side.kl)),
        kl_proxy=kl_side.proxy_gain,
        kl_gold=kl_side.gold_gain,
        kl_edge_mass=kl_side.edge_mass,
        kl_beta=kl_side.pressure,
        bon_distance=_frozen(np.sqrt(bon_side.kl)),
        bon_proxy=bon_side.proxy_gain,
        bon_gold=bon_side.gold_gain,
        fits=fits,
        fitted_until={
            "kl": float(np.sqrt(kl_side.kl[fitted_part].max())),
            "best_of_n": float(np.sqrt(bon_side.kl.max())),
        },
    )


@dataclass(frozen=True)
class AveragedTails:
    """Best-of-n over the 600 answers averaged over ERROR_SEEDS: arrays of TAILS_N's shape."""

    n: np.ndarray
    gold_gain: np.ndarray
    proxy_gain: np.ndarray
    peak_n: float  # where the averaged gold gain peaks
    peak_gold_gain: float
    last_gold_gain: float  # at n = 10,000
    last_proxy_gain: float


@cached(4)
def averaged_tails(tails: str) -> AveragedTails:
    """Best-of-n at b = 1, σ = 1 with light or heavy per-answer errors, mean of 100 seeds."""
    runs = [
        core.best_of_n(TAILS_N, b=TAILS_B, sigma=TAILS_SIGMA, errors=tails, error_seed=seed)
        for seed in ERROR_SEEDS
    ]
    gold = np.mean([run.gold_gain for run in runs], axis=0)
    proxy = np.mean([run.proxy_gain for run in runs], axis=0)
    peak = int(np.argmax(gold))
    return AveragedTails(
        n=_frozen(TAILS_N.copy()),
        gold_gain=_frozen(gold),
        proxy_gain=_frozen(proxy),
        peak_n=float(TAILS_N[peak]),
        peak_gold_gain=float(gold[peak]),
        last_gold_gain=float(gold[-1]),
        last_proxy_gain=float(proxy[-1]),
    )


def _frozen(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


@cached(6)
def fitted_field(pairs: int, spread: float, noise: float, prior: float) -> np.ndarray:
    """The fitted reward model on the grid, in units of substance: (241, 241), read-only."""
    fit = reward_model_fit(pairs, spread, noise, prior)
    length, substance = np.meshgrid(core.GRID, core.GRID)
    return _frozen(fit.scaled_reward(length, substance))
