"""A family of readers who score the written answers by counting their sentences, and how often
each ranks two answers as true quality does: the check that the writer (core/answer_counts.py,
core/answer_text.py) renders true quality for more readers than the one it was tuned on.

Every reader is a weight per kind of sentence (tip, why, wrong claim, padding) and scores an
answer by the weighted count; of two answers it prefers the higher score, and can't tell on a
tie. The family (READERS):

- ``careful``: the project's own careful reader (core.careful_reader_prefers): a good point +1,
  a wrong claim -1.5, a padding sentence -0.75;
- ``half_padding``: good points - wrong claims - 0.5·padding;
- ``full_padding``: good points - wrong claims - 1·padding;
- ``why_half``: a why worth half a tip (tips + 0.5·whys - wrong claims - 0.5·padding);
- ``tips_only``: tips - wrong claims (whys and padding not read at all);
- ``myth_double``: a myth counts double (good points - 2·wrong claims - 0.5·padding).

Agreement is measured on pairs whose true quality differs by at least APART (1.5): the share
the reader prefers the better answer of, and the share it prefers the worse one of (reversed;
ties are neither). The pairs are the 600 answers' (core.answers) and those of points drawn
uniformly over the plane's window (WINDOW, the Playground plane's axes).

>>> figures = reader_agreement(length=[0.0, 0.5, 3.0], substance=[0.0, 2.0, 0.0])
>>> figures["careful"]  # both pairs 1.5 apart read in true quality's order
(1.0, 0.0)
"""

from __future__ import annotations

import numpy as np

from core.answer_counts import POINT, sentence_counts
from core.validate import Numbers, Whole, validate_params
from core.world import gold

# Weights per kind: (tip, why, wrong claim, padding sentence).
READERS = {
    "careful": (1.0, 1.0, -1.5, -0.75),
    "half_padding": (1.0, 1.0, -1.0, -0.5),
    "full_padding": (1.0, 1.0, -1.0, -1.0),
    "why_half": (1.0, 0.5, -1.0, -0.5),
    "tips_only": (1.0, 0.0, -1.0, 0.0),
    "myth_double": (1.0, 1.0, -2.0, -0.5),
}
READER_NAMES = {
    "careful": "the project's careful reader (good - 1.5·wrong - 0.75·padding)",
    "half_padding": "good - wrong - 0.5·padding",
    "full_padding": "good - wrong - 1·padding",
    "why_half": "a why worth half a tip",
    "tips_only": "tips only (tips - wrong claims)",
    "myth_double": "a myth counts double",
}
APART = 1.5  # pairs at least this far apart in true quality: a difference a reader should see
WINDOW = (-4.0, 6.0)  # the Playground plane's axes, both (ui/style.py's PLANE_RANGE)
WINDOW_POINTS = 600  # points drawn over the window: 179,700 pairs, as many as the 600 answers'
WINDOW_SEED = 9  # the window's draw (any seed: over 10 seeds the figures move by < 1 point)


@validate_params({"length": POINT, "substance": POINT})
def reader_scores(*, length, substance) -> dict[str, np.ndarray]:
    """Each reader's score of the answers at ``length`` and ``substance``.

    Parameters
    ----------
    length, substance : array_like
        The answers' points, one shape.

    Returns
    -------
    dict of str to numpy.ndarray
        For each name in READERS, the scores, of the points' shape.
    """
    counts = sentence_counts(length=length, substance=substance)
    kinds = np.stack([counts.content, counts.why, counts.wrong, counts.padding], axis=-1)
    return {name: kinds @ np.array(weights) for name, weights in READERS.items()}


@validate_params(
    {
        "length": Numbers(low=-1e6, high=1e6, one_dimensional=True),
        "substance": Numbers(low=-1e6, high=1e6, one_dimensional=True),
        "apart": Numbers(low=0.0, high=1e6),
    }
)
def reader_agreement(*, length, substance, apart: float = APART) -> dict[str, tuple]:
    """How each reader ranks every pair of the answers at ``length`` and ``substance`` whose
    true quality differs by at least ``apart``.

    Parameters
    ----------
    length, substance : array_like of shape (K,)
        The answers' points.
    apart : float
        The least difference in true quality a pair must have to be counted (APART).

    Returns
    -------
    dict of str to (float, float)
        For each name in READERS: (the share of pairs it prefers the better answer of, the share
        it prefers the worse answer of). Both 0 if no pair is that far apart.
    """
    first, second = np.triu_indices(len(length), 1)
    quality = gold(length, substance)
    difference = quality[first] - quality[second]
    counted = np.abs(difference) >= apart
    first, second, better = first[counted], second[counted], np.sign(difference[counted])
    figures = {}
    for name, score in reader_scores(length=length, substance=substance).items():
        verdict = np.sign(score[first] - score[second])
        if not better.size:
            figures[name] = (0.0, 0.0)
            continue
        figures[name] = (float(np.mean(verdict == better)), float(np.mean(verdict == -better)))
    return figures


@validate_params({"count": Whole(2), "seed": Whole(0)})
def window_points(count: int = WINDOW_POINTS, *, seed: int = WINDOW_SEED) -> tuple:
    """Points drawn uniformly over the plane's window (WINDOW on both axes), to the hundredth
    as the stage reads them.

    Parameters
    ----------
    count : int
        How many points.
    seed : int
        The draw's seed.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        Their lengths and substances, each of shape (count,).
    """
    low, high = WINDOW
    length, substance = np.random.default_rng(seed).uniform(low, high, (2, count)).round(2)
    return length, substance
