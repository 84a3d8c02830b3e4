"""A pessimistic reward from the Bradley–Terry posterior, optimized exactly on the grid.

The fitted weights ŵ come with a covariance Σ̂ = (information + prior·I)⁻¹ (the Laplace
posterior; core.preferences keeps the comparisons' Fisher information). A reward model that
knows what it has not seen scores each answer by its lower confidence bound,

    r_LCB(y) = φ(y)ᵀŵ − κ·√(φ(y)ᵀ Σ̂ φ(y)),

which falls wherever φ(y) points where the comparisons said little: with comparisons of
typical lengths only, the long answers the optimizer would run to. The KL optimum of r_LCB
(π ∝ π_ref·e^{r_LCB/β}, core.kl's engine) then stays near the lengths the raters saw, without
a prior pulling b toward anything. In units of substance, as the fitted model's own score.
"""

import numpy as np

from core import world
from core.kl import KLProblem, KLResult
from core.preferences import BradleyTerryFit, features
from core.validate import NON_NEGATIVE, POSITIVE, show, validate_params


def _checked(fit) -> BradleyTerryFit:
    if not isinstance(fit, BradleyTerryFit):
        raise ValueError(f"fit must be a BradleyTerryFit, got {show(fit)}")
    if fit.information is None:
        raise ValueError(f"fit must have converged (its information is None): {fit.message}")
    return fit


def posterior_covariance(fit: BradleyTerryFit) -> np.ndarray:
    """Σ̂ = (information + prior·I)⁻¹, (k, k) for the k features fitted (2 or 3)."""
    information = _checked(fit).information
    return np.linalg.inv(information + fit.prior * np.eye(information.shape[0]))


@validate_params({"kappa": NON_NEGATIVE})
def lcb_reward(length, substance, *, fit, kappa) -> np.ndarray:
    """r_LCB at answers of any shape S (``length`` and ``substance`` broadcast): shape S.

    Parameters
    ----------
    length, substance : array_like
        Where to score; they broadcast to the shape S of the result.
    fit : BradleyTerryFit
        A converged fit (:func:`core.fit_bradley_terry`): ŵ and its information.
    kappa : float
        How many posterior standard deviations to subtract, >= 0 (0: the fitted model).

    Returns
    -------
    ndarray of shape S: (φᵀŵ − κ·√(φᵀΣ̂φ)) / ŵ_s, in units of substance (ŵ as fitted where
    ŵ_s is not positive, as :meth:`BradleyTerryFit.scaled_reward`).
    """
    covariance = posterior_covariance(fit)
    used = covariance.shape[0]
    phi = features(length, substance)[..., :used]  # S + (k,)
    mean = phi @ fit.weights[:used]
    spread = np.sqrt(np.maximum(np.einsum("...i,ij,...j->...", phi, covariance, phi), 0.0))
    scale = fit.weights[0] if fit.weights[0] > 0 else 1.0
    return (mean - kappa * spread) / scale


@validate_params({"beta": POSITIVE, "kappa": NON_NEGATIVE})
def pessimistic_optimum(beta, *, fit, kappa) -> KLResult:
    """The KL optimum of r_LCB on the grid, exactly, for a scalar or array β.

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        The KL penalty; every entry finite and > 0.
    fit, kappa
        As in :func:`lcb_reward`.

    Returns
    -------
    KLResult whose fields have ``beta``'s shape; ``proxy_gain`` is r_LCB's own gain.
    """
    length, substance = world.grid_coordinates()
    field = lcb_reward(length, substance, fit=fit, kappa=kappa)
    return KLProblem(field).optimum(beta)
