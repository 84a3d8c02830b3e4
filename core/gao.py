"""Gao, Schulman & Hilton's (2022, arXiv 2210.10760) laws for gold reward against KL.

With d = √KL (nats), best-of-n follows R(d) = d(α - βd) and RL follows R(d) = d(α - β ln d),
both through R(0) = 0. Both are linear in (α, β), so least squares on R itself, as Gao et al.
fitted them, is one solve: R regressed on (d, -d²) or (d, -d ln d), no intercept, no iterations.
A fitted peak is a statement about the data only inside the KL range the fit saw
(:attr:`GaoFit.peak_in_data`); beyond it the law is extrapolated.
"""

from dataclasses import dataclass

import numpy as np

from core.validate import Choice, Numbers, validate_params

GAO_FORMS = ("best_of_n", "rl")
MIN_DISTANCE = 1e-6  # points closer than this to the base model (d = √KL) carry no slope
MIN_POINTS = 3  # two coefficients need at least three points for R² to mean anything


@dataclass(frozen=True)
class GaoFit:
    """One of Gao et al.'s forms fitted to gold gains against KL."""

    form: str  # "best_of_n": R = d(α - βd); "rl": R = d(α - β ln d)
    alpha: float
    beta: float
    r_squared: float  # of R(d) itself over the points used
    peak_kl: float  # KL at the fitted peak, d*²; inf when the fit has no peak (β <= 0)
    points: int  # points used (those with d > 1e-6)
    kl_low: float = 0.0  # the smallest KL among the points used
    kl_high: float = 0.0  # the largest KL among the points used

    @property
    def peak_in_data(self) -> bool:
        """Whether the fitted peak lies within the KL range the fit used (a finite peak
        outside it, like best-of-n's RL-law peak at 2,929 nats where best-of-n's KL stops at
        log 600 ≈ 6.4, is the law extrapolated, not the data)."""
        return bool(self.kl_low <= self.peak_kl <= self.kl_high)

    def gold(self, kl) -> np.ndarray:
        """The fitted R at KL values of any shape (R(0) = 0)."""
        distance = np.sqrt(np.asarray(kl, dtype=np.float64))
        inside = np.maximum(distance, MIN_DISTANCE)  # d·ln d → 0 as d → 0: no log of 0
        return np.where(
            distance > 0, distance * (self.alpha - self.beta * _shape(self.form, inside)), 0.0
        )


@validate_params(
    {
        "kl": Numbers(valid="finite numbers >= 0"),
        "gold_gain": Numbers(valid="finite numbers"),
        "form": Choice(GAO_FORMS, '"best_of_n" or "rl"'),
    }
)
def fit_gao(kl, gold_gain, *, form: str) -> GaoFit:
    """Least-squares fit of Gao et al.'s ``form`` to gold gains against KL.

    Minimizes Σ (R_i - R(d_i))² over (α, β): R regressed on (d, -d²) for best-of-n or on
    (d, -d ln d) for RL, with no intercept, so the law passes through R(0) = 0.

    Parameters
    ----------
    kl : array_like of shape (N,)
        KL from the base model in nats, each >= 0.
    gold_gain : array_like of shape (N,)
        Gold gain at each KL.
    form : {"best_of_n", "rl"}
        R(d) = d(α - βd), peak d* = α/2β; or R(d) = d(α - β ln d), peak d* = e^{α/β - 1}.

    Returns
    -------
    GaoFit with α, β, R² of R, the fitted peak's KL and the KL range of the points used.
    """
    if kl.ndim != 1 or np.any(kl < 0):
        raise ValueError(f"kl must be a 1-D array of finite numbers >= 0, got shape {kl.shape}")
    if gold_gain.shape != kl.shape:
        raise ValueError(f"gold_gain must have the shape of kl {kl.shape}, got {gold_gain.shape}")
    distance = np.sqrt(kl)
    used = distance > MIN_DISTANCE
    if used.sum() < MIN_POINTS:
        raise ValueError(f"kl must have at least {MIN_POINTS} points with √KL > {MIN_DISTANCE}")
    distance, gain = distance[used], gold_gain[used]
    design = np.column_stack([distance, -distance * _shape(form, distance)])
    (alpha, beta), *_ = np.linalg.lstsq(design, gain, rcond=None)
    fitted = design @ np.array([alpha, beta])
    spread = np.sum(np.square(gain - gain.mean()))
    residual = np.sum(np.square(gain - fitted))
    r_squared = 1.0 - residual / spread if spread > 0 else float(residual == 0)
    return GaoFit(
        form,
        float(alpha),
        float(beta),
        float(r_squared),
        _peak_kl(form, alpha, beta),
        int(used.sum()),
        float(kl[used].min()),
        float(kl[used].max()),
    )


def _shape(form: str, distance: np.ndarray) -> np.ndarray:
    """What β multiplies inside the bracket: d for best-of-n, ln d for RL."""
    return distance if form == "best_of_n" else np.log(distance)


def _peak_kl(form: str, alpha: float, beta: float) -> float:
    if beta <= 0:
        return float("inf")  # gold never turns down: no peak
    if form == "best_of_n":
        return float((alpha / (2.0 * beta)) ** 2)
    exponent = 2.0 * (alpha / beta - 1.0)  # KL = d*² = e^{2(α/β - 1)}
    return float(np.exp(exponent)) if exponent < 700 else float("inf")
