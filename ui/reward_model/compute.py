"""Cached calls into core for the Reward model page: the fit to the raters' choices, the b its
curves are drawn at, and the fitted model on the grid.

Keys are the page's scalar settings, rounded by :func:`ui.compute.cached`; every cache has a
bound; results are frozen dataclasses or read-only arrays shared by every session.
"""

from __future__ import annotations

import math

import numpy as np

import core
from ui.compute import cached
from ui.settings import SETTINGS
from ui.url_values import nearest_stop

GRID = core.GRID  # the lesson's grid, for the plane
B_SETTING = SETTINGS["b"]  # the Playground's b slider: 0 to 1 in steps of 0.05
COMPARISON_SEED = 0  # the raters' one fixed draw, so a link shows the same fit to everyone
FIT_ENTRIES = 64  # a fit is ~100 bytes; the arrays behind it are dropped


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


@cached(FIT_ENTRIES)
def kl_peak_beta(b: float) -> float:
    """The β where the KL optimum's true quality peaks at b (σ = 0), exactly (core), within
    the β slider's range."""
    beta = SETTINGS["beta"]
    return core.kl_peak_beta(b=b, high=beta.high, low=beta.low)


@cached(6)
def fitted_field(pairs: int, spread: float, noise: float, prior: float) -> np.ndarray:
    """The fitted reward model on the grid, in units of substance: (241, 241), read-only."""
    fit = reward_model_fit(pairs, spread, noise, prior)
    length, substance = np.meshgrid(core.GRID, core.GRID)
    field = fit.scaled_reward(length, substance)
    field.flags.writeable = False
    return field
