"""The Best-of-n page's numbers beyond best-of-n itself, at its own settings (numbers out, no
Streamlit): Best-of-Poisson (Khalaf et al., 2025) and soft best-of-n (Verdun et al., 2025)
beside the KL optimum over the same 600 answers, and what noise alone does to best-of-n
(regression to the mean, core/regression.py); and the win-chance chart's shares by rank.

``selections_of`` and ``noise_alone_of`` are pure (numbers in, frozen numbers out); their cached
forms (``selections``, ``noise_alone``) are what ``ui.best_of_n.research.show`` calls; the words
are ``ui.best_of_n.text``'s, which reads these types and imports nothing of this module's.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import core
from core.regression import noisy_best_of_n, regression_factor
from ui.compute import cached
from ui.settings import N_STOPS

TOP_TENTH = 60  # the best tenth of the 600 ranks, whose share of the chance the page states


def kept_shares(n: int) -> tuple[float, float]:
    """Best-of-n's chance of keeping one of the best TOP_TENTH ranks, and the single best:
    1 − (540/600)ⁿ and 1 − (599/600)ⁿ, exact by rank whatever the scores (ties aside)."""
    count = core.ANSWER_COUNT
    return 1 - ((count - TOP_TENTH) / count) ** n, 1 - ((count - 1) / count) ** n


RESEARCH_ENTRIES = 128  # numbers per (n, b, σ[, seed]) seen: a few floats each
# Soft best-of-n's temperature: n → ∞ is the KL optimum over the 600 at β = 0.5 (where the
# lesson's optimum on the grid has KL 2.8 nats), as on the Compare page.
SOFT_LAMBDA = 0.5
STOP_COUNTS = np.array(N_STOPS, dtype=float)  # the n slider's stops, where noise is read
STOP_COUNTS.flags.writeable = False


@dataclass(frozen=True)
class Selection:
    """One selection rule over the answers: KL in nats, gains over the answers' mean."""

    kl: float
    proxy_gain: float
    gold_gain: float


@dataclass(frozen=True)
class Selections:
    """Best-of-n at n, Best-of-Poisson with the same mean draws (μ = n − 1), soft best-of-n at
    n and SOFT_LAMBDA, and the KL optimum over the same answers at best-of-n's KL."""

    n: int
    best_of_n: Selection
    poisson: Selection
    soft: Selection
    tilt: Selection  # the tilt over the answers at best-of-n's KL: the most score it can buy
    poisson_tilt: Selection  # ... at Best-of-Poisson's KL
    soft_lambda: float = SOFT_LAMBDA


def _selection(result, index=()) -> Selection:
    return Selection(
        *(
            float(np.asarray(field)[index])
            for field in (result.kl, result.proxy_gain, result.gold_gain)
        )
    )


def selections_of(n: int, b: float, sigma: float, seed: int | None = None) -> Selections:
    """The four selection rules at (n, b, σ, seed), each exact over the same answers."""
    best = core.best_of_n(float(n), b=b, sigma=sigma, seed=seed)
    poisson = core.best_of_poisson(float(n) - 1.0, b=b, sigma=sigma, seed=seed)
    soft = core.soft_best_of_n(float(n), lam=SOFT_LAMBDA, b=b, sigma=sigma, seed=seed)
    # The tilt at both KLs, one bisection: [best-of-n's, Best-of-Poisson's].
    kls = np.array([best.kl, poisson.kl], dtype=float)
    _, tilts = core.answer_tilt_at_kl(kls, b=b, sigma=sigma, seed=seed)
    rules = (_selection(result) for result in (best, poisson, soft))
    return Selections(n, *rules, _selection(tilts, 0), _selection(tilts, 1))


@cached(RESEARCH_ENTRIES)
def selections(n: int, b: float, sigma: float, seed: int | None = None) -> Selections:
    """:func:`selections_of`, cached per rounded setting (~15 ms uncached)."""
    return selections_of(n, b, sigma, seed)


@dataclass(frozen=True)
class NoiseAlone:
    """Best-of-n's true-quality gain when the score is true quality plus fresh Gaussian noise
    of size σ on every draw (core.noisy_best_of_n), at n and at the slider's last n."""

    n: int
    sigma: float
    gain: float  # at n, with noise σ
    clean_gain: float  # at n, with no noise (the score is true quality)
    last_n: int
    last_gain: float  # at last_n, with noise σ
    factor: float  # v/(v + σ²), v the answers' true-quality variance
    gold_variance: float


def noise_alone_of(n: int, sigma: float, seed: int | None = None, *, last_n: int) -> NoiseAlone:
    """The numbers of the noise-alone sentence at (n, σ, seed)."""
    counts = np.array([n, last_n], dtype=float)
    gains = noisy_best_of_n(counts, sigma=sigma, seed=seed)
    clean = noisy_best_of_n(counts, sigma=0.0, seed=seed)
    return _noise_alone(n, sigma, seed, last_n, gains=gains, clean=clean)


def _noise_alone(n, sigma, seed, last_n, *, gains, clean) -> NoiseAlone:
    """NoiseAlone from the noisy and clean gains at [n, last_n]."""
    variance = float(core.answers(seed=seed).gold.var())
    return NoiseAlone(
        n=n,
        sigma=sigma,
        gain=float(gains[0]),
        clean_gain=float(clean[0]),
        last_n=last_n,
        last_gain=float(gains[1]),
        factor=regression_factor(sigma, gold_variance=variance),
        gold_variance=variance,
    )


@cached(RESEARCH_ENTRIES)
def noise_gains(sigma: float, seed: int | None = None) -> np.ndarray:
    """(2, stops): best-of-n's true-quality gain at every n stop with noise σ and with none,
    one core call each (~0.2 s at σ = 0.1, less above), so moving n costs nothing."""
    gains = np.stack([noisy_best_of_n(STOP_COUNTS, sigma=s, seed=seed) for s in (sigma, 0.0)])
    gains.flags.writeable = False
    return gains


def noise_alone(n: int, sigma: float, seed: int | None = None, *, last_n: int) -> NoiseAlone:
    """:func:`noise_alone_of` at the page's stops, read off :func:`noise_gains`."""
    if n not in N_STOPS or last_n not in N_STOPS:
        return noise_alone_of(n, sigma, seed, last_n=last_n)
    gains, clean = noise_gains(sigma, seed)[:, [N_STOPS.index(n), N_STOPS.index(last_n)]]
    return _noise_alone(n, sigma, seed, last_n, gains=gains, clean=clean)
