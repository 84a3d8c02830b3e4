"""Cached calls into core for the Reward model page: the fit to the raters' choices, what the
comparisons carry of it, the fitted model on the grid, and both optimizers on that model.

Keys are the page's scalar settings, rounded by :func:`ui.compute.cached`; every cache has a
bound; results are frozen dataclasses or read-only arrays shared by every session.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

import core
from core.preferences import features
from ui import compute
from ui.compute import cached
from ui.settings import SETTINGS
from ui.url_values import nearest_stop

# How many standard errors a 90% interval spans (core.preferences'): the fit's intervals and the
# page's words about a substance weight not clearly above 0 use the same.
INTERVAL_Z = core.preferences.INTERVAL_Z

GRID = core.GRID  # the lesson's grid, for the plane
B_SETTING = SETTINGS["b"]  # the Playground's b slider: 0 to 1 in steps of 0.05
COMPARISON_SEED = 0  # the raters' one fixed draw, so a link shows the same fit to everyone
FIT_ENTRIES = 64  # a fit is ~100 bytes; the arrays behind it are dropped
# The fitted model's two curves (~10 KB each; a miss costs ~0.05 s: a KL problem on the grid
# and best-of-n over the 600 answers).
CURVE_ENTRIES = 32


@dataclass(frozen=True)
class Fitted:
    """One setting's fit and what the page says of it.

    ``defined`` is False where b is not (:func:`core.substance_is_clear`); then ``share`` is nan
    and ``kl`` and ``best_of_n`` are None (there is no model on true quality's scale to
    optimize).
    """

    fit: core.BradleyTerryFit
    defined: bool
    share: float  # of what the fit knows about b, the comparisons' part (core.data_share)
    kl: core.Curve | None  # the KL optimum on the fitted model, along ui.compute.BETA_CURVE
    best_of_n: core.Curve | None  # best-of-n over the 600 answers the fitted model ranks
    kl_read: Decline | None = None  # what the KL curve does (decline)
    best_of_n_read: Decline | None = None  # what the best-of-n curve does


@cached(FIT_ENTRIES)
def reward_model_fit(pairs: int, spread: float, noise: float, prior: float) -> core.BradleyTerryFit:
    """Bradley–Terry fit to ``pairs`` comparisons drawn with COMPARISON_SEED."""
    choices = core.comparisons(
        int(pairs), length_spread=spread, rater_noise=noise, seed=COMPARISON_SEED
    )
    fit = core.fit_bradley_terry(choices, prior=prior)
    fit.weights.flags.writeable = False
    fit.standard_errors.flags.writeable = False
    if fit.information is not None:
        fit.information.flags.writeable = False
    return fit


def fitted_model(fit: core.BradleyTerryFit) -> Fitted:
    """The fit with its share, and, where b is defined, both optimizers on the fitted model."""
    if not core.substance_is_clear(fit):
        return Fitted(fit, False, math.nan, None, None)
    optimum = fitted_curves(fit)
    return Fitted(
        fit,
        True,
        core.data_share(fit),
        optimum.kl,
        optimum.best_of_n,
        decline(optimum.kl, best_of_n=False),
        decline(optimum.best_of_n, best_of_n=True),
    )


def fitted_curves(fit: core.BradleyTerryFit) -> core.RoomOptimum:
    """Both optimizers on the fit's own score, s + (w_l/w_s)·l − b·(l² − 1), exactly: the KL
    optimum on the grid (ui.compute.BETA_CURVE) and best-of-n over the 600 answers
    (ui.compute.N_CURVE), as the rating room's (core.room_optimum)."""
    return _curves(float(fit.length_ratio), float(fit.b))


@cached(CURVE_ENTRIES)
def _curves(length_weight: float, b: float) -> core.RoomOptimum:
    # Keyed by the model's two numbers on true quality's scale (cached rounds them to 1e-9).
    weights = np.array([1.0, length_weight, b])
    scaled = core.BradleyTerryFit(weights, np.zeros(3), b, (b, b), length_weight, True, "", 0)
    return core.room_optimum(
        scaled,
        betas=compute.BETA_CURVE,
        counts=compute.N_CURVE,
        lowest_peak_beta=SETTINGS["beta"].low,
    )


def playground_b(fit: core.BradleyTerryFit) -> float:
    """The Playground's b step nearest the learned b (0 where b is not defined): the link's.

    The Playground's reward model keeps only b (its length weight is 1), so the link is to
    the nearest world the Playground has, not to this fit.
    """
    return nearest_stop(B_SETTING, fit.b if core.substance_is_clear(fit) else 0.0)


@cached(6)
def fitted_field(pairs: int, spread: float, noise: float, prior: float) -> np.ndarray:
    """The fitted reward model on the grid, (241, 241), read-only: in units of substance where
    b is defined, else with the weights as fitted (no scale to divide by)."""
    fit = reward_model_fit(pairs, spread, noise, prior)
    length, substance = np.meshgrid(core.GRID, core.GRID)
    if core.substance_is_clear(fit):
        field = fit.scaled_reward(length, substance)
    else:
        field = features(length, substance) @ fit.weights
    field.flags.writeable = False
    return field


# True quality this far below its peak is a decline: the Lesson's own tolerance for "the fix
# removes the decline" (tests/app/test_story_claims.py); below it, curves read as level.
DECLINE = 0.01


