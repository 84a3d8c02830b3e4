"""Where the reward model comes from: people's choices between pairs, fit by Bradley–Terry.

Raters compare two answers drawn from the base model and prefer the first with probability
sigmoid((gold₁ - gold₂)/rater_noise). A linear reward model r(y) = wᵀφ(y) on the features
φ = (substance, length, -(length² - 1)) is fit to their choices by maximum likelihood (Newton's
method), with an optional Gaussian prior. Its learned **b** is w_pad / w_s: the fraction of the
padding penalty it learned, per unit of substance (true weights w ∝ (1, 1, 1), so b = 1).
"""

from dataclasses import dataclass

import numpy as np

from core import world
from core.validate import (
    NON_NEGATIVE,
    POSITIVE_NUMBER,
    SEED,
    Choice,
    Whole,
    show,
    validate_params,
)

MAX_PAIRS = 1_000_000  # a million comparisons: about 50 MB of features, a second's fit
FEATURE_NAMES = ("substance", "length", "padding")  # padding = -(length² - 1)
INTERVAL_Z = 1.6448536269514722  # two-sided 90%: the standard normal's 95th percentile
NEWTON_STEPS = 100  # the fit converges in under 15 steps on every non-separable sample tried
NEWTON_TOLERANCE = 1e-10  # stop when the Newton decrement (half the squared step) falls below


@dataclass(frozen=True)
class Comparisons:
    """Pairs of answers and which one the rater preferred.

    ``length`` and ``substance`` have shape (n_pairs, 2): column 0 the first answer, 1 the second.
    """

    length: np.ndarray
    substance: np.ndarray
    first_preferred: np.ndarray  # (n_pairs,) bool


@dataclass(frozen=True)
class BradleyTerryFit:
    """A fitted linear reward model and what it learned about padding.

    Weights and standard errors have shape (3,) in :data:`FEATURE_NAMES` order; without the
    padding feature the padding weight is 0 with standard error 0 (it was not fitted).
    """

    weights: np.ndarray
    standard_errors: np.ndarray  # from the inverse Hessian; inf when the fit did not converge
    b: float  # w_pad / w_s; 0 without the padding feature
    b_interval: tuple[float, float]  # 90%, delta method; (-inf, inf) when b is not defined
    length_ratio: float  # w_l / w_s: what the model pays for length, per unit of substance
    converged: bool
    message: str  # "" when converged; otherwise why not, in a sentence
    steps: int  # Newton steps taken
    # The comparisons' own Fisher information at the fitted weights, Σ p(1 - p) x xᵀ without
    # the prior: (k, k) for the k features fitted; None when the fit did not converge.
    information: np.ndarray | None = None
    prior: float = 0.0  # the ridge strength the fit was made with

    def scaled_reward(self, length, substance) -> np.ndarray:
        """The model's score in units of substance, s + (w_l/w_s)·l - b·(l² - 1).

        ``length`` and ``substance`` broadcast; returns their shape. Dividing by w_s puts the
        score on true quality's scale (Bradley–Terry fixes a reward only up to scale); when
        w_s is not positive the weights are used as they are.
        """
        scale = self.weights[0] if self.weights[0] > 0 else 1.0
        return features(length, substance) @ (self.weights / scale)


@validate_params(
    {
        "n_pairs": Whole(2, MAX_PAIRS),
        "length_spread": POSITIVE_NUMBER,
        "rater_noise": POSITIVE_NUMBER,
        "seed": SEED,
    }
)
def comparisons(
    n_pairs: int, *, length_spread: float = 1.0, rater_noise: float = 1.0, seed: int = 0
) -> Comparisons:
    """Draw ``n_pairs`` pairs from the base model and the rater's choice between each.

    Parameters
    ----------
    n_pairs : int
        How many comparisons, 2 to 1,000,000.
    length_spread : float
        Scale of the answers' lengths (> 0): 1 is the base model's answers, 0.3 means raters
        only ever saw typical lengths.
    rater_noise : float
        Temperature T > 0 of the choice: the first is preferred with probability
        sigmoid((gold₁ - gold₂)/T); small T means raters almost always pick the better answer.
    seed : int
        Seed of the ``numpy.random.Generator`` that draws answers and choices.
    """
    rng = np.random.default_rng(seed)
    length = rng.standard_normal((n_pairs, 2)) * length_spread
    substance = rng.standard_normal((n_pairs, 2))
    quality = world.gold(length, substance)
    chance_first = sigmoid((quality[:, 0] - quality[:, 1]) / rater_noise)
    first_preferred = rng.random(n_pairs) < chance_first
    return Comparisons(length=length, substance=substance, first_preferred=first_preferred)


