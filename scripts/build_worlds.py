"""Build the Playground stage's 441 worlds, and the Defenses page's results, onto disk.

    python scripts/build_worlds.py               # every (b, σ) stop not yet stored, all cores
    python scripts/build_worlds.py --jobs 1 --only 0.35,0.7

Every server reads its worlds from the store (ui/disk_store.py: $STAGE_WORLD_DIR,
default data/worlds, one folder per fingerprint of the code), so a cluster's replicas, a restarted
replica and the next `make run` start with every world a file read away instead of 441 builds
each. `make cluster` runs this before it starts the replicas; the Dockerfile runs it at build
time. Beside each world it stores the world gzipped, as /worlds/ serves it
(ui/playground/world_files.py), and what the Defenses page computes for that (b, σ) at its
sections' defaults (ui/defenses/store.py). It also removes the folders of older code, and
prints what it did: how many were there, how many it built, in how many seconds.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# Neither Streamlit nor pandas is loaded here (ui.compute's caches are plain: ~1 s and ~60 MB of
# imports a process saved, times every --jobs child; tests/app/test_build_path.py checks it).
from ui import disk_store  # noqa: E402  (after the path)
from ui.defenses import compute as defense_compute  # noqa: E402
from ui.defenses import store as defense_store  # noqa: E402
from ui.playground import world_files, world_store, worlds  # noqa: E402


def build_one(setting: tuple[float, float]) -> bool:
    """Build and store one (b, σ)'s world and Defenses results; True if both are stored."""
    b, sigma = setting
    text = worlds.build_world_json(b, sigma)
    world = world_store.write(b, sigma, text)
    world_files.store_gzipped(b, sigma, text)  # served as stored: no compression per GET
    return world and defense_store.write(b, sigma, defense_compute.results_to_store(b, sigma))


def missing(settings: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The settings whose world or Defenses results are not stored whole."""
    return [
        (b, sigma)
        for b, sigma in settings
        if world_store.read(b, sigma) is None
        or defense_store.read(b, sigma, defense_store.SLACK) is None
    ]


def parse_arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="scripts/build_worlds.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    parser.add_argument("--only", action="append", default=[], help="one 'b,sigma' (repeatable)")
    args = parser.parse_args(argv)
    if args.jobs < 1:
        parser.error(f"--jobs must be at least 1, not {args.jobs}")
    args.settings = [_setting(parser, text) for text in args.only] or worlds.every_world_setting()
    return args


def _setting(parser: argparse.ArgumentParser, text: str) -> tuple[float, float]:
    """A 'b,sigma' on the sliders' stops (the store holds only those)."""
    try:
        b, sigma = (float(part) for part in text.split(","))
    except ValueError:
        parser.error(f"--only takes 'b,sigma', e.g. 0.35,0.7, not {text!r}")
    if (b, sigma) not in set(worlds.every_world_setting()):
        parser.error(
            f"--only {text}: b must be a stop of 0, 0.05, ..., 1 and sigma of 0, 0.1, ..., 2"
        )
    return b, sigma


def main(argv: list[str] | None = None) -> int:
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    args = parse_arguments(argv)
    started = time.perf_counter()
    todo = missing(args.settings)
    stale = disk_store.remove_stale_folders()
    folder = disk_store.store_folder()
    done = len(args.settings) - len(todo)
    print(f"the stage's worlds: {done} of {len(args.settings)} already in {folder}")
    if stale:
        print(f"removed {len(stale)} folder(s) of older code")
    if todo:
        jobs = min(args.jobs, len(todo))
        if jobs == 1:
            stored = [build_one(setting) for setting in todo]
        else:  # fork: the children share the parent's imports and caches
            with multiprocessing.get_context("fork").Pool(jobs) as pool:
                stored = pool.map(build_one, todo, chunksize=4)
        if not all(stored):
            print(f"could not write in {folder}: the servers will build worlds themselves")
            return 1
        seconds = time.perf_counter() - started
        print(f"the stage's worlds: built {len(todo)} in {seconds:.1f} s ({jobs} processes)")
    packed = pack_missing(args.settings)
    if packed:
        print(f"the stage's worlds: gzipped {packed} stored before their .gz was")
    return 0


def pack_missing(settings: list[tuple[float, float]]) -> int:
    """Store the gzipped form of every stored world that lacks it (a store built before the
    worlds were kept gzipped); how many it wrote."""
    packed = 0
    for b, sigma in settings:
        text = world_store.read(b, sigma)
        if text is not None and not world_files.gzip_path(b, sigma).exists():
            world_files.store_gzipped(b, sigma, text)
            packed += 1
    return packed


if __name__ == "__main__":
    sys.exit(main())
