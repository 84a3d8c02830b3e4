"""Sessions at different (b, σ) sharing one process: do the core's caches thrash?

Run: ``python -m bench.cache_thrash``. One process serves every session, and core's caches
(``functools.lru_cache``) are shared by all of them. With room for one (b, σ), two visitors
at two settings evict each other's KL problem on every call. Measured in one run:

- ``kl_optimum(1.0)`` at one (b, σ) over and over (the floor);
- the same, alternating between two settings, with the caches as built;
- alternating again with the old bounds (one KL problem, two proxy fields), swapped in for
  the measurement: the "before";
- alternating with the caches emptied before every call: the cost of a miss;
- a round over K settings, K = the KL cache's bound and K = twice it (past the bound, every
  call rebuilds: the cost of a miss).

Then each core cache's bound, its memory per entry (tracemalloc) and at the bound.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib
import os
import resource
import time
import tracemalloc

import numpy as np

import core
from core import kl, world

# core/__init__ exports functions of the same names, so fetch the modules themselves.
answers = importlib.import_module("core.answers")
best_of_n = importlib.import_module("core.best_of_n")

TWO_SETTINGS = ((0.0, 0.0), (0.2, 0.5))  # the lesson's default and the "noisy" story step


def per_call_ms(settings: list[tuple[float, float]], calls: int, *, evict: bool = False) -> float:
    """Median ms of ``kl_optimum(1.0)`` cycling through ``settings`` for ``calls`` calls."""
    times = []
    for index in range(calls):
        b, sigma = settings[index % len(settings)]
        if evict:
            kl._problem.cache_clear()
            world._proxy_field.cache_clear()
        started = time.perf_counter()
        core.kl_optimum(1.0, b=b, sigma=sigma)
        times.append(time.perf_counter() - started)
    return float(np.median(times) * 1e3)


@contextlib.contextmanager
def bounds(*, problems: int, proxy_fields: int):
    """Swap the core's two (b, σ) caches for ones of other bounds, for a before/after."""
    built = kl._problem, world._proxy_field
    kl._problem = functools.lru_cache(maxsize=problems)(built[0].__wrapped__)
    world._proxy_field = functools.lru_cache(maxsize=proxy_fields)(built[1].__wrapped__)
    try:
        yield
    finally:
        kl._problem, world._proxy_field = built


def entry_megabytes(prepare, make) -> float:
    """Memory (MB) that one new cache entry ``make(prepare())`` keeps alive, by tracemalloc."""
    arguments = prepare()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    make(*arguments)
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return (after - before) / 2**20


_settings_made = [0]


def fresh_setting() -> tuple[float, float]:
    """A (b, σ > 0) that no cache has seen in this process."""
    _settings_made[0] += 1
    step = _settings_made[0] * 1e-7
    return step, 0.3 + step


def _setting_with_proxy_field() -> tuple[float, float]:
    b, sigma = fresh_setting()
    world.proxy_field(b=b, sigma=sigma)  # counted in its own row, not in the KL problem's
    return b, sigma


def cache_table() -> list[tuple[str, int, float]]:
    """(name, bound, MB per entry) for every core cache keyed by (b, σ[, seed])."""
    core.kl_optimum(1.0, b=0.1, sigma=0.1)  # the grid and the error field: once per process
    core.best_of_n(49, b=0.1, sigma=0.1)
    with_seed = lambda: (*fresh_setting(), None)  # noqa: E731
    rows = [
        ("kl._problem", kl._problem, _setting_with_proxy_field, kl._problem),
        ("world._proxy_field", world._proxy_field, fresh_setting, world._proxy_field),
        ("answers._scored", answers._scored, with_seed, answers._scored),
        ("best_of_n._ranking", best_of_n._ranking, with_seed, best_of_n._ranking),
    ]
    table = []
    for name, cache, prepare, make in rows:
        sizes = [entry_megabytes(prepare, make) for _ in range(3)]
        table.append((name, cache.cache_info().maxsize, float(np.median(sizes))))
    return table


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=40, help="calls per measurement")
    args = parser.parse_args()
    load1, load5, _ = os.getloadavg()
    print(f"bench.cache_thrash: {os.cpu_count()} cores, load average {load1:.2f} / {load5:.2f}")
    bound = kl._problem.cache_info().maxsize
    core.kl_optimum(1.0, b=0.0, sigma=0.5)  # the error field, once per process
    same = per_call_ms([TWO_SETTINGS[0]], args.calls)
    alternating = per_call_ms(list(TWO_SETTINGS), args.calls)
    with bounds(problems=1, proxy_fields=2):  # the bounds before this bench was written
        old = per_call_ms(list(TWO_SETTINGS), args.calls)
    missed = per_call_ms(list(TWO_SETTINGS), args.calls, evict=True)
    print("kl_optimum(1.0), median per call:")
    print(f"  one setting repeated:                      {same:7.2f} ms")
    ratio = alternating / same
    print(f"  two settings alternating, caches as built: {alternating:7.2f} ms  {ratio:5.1f}x")
    print(f"  two alternating, old bounds (1 problem):   {old:7.2f} ms  {old / same:5.1f}x")
    print(f"  every call a miss (caches emptied):        {missed:7.2f} ms  {missed / same:5.1f}x")
    for count in (bound, 2 * bound):
        settings = [
            (round(0.05 * (k % 21), 2), round(0.1 * (k // 21 + 1), 1)) for k in range(count)
        ]
        per_call_ms(settings, count)  # one round to fill the cache
        cycling = per_call_ms(settings, 3 * count)
        label = f"{count} settings in rotation (bound {bound}):"
        print(f"  {label:42s} {cycling:7.2f} ms  {cycling / same:5.1f}x")
    print("core caches keyed by (b, sigma[, seed]): bound, memory per entry, memory at the bound")
    for name, maxsize, megabytes in cache_table():
        print(f"  {name:20s} {maxsize:4d} x {megabytes:6.2f} MB = {maxsize * megabytes:6.1f} MB")
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB
    print(f"this process's peak resident memory: {peak_mb:.0f} MB")


if __name__ == "__main__":
    main()