def features(length, substance) -> np.ndarray:
    """φ(y) = (substance, length, -(length² - 1)) for answers of any shape S: shape S + (3,)."""
    length, substance = np.broadcast_arrays(length, substance)
    return np.stack([substance, length, -world.padding_penalty(length)], axis=-1)


@validate_params({"prior": NON_NEGATIVE})
def fit_bradley_terry(
    pairs: Comparisons, *, padding_feature: bool = True, prior: float = 0.0
) -> BradleyTerryFit:
    """Maximum-likelihood Bradley–Terry reward model on the comparisons, by Newton's method.

    Maximizes Σ log sigmoid(wᵀ(φ(winner) - φ(loser))) - prior·|w|²/2.

    Parameters
    ----------
    pairs : Comparisons
        From :func:`comparisons` (or built by hand: arrays of shape (N, 2), (N, 2), (N,)).
    padding_feature : bool
        Whether the model may learn a padding weight; without it, it can only learn substance
        and length, and "believes longer is always better" (b = 0).
    prior : float
        Ridge strength >= 0 pulling the weights toward 0 (a Gaussian prior of variance 1/prior).
    """
    if not isinstance(pairs, Comparisons):
        raise ValueError(f"comparisons must be a Comparisons, got {show(pairs)}")
    both = features(pairs.length, pairs.substance)  # (N, 2, 3)
    sign = np.where(pairs.first_preferred, 1.0, -1.0)[:, None]
    differences = sign * (both[:, 0] - both[:, 1])  # winner minus loser: (N, 3)
    used = 3 if padding_feature else 2
    # Features as rows (k, N): BLAS's fast paths need the long axis contiguous (a 200,000-pair
    # fit takes ~30 ms this way, ~300 ms with (N, k) columns).
    rows = np.ascontiguousarray(differences[:, :used].T)
    weights, curvature, steps, message = _newton(rows, prior)
    return _summarize(weights, curvature, steps, message, prior)


def _newton(rows: np.ndarray, prior: float) -> tuple:
    """Maximize the penalized log-likelihood from w = 0, for winner-minus-loser features
    ``rows`` of shape (k, N); returns (weights (k,), -Hessian (k, k) or None, steps, message)."""
    size = rows.shape[0]
    weights = np.zeros(size)
    for step in range(1, NEWTON_STEPS + 1):
        margin = _margins(rows, weights)
        if prior == 0 and np.all(margin > 0):
            # Every choice is explained by some w, and so by 2w, 3w, ...: no finite maximum.
            return weights, None, step, SEPARABLE_MESSAGE
        win = sigmoid(margin)
        gradient = rows @ (1.0 - win) - prior * weights
        curvature = _curvature(rows, win, prior)
        try:
            move = np.linalg.solve(curvature, gradient)
        except np.linalg.LinAlgError:
            return weights, None, step, SINGULAR_MESSAGE
        weights = weights + move
        if gradient @ move / 2.0 < NEWTON_TOLERANCE:
            curvature = _curvature(rows, sigmoid(_margins(rows, weights)), prior)
            return weights, curvature, step, ""
    return weights, None, NEWTON_STEPS, f"no convergence in {NEWTON_STEPS} Newton steps"


def _margins(rows: np.ndarray, weights: np.ndarray) -> np.ndarray:
    """wᵀx for every pair: (N,). A sum of k scaled rows (a k-by-N vector product is slow)."""
    margin = rows[0] * weights[0]
    for index in range(1, weights.size):
        margin += rows[index] * weights[index]
    return margin


def _curvature(rows: np.ndarray, win: np.ndarray, prior: float) -> np.ndarray:
    """Minus the Hessian: Σ p(1 - p) x xᵀ + prior·I, (k, k)."""
    return (rows * (win * (1.0 - win))) @ rows.T + prior * np.eye(rows.shape[0])


SEPARABLE_MESSAGE = (
    "the choices are perfectly separable (raters never erred), so the weights grow without "
    "bound: add a prior or more rater noise"
)
SINGULAR_MESSAGE = "the features do not vary across pairs, so the weights are not identified"


