"""The KL-penalized optimum, solved exactly on the grid.

The policy that maximizes E[proxy] - β·KL(π ‖ π_ref) is π_β ∝ π_ref · exp(proxy / β).
It is built in one place: :func:`tilt_weights` gives each cell's weight exp((proxy - top)/β)
relative to π_ref, and :func:`kl_policies` makes π_β from it (the clouds, the spot checks and
:func:`kl_policy` draw on it). One engine, :class:`KLProblem`, sums the same weights for any
reward field on the grid without keeping π_β: the world's reward model here
(:func:`kl_optimum`), a defended one in core/defended.py.
"""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from core import validate, world
from core.validate import BETA_STOPS, ERROR_KIND, POSITIVE, REWARD_MODEL, SEED, validate_params

# A curve is computed in blocks of this many β values, spread over the machine's cores:
# a block's weights (16 x 58,368 float32, 3.7 MB) stay near a core's cache.
BETA_BLOCK = 16
# Partial sums over this many cells are added up in float64, so float32 rounding stays local.
CELL_BLOCK = 1024
WORKERS = 2  # the target machine's cores; numpy releases the GIL inside exp and matmul
# One server process holds every session, and sessions sit at different (b, σ): a cache of one
# problem made two alternating settings rebuild it on every call (kl_optimum(1.0): ~15 ms
# instead of 0.4 ms, ~35x). Each problem keeps ~6.1 MB of arrays alive (tracemalloc; 5.1 before
# the edge-mass column), so 16 hold ~97 MB; a miss costs one rebuild (~15-25 ms here).
# Measured by bench/cache_thrash.py.
PROBLEM_CACHE_ENTRIES = 16
# From this edge mass on, an optimum is capped by the grid's edge and its numbers describe the
# boundary: at 8.3% (story step 6's old β = 0.3, b = 0.2, σ = 1) its KL is 7.05 on the grid
# against 11.24 on a ±12 grid; the lesson's own last row (β = 0.3, σ = 0) has 2.1%, and no
# difference at two decimals was seen below 0.1% (docs/design.md §11). The app's notes start here
# too.
EDGE_CAPPED_MASS = 0.05
MAX_INVERSE_BETA = 1e30  # 1/β beyond this changes no weight: the top cell already has them all


@dataclass(frozen=True)
class KLResult:
    """What the KL-penalized optimum at β does, relative to the base model.

    Every field has the shape of the β given (a float for a scalar β).
    """

    kl: np.ndarray  # KL(π_β ‖ π_ref) in nats
    proxy_gain: np.ndarray  # E_π_β[proxy] - E_π_ref[proxy]
    gold_gain: np.ndarray  # E_π_β[gold] - E_π_ref[gold]
    mean_length: np.ndarray  # E_π_β[length]
    mean_substance: np.ndarray  # E_π_β[substance]
    # π_β's mass within 0.5 of the grid's boundary (world.edge_band), in [0, 1]: where it is
    # large the grid's edge, not the trade-off, shapes the other fields.
    edge_mass: np.ndarray


@validate_params({"beta": POSITIVE, **REWARD_MODEL, "errors": ERROR_KIND, "error_seed": SEED})
def kl_optimum(
    beta,
    *,
    b: float = 0.0,
    sigma: float = 0.0,
    exact: bool = False,
    errors: str = "smooth",
    error_seed: int = 0,
) -> KLResult:
    """Exact KL-penalized optimum for a scalar β or an array of β (one numpy pass each).

    Parameters
    ----------
    beta : float or array_like of shape (...,)
        Strength of the KL penalty; every entry finite and > 0. Stable down to 0.01.
    b : float
        Fraction of the padding penalty the reward model learned, in [0, 1].
    sigma : float
        Size of the reward model's other errors, >= 0.
    exact : bool
        Compute every β in float64, as a call with one β does (for numbers that are printed:
        readouts, tables). By default a curve of more than BETA_BLOCK β runs in float32
        blocks, within 1e-5 of float64 and several times faster.
    errors, error_seed : str, int
        The reward model's other errors (size ``sigma``): "smooth", the lesson's field ε; or
        "light" / "heavy", an independent error in every grid cell drawn from ``error_seed``
        (:func:`core.world.cell_errors`), the grid's counterpart of best-of-n's per-answer
        errors.

    Returns
    -------
    KLResult whose fields have the shape of ``beta``, ``edge_mass`` included.
    """
    if errors == "smooth" or sigma == 0:
        return _problem(b, sigma).optimum(beta, exact=exact)
    # Not through _problem's cache: a curve averaged over 20 error seeds would evict every
    # session's (b, σ) from it (16 problems); one seed's problem is built in ~20 ms.
    field = world.proxy_field(b=b) + sigma * world.cell_errors(errors, error_seed)
    return KLProblem(field).optimum(beta, exact=exact)


