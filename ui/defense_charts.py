"""The Defenses page's figures, built once per setting and shared by every session.

As in :mod:`ui.charts`: the same setting gives the same figure object, so Streamlit sends it
unchanged and the browser does not redraw it.
"""

from __future__ import annotations

import plotly.graph_objects as go

from ui import defense_compute, defense_figures
from ui.compute import cached

FIGURE_ENTRIES = 48  # each ~100 KB of Python objects: about 5 MB at most


@cached(FIGURE_ENTRIES)
def padding_learned(method: str, b: float, sigma: float) -> go.Figure:
    """A method's true quality with b learned, against b = 0 (the lesson's reward model)."""
    lesson = getattr(defense_compute.summary(0.0, sigma), method)
    learned = getattr(defense_compute.summary(b, sigma), method)
    return defense_figures.gold_against_pressure(
        lesson, learned, method=method, defended_name=f"b = {b:g} learned"
    )


@cached(FIGURE_ENTRIES)
def ensemble(method: str, b: float, sigma: float, k: int, rho: float, aggregate: str):
    """A method's true quality against an ensemble of k, against one reward model."""
    undefended = getattr(defense_compute.summary(b, sigma), method)
    defended = getattr(defense_compute.summary(b, sigma, k, rho, aggregate), method)
    name = f"{aggregate} of k = {k}, ρ = {rho:g}"
    return defense_figures.gold_against_pressure(
        undefended, defended, method=method, defended_name=name
    )


@cached(FIGURE_ENTRIES)
def length_penalty(method: str, b: float, sigma: float, penalty: float) -> go.Figure:
    """A method's true quality with λ·length subtracted, against no penalty."""
    undefended = getattr(defense_compute.summary(b, sigma), method)
    defended = getattr(defense_compute.summary(b, sigma, length_penalty=penalty), method)
    return defense_figures.gold_against_pressure(
        undefended, defended, method=method, defended_name=f"λ = {penalty:g}"
    )


@cached(FIGURE_ENTRIES)
def spot_checks(method: str, m: int, b: float, sigma: float) -> go.Figure:
    """Where m spot checks stop each method, against each stop's true quality."""
    bon, kl = defense_compute.spot_checks(m, b, sigma)
    return defense_figures.spot_check_choices(bon if method == "best_of_n" else kl, method=method)
