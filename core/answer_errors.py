"""Independent errors for the catastrophic-Goodhart experiment (Kwa, Thomas & Garriga-Alonso
2024): one per answer for best-of-n, one per grid cell for the KL optimum.

The lesson's reward model errs through one smooth field ε(l, s) (``errors="smooth"``), which is
bounded at the 600 answers (about -3.8 to 2.0), so its tails cannot show what heavy tails do.
Here each answer gets its own independent error instead:

- ``"light"``: a standard normal draw per answer, from ``numpy.random.default_rng(error_seed)``;
- ``"heavy"``: the same draws mapped to a Student-t with 2 degrees of freedom through the normal
  CDF (t = F₂⁻¹(Φ(z))), so the errors keep their order and only their tails change.

The KL optimum lives on the grid, where one error per answer is not defined: there every one
of the 241² cells gets its own error (:func:`core.world.cell_errors`), so that under the base
model the error is independent of true quality, as Kwa et al. assume. 58,081 cells are 58,081
chances of a huge error where the 600 answers had 600: P(|t₂| > t) ≈ 1/t², so the tallest
heavy error is about √(N/ln 2): ~290 on the grid, ~29 among the answers (medians over 40
seeds: 334 and 26).
"""

import math

import numpy as np

ERROR_KINDS = ("smooth", "light", "heavy")  # "smooth" is the lesson's field ε(l, s)


def per_answer_errors(kind: str, error_seed: int, count: int) -> np.ndarray:
    """Independent errors for ``count`` answers: (count,), read-only.

    ``kind`` is "light" or "heavy" (see the module docstring); the same ``error_seed`` gives the
    same normal draws for both, so a heavy error is the light one with a stretched tail.
    """
    normal = np.random.default_rng(error_seed).standard_normal(count)
    errors = normal if kind == "light" else student_t2_from_normal(normal)
    errors.flags.writeable = False
    return errors


def student_t2_from_normal(normal: np.ndarray) -> np.ndarray:
    """Map standard normal draws (N,) to Student-t(2) draws (N,), keeping their order.

    With p = Φ(-|z|), the smaller tail probability (computed by erfc so that p keeps its digits
    out to |z| ≈ 38), the t₂ quantile of p is -(1 - 2p)/√(2p(1 - p)).
    """
    normal = np.asarray(normal, dtype=np.float64)
    erfc = np.frompyfunc(math.erfc, 1, 1)  # 600 calls: numpy has no erfc, and this is exact
    tail = np.asarray(erfc(np.abs(normal) / math.sqrt(2.0)), dtype=np.float64) / 2.0
    tail = np.maximum(tail, np.finfo(np.float64).tiny)  # |z| > 38 would give p = 0
    magnitude = (1.0 - 2.0 * tail) / np.sqrt(2.0 * tail * (1.0 - tail))
    return np.sign(normal) * magnitude
