"""The figures the pages show, built once per setting and shared by every session.

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
from ui import compute, figures
from ui.compute import cached
from ui.state import BETA_EDGE, SETTINGS

COARSE_STEP = 4  # every 4th grid point (0.2 standard units) is plenty for contours on screen
# The reward model's lines are redrawn on every b or σ change, and a contour costs the
# browser time in proportion to its cells: every 6th point (0.3 units; the error field's
# correlation length is 0.75) keeps them smooth at half the cells.
PROXY_STEP = 6
FIELD_DECIMALS = 2  # field values sent to the browser are rounded to this many decimals
# A plotly Figure object holds ~75-100 KB of Python objects however small its data (a
# moving cloud is 5 KB of JSON), so the bounds below keep the worst case near 150 MB.
FIGURE_ENTRIES = 8  # figures that change with (b, σ) only
MARK_ENTRIES = 24  # small figures that move with β or n: ~50 per (b, σ) pair, all stops
PAGE_ENTRIES = 64  # the other pages' figures that move with β or n
HEAVY_ENTRIES = 16  # heat maps (10,000 cells) and 600-point figures


def _coarse(field: np.ndarray, step: int = COARSE_STEP) -> tuple[np.ndarray, np.ndarray]:
    """The grid and a (241, 241) field thinned to the plane's window: (m,), (m, m)."""
    low, high = figures.PLANE_RANGE
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


# --- Best-of-n page ----------------------------------------------------------------------


@cached(FIGURE_ENTRIES)
def ranked_scores(b: float, sigma: float, seed: int | None) -> go.Figure:
    """The answer set's two scores, ranked by the reward model."""
    ranked = compute.ranked_answers(b, sigma, seed)
    return figures.ranked_scores(ranked.proxy, ranked.gold)


@cached(HEAVY_ENTRIES)
def win_chances(n: int, b: float, sigma: float, seed: int | None) -> go.Figure:
    """Each ranked answer's chance of being kept at n."""
    ranked = compute.ranked_answers(b, sigma, seed)
    return figures.win_chances(compute.win_chances(n, b, sigma, seed)[ranked.order], n)


@cached(PAGE_ENTRIES)
def scores_against_n(n: int, b: float, sigma: float, seed: int | None) -> go.Figure:
    """Both gains along n, the current n marked."""
    return figures.scores_against_n(
        compute.best_of_n_curve(b, sigma, seed), compute.best_of_n_point(n, b, sigma, seed), n
    )


@cached(PAGE_ENTRIES)
def kl_against_bound(n: int, b: float, sigma: float, seed: int | None) -> go.Figure:
    """The exact KL along n beside log n − (n − 1)/n, the current n marked."""
    point = compute.best_of_n_point(n, b, sigma, seed)
    return figures.kl_against_bound(compute.best_of_n_curve(b, sigma, seed), n, point.kl)


@cached(FIGURE_ENTRIES)
def peak_spread(b: float, sigma: float, seed: int | None) -> go.Figure:
    """Where true quality peaks for 30 fresh answer sets, the lesson's and the one shown."""
    return figures.peak_spread(
        compute.fresh_set_peaks(b, sigma),
        compute.best_of_n_curve(b, sigma).peak_pressure,
        compute.best_of_n_curve(b, sigma, seed).peak_pressure,
    )


# --- KL penalty page ---------------------------------------------------------------------

HEATMAP_STEP = 2  # every 2nd grid point (0.1 standard units) for the policy heat map


@cached(HEAVY_ENTRIES)
def policy_heatmap(beta: float, b: float, sigma: float) -> go.Figure:
    """π_β as a heat map; over it the closed-form Gaussian when σ = 0."""
    low, high = figures.PLANE_RANGE
    grid = core.GRID[::HEATMAP_STEP]
    inside = (grid >= low - 0.2) & (grid <= high + 0.2)
    policy = compute.kl_policy(beta, b, sigma)[::HEATMAP_STEP, ::HEATMAP_STEP]
    relative = policy[np.ix_(inside, inside)] / policy.max()
    ellipses = []
    if sigma == 0:
        gaussian = compute.gaussian_optimum(beta, b)
        ellipses = figures.gaussian_ellipses(
            float(gaussian.mean_length),
            float(np.sqrt(gaussian.variance_length)),
            float(gaussian.mean_substance),
        )
    return figures.policy_heatmap(np.round(grid[inside], 2), np.round(relative, 3), ellipses)


@cached(PAGE_ENTRIES)
def grid_against_closed_form(beta: float, b: float, sigma: float) -> go.Figure:
    """The grid's KL and gains along β, past the slider's end, beside the closed form."""
    curve = compute.kl_curve(b, sigma, past_edge=True)
    closed_form = compute.gaussian_optimum(curve.pressure, b) if sigma == 0 else None
    return figures.grid_against_closed_form(
        curve, closed_form, beta, SETTINGS["beta"].low, BETA_EDGE
    )
