"""The KL-penalized optimum in closed form, for a reward model without other errors (σ = 0).

With σ = 0 the proxy s + l − b·(l² − 1) is quadratic, so π_β ∝ π_ref·exp(proxy/β) is a
Gaussian: substance has mean 1/β and variance 1; length has mean 1/(β + 2b) and variance
β/(β + 2b). On an infinite plane this is exact; the grid of :func:`core.kl_optimum` agrees
with it until the optimum nears the grid's edge at 6 (its ``edge_mass``: at b = 0, 2.1% of it
lies within 0.5 of the edge at β = 0.3 and 8.4% at β = 0.25).
"""

from dataclasses import dataclass

import numpy as np

from core.validate import PADDING_FRACTION, POSITIVE, validate_params


@dataclass(frozen=True)
class GaussianOptimum:
    """The closed-form optimum at β: every field has β's shape (a float for a scalar β)."""

    mean_length: np.ndarray  # 1/(β + 2b)
    variance_length: np.ndarray  # β/(β + 2b)
    mean_substance: np.ndarray  # 1/β (substance's variance stays 1)
    kl: np.ndarray  # KL(π_β ‖ π_ref) in nats
    proxy_gain: np.ndarray  # E_π_β[proxy] − E_π_ref[proxy]
    gold_gain: np.ndarray  # E_π_β[gold] − E_π_ref[gold]


@validate_params({"beta": POSITIVE, "b": PADDING_FRACTION})
def gaussian_optimum(beta, *, b: float = 0.0) -> GaussianOptimum:
    """The KL-penalized optimum in closed form for σ = 0, at a scalar β or an array of β.

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        Strength of the KL penalty; every entry finite and > 0.
    b : float
        Fraction of the padding penalty the reward model learned, in [0, 1].

    Returns
    -------
    GaussianOptimum whose fields have the shape of ``beta``.
    """
    betas = beta
    mean_length = 1.0 / (betas + 2.0 * b)
    variance_length = betas / (betas + 2.0 * b)
    mean_substance = 1.0 / betas
    # KL(N(μ, v) ‖ N(0, 1)) = (v + μ² − 1 − ln v) / 2, summed over the two independent axes.
    kl = 0.5 * (variance_length + mean_length**2 - 1.0 - np.log(variance_length))
    kl = kl + 0.5 * mean_substance**2
    # Under the base model E[length² − 1] = 0, so the gains are the expectations under π_β.
    padding = variance_length + mean_length**2 - 1.0
    fields = {
        "mean_length": mean_length,
        "variance_length": variance_length,
        "mean_substance": mean_substance,
        "kl": kl,
        "proxy_gain": mean_substance + mean_length - b * padding,
        "gold_gain": mean_substance + mean_length - padding,
    }
    scalar = betas.ndim == 0
    return GaussianOptimum(**{name: float(v) if scalar else v for name, v in fields.items()})
