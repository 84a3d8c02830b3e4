"""pass@k: the chance that at least one of k independent tries succeeds, 1 − (1 − p)^k.

Each try of a policy on one task is an independent draw from it, so a policy that solves a
task with chance p per try (core.checker's solve rate, exact) solves it within k tries with
chance 1 − (1 − p)^k, exactly. The essay's edge of competence ("fails in 1 try, passes in 64")
is a task with p ≈ 1/64: pass@1 ≈ 1.6%, pass@64 ≈ 63%.
"""

import numpy as np

from core.validate import AT_LEAST_ONE, Numbers, validate_params

RATES = Numbers(low=0.0, high=1.0, valid="probabilities in [0, 1]")  # p, any shape
CHANCES = Numbers(low=0.0, high=1.0, low_open=True, valid="chances in (0, 1]")


@validate_params({"rate": RATES, "k": AT_LEAST_ONE})
def pass_at_k(rate, *, k) -> np.ndarray:
    """1 − (1 − p)^k for per-try success chances ``rate`` and try counts ``k`` (broadcast).

    Parameters
    ----------
    rate : float or array_like
        The chance p that one try succeeds, in [0, 1].
    k : float or array_like
        Tries, >= 1 (whole numbers in use; any real k >= 1 is accepted).

    Returns
    -------
    ndarray of the broadcast shape (a float for scalars): computed as −expm1(k·log1p(−p)),
    so a p of 1e-9 keeps its digits (k·p to first order) instead of rounding 1 − p to 1.
    """
    with np.errstate(divide="ignore"):  # p = 1: log1p(-1) = -inf, and the chance is 1
        chance = -np.expm1(np.multiply(k, np.log1p(-rate)))
    # pass@1 is p itself, not p through log and exp (0.225 came back 0.22500000000000003).
    chance = np.where(np.equal(k, 1.0), rate, chance)
    return chance if np.ndim(chance) else float(chance)


@validate_params({"rate": RATES, "chance": CHANCES})
def tries_needed(rate, *, chance=0.5) -> np.ndarray:
    """The fewest whole tries k with pass@k >= ``chance``: ⌈ln(1 − chance)/ln(1 − p)⌉.

    Shape of ``rate`` (a float for a scalar); inf where p = 0, 1 where p = 1 or chance <= p.
    """
    with np.errstate(divide="ignore", invalid="ignore"):
        needed = np.ceil(np.log1p(-chance) / np.log1p(-rate) - 1e-12)  # 1e-12: exact ratios
    # p = 1 gives ln(1 − chance)/−inf = 0 (or nan at chance = 1): one try does it.
    needed = np.where(rate >= 1.0, 1.0, np.where(rate <= 0.0, np.inf, np.maximum(needed, 1.0)))
    return needed if np.ndim(needed) else float(needed)
