"""A whole KL curve: the core's one vectorized call against the lesson's per-β loop.

Run: ``python -m bench.kl_curve`` (pytest-benchmark, this file's two benchmarks, in one
process). Both time the same 200 values of β (10 down to 0.25, b = 0.3, σ = 0.7: σ > 0, so the
grid does not separate into two axes). pytest-benchmark's table gives each one's timings; the
lines below it give the speed-up of the fastest rounds (budget: at least 10x, the lesson's loop
the baseline of the same run) and the largest difference between the two (budget: at most 1e-5).
"""

import sys

import numpy as np
import pytest

from bench import run_benchmarks
from core import kl_optimum
from core.world import base_density, gold_field, grid_coordinates, proxy_field

BETAS = np.geomspace(10.0, 0.25, 200)
B, SIGMA = 0.3, 0.7
FIELDS = ("kl", "proxy_gain", "gold_gain", "mean_length", "mean_substance")
LOOP, VECTORIZED = "lesson's per-beta loop", "core.kl_optimum(array)"
# Rounds after one warm-up: the loop takes ~1 s a round here, the vectorized call ~0.1 s.
ROUNDS = {LOOP: 3, VECTORIZED: 7}
# What each benchmark measured in this process: its fastest round (s) and its (200, 5) fields.
MEASURED: dict[str, tuple[float, np.ndarray]] = {}


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


@pytest.mark.parametrize(
    ("name", "function"),
    [(LOOP, lesson_loop), (VECTORIZED, vectorized)],
    ids=["lesson_loop", "kl_optimum"],
)
def test_kl_curve(benchmark, name, function):
    benchmark.group = f"KL curve: {BETAS.size} values of beta, b={B}, sigma={SIGMA}"
    fields = benchmark.pedantic(
        function,
        args=(BETAS,),
        kwargs={"b": B, "sigma": SIGMA},
        rounds=ROUNDS[name],
        warmup_rounds=1,
    )
    if benchmark.stats is not None:  # None under --benchmark-disable
        MEASURED[name] = (benchmark.stats.stats.min, fields)


def pytest_terminal_summary(terminalreporter) -> None:
    """The speed-up against the lesson's loop, and how far apart the two answers are."""
    if set(MEASURED) != {LOOP, VECTORIZED}:
        return
    (loop_seconds, expected), (fast_seconds, actual) = MEASURED[LOOP], MEASURED[VECTORIZED]
    write = terminalreporter.write_line
    write(f"  speed-up (fastest rounds): {loop_seconds / fast_seconds:8.1f}x   (budget >= 10x)")
    for name, value in zip(FIELDS, np.abs(actual - expected).max(axis=0), strict=True):
        write(f"  max |difference| {name:<15}: {value:.2e}   (budget <= 1e-5)")


def main() -> int:
    """Run this file's benchmarks with pytest-benchmark; extra arguments go to pytest."""
    return run_benchmarks("bench.kl_curve")


if __name__ == "__main__":
    sys.exit(main())
