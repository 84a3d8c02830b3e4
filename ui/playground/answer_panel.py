"""Answers you can read on the stage: which answer its panel writes out at every stop, with the
model's own numbers there, and the writer's banks for the browser.

The browser writes every text itself (``stage_assets/answer_writer.js``, the twin of
``core/answer_text.py``) from the banks, fetched once from ``/worlds/<fingerprint>/answers.json``
(world_files.py), so a world carries only, per β and n stop, which cloud point the panel reads
(the one nearest the cloud's mean) and its scores: ~0.7 KB of a ~64 KB world. Its functions
receive numbers (clouds, the panel's points), never (b, σ): world_numbers.py asks core for them.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

import numpy as np

import core
from common import format as fmt
from common.i18n import tr
from core import answer_text
from ui.reading_text import sentences_read
from ui.settings import N_STOPS

COORDINATE_SCALE = 100  # as the world's clouds: points in hundredths of a unit
SCORE_DECIMALS = 2  # the panel prints scores to the hundredth


def as_shipped(values: np.ndarray) -> np.ndarray:
    """Coordinates as the world ships them (hundredths), so Python writes what the browser does."""
    return np.rint(np.asarray(values) * COORDINATE_SCALE) / COORDINATE_SCALE


@dataclass(frozen=True)
class PanelAnswers:
    """The point the panel reads at every stop of a cloud (the one nearest the cloud's mean,
    core.answer_text.nearest_to_mean), and the model's numbers there: arrays of shape (stops,).
    Scores are at the exact point, not the rounded one (ui/playground/world_numbers.py)."""

    index: np.ndarray  # the point's index in its stop's cloud
    proxy: np.ndarray  # the reward model's score there
    gold: np.ndarray  # true quality there


def stop_answers(panel: PanelAnswers) -> dict:
    """One method's part: per stop, the point's index and its two scores to the hundredth."""
    return {
        "index": panel.index.tolist(),
        "proxy": np.round(panel.proxy, SCORE_DECIMALS).tolist(),
        "gold": np.round(panel.gold, SCORE_DECIMALS).tolist(),
    }


def world_part(*, kl: PanelAnswers, best_of_n: PanelAnswers) -> dict:
    """The panel's part of a world: per method, what ``stop_answers`` gives."""
    return {"beta": stop_answers(kl), "n": stop_answers(best_of_n)}


@functools.lru_cache(maxsize=1)
def tables_bytes() -> bytes:
    """The writer's banks and counts as the browser's twin reads them (~9.0 KB; 3.9 gzipped)."""
    tables = answer_text.writer_tables()
    return json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode()


def panel_point(cloud: core.Cloud, stop: int) -> tuple[float, float]:
    """The point the panel reads at one stop of a cloud (stops, K), as the world ships it."""
    length, substance = cloud.length[stop], cloud.substance[stop]
    index = int(answer_text.nearest_to_mean(length=length, substance=substance))
    return float(as_shipped(length[index])), float(as_shipped(substance[index]))


QUOTED_STEPS = 3  # the story's first three steps (default, peak, overoptimized) quote an answer
QUOTE_WORDS = 22  # a step's line quotes the first words; the panel under the stage has them all


def step_quote(n: float, clouds: core.Cloud) -> str:
    """Best-of-n's answer at a story step's n, as the panel writes it for the first question:
    its first words and what its sentences are (good points, wrong, padding), in one line.
    ``clouds`` are best-of-n's at every n stop (stops, K); a step's n is one of the stops."""
    length, substance = panel_point(clouds, N_STOPS.index(n))
    question = answer_text.QUESTIONS[0]
    sentences = answer_text.answer_sentences(question, length, substance)
    words = " ".join(sentence.text for sentence in sentences).split()
    excerpt = " ".join(words[:QUOTE_WORDS]) + (" …" if len(words) > QUOTE_WORDS else "")
    return tr(
        "Asked “{question}”, best-of-n at {n} keeps an answer that reads “{excerpt}” ({read}; "
        "the panel just above has it whole).",
        question=question,
        n=fmt.named("n", n),
        excerpt=excerpt,
        read=sentences_read(sentences),
    )
