"""A room's fit read only as far as its choices go: intervals clustered by phone and by pair.

A rating room's choices are not independent draws: one phone's taps share its reader, and two
phones that draw the same pair share that pair (a careful reader answers it the same way twice).
The maximum-likelihood weights of :func:`core.fit_bradley_terry` are kept; their covariance is
two-way clustered (Cameron, Gelbach & Miller 2011): by phone + by pair - by tap, each part a
cluster jackknife (every cluster left out by one Newton step, CR3), and intervals use Student's
t with (phones - 1) degrees of freedom. Counting a 100-phone room's 1,000 taps as independent
held the population's b in 70% of 90% intervals; the plain clustered sandwich (CR1) held it in
76% of 10-phone rooms; this one in 92 / 89 / 89% of careful rooms of 10 / 30 / 100 phones
(docs/teaching.md; tests/core/test_room_reading.py measures each size).

Ratios (b = w_pad/w_s, the length weight w_l/w_s) get Fieller's interval, which is bounded
exactly when the substance weight is clearly positive (w_s/SE above the critical value): a room
whose choices do not follow substance has no reward model to read, and no b.
"""

from dataclasses import dataclass

import numpy as np

from core.preferences import Comparisons, features, fit_bradley_terry, sigmoid
from core.validate import Numbers, validate_params

INTERVAL_LEVEL = 0.90  # the screen's intervals: two-sided 90%, as core.preferences'
SUBSTANCE_CLEAR = 2.0  # w_s/SE above this (and above t): the choices follow substance
CHANCE = 0.5  # coin flips pick the truly better answer of a pair half the time
# "More (or less) than chance" needs the agreement's 95% interval to leave 50%: a claim made on
# coin-flip rooms 2.5% of the time each way (at 90% it was 5-7% each way on 200 rooms).
CHANCE_LEVEL = 0.95
T_BISECTIONS = 60  # halvings of (0, π/2) for t's quantile: 2⁻⁶⁰·π/2, below a float's step
LEVEL = Numbers(low=0.0, high=1.0, low_open=True, single=True, valid="a level in (0, 1)")
DEGREES = Numbers(low=1.0, valid="whole degrees of freedom >= 1")


@dataclass(frozen=True)
class RoomReading:
    """What a room's choices say, with intervals that count phones and shared pairs.

    Weights, standard errors and z in :data:`core.preferences.FEATURE_NAMES` order, shape (3,);
    ``covariance`` (3, 3). Intervals are (low, high) at :data:`INTERVAL_LEVEL`; a ratio's is
    (nan, nan) unless ``follows_substance``.
    """

    weights: np.ndarray
    covariance: np.ndarray
    standard_errors: np.ndarray
    phones: int  # clusters of the first kind: devices with a decided choice
    pairs: int  # distinct pairs among the decided choices
    decided: int
    critical: float  # Student's t at INTERVAL_LEVEL with phones - 1 degrees of freedom
    follows_substance: bool  # w_s/SE > max(SUBSTANCE_CLEAR, critical)
    b: float  # w_pad/w_s; nan unless follows_substance
    b_interval: tuple[float, float]
    length_weight: float  # w_l/w_s; nan unless follows_substance
    length_interval: tuple[float, float]
    agreement: float  # share of decided choices that picked the truly better answer
    agreement_error: float  # its clustered standard error
    agreement_interval: tuple[float, float]  # at CHANCE_LEVEL, the chance test's

    @property
    def substance_z(self) -> float:
        """w_s over its clustered standard error (inf when that error is 0)."""
        error = self.standard_errors[0]
        return (
            float(self.weights[0] / error)
            if error > 0
            else float(np.sign(self.weights[0]) * np.inf)
        )

    @property
    def beats_chance(self) -> int:
        """+1 if the agreement's interval (CHANCE_LEVEL) lies above 50%, -1 below, 0 if it
        holds 50%: a t-test of the share, clustered by phone and by pair."""
        low, high = self.agreement_interval
        return 1 if low > CHANCE else -1 if high < CHANCE else 0


