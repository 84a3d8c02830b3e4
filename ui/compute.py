"""Cached calls into core, shared by every session of the server process.

Each function takes scalar settings, which :func:`cached` rounds to DIGITS decimals before
they key the cache (so 0.6000000001 and 0.6 share one entry). The
results are immutable (frozen dataclasses of floats, read-only arrays), so they are cached
with ``st.cache_resource``: every session gets the same object, no copy, no pickling.
Every cache has a bound on its entries; none hashes an array.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

import core
from ui.state import BETA_EDGE, SETTINGS

DIGITS = 6  # settings are rounded to this many decimals before they key a cache
CURVE_POINTS = 200  # points along each method's whole curve
BETA_CURVE = np.geomspace(SETTINGS["beta"].high, SETTINGS["beta"].low, CURVE_POINTS)
# Down past the slider's end, to show on the KL page what the grid's edge does there.
BETA_CURVE_PAST_EDGE = np.geomspace(SETTINGS["beta"].high, BETA_EDGE / 1.5, CURVE_POINTS)
N_CURVE = np.unique(np.round(np.geomspace(1, SETTINGS["n"].high, 2 * CURVE_POINTS)))
POINT_ENTRIES = 1024  # single settings: a lecture hall's recent (β or n, b, σ)
CURVE_ENTRIES = 64  # whole curves (~16 KB each): one per (b, σ[, seed]) recently looked at
FIELD_ENTRIES = 6  # 241 x 241 fields, ~0.5 MB each


def _key(value):
    """A cache key part: floats rounded to DIGITS decimals, whole numbers as int."""
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int | np.integer):
        return int(value)
    if isinstance(value, float | np.floating):
        return round(float(value), DIGITS)
    return value


def cached(max_entries: int):
    """``st.cache_resource`` with at most ``max_entries`` entries, keyed by rounded arguments.

    Shared by every session, no copies: the function must return something never mutated.
    """

    def decorate(function):
        shared = st.cache_resource(max_entries=max_entries, show_spinner=False)(function)

        @functools.wraps(function)
        def call(*args, **kwargs):
            return shared(*map(_key, args), **{name: _key(v) for name, v in kwargs.items()})

        call.clear = shared.clear
        return call

    return decorate


def _read_only(*arrays: np.ndarray) -> None:
    for array in arrays:
        array.flags.writeable = False


@dataclass(frozen=True)
class Curve:
    """A method's scores along its pressure axis, with the peak of true quality.

    Every array has shape (points,): ``pressure`` is β (falling) or n (rising).
    """

    pressure: np.ndarray
    kl: np.ndarray  # nats
    proxy_gain: np.ndarray
    gold_gain: np.ndarray
    peak_pressure: float  # β or n where true quality peaks
    peak_gold_gain: float
    peak_proxy_gain: float
    kl_bound: np.ndarray | None = None  # best-of-n only: log n − (n − 1)/n, (points,)


# --- one setting -------------------------------------------------------------------------


@cached(POINT_ENTRIES)
def kl_point(beta: float, b: float, sigma: float) -> core.KLResult:
    """The KL-penalized optimum at one β (fields are floats)."""
    return core.kl_optimum(beta, b=b, sigma=sigma)


@cached(POINT_ENTRIES)
def best_of_n_point(n: int, b: float, sigma: float, seed: int | None = None) -> core.BestOfNResult:
    """Best-of-n at one n (fields are floats); ``seed`` None is the lesson's answer set."""
    return core.best_of_n(n, b=b, sigma=sigma, seed=seed)


@cached(POINT_ENTRIES)
def kl_cloud(beta: float, b: float, sigma: float) -> core.Cloud:
    """CLOUD_SIZE samples of the KL-penalized optimum at β (common random numbers)."""
    return core.kl_cloud(beta, b=b, sigma=sigma)


