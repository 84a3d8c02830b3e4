"""The moving clouds: where each method's chosen answers lie at the current setting.

Both use common random numbers (fixed draws from :data:`CLOUD_SEED`), so as β or n moves the
points glide instead of reshuffling.
"""

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import world
from core.answers import ANSWER_COUNT, answer_points, answers
from core.kl import kl_policies
from core.validate import AT_LEAST_ONE, POSITIVE, REWARD_MODEL, validate_params

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


@validate_params({"beta": POSITIVE, **REWARD_MODEL})
def kl_cloud(beta, *, b: float = 0.0, sigma: float = 0.0) -> Cloud:
    """CLOUD_SIZE samples of the KL-penalized optimum π_β, from fixed uniform draws.

    ``beta`` is a scalar, or an array of shape (k,) for a whole slider's worth of stops in
    one call; the cloud's arrays are then (k, CLOUD_SIZE). Length comes from the inverse CDF
    of π_β's length marginal, substance from the inverse CDF given that length, both linear
    within a grid cell, so each point moves continuously with β (and with b and σ).
    """
    betas = beta
    if betas.ndim > 1:
        raise ValueError("beta must be a number > 0 or a 1-d array of them for kl_cloud")
    # float32 exponentials: a cloud point moves by ~1e-6 units, far below a pixel.
    policies = kl_policies(betas.reshape(-1), b=b, sigma=sigma, dtype=np.float32)
    uniforms = _uniform_draws()
    column, within = _inverse_cdf(policies.sum(axis=1), uniforms[:, 0])  # (k, K) each
    length = CELL_EDGES[column] + within * CELL_WIDTH
    # Blend the substance quantile of the sample's column with the nearer neighbour's, so a
    # point crossing from one column to the next does not jump.
    neighbour = np.clip(np.where(within < 0.5, column - 1, column + 1), 0, world.GRID_POINTS - 1)
    share = np.abs(within - 0.5)
    substance = (1 - share) * _column_quantile(policies, column, uniforms[:, 1]) + (
        share * _column_quantile(policies, neighbour, uniforms[:, 1])
    )
    if betas.ndim == 0:
        return Cloud(length[0], substance[0])
    return Cloud(length, substance)


@validate_params({"n": AT_LEAST_ONE, **REWARD_MODEL})
def best_of_n_cloud(n, *, b: float = 0.0, sigma: float = 0.0) -> Cloud:
    """The answers best-of-n keeps in CLOUD_SIZE fixed trials.

    Trial k's winner at n is the highest-proxy answer among the first n entries of a fixed
    stream of answer indices, so as n grows a trial's winner only ever moves up in proxy.
    ``n`` is a whole number from 1 to CLOUD_MAX_N, or a 1-d array (k,) of them; the cloud's
    arrays are then (k, CLOUD_SIZE).
    """
    counts = n
    if counts.ndim > 1 or np.any(counts > CLOUD_MAX_N) or np.any(counts != np.floor(counts)):
        raise ValueError(f"n must be a whole number from 1 to {CLOUD_MAX_N:,} for the cloud")
    prefix_ends = counts.reshape(-1).astype(np.int64) - 1  # (k,)
    streams = _answer_streams()[:, : int(prefix_ends.max()) + 1]  # (K, longest n)
    scores = answers(b=b, sigma=sigma).proxy[streams]
    best_so_far = np.maximum.accumulate(scores, axis=1)  # (K, longest n)
    # A trial's winner at n is the first entry of its stream with the best score of the first
    # n (argmax's choice): the last place, up to n, where the score beat everything before it.
    beats_all_before = np.ones(scores.shape, dtype=bool)
    beats_all_before[:, 1:] = scores[:, 1:] > best_so_far[:, :-1]
    places = np.where(beats_all_before, np.arange(scores.shape[1]), 0)
    latest_record = np.maximum.accumulate(places, axis=1)  # (K, longest n)
    positions = latest_record[:, prefix_ends]  # (K, k)
    winners = np.take_along_axis(streams, positions, axis=1).T  # (k, K)
    length, substance = answer_points(None)
    if counts.ndim == 0:
        return Cloud(length[winners[0]], substance[winners[0]])
    return Cloud(length[winners], substance[winners])


def _inverse_cdf(weights: np.ndarray, uniforms: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For weights over cells (k, C) and uniforms (K,): the cell of each quantile and where
    within that cell (0..1) it falls, reading the distribution as uniform within each cell;
    both (k, K)."""
    cumulative = np.concatenate([np.zeros((weights.shape[0], 1)), weights.cumsum(axis=1)], 1)
    cumulative /= cumulative[:, -1:]
    cell = (cumulative[:, None, :] <= uniforms[None, :, None]).sum(axis=2) - 1
    cell = np.clip(cell, 0, weights.shape[1] - 1)
    low = np.take_along_axis(cumulative, cell, axis=1)
    width = np.take_along_axis(cumulative, cell + 1, axis=1) - low
    spread = np.broadcast_to(uniforms, cell.shape)
    within = np.divide(spread - low, width, out=np.full(cell.shape, 0.5), where=width > 0)
    return cell, np.clip(within, 0.0, 1.0)


def _column_quantile(policies: np.ndarray, columns: np.ndarray, uniforms: np.ndarray):
    """Substance at quantile ``uniforms[i]`` of policy j's column ``columns[j, i]``: (k, K).

    ``policies`` is (k, substance, length), ``columns`` (k, K), ``uniforms`` (K,).
    """
    stops = np.arange(policies.shape[0])[:, None]
    chosen = policies.transpose(0, 2, 1)[stops, columns]  # (k, K, substance)
    cumulative = np.concatenate([np.zeros(chosen.shape[:2] + (1,)), chosen.cumsum(axis=2)], 2)
    cumulative /= cumulative[:, :, -1:]
    cell = (cumulative[:, :, 1:] <= uniforms[None, :, None]).sum(axis=2)
    cell = np.clip(cell, 0, world.GRID_POINTS - 1)[:, :, None]
    low = np.take_along_axis(cumulative, cell, axis=2)[:, :, 0]
    high = np.take_along_axis(cumulative, cell + 1, axis=2)[:, :, 0]
    spread = np.broadcast_to(uniforms, low.shape)
    within = np.divide(spread - low, high - low, out=np.full(low.shape, 0.5), where=high > low)
    return CELL_EDGES[cell[:, :, 0]] + np.clip(within, 0.0, 1.0) * CELL_WIDTH


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
