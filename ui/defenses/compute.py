"""Cached calls into core for the Defenses page, shared by every session of the process.

Keyed by the rounded settings (``ui.compute.cached``), bounded, never hashing an array. Every
result is a frozen dataclass of floats and read-only arrays.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import core
from ui import compute, disk_store
from ui.compute import cached
from ui.defenses import store as defense_store
from ui.settings import BETA_STOPS, DEFAULTS, KEYS, N_STOPS, keys_for

# Bounds from each result's measured size (its arrays and objects, counted deep): a lecture
# hall's settings are kept, up to every (b, σ) at the sections' defaults (1,344 summaries:
# three per (b, σ), plus b = 0 per σ; 441 of each other result), with room for other k, ρ, λ
# and m: ~21 MB at most with the figures. A setting pushed out costs ~70-130 ms of one core
# to compute again.
SUMMARY_ENTRIES = 2048  # ~4.8 KB each: ~10 MB at most
SPOT_ENTRIES = 512  # spot-check runs, 200 repeats each, ~12.8 KB each: ~6.6 MB at most
SLACK_ENTRIES = 512  # ~1.6 KB each: ~0.8 MB at most
RHO_ENTRIES = 48  # the ensemble's measured error sizes per ρ (11 stops), 16 floats each
# Curves are drawn through these pressures; the peak and the collapse are read at the stops.
N_CURVE = np.unique(np.round(np.geomspace(1, max(N_STOPS), 90)))
BETA_CURVE = np.geomspace(max(BETA_STOPS), min(BETA_STOPS), 48)
SPOT_REPEATS = 200  # seeded repeats of the spot-check procedure
SPOT_SEED = 0  # the repeats' seed: the same page for everyone
# b′, k, ρ, the combination, λ and m as the page opens: what the store holds for every (b, σ)
SECTION_DEFAULTS = {key: DEFAULTS[key] for key in keys_for("defenses") if key not in KEYS}


@dataclass(frozen=True)
class MethodSummary:
    """One method against one reward model: its gold curve, its peak, and its collapse."""

    pressure: np.ndarray  # (P,) n (rising) or β (falling) along the curve
    gold_gain: np.ndarray  # (P,) true quality gain along the curve
    proxy_gain: np.ndarray  # (P,) the (defended) reward model's score gain along the curve
    peak_pressure: float  # the slider stop where true quality is highest
    peak_gold_gain: float
    # The slider's strongest stop clear of the grid's edge: n = 10,000; β = 0.3 at σ = 0.5
    # (β = 0.25 holds 8.8% of the optimum within 0.5 of the edge there, so it is left out).
    strongest_pressure: float
    strongest_gold_gain: float  # true quality there: the collapse, if it fell
    # KL only: the optimum's mass within 0.5 of the grid's edge at the strongest stop (below
    # core.EDGE_CAPPED_MASS unless every stop is capped), and along the curve (P,).
    strongest_edge_mass: float = 0.0
    edge_mass: np.ndarray | None = None
    left_out: int = 0  # KL only: stronger stops left out, capped by the grid's edge
    # At every slider stop (S,): true quality, and (KL only) the edge mass, so two summaries
    # can be read at one stop clear of the edge for both (ui.defenses.text.shared_strongest).
    stop_gold_gain: np.ndarray | None = None
    stop_edge_mass: np.ndarray | None = None


@dataclass(frozen=True)
class Summary:
    """Both methods against one (defended) reward model."""

    best_of_n: MethodSummary
    kl: MethodSummary


def _method(pressure, parts, stops) -> MethodSummary:
    """A method's summary from its curve and its slider's stops (``parts``: two dicts of core's
    fields); its peak and strongest stop are among the stops clear of the grid's edge
    (core.peaks), so no readout stands on a capped optimum."""
    curve, at_stops = parts
    edge = np.asarray(at_stops.get("edge_mass", np.zeros(len(stops))))
    peak = core.peak_among_uncapped(at_stops["gold_gain"], edge_mass=edge)
    if "edge_mass" in at_stops:  # the KL penalty: β falls toward the strongest stop
        strongest = core.strongest_uncapped(stops, edge_mass=edge)
    else:  # best-of-n: n rises
        strongest = int(np.argmax(stops))
    summary = MethodSummary(
        pressure=np.asarray(pressure, dtype=float).copy(),
        gold_gain=np.array(curve["gold_gain"]),
        proxy_gain=np.array(curve["proxy_gain"]),
        peak_pressure=float(stops[peak]),
        peak_gold_gain=float(at_stops["gold_gain"][peak]),
        strongest_pressure=float(stops[strongest]),
        strongest_gold_gain=float(at_stops["gold_gain"][strongest]),
        strongest_edge_mass=float(edge[strongest]),
        edge_mass=np.array(curve["edge_mass"]) if "edge_mass" in curve else None,
        left_out=int(np.count_nonzero(~core.uncapped_stops(edge))),
        stop_gold_gain=np.array(at_stops["gold_gain"], dtype=float),
        stop_edge_mass=edge.astype(float).copy(),
    )
    for array in vars(summary).values():
        if isinstance(array, np.ndarray):
            array.flags.writeable = False
    return summary


@cached(SUMMARY_ENTRIES)
def summary(
    b: float,
    sigma: float,
    k: int = 1,
    rho: float = 1.0,
    aggregate: str = "mean",
    length_penalty: float = 0.0,
) -> Summary:
    """Both methods against the reward model (b, σ) with these defenses on it.

    The defaults (k = 1, ρ = 1, λ = 0) are the undefended reward model.
    """
    name = _stored_name(k, rho, aggregate, length_penalty)
    stored = defense_store.read(b, sigma, name) if name else None
    if stored is not None:
        return defense_store.from_plain(Summary, stored)
    return _summary(b, sigma, k, rho, aggregate, length_penalty)


def _stored_name(k, rho, aggregate, length_penalty) -> str | None:
    """Which result of the store a summary is, if it is one (the sections' defaults)."""
    if (aggregate, length_penalty) == ("mean", 0.0):
        if (k, rho) == (1, 1.0):
            return defense_store.SUMMARY
        if (k, rho) == (SECTION_DEFAULTS["k"], SECTION_DEFAULTS["rho"]):
            return defense_store.ENSEMBLE
    if (k, rho, aggregate, length_penalty) == (1, 1.0, "mean", SECTION_DEFAULTS["lam"]):
        return defense_store.LENGTH
    return None


def _summary(b, sigma, k, rho, aggregate, length_penalty) -> Summary:
    defense = {
        "b": b,
        "sigma": sigma,
        "k": k,
        "rho": rho,
        "aggregate": aggregate,
        "length_penalty": length_penalty,
    }
    n_stops, beta_stops = np.array(N_STOPS, dtype=float), np.array(BETA_STOPS)
    # The curve and the slider's stops apart: the stops are computed as core computes any
    # handful of settings (float64 throughout), so the numbers stated equal core's.
    n_curve = vars(core.defended_best_of_n(N_CURVE, **defense))
    n_at_stops = vars(core.defended_best_of_n(n_stops, **defense))
    bon = _method(N_CURVE, (n_curve, n_at_stops), n_stops)
    beta_curve = vars(core.defended_kl_optimum(BETA_CURVE, **defense))
    beta_at_stops = vars(core.defended_kl_optimum(beta_stops, **defense, exact=True))
    kl = _method(BETA_CURVE, (beta_curve, beta_at_stops), beta_stops)
    return Summary(best_of_n=bon, kl=kl)


@cached(SPOT_ENTRIES)
def spot_checks(m: int, b: float, sigma: float) -> tuple[core.SpotCheckResult, ...]:
    """Early stopping from m spot checks on both sliders: (best-of-n, KL)."""
    stored = (
        defense_store.read(b, sigma, defense_store.SPOT) if m == SECTION_DEFAULTS["m"] else None
    )
    if stored is not None:
        return tuple(defense_store.from_plain(core.SpotCheckResult, plain) for plain in stored)
    return _spot_checks(m, b, sigma)


def _spot_checks(m: int, b: float, sigma: float) -> tuple[core.SpotCheckResult, ...]:
    options = {"m": m, "b": b, "sigma": sigma, "repeats": SPOT_REPEATS, "seed": SPOT_SEED}
    results = (
        core.spot_check_best_of_n(N_STOPS, **options),
        core.spot_check_kl(BETA_STOPS, **options),
    )
    for result in results:
        for array in vars(result).values():
            if isinstance(array, np.ndarray):
                array.flags.writeable = False
    return results


@cached(SLACK_ENTRIES)
def slack(b: float, sigma: float) -> core.Slack:
    """Each method's slack on the sliders' stops for the reward model (b, σ), its capped β stops
    by edge mass alone (5%), the one rule its defended reward models, known only on the grid,
    can be read by: the page compares them stop by stop."""
    stored = defense_store.read(b, sigma, defense_store.SLACK)
    if stored is not None:
        return defense_store.from_plain(core.Slack, stored)
    return compute.slack(b, sigma, edge="mass")


@disk_store.builder
def results_to_store(b: float, sigma: float) -> dict:
    """What the page computes for (b, σ) at the sections' defaults, by store name."""
    return {
        defense_store.SUMMARY: _summary(b, sigma, 1, 1.0, "mean", 0.0),
        defense_store.ENSEMBLE: _summary(
            b, sigma, SECTION_DEFAULTS["k"], SECTION_DEFAULTS["rho"], "mean", 0.0
        ),
        defense_store.LENGTH: _summary(b, sigma, 1, 1.0, "mean", SECTION_DEFAULTS["lam"]),
        defense_store.SPOT: _spot_checks(SECTION_DEFAULTS["m"], b, sigma),
        defense_store.SLACK: compute.slack(b, sigma, edge="mass"),
    }


def error_size(sigma: float, k: int, rho: float) -> float:
    """The mean of k members' errors, by the formula: σ·√(ρ + (1 − ρ)/k)."""
    return core.ensemble_error_size(sigma, k=k, rho=rho)


@cached(RHO_ENTRIES)
def ensemble_error_sizes(rho: float) -> np.ndarray:
    """The shipped ensemble's measured error size for k = 1..16, per unit σ: (16,)."""
    sizes = core.ensemble_error_sizes(rho=rho)
    sizes.flags.writeable = False
    return sizes


NOISE_ENTRIES = 64  # one per σ stop (21 of them), three floats each
NOISE_N = max(N_STOPS)  # where the noise-alone sentence reads best-of-n: its strongest stop


@cached(NOISE_ENTRIES)
def noise_alone(sigma: float) -> tuple[float, float, float]:
    """Best-of-n with a score of true quality plus σ·independent noise (core.regression), at
    n = 10,000: (its true-quality gain, the gain with no noise, the 600's gold variance)."""
    gold = core.answers().gold
    noisy = core.noisy_best_of_n(NOISE_N, sigma=sigma)
    return noisy, core.noisy_best_of_n(NOISE_N, sigma=0.0), float(gold.var())


HEDGE_M = (10, 30, 100, 300, 1000)  # HedgeTune's checked base answers, 10 to 1,000
HEDGE_TRIALS = 200  # seeded draws of the checked answers per m
HEDGE_SEED = 0  # their seed: the same page for everyone
HEDGE_ENTRIES = 64  # ~0.8 MB each (the (5, 200) estimates): ~0.4 s of one core to compute


@cached(HEDGE_ENTRIES)
def hedge_tune(b: float, sigma: float) -> tuple[float, np.ndarray]:
    """HedgeTune (core.hedging) for the reward model (b, σ): the true peak n over the 600, and
    n* from m = HEDGE_M checked answers, HEDGE_TRIALS draws each: (5, 200), read-only."""
    estimates = core.hedge_tune_trials(
        np.array(HEDGE_M, dtype=float), b=b, sigma=sigma, trials=HEDGE_TRIALS, seed=HEDGE_SEED
    )
    estimates.flags.writeable = False
    return core.true_peak(b=b, sigma=sigma), estimates
