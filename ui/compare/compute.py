"""Cached calls into core for the Compare page: Gao et al.'s fits to both methods, the
heavy-tail experiments, and the two methods at equal KL, with the KL optimum over best-of-n's
own 600 answers beside them (method against support).

Keys are the page's scalar settings, rounded by :func:`ui.compute.cached`; every cache has a
bound; results are frozen dataclasses or read-only arrays shared by every session.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import numpy as np

import core
from ui.compute import best_of_n_curve, cached, kl_curve

FIT_ENTRIES = 64  # per cache: a panel or an equal-KL result per (b, σ) of the sliders
GAO_BETA_LOW = 0.5  # fits use β from 10 down to 0.5 (d ≤ 2): the grid's edge is far from there
ERROR_SEEDS = tuple(range(100))  # the heavy-tail experiment averages error seeds 0..99
TAILS_SIGMA = 1.0  # error size of the heavy-tail experiment
TAILS_B = 1.0  # the reward model knows the whole padding penalty: noise is its only flaw
# The KL optimum over the 600 answers: KL from 1e-4 nats (β = 100) to log 600 within 1e-6
# (β = 1e-4) at every (b, σ) of the sliders, steps in d = √KL of at most 0.065; ~2 ms a curve.
TILT_BETAS = np.geomspace(100.0, 1e-4, 200)
TAILS_N = np.unique(np.round(np.geomspace(1, 10_000, 60)))  # pressures of the averaged curves
# Best-of-Poisson's μ on Gao's chart: 0 (one draw) and 0.01 to 10,000 extra draws on average,
# KL from 0 to within 0.03 of log 600; 120 points, each a (601,) exact sum.
POISSON_MEANS = np.concatenate([[0.0], np.geomspace(0.01, 10_000.0, 119)])
POISSON_PROBE = 48.0  # 49 answers on average: best-of-n's peak n on the lesson's set
SOFT_LAMBDA = 0.5  # soft best-of-n's temperature on the chart: n → ∞ is the tilt at β = 0.5
SOFT_COUNTS = np.unique(np.round(np.geomspace(1, 10_000, 80)))  # its n, 1 to 10,000
SOFT_PROBE = 49.0  # the n its sentence reads, beside best-of-n's peak


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
    # The KL curve's edge check point by point (core.Curve.capped, its true quality on a grid
    # twice as wide): the 5% rule misses optimums whose target lies beyond 6.
    kl_capped: np.ndarray | None = None
    kl_wide_gold: np.ndarray | None = None
    # The KL optimum over the 600 answers along TILT_BETAS: arrays (200,).
    tilt_distance: np.ndarray | None = None
    tilt_proxy: np.ndarray | None = None
    tilt_gold: np.ndarray | None = None
    # Best-of-Poisson along POISSON_MEANS (120,) and soft best-of-n at SOFT_LAMBDA along
    # SOFT_COUNTS: true quality against d, over the same 600 answers.
    poisson_distance: np.ndarray | None = None
    poisson_gold: np.ndarray | None = None
    soft_distance: np.ndarray | None = None
    soft_gold: np.ndarray | None = None


@cached(FIT_ENTRIES)
def gao_panel(b: float, sigma: float) -> GaoPanel:
    """Gao's view of the two methods at (b, σ): exact curves on one d axis and four fits."""
    kl_side = kl_curve(b, sigma)
    bon_side = best_of_n_curve(b, sigma)
    tilt = core.answer_tilt(TILT_BETAS, b=b, sigma=sigma)
    poisson = core.best_of_poisson(POISSON_MEANS, b=b, sigma=sigma)
    soft = core.soft_best_of_n(SOFT_COUNTS, lam=SOFT_LAMBDA, b=b, sigma=sigma)
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
        kl_capped=kl_side.capped,
        kl_wide_gold=kl_side.wide_gold_gain,
        bon_distance=_frozen(np.sqrt(bon_side.kl)),
        bon_proxy=bon_side.proxy_gain,
        bon_gold=bon_side.gold_gain,
        tilt_distance=_frozen(np.sqrt(tilt.kl)),
        tilt_proxy=_frozen(tilt.proxy_gain),
        tilt_gold=_frozen(tilt.gold_gain),
        poisson_distance=_frozen(np.sqrt(poisson.kl)),
        poisson_gold=_frozen(poisson.gold_gain),
        soft_distance=_frozen(np.sqrt(soft.kl)),
        soft_gold=_frozen(soft.gold_gain),
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


# --- Compare: the KL optimum under independent errors in every grid cell ------------------

