"""Write the lesson's 600 fixed answers to core/data/answers.csv, and show how the seed was chosen.

    python scripts/make_answers.py            # rewrite the file from core.answers.LESSON_SEED
    python scripts/make_answers.py --search   # rerun the seed search (about a minute)

Each candidate set is ``core.answers.draw_answers(seed)``: 600 standard-normal (length,
substance) pairs. The search scans seeds upward from 0, in vectorized batches, for the first
set on which exact best-of-n (b = 0, sigma = 0) tells the lesson's story:
- true quality peaks at exactly n = 49 ("peaks at about n = 49");
- the first n past the peak where the gold gain is below 0 lies in 580..600 ("by about
  n = 590 the chosen answers are worse than the base model's average");
- with b = 0.2 the gold gain never falls more than 0.01 below its running maximum for
  n = 1..10,000 ("a fifth of the padding penalty removes the decline").
Plain standard-normal sets meet the first two about once in several thousand seeds.
"""

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core.answers import (  # noqa: E402
    ANSWER_COUNT,
    ANSWERS_FILE,
    LESSON_SEED,
    draw_answers,
    write_answers_file,
)
from core.world import gold, proxy  # noqa: E402

PEAK_N = 49  # the lesson's peak
CROSSING_RANGE = (580, 600)  # around the lesson's n = 590
FIX_B = 0.2  # the lesson's fix: a fifth of the padding penalty
FIX_TOLERANCE = 0.01  # how far below its running maximum gold may dip with the fix
SHORT_CURVE = 1_000  # n = 1..1,000 decides the peak and the crossing
LONG_CURVE = 10_000  # n = 1..10,000 decides the fix
BATCH = 2_000  # seeds a batch


def win_chances(largest_n: int) -> np.ndarray:
    """(largest_n, 600): chance that the answer of rank i (worst first) wins best-of-n."""
    n = np.arange(1, largest_n + 1)[:, None]
    at_most = (np.arange(ANSWER_COUNT + 1) / ANSWER_COUNT) ** n
    return np.diff(at_most, axis=1)


def gold_gain_curves(seeds: np.ndarray, chances: np.ndarray, *, b: float) -> np.ndarray:
    """(len(seeds), len(chances)): best-of-n gold gain over the base average, per seed and n."""
    points = [draw_answers(int(seed)) for seed in seeds]
    length = np.array([p[0] for p in points])
    substance = np.array([p[1] for p in points])
    order = np.argsort(proxy(length, substance, b=b), axis=1, kind="stable")
    quality = np.take_along_axis(gold(length, substance), order, axis=1)
    return (quality - quality.mean(axis=1, keepdims=True)) @ chances.T


def story(curve: np.ndarray) -> tuple[int, int | None]:
    """The peak n and the first n past it with a gold gain below 0 (None if none)."""
    peak = int(np.argmax(curve))
    below = np.flatnonzero(curve[peak:] < 0)
    return peak + 1, (int(below[0]) + peak + 1 if below.size else None)


def fix_holds(curve: np.ndarray) -> bool:
    return bool(np.all(curve >= np.maximum.accumulate(curve) - FIX_TOLERANCE))


def search(limit: int) -> int:
    short, long = win_chances(SHORT_CURVE), win_chances(LONG_CURVE)
    for start in range(0, limit, BATCH):
        seeds = np.arange(start, start + BATCH)
        curves = gold_gain_curves(seeds, short, b=0.0)
        peaks = np.argmax(curves, axis=1) + 1
        for seed in seeds[peaks == PEAK_N]:
            peak, crossing = story(gold_gain_curves(np.array([seed]), short, b=0.0)[0])
            if crossing is None or not CROSSING_RANGE[0] <= crossing <= CROSSING_RANGE[1]:
                continue
            fixed = gold_gain_curves(np.array([seed]), long, b=FIX_B)[0]
            holds = fix_holds(fixed)
            print(f"seed {seed}: peak n = {peak}, crossing n = {crossing}, fix holds: {holds}")
            if holds:
                return int(seed)
    raise SystemExit(f"no seed below {limit} tells the story")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--search", action="store_true", help="rerun the seed search")
    parser.add_argument("--limit", type=int, default=1_000_000, help="seeds to try at most")
    args = parser.parse_args()
    seed = search(args.limit) if args.search else LESSON_SEED
    write_answers_file(seed)
    print(f"wrote {ANSWERS_FILE} from seed {seed}")


if __name__ == "__main__":
    main()
