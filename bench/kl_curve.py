"""A whole KL curve: the core's one vectorized call against the lesson's per-β loop.

Run: ``python -m bench.kl_curve``. Both run in this process on the same 200 values of β
(10 down to 0.25, b = 0.3, σ = 0.7: σ > 0, so the grid does not separate into two axes).
Prints the best of several timings of each, their ratio (budget: at least 10x) and the
largest difference between the two (budget: at most 1e-5).
"""

import argparse
import time

import numpy as np

from core import kl_optimum
from core.world import base_density, gold_field, grid_coordinates, proxy_field

BETAS = np.geomspace(10.0, 0.25, 200)
B, SIGMA = 0.3, 0.7
FIELDS = ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance")


def lesson_loop(betas: np.ndarray, *, b: float, sigma: float) -> np.ndarray:
    """The lesson's ``optimize(beta)``, called once per β as the lesson does: (len, 5)."""
    base = base_density()
    reward_model = proxy_field(b=b, sigma=sigma)
    true_quality = gold_field()
    length, substance = grid_coordinates()

    def optimize(beta):
        w = base * np.exp((reward_model - reward_model.max()) / beta)
        policy = w / w.sum()
        kl = np.sum(policy * np.log(policy / base))

        def gain(score):
            return np.sum(policy * score) - np.sum(base * score)

        mean_length = np.sum(policy * length)
        mean_substance = np.sum(policy * substance)
        return kl, gain(reward_model), gain(true_quality), mean_length, mean_substance

    return np.array([optimize(beta) for beta in betas])


def vectorized(betas: np.ndarray, *, b: float, sigma: float) -> np.ndarray:
    result = kl_optimum(betas, b=b, sigma=sigma)
    return np.column_stack([getattr(result, name) for name in FIELDS])


def best_time(function, repeats: int) -> tuple[float, np.ndarray]:
    """Fastest of ``repeats`` calls (after one warm-up), in seconds, and the last result."""
    result = function()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()

    loop_seconds, expected = best_time(
        lambda: lesson_loop(BETAS, b=B, sigma=SIGMA), max(2, args.repeats // 2)
    )
    fast_seconds, actual = best_time(lambda: vectorized(BETAS, b=B, sigma=SIGMA), args.repeats)
    difference = np.abs(actual - expected).max(axis=0)

    print(f"KL curve: {BETAS.size} values of beta on the 241x241 grid, b={B}, sigma={SIGMA}")
    print(f"  lesson's per-beta loop : {loop_seconds * 1e3:8.2f} ms")
    print(f"  core.kl_optimum(array) : {fast_seconds * 1e3:8.2f} ms")
    print(f"  speed-up               : {loop_seconds / fast_seconds:8.1f}x   (budget >= 10x)")
    for name, value in zip(FIELDS, difference, strict=True):
        print(f"  max |difference| {name:<15}: {value:.2e}   (budget <= 1e-5)")


if __name__ == "__main__":
    main()