# β from a penalty so strong the policy barely moves (KL ~1e-5) down to 0.4: heavy tails act
# between β ≈ 200 and 10, light ones below 3 (measured, 100 error seeds). Not to the slider's
# 0.25: there light tails put 11% of the optimum within 0.5 of the grid's edge (8 of 20
# draws at 5% or more), at 0.4 0.2%.
KL_TAILS_BETAS = np.geomspace(1000.0, 0.4, 36)
# 20 error seeds, not best-of-n's 100: one seed is a 58,081-cell KL problem (~40 ms here, two
# cores, against ~3 ms for a best-of-n seed), so 20 of each kind cost ~2 s once per process.
KL_ERROR_SEEDS = tuple(range(20))
KL_TAILS_PROBE = 1.0  # nats: where the heavy and light curves are compared at equal KL
# Where an optimum counts as capped by the grid's edge, and the share of the grid's cells in
# the edge band (the heavy tails' edge note states both; core's, read once here).
EDGE_CAPPED_MASS = core.EDGE_CAPPED_MASS
EDGE_BAND_SHARE = float(core.edge_band().mean())


@dataclass(frozen=True)
class KLTails:
    """The KL optimum at b = σ = 1 with light or heavy errors in every grid cell.

    Per-seed arrays are (seeds, betas), one row per KL_ERROR_SEEDS; means are over the seeds at
    each β of KL_TAILS_BETAS. The probe is the β whose mean KL is nearest KL_TAILS_PROBE.
    """

    kl: np.ndarray
    proxy_gain: np.ndarray
    gold_gain: np.ndarray
    edge_mass: np.ndarray  # within 0.5 of the grid's edge (core's KLResult.edge_mass)
    mean_kl: np.ndarray
    mean_proxy: np.ndarray
    mean_gold: np.ndarray
    mean_edge: np.ndarray
    probe: int  # index into KL_TAILS_BETAS


@cached(4)
def kl_tails(tails: str) -> KLTails:
    """The KL optimum on the grid with ``tails`` ("light" or "heavy") cell errors, 20 seeds."""
    runs = [
        core.kl_optimum(KL_TAILS_BETAS, b=TAILS_B, sigma=TAILS_SIGMA, errors=tails, error_seed=seed)
        for seed in KL_ERROR_SEEDS
    ]
    kl, proxy, gold, edge = (np.array([getattr(run, name) for run in runs]) for name in _GAINS)
    mean_kl = kl.mean(axis=0)
    return KLTails(
        *(_frozen(array) for array in (kl, proxy, gold, edge, mean_kl)),
        mean_proxy=_frozen(proxy.mean(axis=0)),
        mean_gold=_frozen(gold.mean(axis=0)),
        mean_edge=_frozen(edge.mean(axis=0)),
        probe=int(np.argmin(np.abs(np.log(mean_kl / KL_TAILS_PROBE)))),
    )


_GAINS = ("kl", "proxy_gain", "gold_gain", "edge_mass")


def gold_at_kl(tails: KLTails, kl: float) -> float:
    """The mean curve's true quality at ``kl`` nats (linear in log KL between the β steps)."""
    return float(np.interp(np.log(kl), np.log(tails.mean_kl), tails.mean_gold))


# --- Compare: the two methods at equal KL -------------------------------------------------

EQUAL_KL_N = (4, 49, 590)  # the lesson's peak and fall, and a gentle n
EQUAL_KL_STEPS = 4  # secant steps from a curve step (~0.019 in log β): KL to ~1e-10 nats


@dataclass(frozen=True)
class EqualKL:
    """Best-of-n at EQUAL_KL_N and the KL optimum at the β with the same KL, on the grid and
    over the same 600 answers: arrays (3,)."""

    n: np.ndarray
    beta: np.ndarray  # the KL optimum's β whose KL matches best-of-n's
    best_of_n: core.BestOfNResult
    kl_optimum: core.KLResult
    tilt_beta: np.ndarray | None = None  # the β whose tilt over the 600 matches best-of-n's KL
    tilt: core.AnswerTiltResult | None = None  # π ∝ exp(proxy/β) over the 600 at tilt_beta
    # The KL optimum's edge check at ``beta`` (core.edge_check): at n = 590 (β ≈ 0.32-0.40) it
    # caps 219 of the 441 (b, σ) that the 5% rule passes (σ ≥ 0.4 mostly).
    kl_check: core.EdgeCheck | None = None