def _summarize(weights, curvature, steps: int, message: str, prior: float) -> BradleyTerryFit:
    # The curvature less the prior's share, prior·I: what the comparisons alone say.
    information = None if curvature is None else curvature - prior * np.eye(weights.size)
    full = np.zeros(3)
    full[: weights.size] = weights
    errors = np.zeros(3)
    covariance = None
    if curvature is None:
        errors[: weights.size] = np.inf
    else:
        covariance = np.linalg.inv(curvature)
        errors[: weights.size] = np.sqrt(np.clip(np.diag(covariance), 0.0, None))
    substance_weight, length_weight, padding_weight = full
    if substance_weight <= 0:
        message = message or "the substance weight is not positive, so b is not defined"
        return BradleyTerryFit(
            full, errors, 0.0, (-np.inf, np.inf), 0.0, False, message, steps, information, prior
        )
    b = padding_weight / substance_weight
    if covariance is None or weights.size < 3:
        interval = (0.0, 0.0) if weights.size < 3 and covariance is not None else (-np.inf, np.inf)
    else:
        # Delta method: b = w_pad/w_s has gradient (-w_pad/w_s², 0, 1/w_s) in the weights.
        slope = np.array([-padding_weight / substance_weight**2, 0.0, 1.0 / substance_weight])
        b_error = float(np.sqrt(max(slope @ covariance @ slope, 0.0)))
        interval = (float(b - INTERVAL_Z * b_error), float(b + INTERVAL_Z * b_error))
    ratio = length_weight / substance_weight
    return BradleyTerryFit(
        full,
        errors,
        float(b),
        interval,
        float(ratio),
        not message,
        message,
        steps,
        information,
        prior,
    )


def substance_is_clear(fit: BradleyTerryFit) -> bool:
    """Whether b = w_pad / w_s is defined: the fit converged and its substance weight's 90%
    interval lies above 0 (w_s > 1.645 standard errors).

    A ratio whose denominator could be 0 or negative has no usable value or delta-method
    interval: at 200 pairs, spread 0.5, noise 5, prior 1 the denominator is -0.02 ± 0.10.
    """
    substance_weight, substance_error = fit.weights[0], fit.standard_errors[0]
    return bool(fit.converged and substance_weight > INTERVAL_Z * substance_error)


SHARED_QUANTITIES = Choice(("b", "padding weight"), '"b" or "padding weight"')


@validate_params({"quantity": SHARED_QUANTITIES})
def data_share(fit: BradleyTerryFit, *, quantity: str = "b") -> float:
    """The share of what the fit knows about ``quantity`` that the comparisons carry, in [0, 1].

    Knowledge is precision (1 / variance, Gaussian about the fit): the posterior's is
    1 / gᵀH⁻¹g with H = F + prior·I, the comparisons' alone 1 / gᵀF⁻¹g (F:
    ``fit.information``), and the share is their ratio gᵀH⁻¹g / gᵀF⁻¹g. For one weight it is
    F / (F + prior); with no prior it is 1. ``quantity`` is "b" (g its delta-method gradient
    (-w_pad/w_s², 0, 1/w_s)) or "padding weight" (g = (0, 0, 1)).

    Returns nan where the quantity is not defined (no padding feature; for b, a substance
    weight not clearly positive, :func:`substance_is_clear`), and 0 where the comparisons
    alone do not pin it down (F singular).
    """
    if not isinstance(fit, BradleyTerryFit):
        raise ValueError(f"fit must be a BradleyTerryFit, got {show(fit)}")
    if fit.information is None or fit.information.shape != (3, 3):
        return float("nan")
    if quantity == "b":
        if not substance_is_clear(fit):
            return float("nan")
        substance_weight, _, padding_weight = fit.weights
        slope = np.array([-padding_weight / substance_weight**2, 0.0, 1.0 / substance_weight])
    else:
        slope = np.array([0.0, 0.0, 1.0])
    if fit.prior == 0:
        return 1.0
    posterior = fit.information + fit.prior * np.eye(3)
    try:
        data_variance = slope @ np.linalg.solve(fit.information, slope)
    except np.linalg.LinAlgError:
        return 0.0
    if not np.isfinite(data_variance) or data_variance <= 0:
        return 0.0  # numerically singular: the comparisons alone leave it free
    return float(np.clip(slope @ np.linalg.solve(posterior, slope) / data_variance, 0.0, 1.0))


def sigmoid(value) -> np.ndarray:
    """The logistic function 1/(1 + e^(-x)), elementwise, without overflow at any size."""
    # exp of a non-positive number only, so no overflow for margins of any size.
    negative = np.exp(-np.abs(value))
    return np.where(value >= 0, 1.0 / (1.0 + negative), negative / (1.0 + negative))
