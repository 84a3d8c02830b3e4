"""What the Playground's server computes after b or σ changes, from cold caches.

Run: ``python -m bench.recompute``. Each repetition uses a (b, σ) never seen before in this
process, so nothing comes from a cache. Two things are timed in the same run:

- the stage's world (``ui.playground.worlds.world_json``): for all 20 β stops and 28 n stops
the readouts (float64), marks and clouds, both whole curves with their peaks, the plane's two fields
and the answers, quantized and serialized: everything β and n can show until b or σ changes;
- the release before the stage (commit b32791d): both whole curves, one cloud per method, the
  scored answers and the proxy field, which it recomputed for one β and one n.

Budget: the world is built once per (b, σ) for every session, and must leave a b/σ change
under 300 ms from key press to redrawn in the browser.
"""

import argparse
import logging
import os
import time

import numpy as np

import core

CURVE_BETAS = np.geomspace(10.0, 0.25, 200)  # the release's KL curve against β
CURVE_NS = np.unique(np.geomspace(1, 10_000, 200).round())  # and its best-of-n curve against n
CONTOUR_STEP = 4  # the plane was drawn from every 4th grid point (61 x 61)


def release_recompute(b: float, sigma: float, *, beta: float = 1.0, n: int = 49) -> None:
    """What the release before the stage recomputed for a new (b, σ)."""
    core.kl_optimum(CURVE_BETAS, b=b, sigma=sigma)
    core.best_of_n(CURVE_NS, b=b, sigma=sigma)
    core.kl_cloud(beta, b=b, sigma=sigma)
    core.best_of_n_cloud(n, b=b, sigma=sigma)
    core.answers(b=b, sigma=sigma)
    core.proxy_field(b=b, sigma=sigma)[::CONTOUR_STEP, ::CONTOUR_STEP].round(2)


def timed_ms(function, settings) -> np.ndarray:
    times = []
    for b, sigma in settings:
        start = time.perf_counter()
        function(b, sigma)
        times.append(time.perf_counter() - start)
    return np.array(times) * 1e3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=20)
    args = parser.parse_args()
    logging.getLogger("streamlit").setLevel(logging.ERROR)  # no runtime here: caches in memory
    from ui.playground import worlds

    core.gold_field()  # made once per process, whatever b and σ are
    core.proxy_field(b=0.0, sigma=1.0)  # and the error field behind every σ > 0
    worlds.world_json(0.0, 0.0)  # imports and first-use costs out of the way
    # Interleaved, so both meet the same machine load; new (b, σ) every time for both.
    step = 1.0 / args.repeats
    world_times, release_times, sizes = [], [], []
    for k in range(args.repeats):
        b, sigma = round(0.02 + 0.9 * k * step, 4), round(0.13 + 1.8 * k * step, 4)
        world_times += list(timed_ms(worlds.world_json, [(b, sigma)]))
        release_times += list(timed_ms(release_recompute, [(b + 0.001, sigma + 0.001)]))
        sizes.append(len(worlds.world_json(b, sigma).encode()))
    world_ms, release_ms = np.array(world_times), np.array(release_times)
    load = os.getloadavg()[0]
    print(f"After a change of b or sigma, cold ({args.repeats} new settings; load {load:.1f})")
    for name, values in (("stage world (now)", world_ms), ("release b32791d", release_ms)):
        print(
            f"  {name:18s} median {np.median(values):6.1f} ms   p95 "
            f"{np.percentile(values, 95):6.1f} ms   max {values.max():6.1f} ms"
        )
    ratio = np.median(world_ms) / np.median(release_ms)
    print(f"  the world costs {ratio:.1f}x the release's recomputation (median), once per (b, σ)")
    print(f"  world size: {np.median(sizes) / 1024:.0f} KB of JSON (budget 150 KB)")


if __name__ == "__main__":
    main()
