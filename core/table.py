"""The lesson's table: the KL-penalized optimum at the β values the lesson prints."""

import numpy as np

from core.kl import kl_optimum
from core.validate import REWARD_MODEL, validate_params

LESSON_BETAS = (4.0, 2.0, 1.0, 0.6, 0.4, 0.3)  # the rows of the lesson's table
LESSON_HEADER = " beta   KL   reward model   true quality   avg length"


@validate_params(REWARD_MODEL)
def lesson_table(*, b: float = 0.0, sigma: float = 0.0) -> dict[str, np.ndarray]:
    """Columns beta, kl, proxy_gain, gold_gain, mean_length, edge_mass: arrays of 6, one
    row per β (edge_mass: the optimum's mass within 0.5 of the grid's edge, not printed)."""
    betas = np.array(LESSON_BETAS)
    result = kl_optimum(betas, b=b, sigma=sigma)
    return {
        "beta": betas,
        "kl": result.kl,
        "proxy_gain": result.proxy_gain,
        "gold_gain": result.gold_gain,
        "mean_length": result.mean_length,
        "edge_mass": result.edge_mass,
    }


def format_lesson_table(table: dict[str, np.ndarray]) -> str:
    """The table as the lesson prints it: a header and one fixed-width line per β."""
    rows = zip(
        *(table[key] for key in ("beta", "kl", "proxy_gain", "gold_gain", "mean_length")),
        strict=True,
    )
    lines = [
        f"{beta:5.2f} {kl:5.1f} {proxy:+13.2f} {gold:+14.2f} {length:+12.2f}"
        for beta, kl, proxy, gold, length in rows
    ]
    return "\n".join([LESSON_HEADER, *lines])