@cached(POINT_ENTRIES)
def best_of_n_cloud(n: int, b: float, sigma: float) -> core.Cloud:
    """The winners of CLOUD_SIZE fixed best-of-n trials at n (the lesson's answers)."""
    return core.best_of_n_cloud(n, b=b, sigma=sigma)


@cached(CURVE_ENTRIES)
def win_chances(n: int, b: float, sigma: float, seed: int | None = None) -> np.ndarray:
    """Each answer's chance of being kept by best-of-n at n: (600,), answers() order."""
    chances = core.win_probabilities(n, b=b, sigma=sigma, seed=seed)
    _read_only(chances)
    return chances


@cached(FIELD_ENTRIES)
def kl_policy(beta: float, b: float, sigma: float) -> np.ndarray:
    """π_β on the grid: (241, 241), rows substance, columns length; read-only."""
    policy = np.array(core.kl_policy(beta, b=b, sigma=sigma))
    _read_only(policy)
    return policy


@cached(CURVE_ENTRIES)
def lesson_table(b: float, sigma: float) -> dict[str, np.ndarray]:
    """The lesson's table (β = 4, 2, 1, 0.6, 0.4, 0.3) for a reward model (b, σ)."""
    table = core.lesson_table(b=b, sigma=sigma)
    _read_only(*table.values())
    return table


# --- whole curves ------------------------------------------------------------------------


@cached(CURVE_ENTRIES)
def kl_curve(b: float, sigma: float, *, past_edge: bool = False) -> Curve:
    """The KL-penalized optimum along β from 10 to 0.25 (or on past the grid's edge)."""
    betas = BETA_CURVE_PAST_EDGE if past_edge else BETA_CURVE
    result = core.kl_optimum(betas, b=b, sigma=sigma)
    on_slider = betas >= SETTINGS["beta"].low  # the peak is looked for where the slider goes
    peak = int(np.argmax(np.where(on_slider, result.gold_gain, -np.inf)))
    curve = Curve(
        pressure=betas.copy(),
        kl=result.kl,
        proxy_gain=result.proxy_gain,
        gold_gain=result.gold_gain,
        peak_pressure=float(betas[peak]),
        peak_gold_gain=float(result.gold_gain[peak]),
        peak_proxy_gain=float(result.proxy_gain[peak]),
    )
    _read_only(curve.pressure, curve.kl, curve.proxy_gain, curve.gold_gain)
    return curve


@cached(CURVE_ENTRIES)
def best_of_n_curve(b: float, sigma: float, seed: int | None = None) -> Curve:
    """Best-of-n along n from 1 to 10,000, with the exact whole-number n of the peak."""
    result = core.best_of_n(N_CURVE, b=b, sigma=sigma, seed=seed)
    # The log-spaced curve finds the peak's neighbourhood; every whole n there finds the peak.
    rough = int(np.argmax(result.gold_gain))
    low = int(N_CURVE[max(rough - 1, 0)])
    high = int(N_CURVE[min(rough + 1, N_CURVE.size - 1)])
    around = np.arange(low, high + 1)
    fine = core.best_of_n(around, b=b, sigma=sigma, seed=seed)
    peak = int(np.argmax(fine.gold_gain))
    curve = Curve(
        pressure=N_CURVE.copy(),
        kl=result.kl,
        proxy_gain=result.proxy_gain,
        gold_gain=result.gold_gain,
        peak_pressure=float(around[peak]),
        peak_gold_gain=float(fine.gold_gain[peak]),
        peak_proxy_gain=float(fine.proxy_gain[peak]),
        kl_bound=result.kl_bound,
    )
    _read_only(curve.pressure, curve.kl, curve.proxy_gain, curve.gold_gain, curve.kl_bound)
    return curve


@cached(CURVE_ENTRIES)
def answers(b: float, sigma: float, seed: int | None = None) -> core.Answers:
    """The 600 answers (lesson's set, or a fresh set for a seed) and their two scores."""
    return core.answers(b=b, sigma=sigma, seed=seed)


# --- fields on the grid ------------------------------------------------------------------


