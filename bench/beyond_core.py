"""The core's work behind the pages beyond the lesson, timed by pytest-benchmark.

Run: ``python -m bench.beyond_core`` (one process, each call after one warm-up round):
comparisons and the Bradley–Terry fit for 200,000 pairs; best-of-n over 60 n averaged over 100
error seeds (the Compare page's tails), light against heavy; one Gao fit on 200 points. The
table gives each call's timings; the lines below it, the fit's result and the heavy tails'
cost against the light ones measured in the same run (the baseline).
"""

import sys

import numpy as np
import pytest

import core
from bench import run_benchmarks

PAIRS = 200_000  # the Reward model page's largest number of comparisons
ERROR_SEEDS = range(100)  # the Compare page averages its tails over 100 error seeds
TAIL_NS = np.unique(np.round(np.geomspace(1, 10_000, 60)))
GAO_BETAS = np.geomspace(10, 0.5, 200)
# What the benchmarks measured in this process: fastest rounds (s), and the fit.
MEASURED: dict[str, float] = {}
FITTED: list = []


def tails(errors: str) -> list:
    """Best-of-n at b = σ = 1 along TAIL_NS, once per error seed: what Compare averages."""
    return [
        core.best_of_n(TAIL_NS, b=1.0, sigma=1.0, errors=errors, error_seed=seed)
        for seed in ERROR_SEEDS
    ]


def record(benchmark, name: str) -> None:
    if benchmark.stats is not None:  # None under --benchmark-disable
        MEASURED[name] = benchmark.stats.stats.min


def test_comparisons(benchmark):
    benchmark.group = "Bradley-Terry, 200,000 pairs"
    benchmark.pedantic(core.comparisons, args=(PAIRS,), rounds=5, warmup_rounds=1)
    record(benchmark, "comparisons")


def test_bradley_terry_fit(benchmark):
    benchmark.group = "Bradley-Terry, 200,000 pairs"
    pairs = core.comparisons(PAIRS)
    FITTED.append(
        benchmark.pedantic(core.fit_bradley_terry, args=(pairs,), rounds=5, warmup_rounds=1)
    )
    record(benchmark, "fit")


@pytest.mark.parametrize("errors", ["light", "heavy"])
def test_tails_over_100_error_seeds(benchmark, errors):
    benchmark.group = "best-of-n x 60 n x 100 error seeds"
    benchmark.pedantic(tails, args=(errors,), rounds=2, warmup_rounds=1)
    record(benchmark, errors)


def test_gao_fit(benchmark):
    benchmark.group = "Gao fit, 200 points"
    curve = core.kl_optimum(GAO_BETAS)
    benchmark.pedantic(
        core.fit_gao, args=(curve.kl, curve.gold_gain), kwargs={"form": "rl"}, rounds=20
    )


def pytest_terminal_summary(terminalreporter) -> None:
    write = terminalreporter.write_line
    if FITTED:
        fit = FITTED[-1]
        low, high = fit.b_interval
        write(f"  fit: b = {fit.b:.3f}, 90% interval {low:.3f}-{high:.3f}, {fit.steps} steps")
    if {"light", "heavy"} <= set(MEASURED):
        write(f"  heavy tails cost {MEASURED['heavy'] / MEASURED['light']:.2f}x the light ones")


def main() -> int:
    """Run this file's benchmarks with pytest-benchmark; extra arguments go to pytest."""
    return run_benchmarks("bench.beyond_core")


if __name__ == "__main__":
    sys.exit(main())
