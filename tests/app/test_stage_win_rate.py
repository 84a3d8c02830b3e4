"""The stage's win-rate line beside n (ui/playground/worlds.py win_lines), at every n stop of
every world (441 (b, σ) × 28): both rates as printed against an independent computation here
(best-of-n's exact keep chances times a pairwise comparison of the 600, ties half), never
"100%", and the line in the world Python sends."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import core
from ui.playground import worlds
from ui.settings import B_STOPS, N_STOPS, SIGMA_STOPS

LINE = re.compile(r"^Beats a random answer: (\S+) by score, (\S+) by true quality$")


def beats(score: np.ndarray) -> np.ndarray:
    """(K,): each answer's chance of beating one uniform draw of the K, ties half, pairwise."""
    difference = score[:, None] - score[None, :]
    return ((difference > 0) + 0.5 * (difference == 0)).mean(axis=1)


def holds(said: str, rate: float) -> bool:
    if said == "99%+":
        return rate >= 0.995
    return said != "100%" and abs(int(said.rstrip("%")) / 100 - rate) <= 0.005 + 1e-12


@pytest.mark.parametrize("b", B_STOPS)
def test_every_line_of_every_world(b):
    counts = np.array(N_STOPS, dtype=float)
    for sigma in SIGMA_STOPS:
        lines = worlds.win_lines(core.win_rates(counts, b=b, sigma=sigma))
        scored = core.answers(b=b, sigma=sigma)
        kept = core.win_probabilities(counts, b=b, sigma=sigma)  # (28, 600)
        by_model, by_truth = kept @ beats(scored.proxy), kept @ beats(scored.gold)
        assert len(lines) == len(N_STOPS)
        for line, model, truth in zip(lines, by_model, by_truth, strict=True):
            said = LINE.match(line)
            assert said, line
            assert holds(said.group(1), model) and holds(said.group(2), truth), (b, sigma, line)


def test_the_world_sends_one_line_per_n_stop():
    world = json.loads(worlds.build_world_json(0.0, 0.0))
    assert world["n"]["win"] == worlds.win_lines(core.win_rates(np.array(N_STOPS, float)))
    assert "win" not in world["beta"]
    # The lesson's world: by the score n/(n+1), by true quality highest near n = 49, then down.
    assert world["n"]["win"][N_STOPS.index(49)] == (
        "Beats a random answer: 98% by score, 72% by true quality"
    )
