"""The moving clouds: where each method's chosen answers lie at the current setting.

Both use common random numbers (fixed draws from :data:`CLOUD_SEED`), so as β or n moves the
points glide instead of reshuffling.
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import validate, world
from core.answers import ANSWER_COUNT, answer_points, answers
from core.kl import kl_policy

CLOUD_SIZE = 48  # points a cloud: each is an SVG marker in the browser (~0.5 ms to draw)
CLOUD_SEED = 1952  # arbitrary, fixed; the year of Bradley and Terry's paired comparisons
CLOUD_MAX_N = 10_000  # longest best-of-n stream kept per trial (the app's largest n)
CELL_WIDTH = world.GRID[1] - world.GRID[0]
CELL_EDGES = np.append(world.GRID - CELL_WIDTH / 2, world.GRID[-1] + CELL_WIDTH / 2)


@dataclass(frozen=True)
class Cloud:
    """Points (length, substance), each array of shape (CLOUD_SIZE,)."""

    length: np.ndarray
    substance: np.ndarray


def kl_cloud(beta: float, *, b: float = 0.0, sigma: float = 0.0) -> Cloud:
    """CLOUD_SIZE samples of the KL-penalized optimum π_β, from fixed uniform draws.

    Length comes from the inverse CDF of π_β's length marginal, substance from the inverse
    CDF given that length, both linear within a grid cell, so each point moves continuously
    with β (and with b and σ).
    """
    policy = kl_policy(beta, b=b, sigma=sigma)  # [substance, length]
    uniforms = _uniform_draws()
    column, within = _inverse_cdf(policy.sum(axis=0), uniforms[:, 0])
    length = CELL_EDGES[column] + within * CELL_WIDTH
    # Blend the substance quantile of the sample's column with the nearer neighbour's, so a
    # point crossing from one column to the next does not jump.
    neighbour = np.clip(np.where(within < 0.5, column - 1, column + 1), 0, world.GRID_POINTS - 1)
    share = np.abs(within - 0.5)
    substance = (1 - share) * _column_quantile(policy, column, uniforms[:, 1]) + (
        share * _column_quantile(policy, neighbour, uniforms[:, 1])
    )
    return Cloud(length, substance)


def best_of_n_cloud(n, *, b: float = 0.0, sigma: float = 0.0) -> Cloud:
    """The answers best-of-n keeps in CLOUD_SIZE fixed trials.

    Trial k's winner at n is the highest-proxy answer among the first n entries of a fixed
    stream of answer indices, so as n grows a trial's winner only ever moves up in proxy.
    ``n`` is a whole number from 1 to CLOUD_MAX_N.
    """
    count = validate.at_least_one_array(n, name="n")
    if count.ndim != 0 or count > CLOUD_MAX_N or count != np.floor(count):
        raise ValueError(f"n must be a whole number from 1 to {CLOUD_MAX_N:,} for the cloud")
    streams = _answer_streams()[:, : int(count)]
    scores = answers(b=b, sigma=sigma).proxy[streams]
    winners = streams[np.arange(CLOUD_SIZE), np.argmax(scores, axis=1)]
    length, substance = answer_points(None)
    return Cloud(length[winners], substance[winners])


def _inverse_cdf(weights: np.ndarray, uniforms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For weights over cells (C,) and uniforms (K,): the cell of each quantile and where
    within that cell (0..1) it falls, reading the distribution as uniform within each cell."""
    cumulative = np.concatenate([[0.0], np.cumsum(weights)])
    cumulative /= cumulative[-1]
    cell = np.clip(np.searchsorted(cumulative, uniforms, side="right") - 1, 0, weights.size - 1)
    width = cumulative[cell + 1] - cumulative[cell]
    within = np.divide(
        uniforms - cumulative[cell], width, out=np.full_like(uniforms, 0.5), where=width > 0
    )
    return cell, np.clip(within, 0.0, 1.0)


def _column_quantile(policy: np.ndarray, columns: np.ndarray, uniforms: np.ndarray) -> np.ndarray:
    """Substance at quantile ``uniforms[k]`` of the policy's column ``columns[k]``: (K,)."""
    chosen = policy[:, columns]  # (241, K)
    cumulative = np.vstack([np.zeros(columns.size), np.cumsum(chosen, axis=0)])
    cumulative /= cumulative[-1]
    cell = np.clip((cumulative[1:] <= uniforms).sum(axis=0), 0, world.GRID_POINTS - 1)
    points = np.arange(columns.size)
    low, high = cumulative[cell, points], cumulative[cell + 1, points]
    within = np.divide(
        uniforms - low, high - low, out=np.full_like(uniforms, 0.5), where=high > low
    )
    return CELL_EDGES[cell] + np.clip(within, 0.0, 1.0) * CELL_WIDTH


@lru_cache(maxsize=1)
def _uniform_draws() -> np.ndarray:
    """(CLOUD_SIZE, 2) fixed points in the unit square, spread evenly.

    A Fibonacci lattice with one fixed random shift: evenly spread, so a cloud of 48 points
    already has nearly the policy's mean, yet with no visible grid pattern.
    """
    shift = np.random.default_rng([CLOUD_SEED, 0]).uniform(size=2)
    index = np.arange(CLOUD_SIZE)
    golden = (np.sqrt(5.0) - 1.0) / 2.0
    lattice = np.column_stack([(index + 0.5) / CLOUD_SIZE, (index * golden) % 1.0])
    return (lattice + shift) % 1.0


@lru_cache(maxsize=1)
def _answer_streams() -> np.ndarray:
    """(CLOUD_SIZE, CLOUD_MAX_N) fixed answer indices, drawn with replacement."""
    rng = np.random.default_rng([CLOUD_SEED, 1])
    streams = rng.integers(0, ANSWER_COUNT, (CLOUD_SIZE, CLOUD_MAX_N), dtype=np.int16)
    streams.flags.writeable = False
    return streams