def gold_field() -> np.ndarray:
    """Gold on the grid: (241, 241)."""
    return core.gold_field()


@cached(FIELD_ENTRIES)
def proxy_field(b: float, sigma: float) -> np.ndarray:
    """The reward model on the grid: (241, 241)."""
    return core.proxy_field(b=b, sigma=sigma)


# --- the closed form (σ = 0, away from the grid's edge) ----------------------------------


@dataclass(frozen=True)
class GaussianOptimum:
    """The KL-penalized optimum in closed form when σ = 0; arrays of β's shape.

    π_β ∝ π_ref·exp(proxy/β) is then a Gaussian: substance has mean 1/β and variance 1;
    length has mean 1/(β + 2b) and variance β/(β + 2b).
    """

    mean_length: np.ndarray
    variance_length: np.ndarray
    mean_substance: np.ndarray
    kl: np.ndarray  # nats
    proxy_gain: np.ndarray
    gold_gain: np.ndarray


def gaussian_optimum(beta, b: float) -> GaussianOptimum:
    """The closed form of the KL-penalized optimum for σ = 0 (exact on an infinite grid)."""
    beta = np.asarray(beta, dtype=float)
    mean_length = 1.0 / (beta + 2.0 * b)
    variance_length = beta / (beta + 2.0 * b)
    mean_substance = 1.0 / beta
    # KL(N(μ, v) ‖ N(0, 1)) = (v + μ² − 1 − ln v) / 2, summed over the two independent axes.
    kl = 0.5 * (variance_length + mean_length**2 - 1.0 - np.log(variance_length))
    kl = kl + 0.5 * mean_substance**2
    # Under the base model E[length² − 1] = 0, so the gains are the expectations under π_β.
    padding = variance_length + mean_length**2 - 1.0
    return GaussianOptimum(
        mean_length=mean_length,
        variance_length=variance_length,
        mean_substance=mean_substance,
        kl=kl,
        proxy_gain=mean_substance + mean_length - b * padding,
        gold_gain=mean_substance + mean_length - padding,
    )


# --- Best-of-n page ----------------------------------------------------------------------

FRESH_SEEDS = tuple(range(1, 31))  # the fresh answer sets compared with the lesson's


@dataclass(frozen=True)
class RankedAnswers:
    """The answers sorted by the reward model's score, worst first: arrays (600,)."""

    proxy: np.ndarray
    gold: np.ndarray
    order: np.ndarray  # answer indices in answers() order, worst proxy first


@cached(CURVE_ENTRIES)
def ranked_answers(b: float, sigma: float, seed: int | None = None) -> RankedAnswers:
    """The answers of a set ranked by the reward model (ties keep their order)."""
    scored = answers(b, sigma, seed)
    order = np.argsort(scored.proxy, kind="stable")
    ranked = RankedAnswers(scored.proxy[order], scored.gold[order], order)
    _read_only(ranked.proxy, ranked.gold, ranked.order)
    return ranked


@cached(CURVE_ENTRIES)
def fresh_set_peaks(b: float, sigma: float) -> np.ndarray:
    """The n where true quality peaks for each of FRESH_SEEDS's answer sets: (30,)."""
    peaks = np.array([best_of_n_curve(b, sigma, seed).peak_pressure for seed in FRESH_SEEDS])
    _read_only(peaks)
    return peaks


# --- KL penalty page ---------------------------------------------------------------------


@st.cache_data(max_entries=CURVE_ENTRIES, show_spinner=False)
def lesson_frame(b: float, sigma: float) -> pd.DataFrame:
    """The lesson's table as a DataFrame, one row per β the lesson prints (a copy per call)."""
    table = lesson_table(b, sigma)
    return pd.DataFrame(
        {
            "β": table["beta"],
            "KL (nats)": table["kl"],
            "reward model gain": table["proxy_gain"],
            "true quality gain": table["gold_gain"],
            "mean length": table["mean_length"],
        }
    )
