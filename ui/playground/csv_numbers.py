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


def stop_table(result) -> dict[str, list[float]]:
    """Each stop's reward-model gain, true-quality gain and KL (lists of the stops' length)."""
    return {
        column: np.round(np.ravel(getattr(result, field)), TABLE_DECIMALS).tolist()
        for column, field in TABLE_FIELDS.items()
    }