@cached(FIT_ENTRIES)
def equal_kl(b: float, sigma: float) -> EqualKL:
    """Both methods at the same KL, for the reward model (b, σ).

    The KL optimum's KL falls as β grows, smoothly in log-log: the 200-β curve brackets each
    target, then EQUAL_KL_STEPS secant steps in (log β, log KL), each an exact float64 optimum
    at 3 β, match best-of-n's KL to ~1e-10 nats (bisection needed 30 such calls).
    """
    counts = np.array(EQUAL_KL_N, dtype=np.float64)
    bon = core.best_of_n(counts, b=b, sigma=sigma)
    curve = kl_curve(b, sigma)
    target = np.log(bon.kl)
    # The first curve point (β falling, KL rising) at or past each target, and the one before.
    past = np.clip(np.searchsorted(curve.kl, bon.kl), 1, curve.kl.size - 1)
    x0, x1 = np.log(curve.pressure[past - 1]), np.log(curve.pressure[past])
    f0, f1 = np.log(curve.kl[past - 1]) - target, np.log(curve.kl[past]) - target
    for _ in range(EQUAL_KL_STEPS):
        slope = np.where(f1 != f0, (x1 - x0) / np.where(f1 != f0, f1 - f0, 1.0), 0.0)
        x0, f0, x1 = x1, f1, x1 - f1 * slope
        f1 = np.log(core.kl_optimum(np.exp(x1), b=b, sigma=sigma, exact=True).kl) - target
    beta = np.exp(x1)
    tilt_beta, tilt = core.answer_tilt_at_kl(bon.kl, b=b, sigma=sigma)
    for field in dataclasses.fields(tilt):  # shared by every session: read-only
        _frozen(getattr(tilt, field.name))
    optimum = core.kl_optimum(beta, b=b, sigma=sigma, exact=True)
    return EqualKL(
        n=_frozen(counts),
        beta=_frozen(beta),
        best_of_n=bon,
        kl_optimum=optimum,
        tilt_beta=_frozen(tilt_beta),
        tilt=tilt,
        kl_check=core.edge_check(beta, b=b, sigma=sigma, result=optimum),
    )


# --- Compare: Best-of-Poisson and soft best-of-n beside the tilt over the same 600 --------


@dataclass(frozen=True)
class Selections:
    """Best-of-Poisson and soft best-of-n against the KL optimum over the same 600 answers:
    floats, KLs in nats, gains over the answers' mean."""

    poisson_kl: float  # Best-of-Poisson at μ = POISSON_PROBE
    poisson_gold: float
    poisson_proxy: float
    tilt_gold: float  # the tilt over the 600 at Best-of-Poisson's KL
    tilt_proxy: float
    best_of_n_kl: float  # best-of-n at n = POISSON_PROBE + 1
    best_of_n_gold: float
    best_of_n_proxy: float
    best_of_n_tilt_proxy: float  # the tilt's reward-model gain at best-of-n's KL
    soft_kl: float  # soft best-of-n at SOFT_LAMBDA, n = SOFT_PROBE
    soft_gold: float
    soft_last_kl: float  # ... at n = 10,000
    soft_last_gold: float
    soft_tilt_kl: float  # the tilt at β = SOFT_LAMBDA: where soft best-of-n heads as n grows
    soft_tilt_gold: float
    # How often each pick beats one answer drawn at random from the 600 (ties half): best-of-n
    # at n = POISSON_PROBE + 1 and the tilt at its KL, by the reward model and by true quality.
    best_of_n_wins: core.WinRates
    tilt_wins: core.WinRates


@cached(FIT_ENTRIES)
def selections(b: float, sigma: float) -> Selections:
    """The numbers of the Best-of-Poisson and soft best-of-n sentences at (b, σ)."""
    poisson = core.best_of_poisson(POISSON_PROBE, b=b, sigma=sigma)
    bon = core.best_of_n(POISSON_PROBE + 1.0, b=b, sigma=sigma)
    # The tilt at both KLs, one bisection: [Best-of-Poisson's, best-of-n's].
    tilt_beta, tilt = core.answer_tilt_at_kl(np.array([poisson.kl, bon.kl]), b=b, sigma=sigma)
    soft = core.soft_best_of_n(np.array([SOFT_PROBE, 10_000.0]), lam=SOFT_LAMBDA, b=b, sigma=sigma)
    soft_tilt = core.answer_tilt(SOFT_LAMBDA, b=b, sigma=sigma)
    return Selections(
        poisson_kl=poisson.kl,
        poisson_gold=poisson.gold_gain,
        poisson_proxy=poisson.proxy_gain,
        tilt_gold=float(tilt.gold_gain[0]),
        tilt_proxy=float(tilt.proxy_gain[0]),
        best_of_n_kl=bon.kl,
        best_of_n_gold=bon.gold_gain,
        best_of_n_proxy=bon.proxy_gain,
        best_of_n_tilt_proxy=float(tilt.proxy_gain[1]),
        soft_kl=float(soft.kl[0]),
        soft_gold=float(soft.gold_gain[0]),
        soft_last_kl=float(soft.kl[1]),
        soft_last_gold=float(soft.gold_gain[1]),
        soft_tilt_kl=soft_tilt.kl,
        soft_tilt_gold=soft_tilt.gold_gain,
        best_of_n_wins=core.win_rates(POISSON_PROBE + 1.0, b=b, sigma=sigma),
        tilt_wins=core.tilt_win_rates(float(tilt_beta[1]), b=b, sigma=sigma),
    )
