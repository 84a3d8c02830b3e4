"""The Playground's figures, built once per setting and shared by every session.

Being replaced by a client-side component; the other pages' cached charts live beside
their builders in ``ui.best_of_n_charts`` and ``ui.kl_penalty_charts``.

Building a plotly figure costs milliseconds; a server holding a hundred sessions cannot
afford that on every rerun. Each function here builds its figure from cached core results
and caches the figure itself (``ui.compute.cached``: keyed by the rounded settings, bounded,
shared, never mutated afterwards). The same setting therefore always gives the *same*
figure, so Streamlit sends it unchanged and the browser does not redraw it.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go

import core
from ui import compute, figures, style
from ui.compute import cached

COARSE_STEP = 4  # every 4th grid point (0.2 standard units) is plenty for contours on screen
# The reward model's lines are redrawn on every b or σ change, and a contour costs the
# browser time in proportion to its cells: every 6th point (0.3 units; the error field's
# correlation length is 0.75) keeps them smooth at half the cells.
PROXY_STEP = 6
FIELD_DECIMALS = 2  # field values sent to the browser are rounded to this many decimals
# A plotly Figure object holds ~75-100 KB of Python objects however small its data (a
# moving cloud is 5 KB of JSON), so every bound below is small.
FIGURE_ENTRIES = 8  # figures that change with (b, σ) only
MARK_ENTRIES = 24  # small figures that move with β or n: ~50 per (b, σ) pair, all stops


def _coarse(field: np.ndarray, step: int = COARSE_STEP) -> tuple[np.ndarray, np.ndarray]:
    """The grid and a (241, 241) field thinned to the plane's window: (m,), (m, m)."""
    low, high = style.PLANE_RANGE
    grid = core.GRID[::step]
    inside = (grid >= low - 0.5) & (grid <= high + 0.5)
    thinned = field[::step, ::step][np.ix_(inside, inside)]
    return np.round(grid[inside], 2), np.round(thinned, FIELD_DECIMALS)


# --- Playground: the plane ---------------------------------------------------------------


@cached(1)
def plane_base() -> go.Figure:
    """True quality and the lesson's 600 answers: the same for every setting."""
    grid, gold = _coarse(compute.gold_field())
    scored = compute.answers(0.0, 0.0)
    return figures.plane_base(grid, gold, np.round(scored.length, 3), np.round(scored.substance, 3))


@cached(FIGURE_ENTRIES)
def plane_proxy_lines(b: float, sigma: float) -> go.Figure:
    """The reward model's contour lines for (b, σ)."""
    grid, proxy = _coarse(compute.proxy_field(b, sigma), PROXY_STEP)
    return figures.plane_proxy_lines(grid, proxy)


@cached(MARK_ENTRIES)
def plane_kl_cloud(beta: float, b: float, sigma: float) -> go.Figure:
    """Where the KL-penalized optimum's samples lie at β."""
    cloud = compute.kl_cloud(beta, b, sigma)
    return figures.plane_cloud(cloud.length, cloud.substance, best_of_n=False)


@cached(MARK_ENTRIES)
def plane_best_of_n_cloud(n: int, b: float, sigma: float) -> go.Figure:
    """Where best-of-n's winners lie at n."""
    cloud = compute.best_of_n_cloud(n, b, sigma)
    return figures.plane_cloud(cloud.length, cloud.substance, best_of_n=True)


@cached(1)
def plane_legend() -> go.Figure:
    """The plane's legend, on a layer of its own above everything."""
    return figures.plane_legend()


# --- Playground: the curves --------------------------------------------------------------


@cached(FIGURE_ENTRIES)
def curves_base(b: float, sigma: float) -> go.Figure:
    """Both methods' whole curves for (b, σ), peaks marked."""
    return figures.curves_base(compute.best_of_n_curve(b, sigma), compute.kl_curve(b, sigma))


@cached(MARK_ENTRIES)
def best_of_n_marks(n: int, b: float, sigma: float) -> go.Figure:
    """The current n marked on best-of-n's curves (a layer over the top panel)."""
    return figures.best_of_n_marks(
        compute.best_of_n_curve(b, sigma), compute.best_of_n_point(n, b, sigma), n
    )


@cached(MARK_ENTRIES)
def kl_marks(beta: float, b: float, sigma: float) -> go.Figure:
    """The current β marked on the KL optimum's curves (a layer over the bottom panel)."""
    return figures.kl_marks(compute.kl_curve(b, sigma), compute.kl_point(beta, b, sigma), beta)