@validate_params({"beta": POSITIVE, **REWARD_MODEL})
def kl_policy(beta: float, *, b: float = 0.0, sigma: float = 0.0) -> np.ndarray:
    """The optimal policy π_β on the grid at one β: (241, 241), sums to 1 (float64)."""
    if beta.ndim != 0:
        raise ValueError("beta must be a single number > 0 for kl_policy")
    return kl_policies(beta.reshape(1), b=b, sigma=sigma)[0]


@validate_params({"betas": BETA_STOPS, **REWARD_MODEL})
def kl_policies(betas, *, b: float = 0.0, sigma: float = 0.0, dtype=np.float64) -> np.ndarray:
    """π_β ∝ π_ref·exp(proxy/β) on the grid for each β: (k, 241, 241) float64, each sums to 1.

    Parameters
    ----------
    betas : array_like of shape (k,)
        Strengths of the KL penalty, each finite and > 0.
    b, sigma : float
        The reward model, as in :func:`kl_optimum`.
    dtype : numpy float type
        Of the exponentials: float32 is ~3x faster, and a policy built from it is within 4e-6
        (relative, where a cell holds over 1e-12) of float64's: enough for a cloud's points.
    """
    proxy = world.proxy_field(b=b, sigma=sigma).ravel()
    below_top = (proxy - proxy.max()).astype(dtype)
    policies = tilt_weights(below_top, 1.0 / betas).astype(np.float64, copy=False)
    policies *= world.base_density().ravel()
    policies /= policies.sum(axis=1, keepdims=True)
    return policies.reshape(betas.size, world.GRID_POINTS, world.GRID_POINTS)


def tilt_weights(below_top: np.ndarray, inverse_betas: np.ndarray) -> np.ndarray:
    """exp((proxy - top)/β): each cell's weight in π_β relative to π_ref, for each β.

    ``below_top`` (cells,): the proxy minus its largest value, so <= 0, in float64 or float32
    (~3x faster); ``inverse_betas`` (k,): 1/β. Returns (k, cells) of ``below_top``'s type, in
    [0, 1], exactly 1 at the top cell: no exponent is positive, so nothing overflows however
    small β is, and the normalizer Σ π_ref·weight is at least π_ref's mass at the top cell, so
    it never vanishes.
    """
    # Past 1e30 the top cell has all the weight anyway; clipping keeps 0 x inf out.
    inverse_betas = np.minimum(inverse_betas, MAX_INVERSE_BETA).astype(below_top.dtype)
    weights = np.multiply.outer(inverse_betas, below_top)
    np.exp(weights, out=weights)
    return weights