@dataclass(frozen=True)
class Decline:
    """What a fitted model's curve does, read among the points clear of the grid's edge."""

    peak: float  # n or β where true quality peaks
    peak_gold: float  # its gain there
    end: float  # the strongest point read: n = 10,000, or the smallest β clear of the edge
    end_gold: float  # true quality's gain there
    fall: float  # peak_gold − end_gold, >= 0: how far true quality declines past its peak
    steady: bool  # up to the end it never falls more than DECLINE below its running best
    capped_end: bool = False  # KL: even the end is capped by the grid's edge (every point is)
    gentlest: float = math.nan  # the curve's first point: n = 1, or β = 10

    @property
    def declines(self) -> bool:
        return self.fall > DECLINE


def decline(curve: core.Curve, *, best_of_n: bool) -> Decline:
    """How far true quality falls past its peak on ``curve`` (a fitted model's), to its
    strongest point clear of the grid's edge (core.strongest_uncapped; best-of-n: its end)."""
    if best_of_n:
        end = curve.pressure.size - 1
        read = np.ones(curve.pressure.size, dtype=bool)
    else:
        end = int(core.strongest_uncapped(curve.pressure, edge_mass=curve.edge_mass))
        read = core.uncapped_stops(curve.edge_mass)
    gold = np.where(read, curve.gold_gain, -np.inf)[: end + 1]
    kept = gold[np.isfinite(gold)]
    steady = bool(np.all(kept >= np.maximum.accumulate(kept) - DECLINE))
    end_gold = float(curve.gold_gain[end])
    return Decline(
        peak=float(curve.peak_pressure),
        peak_gold=float(curve.peak_gold_gain),
        end=float(curve.pressure[end]),
        end_gold=end_gold,
        fall=max(float(curve.peak_gold_gain) - end_gold, 0.0),
        steady=steady,
        gentlest=float(curve.pressure[0]),
        capped_end=not best_of_n and bool(curve.edge_mass[end] >= core.EDGE_CAPPED_MASS),
    )


FRESH_COMPARISON_SEEDS = tuple(range(1, 31))  # 30 other draws of the raters (this page's: 0)
FRESH_ENTRIES = 8  # ~1.5 s to fill at 10,000 pairs (30 fits and 60 curves), ~6 s at 200,000


@dataclass(frozen=True)
class FreshDraws:
    """The same setting on other draws of the comparisons: how often what this page shows
    holds. Counts are over ``len(seeds)`` draws; ``b`` holds the defined draws' b, sorted."""

    seeds: tuple[int, ...]
    defined: int  # draws whose b is defined (core.substance_is_clear)
    kl_declines: int  # of those, how many have their own KL optimum fall by more than DECLINE
    best_of_n_declines: int  # and their own best-of-n over the 600 answers
    b: np.ndarray  # (defined,) sorted, read-only


@cached(FRESH_ENTRIES)
def fresh_draws(pairs: int, spread: float, noise: float, prior: float) -> FreshDraws:
    """The fit and both curves at FRESH_COMPARISON_SEEDS instead of COMPARISON_SEED."""
    learned, kl_falls, best_falls = [], 0, 0
    for seed in FRESH_COMPARISON_SEEDS:  # one fit per draw: a fit is not vectorized over seeds
        choices = core.comparisons(int(pairs), length_spread=spread, rater_noise=noise, seed=seed)
        fitted = fitted_model(core.fit_bradley_terry(choices, prior=prior))
        if not fitted.defined:
            continue
        learned.append(fitted.fit.b)
        kl_falls += fitted.kl_read.declines
        best_falls += fitted.best_of_n_read.declines
    b = np.sort(np.array(learned))
    b.flags.writeable = False
    return FreshDraws(FRESH_COMPARISON_SEEDS, len(learned), kl_falls, best_falls, b)


KAPPA = 1.0  # r_LCB subtracts one posterior standard deviation (core.pessimism)
PESSIMISTIC_BETA = 0.3  # where the sentence compares: the lesson's strongest β


@dataclass(frozen=True)
class Pessimistic:
    """The KL optimum of r_LCB (κ = KAPPA) along ui.compute.BETA_CURVE, and both models'
    optima at PESSIMISTIC_BETA: the fitted model's (κ = 0) and r_LCB's."""

    curve: core.KLResult  # fields (points,)
    plain: core.KLResult  # fields floats, κ = 0
    pessimistic: core.KLResult  # fields floats, κ = KAPPA


@cached(CURVE_ENTRIES)
def pessimistic(pairs: int, spread: float, noise: float, prior: float) -> Pessimistic | None:
    """The pessimistic reward's optimum for this setting's fit; None without a converged fit
    on true quality's scale (no posterior, or b not defined)."""
    fit = reward_model_fit(pairs, spread, noise, prior)
    if fit.information is None or not core.substance_is_clear(fit):
        return None
    curve = core.pessimistic_optimum(compute.BETA_CURVE, fit=fit, kappa=KAPPA)
    for array in vars(curve).values():
        array.flags.writeable = False
    return Pessimistic(
        curve,
        core.pessimistic_optimum(PESSIMISTIC_BETA, fit=fit, kappa=0.0),
        core.pessimistic_optimum(PESSIMISTIC_BETA, fit=fit, kappa=KAPPA),
    )
