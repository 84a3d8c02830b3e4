"""Everything the Playground recomputes after b or σ changes, from cold caches.

Run: ``python -m bench.recompute``. Each repetition uses a (b, σ) never seen before in this
process, so nothing is served from the core's caches: both pressure curves, both moving
clouds, the scored answers and the proxy field for the contour plot. Budget: 30 ms.
"""

import argparse
import time

import numpy as np

import core

CURVE_BETAS = np.geomspace(10.0, 0.25, 200)  # the KL curve drawn against β
CURVE_NS = np.unique(np.geomspace(1, 10_000, 200).round())  # the best-of-n curve against n
CONTOUR_STEP = 4  # the plane is drawn from every 4th grid point (61 x 61)


def recompute(b: float, sigma: float, *, beta: float = 1.0, n: int = 49) -> None:
    """One full recomputation for a new (b, σ), as the Playground needs it."""
    core.kl_optimum(CURVE_BETAS, b=b, sigma=sigma)
    core.best_of_n(CURVE_NS, b=b, sigma=sigma)
    core.kl_cloud(beta, b=b, sigma=sigma)
    core.best_of_n_cloud(n, b=b, sigma=sigma)
    core.answers(b=b, sigma=sigma)
    core.proxy_field(b=b, sigma=sigma)[::CONTOUR_STEP, ::CONTOUR_STEP].round(2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()

    core.gold_field()  # made once per process, whatever b and σ are
    core.proxy_field(b=0.0, sigma=1.0)  # and the error field behind every σ > 0
    settings = [
        (0.05 + 0.9 * k / args.repeats, 0.1 + 1.8 * k / args.repeats) for k in range(args.repeats)
    ]
    times = []
    for b, sigma in settings:
        start = time.perf_counter()
        recompute(b, sigma)
        times.append(time.perf_counter() - start)
    times_ms = np.array(times) * 1e3
    print(f"Playground recomputation after a change of b or sigma ({args.repeats} new settings)")
    print(f"  KL curve {CURVE_BETAS.size} betas, best-of-n curve {CURVE_NS.size} n, two clouds,")
    print("  scored answers, proxy field for the contours")
    print(
        f"  median {np.median(times_ms):6.1f} ms   p95 {np.percentile(times_ms, 95):6.1f} ms"
        f"   max {times_ms.max():6.1f} ms   (budget 30 ms)"
    )


if __name__ == "__main__":
    main()