class KLProblem:
    """The KL engine for one reward field on the grid: everything that does not depend on β,
    computed once; :meth:`optimum` then solves for any β.

    Two ways to the same sums, chosen per β:
    - strong pressure (β below the proxy's spread over the grid): weights exp((proxy - top)/β)
      with π_ref folded into the features, so one multiply and one exp per cell remain; every
      exponent is <= 0 and the top cell's weight is 1, so nothing overflows and the sums never
      vanish, however small β is. Whole curves run in float32 (exp is ~8x faster; the curves
      stay within 1e-5 of float64); a single block of β, a readout or the lesson's table,
      runs in float64, so printed digits never hang on float32 rounding;
    - gentle pressure (β at or above the spread): float64 expm1(proxy/β), so that gains of
      order 1/β keep their precision out to β = 10⁶ instead of drowning in rounding.
    """

    def __init__(self, proxy_field: np.ndarray):
        """``proxy_field``: the reward model's score on the grid, (241, 241) (rows substance)."""
        proxy = np.asarray(proxy_field, dtype=np.float64).ravel()
        gold = world.gold_field().ravel()
        length, substance = (axis.ravel() for axis in world.grid_coordinates())
        base = world.base_density().ravel()
        edge = world.edge_band().ravel().astype(np.float64)
        # Centre everything on its base-model mean: gains come out directly and the sums
        # that make them do not cancel.
        self.proxy_centered = proxy - base @ proxy
        self.proxy_top = float(self.proxy_centered.max())
        self.proxy_spread = float(np.abs(self.proxy_centered).max())
        # The base model's own edge mass (~8e-8): the gentle path adds it back.
        self.base_edge_mass = float(base @ edge)
        below_top = self.proxy_centered - self.proxy_top
        features = np.stack(
            [
                np.ones_like(proxy),
                self.proxy_centered,
                gold - base @ gold,
                length,
                substance,
                # E_π[proxy - top] gives the KL without subtracting two numbers of size 1/β.
                below_top,
                edge,
            ],
            axis=1,
        )
        self.base_features = base[:, None] * features  # (cells, 7), float64
        self.below_top = below_top  # (cells,), float64
        # Curves work in float32 on cells padded to whole blocks (padding: weight 1, features 0).
        self.cell_blocks = -(-proxy.size // CELL_BLOCK)
        padded = self.cell_blocks * CELL_BLOCK
        self.below_top_32 = np.zeros(padded, dtype=np.float32)
        self.below_top_32[: proxy.size] = below_top
        blocked = np.zeros((padded, features.shape[1]), dtype=np.float32)
        blocked[: proxy.size] = self.base_features
        self.blocked_features_32 = blocked.reshape(self.cell_blocks, CELL_BLOCK, -1)

    @validate_params({"beta": POSITIVE})
    def optimum(self, beta, *, exact: bool = False) -> KLResult:
        """The optimum at a scalar β or an array of β: a KLResult of ``beta``'s shape.

        ``exact`` as in :func:`kl_optimum`: float64 for every β, not only for a short array.
        """
        betas = beta
        flat = betas.ravel()
        if flat.size <= BETA_BLOCK or exact:
            fields = self.summaries(flat, dtype=np.float64)
        else:
            blocks = [flat[start : start + BETA_BLOCK] for start in range(0, flat.size, BETA_BLOCK)]
            fields = np.concatenate(list(_pool().map(self.summaries, blocks)))
        return KLResult(*(validate.shaped(column, betas.shape) for column in fields.T))

    def summaries(self, betas: np.ndarray, *, dtype=np.float32) -> np.ndarray:
        """(len(betas), 6) float64: KL, proxy gain, gold gain, mean length, mean substance,
        edge mass (KLResult's order)."""
        result = np.empty((betas.size, 6))
        gentle = betas >= self.proxy_spread
        if gentle.any():
            result[gentle] = self._gentle(betas[gentle])
        if not gentle.all():
            result[~gentle] = self._strong(betas[~gentle], dtype)
        # Rounding can only push a KL of ~0 a hair below 0, and a KL is never negative. The edge
        # mass is left as summed: its sum adds a subset of the normalizer's terms, all >= 0
        # (none of 4,096 β in [1e-3, 1e3] at six (b, σ), float32 or float64, left [0, 1]).
        result[:, 0] = np.maximum(result[:, 0], 0.0)
        return result

    def _strong(self, betas: np.ndarray, dtype) -> np.ndarray:
        inverse_beta = 1.0 / betas
        if dtype == np.float64:
            sums = tilt_weights(self.below_top, inverse_beta) @ self.base_features
        else:
            weight = tilt_weights(self.below_top_32, inverse_beta)
            # Sum each block of cells in float32, then add the blocks up in float64.
            blocked = weight.reshape(betas.size, self.cell_blocks, CELL_BLOCK).transpose(1, 0, 2)
            sums = np.matmul(blocked, self.blocked_features_32).sum(axis=0, dtype=np.float64)
        normalizer = sums[:, 0]
        means = sums[:, 1:] / normalizer[:, None]
        # KL = E_π[log π/π_ref] = E_π[(proxy - top)/β] - log Σ π_ref exp((proxy - top)/β).
        kl = means[:, 4] / betas - np.log(normalizer)
        return np.column_stack([kl, means[:, :4], means[:, 5]])

    def _gentle(self, betas: np.ndarray) -> np.ndarray:
        excess = np.expm1(np.outer(1.0 / betas, self.proxy_centered))
        # Under π_ref the centred features average 0 and the weights 1, so only the excess
        # over 1 carries the (tiny) change.
        sums = excess @ self.base_features[:, [0, 1, 2, 3, 4, 6]]
        means = sums[:, 1:] / (1.0 + sums[:, :1])
        # The edge column is not centred: its base mean goes back in, over the same normalizer.
        means[:, 4] += self.base_edge_mass / (1.0 + sums[:, 0])
        # KL = E_π[proxy_centered]/β - log E_π_ref[exp(proxy_centered/β)]
        kl = means[:, 0] / betas - np.log1p(sums[:, 0])
        return np.column_stack([kl, means])


@lru_cache(maxsize=1)
def _pool() -> ThreadPoolExecutor:
    """Worker threads for long curves, started on first use and kept."""
    return ThreadPoolExecutor(WORKERS, thread_name_prefix="kl-optimum")


@lru_cache(maxsize=PROBLEM_CACHE_ENTRIES)
def _problem(b: float, sigma: float) -> KLProblem:
    return KLProblem(world.proxy_field(b=b, sigma=sigma))
