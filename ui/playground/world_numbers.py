"""Every number one stage world needs for a reward model (b, σ), asked of core in one pass.

This is the one module that takes (b, σ) on the world's way: it asks ui.compute (cached core
calls) for each kind of number once, and core for the answer panel's scores, and hands them on
as :class:`WorldNumbers`. worlds.py shapes those into the world's JSON, and the side modules it
uses (``ui.swamp_text``, ``ui.slack_text``, ``ui.edge_note``, ``answer_panel``) receive these
numbers, never b or σ (tests/app/test_world_one_pass.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

import core
from core import answer_text
from ui import compute, swamp_text
from ui.playground.answer_panel import PanelAnswers


@dataclass(frozen=True)
class MethodNumbers:
    """One method's numbers: at every stop of its slider, along its whole curve, its slack."""

    stops: np.ndarray  # the slider's stops (β's 20 or n's 28), the order of every array here
    at_stops: core.KLResult | core.BestOfNResult  # fields (stops,)
    clouds: core.Cloud  # (stops, CLOUD_SIZE) coordinates
    curve: core.Curve  # the whole curve, CURVE_POINTS long
    slack: core.MethodSlack  # the price of stopping at the peak
    panel: PanelAnswers  # the answer the panel reads at every stop, and its scores
    # KL only: whether the grid's edge caps the optimum at each stop (core.edge_check), (stops,)
    edge: core.EdgeCheck | None = None


@dataclass(frozen=True)
class WorldNumbers:
    """Everything a world shows for one reward model (b, σ), before it is shaped into JSON."""

    b: float
    sigma: float
    kl: MethodNumbers  # the KL penalty, along β
    best_of_n: MethodNumbers  # best-of-n, along n
    swamping: swamp_text.Swamping | None  # where σ swamps b, the numbers its sentence says
    answers: core.Answers  # the lesson's 600 answers, drawn still on the plane
    gold_field: np.ndarray  # true quality on the grid: (241, 241), rows substance
    proxy_field: np.ndarray  # the reward model on the grid: (241, 241)
    win_rates: core.WinRates | None = None  # best-of-n's win rates at the n stops (stops,)


def panel_answers(clouds: core.Cloud, *, b: float, sigma: float) -> PanelAnswers:
    """For clouds at every stop (stops, K): the point the panel reads (nearest the cloud's mean)
    and the reward model's score and true quality there, from the exact point."""
    index = answer_text.nearest_to_mean(length=clouds.length, substance=clouds.substance)
    stops = np.arange(index.shape[0])
    length, substance = clouds.length[stops, index], clouds.substance[stops, index]
    return PanelAnswers(
        index=index,
        proxy=core.proxy(length, substance, b=b, sigma=sigma),
        gold=core.gold(length, substance),
    )


def gather(b: float, sigma: float) -> WorldNumbers:
    """Every number of the world for (b, σ): each ui.compute function asked once (~60-400 ms of
    a core on a cold cache; its stop caches keep only the world being built)."""
    slack = compute.slack(b, sigma)
    kl_clouds = compute.kl_clouds_at_stops(b, sigma)
    best_of_n_clouds = compute.best_of_n_clouds_at_stops(b, sigma)
    return WorldNumbers(
        b=b,
        sigma=sigma,
        kl=MethodNumbers(
            stops=compute.STOP_BETAS,
            at_stops=compute.kl_at_stops(b, sigma),
            clouds=kl_clouds,
            curve=compute.kl_curve(b, sigma),
            slack=slack.kl,
            panel=panel_answers(kl_clouds, b=b, sigma=sigma),
            edge=compute.kl_edge_at_stops(b, sigma),
        ),
        best_of_n=MethodNumbers(
            stops=compute.STOP_COUNTS,
            at_stops=compute.best_of_n_at_stops(b, sigma),
            clouds=best_of_n_clouds,
            curve=compute.best_of_n_curve(b, sigma),
            slack=slack.best_of_n,
            panel=panel_answers(best_of_n_clouds, b=b, sigma=sigma),
        ),
        swamping=compute.swamping(b, sigma),
        answers=compute.answers(0.0, 0.0),
        gold_field=compute.gold_field(),
        proxy_field=compute.proxy_field(b, sigma),
        win_rates=core.win_rates(compute.STOP_COUNTS, b=b, sigma=sigma),
    )
