"""Every (b, σ) of the Defenses page at its sections' default settings, computed once in the
background, so a b or σ change finds its numbers ready.

A b or σ change needs five new results (the undefended reward model, the ensemble, the length
penalty, the spot checks, the slack), ~80 ms of one core at idle and several times that beside
a busy browser. With DEFENSES_PREWARM=1 (make run, the Dockerfile) the first visit to the page
starts one thread that computes them for all 441 (b, σ), nearest to that visit first, pausing
between settings: measured by `python -m bench.defenses_latency --prewarm`, ~60-90 s of CPU
once per process, and the server's memory grows ~110 MB: ~12 MB of results kept in
ui.defense_compute's caches (~28 KB a setting), the rest mostly core.kl's 16 cached problems
(~5 MB each, which any 16 visited settings fill too). The figures are not kept for every
setting (~54 KB each): they are built on a visit.
"""

from __future__ import annotations

import logging
import os
import threading
import time

from ui import defense_compute
from ui.defense_settings import DEFAULT_AGGREGATE, DEFENSE_SETTINGS
from ui.state import B_STOPS, SIGMA_STOPS

PREWARM_ENV = "DEFENSES_PREWARM"  # "1": compute every (b, σ) in the background
PAUSE_SECONDS = 0.05  # between two settings, so visitors' reruns get the cores first
SETTINGS_COUNT = len(B_STOPS) * len(SIGMA_STOPS)  # 441

log = logging.getLogger(__name__)
_started = threading.Event()


def defaults() -> dict:
    """The sections' own settings as a first visit shows them: k, ρ, the combination, λ, m."""
    values = {key: setting.default for key, setting in DEFENSE_SETTINGS.items()}
    return values | {"aggregate": DEFAULT_AGGREGATE}


def warm(b: float, sigma: float) -> None:
    """Compute what the page shows at (b, σ) with the sections' defaults, as the page asks.

    The calls and their argument forms are the page's (pages/defenses.py), so they fill the
    same cache entries the page then reads.
    """
    settings = defaults()
    defense_compute.summary(b, sigma)
    defense_compute.summary(0.0, sigma)
    defense_compute.summary(b, sigma, settings["k"], settings["rho"], settings["aggregate"])
    defense_compute.summary(b, sigma, length_penalty=settings["lam"])
    defense_compute.spot_checks(settings["m"], b, sigma)
    defense_compute.slack(b, sigma)
    defense_compute.ensemble_error_sizes(settings["rho"])


def nearest_first(b: float, sigma: float) -> list[tuple[float, float]]:
    """All 441 (b, σ), ordered by slider steps away from (b, σ): the visit's neighbours first."""
    b_step, sigma_step = B_STOPS[1] - B_STOPS[0], SIGMA_STOPS[1] - SIGMA_STOPS[0]
    every = [(each_b, each_sigma) for each_sigma in SIGMA_STOPS for each_b in B_STOPS]
    return sorted(
        every,
        key=lambda point: round(abs(point[0] - b) / b_step)
        + round(abs(point[1] - sigma) / sigma_step),
    )


def prewarm_in_background(b: float, sigma: float) -> bool:
    """With DEFENSES_PREWARM=1, start (once per process) the thread that warms every setting.

    Returns whether this call started it.
    """
    if os.environ.get(PREWARM_ENV) != "1" or _started.is_set():
        return False
    _started.set()
    threading.Thread(target=_prewarm, args=(b, sigma), name="defenses-prewarm", daemon=True).start()
    return True


def _prewarm(b: float, sigma: float) -> None:
    started = time.perf_counter()
    for point in nearest_first(b, sigma):
        warm(*point)
        time.sleep(PAUSE_SECONDS)
    log.info(
        "defenses: every (b, σ) computed (%d) in %.0f s",
        SETTINGS_COUNT,
        time.perf_counter() - started,
    )