@validate_params({"level": LEVEL, "degrees": DEGREES})
def t_quantile(level: float, degrees) -> np.ndarray | float:
    """Student's t critical value c with P(|T| <= c) = ``level`` for whole ``degrees`` >= 1.

    Exact for whole degrees: the closed-form CDF in θ = atan(c/√ν) (Abramowitz & Stegun
    26.7.3-4) is bisected in θ; ``degrees`` of any shape in, that shape out.

    Parameters
    ----------
    level : float
        The two-sided coverage, in (0, 1): 0.9 gives 1.833 at 9 degrees, 1.645 as ν → ∞.
    degrees : array_like
        Whole degrees of freedom >= 1 (rounded down).
    """
    nu = np.floor(np.asarray(degrees, dtype=float))
    # The series' coefficients, one row per term j (a loop over terms, never over points): odd ν
    # sums (2·4···(2j))/(3·5···(2j+1)) cos^(2j) for j < (ν-1)/2, even ν sums
    # (1·3···(2j-1))/(2·4···(2j)) cos^(2j) for j < ν/2 (Abramowitz & Stegun 26.7.3-4).
    term = np.arange(int(nu.max()) // 2 + 1).reshape((-1,) + (1,) * nu.ndim)
    step = np.maximum(term, 1)  # term 0's coefficient is 1: no ratio
    odd_ratio = np.cumprod(np.where(term > 0, 2 * step / (2 * step + 1.0), 1.0), axis=0)
    even_ratio = np.cumprod(np.where(term > 0, (2 * step - 1) / (2.0 * step), 1.0), axis=0)
    odd = nu % 2 == 1
    coefficients = np.where(
        odd, np.where(term < (nu - 1) / 2, odd_ratio, 0.0), np.where(term < nu / 2, even_ratio, 0.0)
    )
    low, high = np.zeros_like(nu), np.full_like(nu, np.pi / 2)
    for _ in range(T_BISECTIONS):
        theta = (low + high) / 2
        series = np.sum(coefficients * np.cos(theta) ** (2 * term), axis=0)
        sine = np.sin(theta)
        inside = np.where(
            odd,
            2 / np.pi * (theta + np.where(nu > 1, sine * np.cos(theta) * series, 0.0)),
            sine * series,
        )  # P(|T| <= √ν·tan θ)
        below = inside < level
        low, high = np.where(below, theta, low), np.where(below, high, theta)
    value = np.sqrt(nu) * np.tan((low + high) / 2)
    return float(value) if value.ndim == 0 else value


def leave_out_covariance(
    scores: np.ndarray, curvature: np.ndarray, labels: np.ndarray
) -> np.ndarray:
    """The cluster jackknife's covariance, each cluster left out by one Newton step: (k, k).

    Leaving cluster g out moves the weights by about -(H - H_g)⁻¹ s_g (s_g its summed scores,
    H_g its part of the curvature H); the covariance is (C - 1)/C · Σ_g of those moves' outer
    products (CR3, Bell & McCaffrey 2002). Unlike the plain sandwich (CR1), it widens where one
    cluster pulls the fit hard: with 10 phones CR1 covered careful rooms' b 76% of the time.

    Parameters
    ----------
    scores : numpy.ndarray of shape (N, k)
        Each observation's gradient of the log-likelihood.
    curvature : numpy.ndarray of shape (N, k, k)
        Each observation's part of minus the Hessian.
    labels : numpy.ndarray of shape (N,)
        Each observation's cluster, any sortable values.
    """
    _, cluster = np.unique(labels, return_inverse=True)
    cluster = cluster.reshape(-1)
    count = int(cluster.max()) + 1 if cluster.size else 0
    size = scores.shape[1]
    summed = np.zeros((count, size))
    np.add.at(summed, cluster, scores)
    parts = np.zeros((count, size, size))
    np.add.at(parts, cluster, curvature)
    rest = curvature.sum(axis=0) - parts  # (C, k, k): the curvature without each cluster
    # A cluster that holds all the information about a weight (rest singular) moves it by the
    # full-data step instead.
    singular = np.linalg.cond(rest) > 1e12
    rest[singular] = curvature.sum(axis=0)
    moves = np.linalg.solve(rest, summed[..., None])[..., 0]
    return moves.T @ moves * ((count - 1) / count if count > 1 else 1.0)


def two_way_covariance(
    scores: np.ndarray, curvature: np.ndarray, phone: np.ndarray, pair: np.ndarray
) -> np.ndarray:
    """Cameron–Gelbach–Miller's two-way covariance: by phone + by pair - by tap, (k, k).

    A phone rates a pair once, so the (phone, pair) clusters are single taps. Where the sum is
    not positive semi-definite (it can be, with few clusters), its negative eigenvalues are set
    to 0.

    Parameters
    ----------
    scores, curvature : numpy.ndarray of shapes (N, k) and (N, k, k)
        Each tap's gradient of the log-likelihood and its part of minus the Hessian.
    phone, pair : numpy.ndarray of shape (N,)
        Each tap's device and pair, any sortable labels.
    """
    taps = np.arange(scores.shape[0])
    covariance = (
        leave_out_covariance(scores, curvature, phone)
        + leave_out_covariance(scores, curvature, pair)
        - leave_out_covariance(scores, curvature, taps)
    )
    values, vectors = np.linalg.eigh((covariance + covariance.T) / 2)
    return (vectors * np.clip(values, 0.0, None)) @ vectors.T


def fieller_interval(
    numerator: float, denominator: float, covariance: np.ndarray, critical: float
) -> tuple[float, float]:
    """Fieller's interval for numerator/denominator: every r with (n - r·d)² <= c²·Var(n - r·d);
    (nan, nan) unless d/SE(d) > c, where that set is a bounded interval.

    Parameters
    ----------
    numerator, denominator : float
        The two estimates, n and d.
    covariance : numpy.ndarray of shape (2, 2)
        Their covariance, the numerator's row and column first.
    critical : float
        The critical value c (Student's t at the interval's level).
    """
    var_n, var_nd, var_d = covariance[0, 0], covariance[0, 1], covariance[1, 1]
    square = critical**2
    a = denominator**2 - square * var_d
    if a <= 0:
        return (float("nan"), float("nan"))
    half_b = numerator * denominator - square * var_nd
    c = numerator**2 - square * var_n
    root = np.sqrt(max(half_b**2 - a * c, 0.0))
    return (float((half_b - root) / a), float((half_b + root) / a))


@validate_params({"level": LEVEL})
def read_room(
    pairs: Comparisons, *, phone, agreed, level: float = INTERVAL_LEVEL
) -> RoomReading | None:
    """The room's weights (maximum likelihood, no prior) with intervals clustered by phone and
    by pair, the agreement with its own clustered interval, and the ratios where they exist.

    Parameters
    ----------
    pairs : Comparisons
        The decided choices, (N, 2), (N, 2), (N,); a pair is known by its four numbers.
    phone, agreed : array_like of shape (N,)
        Which device made each choice (any labels); whether it picked the truly better answer.
    level : float
        The intervals' two-sided coverage.

    Returns
    -------
    RoomReading or None
        None when the fit has no finite maximum (separable, constant features, one side).
    """
    phone = np.asarray(phone).reshape(-1)
    agreed = np.asarray(agreed, dtype=float).reshape(-1)
    if not phone.size == agreed.size == pairs.first_preferred.size:
        raise ValueError(
            f"phone and agreed need one entry per choice ({pairs.first_preferred.size}); "
            f"got {phone.size} and {agreed.size}"
        )
    fit = fit_bradley_terry(pairs)
    if not np.all(np.isfinite(fit.standard_errors)):
        return None  # no finite maximum: separable, or features that do not vary
    # A pair is its four numbers: the same pair on two phones has the same row of features.
    _, pair = np.unique(
        np.concatenate([pairs.length, pairs.substance], axis=1), axis=0, return_inverse=True
    )
    pair = pair.reshape(-1)
    weights = fit.weights
    covariance = _weight_covariance(pairs, weights, phone, pair)
    errors = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    phones = np.unique(phone).size
    critical = t_quantile(level, max(phones - 1, 1))
    clear = bool(errors[0] > 0 and weights[0] / errors[0] > max(SUBSTANCE_CLEAR, critical))
    b, b_interval, length_weight, length_interval = _ratios(weights, covariance, critical, clear)
    share, share_error, share_interval = _agreement(agreed, phone, pair, phones)
    return RoomReading(
        weights=weights,
        covariance=covariance,
        standard_errors=errors,
        phones=phones,
        pairs=int(pair.max()) + 1,
        decided=int(agreed.size),
        critical=critical,
        follows_substance=clear,
        b=b,
        b_interval=b_interval,
        length_weight=length_weight,
        length_interval=length_interval,
        agreement=share,
        agreement_error=share_error,
        agreement_interval=share_interval,
    )


def _ratios(weights: np.ndarray, covariance: np.ndarray, critical: float, clear: bool) -> tuple:
    """(b, its interval, the length weight, its interval): w_pad/w_s and w_l/w_s with Fieller's
    intervals where the substance weight is clear; nan and (nan, nan) where it is not."""
    if not clear:
        return float("nan"), (float("nan"),) * 2, float("nan"), (float("nan"),) * 2
    b_interval, length_interval = (
        fieller_interval(weights[row], weights[0], covariance[np.ix_([row, 0], [row, 0])], critical)
        for row in (2, 1)
    )
    ratios = weights / weights[0]
    return float(ratios[2]), b_interval, float(ratios[1]), length_interval


def _agreement(agreed: np.ndarray, phone: np.ndarray, pair: np.ndarray, phones: int) -> tuple:
    """(share, its clustered standard error, its CHANCE_LEVEL interval) of the agreed choices:
    the share is the mean's "fit", its scores the deviations, its curvature 1 a tap."""
    share = float(agreed.mean())
    ones = np.ones((agreed.size, 1, 1))
    variance = two_way_covariance((agreed - share)[:, None], ones, phone, pair)[0, 0]
    error = float(np.sqrt(variance))
    half = t_quantile(CHANCE_LEVEL, max(phones - 1, 1)) * error
    # A share lies in [0, 1]: a 97% share ± 5% is read as 92% to 100%, not to 102%.
    return share, error, (max(share - half, 0.0), min(share + half, 1.0))


def _weight_covariance(
    pairs: Comparisons, weights: np.ndarray, phone: np.ndarray, pair: np.ndarray
) -> np.ndarray:
    """The fitted weights' two-way clustered covariance, (3, 3), from each tap's score and
    curvature (the per-pair pieces of core.preferences' Newton fit, computed here)."""
    both = features(pairs.length, pairs.substance)
    sign = np.where(pairs.first_preferred, 1.0, -1.0)[:, None]
    rows = sign * (both[:, 0] - both[:, 1])  # winner minus loser, (N, 3)
    win = sigmoid(rows @ weights)
    scores = rows * (1.0 - win)[:, None]  # each tap's gradient of the log-likelihood
    curvature = (win * (1.0 - win))[:, None, None] * rows[:, :, None] * rows[:, None, :]
    return two_way_covariance(scores, curvature, phone, pair)
