"""What a reader takes away: the numbers behind the stage's CSV download.

The stage builds its downloads in the browser (``stage_assets/export.js``): the picture as
SVG or PNG from what it has drawn, and the curves as CSV from each stop's numbers here, which
the world carries beside its readouts (the readouts are text rounded to 2 decimals).
"""

from __future__ import annotations

import numpy as np

TABLE_DECIMALS = 6  # a millionth: core's float64 as far as any reader will use it
# The CSV's numbers per stop, and the result fields they come from.
TABLE_FIELDS = {"proxy_gain": "proxy_gain", "gold_gain": "gold_gain", "kl": "kl"}


def rounded(values, decimals: int) -> list[float]:
    """``values`` rounded to ``decimals``, as a flat list, with no sign at zero: a gain at the
    base is a difference of equal means, +-1e-16 by the machine's summation order, and rounded
    it read -0.0 on one machine and 0.0 on another (a JS fixture failed on the first)."""
    return (np.round(np.ravel(values), decimals) + 0.0).tolist()


def stop_table(result) -> dict[str, list[float]]:
    """Each stop's reward-model gain, true-quality gain and KL (lists of the stops' length)."""
    return {
        column: rounded(getattr(result, field), TABLE_DECIMALS)
        for column, field in TABLE_FIELDS.items()
    }
