"""Answers you can read on the stage: which answer its panel writes out at every stop, with the
model's own numbers there, and the writer's banks for the browser.

The browser writes every text itself (``stage_assets/answer_writer.js``, the twin of
``core/answer_text.py``) from the banks, fetched once from ``/worlds/<fingerprint>/answers.json``
(world_files.py), so a world carries only, per β and n stop, which cloud point the panel reads
(the one nearest the cloud's mean) and its scores: ~0.7 KB of a ~64 KB world.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping

import numpy as np

import core
from common import format as fmt
from core import answer_text
from ui import compute
from ui.reading_text import sentences_read

COORDINATE_SCALE = 100  # as the world's clouds: points in hundredths of a unit
SCORE_DECIMALS = 2  # the panel prints scores to the hundredth


def as_shipped(values: np.ndarray) -> np.ndarray:
    """Coordinates as the world ships them (hundredths), so Python writes what the browser does."""
    return np.rint(np.asarray(values) * COORDINATE_SCALE) / COORDINATE_SCALE


def stop_answers(cloud: core.Cloud, *, b: float, sigma: float) -> dict:
    """For a cloud at every stop (stops, K): the index of the point the panel reads, and the
    reward model's score and true quality there (from the exact point, not the rounded one)."""
    index = answer_text.nearest_to_mean(length=cloud.length, substance=cloud.substance)
    stops = np.arange(index.shape[0])
    length, substance = cloud.length[stops, index], cloud.substance[stops, index]
    return {
        "index": index.tolist(),
        "proxy": np.round(core.proxy(length, substance, b=b, sigma=sigma), SCORE_DECIMALS).tolist(),
        "gold": np.round(core.gold(length, substance), SCORE_DECIMALS).tolist(),
    }


def world_part(b: float, sigma: float) -> dict:
    """The panel's part of the world for (b, σ): per method, what ``stop_answers`` gives."""
    return {
        "beta": stop_answers(compute.kl_clouds_at_stops(b, sigma), b=b, sigma=sigma),
        "n": stop_answers(compute.best_of_n_clouds_at_stops(b, sigma), b=b, sigma=sigma),
    }


@functools.lru_cache(maxsize=1)
def tables_bytes() -> bytes:
    """The writer's banks and counts as the browser's twin reads them (~9.6 KB; 4.2 gzipped)."""
    tables = answer_text.writer_tables()
    return json.dumps(tables, ensure_ascii=False, separators=(",", ":")).encode()


def panel_point(cloud: core.Cloud, stop: int) -> tuple[float, float]:
    """The point the panel reads at one stop of a cloud (stops, K), as the world ships it."""
    length, substance = cloud.length[stop], cloud.substance[stop]
    index = int(answer_text.nearest_to_mean(length=length, substance=substance))
    return float(as_shipped(length[index])), float(as_shipped(substance[index]))


QUOTED_STEPS = 3  # the story's first three steps (default, peak, overoptimized) quote an answer
QUOTE_WORDS = 22  # a step's line quotes the first words; the panel under the stage has them all


def step_quote(values: Mapping[str, float]) -> str:
    """Best-of-n's answer at a story step's n, as the panel writes it for the first question:
    its first words and what its sentences are (good points, wrong, padding), in one line."""
    n, b, sigma = values["n"], values["b"], values["sigma"]
    stop = compute.STOP_COUNTS.tolist().index(n)  # a step's n is one of the stops
    length, substance = panel_point(compute.best_of_n_clouds_at_stops(b, sigma), stop)
    question = answer_text.QUESTIONS[0]
    sentences = answer_text.answer_sentences(question, length, substance)
    words = " ".join(sentence.text for sentence in sentences).split()
    excerpt = " ".join(words[:QUOTE_WORDS]) + (" …" if len(words) > QUOTE_WORDS else "")
    return (
        f"Asked “{question}”, best-of-n at {fmt.named('n', n)} keeps an answer that reads "
        f"“{excerpt}” ({sentences_read(sentences)}; the panel just above has it whole)."
    )
