"""The Defenses page's figures, built once per setting and shared by every session.

As with the lesson pages' charts: the same setting gives the same figure object, so Streamlit
sends it unchanged and the browser does not redraw it.
"""

from __future__ import annotations

import plotly.graph_objects as go

from common import format as fmt
from ui.compute import cached
from ui.defenses import compute as defense_compute
from ui.defenses import figures as defense_figures

# Each ~54 KB of Python objects (tracemalloc): ~3.5 MB at most. 64 hold the four figures of
# 16 settings: a slider walked there and back finds its figures (24 held only 6).
FIGURE_ENTRIES = 64
METHODS = ("best_of_n", "kl")  # left to right in every figure


def _pairs(undefended, defended) -> dict:
    """Both methods' (undefended, defended) from two :class:`defense_compute.Summary`."""
    return {method: (getattr(undefended, method), getattr(defended, method)) for method in METHODS}


@cached(FIGURE_ENTRIES)
def padding_learned(b: float, better: float, sigma: float) -> go.Figure:
    """Both methods' true quality with b′ = ``better`` learned, against the page's b."""
    pairs = _pairs(defense_compute.summary(b, sigma), defense_compute.summary(better, sigma))
    return defense_figures.gold_against_pressure(
        pairs, defended_name=f"{fmt.named('b′', better)} learned"
    )


@cached(FIGURE_ENTRIES)
def ensemble(b: float, sigma: float, k: int, rho: float, aggregate: str) -> go.Figure:
    """Both methods' true quality against an ensemble of k, against one reward model."""
    pairs = _pairs(
        defense_compute.summary(b, sigma), defense_compute.summary(b, sigma, k, rho, aggregate)
    )
    name = f"{aggregate} of k = {k}, {fmt.named('ρ', rho)}"
    return defense_figures.gold_against_pressure(pairs, defended_name=name)


@cached(FIGURE_ENTRIES)
def length_penalty(b: float, sigma: float, penalty: float) -> go.Figure:
    """Both methods' true quality with λ·length subtracted, against no penalty."""
    pairs = _pairs(
        defense_compute.summary(b, sigma),
        defense_compute.summary(b, sigma, length_penalty=penalty),
    )
    return defense_figures.gold_against_pressure(pairs, defended_name=f"{fmt.named('λ', penalty)}")


@cached(FIGURE_ENTRIES)
def spot_checks(m: int, b: float, sigma: float) -> go.Figure:
    """Where m spot checks stop each method, against each stop's true quality."""
    bon, kl = defense_compute.spot_checks(m, b, sigma)
    return defense_figures.spot_check_choices({"best_of_n": bon, "kl": kl})
