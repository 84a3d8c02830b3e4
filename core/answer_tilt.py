"""The KL-penalized optimum over the 600 answers: the tilt π_i ∝ exp(proxy_i / β).

The grid's KL optimum (core.kl) and best-of-n (core.best_of_n) differ in two ways at once:
the method (tilting the base by exp(r/β) against keeping the best of n draws) and the support
(the 241² grid, which holds answers longer than any of the 600, against the 600 themselves).
The tilt over the 600, with the uniform choice among them as its base, is the KL optimum on
best-of-n's own support, so it separates the two: tilt against best-of-n is the method, the
tilt on the 600 against the tilt on the grid is the support. On a shared support the tilt
buys the most reward-model score a KL can buy (it maximizes score minus β·KL); at b = σ = 0 its
true quality at best-of-n's KL is within 0.02 of best-of-n's from n = 14 on (docs/design.md §9).
"""

from dataclasses import dataclass

import numpy as np

from core import validate
from core.answers import answers
from core.best_of_n import ANSWER_SETTINGS
from core.validate import POSITIVE, Numbers, validate_params

# Bisection steps in log β for answer_tilt_at_kl: the bracket below spans ln(1e12) ≈ 27.6, so
# 64 halvings leave ~1.5e-18 in log β, below float64's resolution of any β in it.
KL_SEARCH_STEPS = 64
KL_SEARCH_BETAS = (1e-6, 1e6)  # the bracket: the tilt's KL at 1e6 is ~1e-12 nats at σ <= 2
KL_TARGET = Numbers(low=0.0, valid="finite numbers >= 0")


@dataclass(frozen=True)
class AnswerTiltResult:
    """The tilt over the answers, relative to the uniform choice among them (β = ∞).

    Every field has the shape of the β given (a float for a scalar β).
    """

    kl: np.ndarray  # KL(π_β ‖ uniform over the K answers), nats; < log K
    proxy_gain: np.ndarray  # E_π[proxy] - the answers' mean proxy
    gold_gain: np.ndarray  # E_π[gold] - the answers' mean gold
    mean_length: np.ndarray  # E_π[length]
    mean_substance: np.ndarray  # E_π[substance]


@validate_params({"beta": POSITIVE, **ANSWER_SETTINGS})
def answer_tilt(
    beta,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    seed: int | None = None,
    errors: str = "smooth",
    error_seed: int = 0,
) -> AnswerTiltResult:
    """The KL optimum over the 600 answers, π_i ∝ exp(proxy_i / β), for a scalar or array β.

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        The KL penalty; every entry finite and > 0.
    b, sigma, seed, errors, error_seed
        The reward model and the answer set, as in :func:`core.best_of_n`.

    Returns
    -------
    AnswerTiltResult whose fields have the shape of ``beta``.
    """
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    return _tilt(beta, scored.proxy, scored.gold, scored.length, scored.substance)


@validate_params({"beta": POSITIVE})
def answer_tilt_over(beta, *, proxy, gold, length, substance) -> AnswerTiltResult:
    """The tilt π_i ∝ exp(proxy_i / β) over any scored answers (uniform base).

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        The KL penalty; every entry finite and > 0.
    proxy, gold, length, substance : array_like of shape (K,)
        Each answer's reward-model score, true quality and position.

    Returns
    -------
    AnswerTiltResult whose fields have the shape of ``beta``: gains from the answers' average,
    KL from the uniform choice over the K answers.
    """
    columns = (np.asarray(column, dtype=np.float64) for column in (proxy, gold, length, substance))
    return _tilt(beta, *columns)


@validate_params({"kl": KL_TARGET, **ANSWER_SETTINGS})
def answer_tilt_at_kl(
    kl,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    seed: int | None = None,
    errors: str = "smooth",
    error_seed: int = 0,
):
    """The β whose tilt over the answers has KL ``kl`` (to float precision), and its result.

    The tilt's KL falls strictly as β grows (unless every proxy is equal), so a bisection in
    log β over KL_SEARCH_BETAS, all targets at once, finds it.

    Parameters
    ----------
    kl : float or array_like of shape (...,)
        Target KLs in nats, each >= 0 and below log K (the tilt reaches log K only as β → 0,
        and only with one best answer; a target past what β = 1e-6 reaches gets β = 1e-6).
    b, sigma, seed, errors, error_seed
        As in :func:`answer_tilt`.

    Returns
    -------
    (beta, AnswerTiltResult): ``beta`` of the shape of ``kl`` (float for a scalar), and the
    tilt at it.
    """
    scored = answers(b=b, sigma=sigma, seed=seed, errors=errors, error_seed=error_seed)
    columns = (scored.proxy, scored.gold, scored.length, scored.substance)
    target = np.ravel(kl)
    # Low and high ends of the bracket in log β: KL(low) >= target >= KL(high).
    low = np.full(target.shape, np.log(KL_SEARCH_BETAS[0]))
    high = np.full(target.shape, np.log(KL_SEARCH_BETAS[1]))
    for _ in range(KL_SEARCH_STEPS):  # halvings of the bracket, every target at once
        middle = 0.5 * (low + high)
        above = _tilt(np.exp(middle), *columns).kl >= target
        low, high = np.where(above, middle, low), np.where(above, high, middle)
    beta = validate.shaped(np.exp(0.5 * (low + high)), np.shape(kl))
    return beta, _tilt(np.asarray(beta, dtype=np.float64), *columns)


def _tilt(beta, proxy, gold, length, substance) -> AnswerTiltResult:
    """The fields for every β of ``beta`` (any shape) over K scored answers (arrays (K,))."""
    betas = np.asarray(beta, dtype=np.float64)
    flat = betas.ravel()
    # (B, K) log weights, shifted by each row's maximum: no overflow down to β = 1e-6.
    log_weight = proxy[None, :] / flat[:, None]
    log_weight -= log_weight.max(axis=1, keepdims=True)
    weight = np.exp(log_weight)
    total = weight.sum(axis=1, keepdims=True)
    policy = weight / total
    log_policy = log_weight - np.log(total)  # finite wherever a weight underflowed to 0
    answer_count = proxy.size
    # Rounding leaves the KL a hair below 0 at large β: floored, as best-of-n's is.
    kl = np.maximum(np.sum(policy * log_policy, axis=1) + np.log(answer_count), 0.0)
    scores = np.column_stack([proxy - proxy.mean(), gold - gold.mean(), length, substance])
    means = policy @ scores
    fields = (kl, *means.T)
    return AnswerTiltResult(*(validate.shaped(field, betas.shape) for field in fields))
