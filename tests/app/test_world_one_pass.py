"""b's world is built in one pass: ui/playground/world_numbers.py is the one module on
the world's way that asks ui.compute, each question once, and the side modules that word the
world receive numbers: they reach neither ui.compute nor any core function that takes b."""

from __future__ import annotations

import inspect
import sys
from collections import Counter

import pytest

import core
from ui import compute, module_graph
from ui.playground import worlds

GATHERER = "ui.playground.world_numbers"  # the one module that asks for the world's numbers
SIDE_MODULES = ("ui.swamp_text", "ui.slack_text", "ui.edge_note", "ui.playground.answer_panel")
SWAMPED_WORLD = (0.0, 1.0)  # σ swamps b here, so every kind of number is asked for


@pytest.mark.parametrize("name", SIDE_MODULES)
def test_a_side_module_of_the_world_reaches_no_compute(name):
    reached = module_graph.dependencies([name])
    assert "ui.compute" not in reached, f"{name} reaches ui.compute: it should be given numbers"


def _recording(asked: list, name: str, function):
    """``function``, noting each call's name, arguments and the module that made it."""

    def ask(*args, **kwargs):
        caller = sys._getframe(1).f_globals["__name__"]
        asked.append((name, args, tuple(sorted(kwargs.items())), caller))
        return function(*args, **kwargs)

    return ask


def _record_compute_and_core(monkeypatch) -> list:
    """Record every public ui.compute function (their caches emptied first, so they ask core)
    and every core function that takes the reward model's b."""
    asked: list = []
    for name, function in list(vars(compute).items()):
        if name.startswith("_") or name == "cached" or not inspect.isfunction(function):
            continue
        if function.__module__ == compute.__name__:
            getattr(function, "clear", lambda: None)()
            monkeypatch.setattr(compute, name, _recording(asked, name, function))
    for name in core.__all__:
        function = getattr(core, name)
        if inspect.isfunction(function) and "b" in inspect.signature(function).parameters:
            monkeypatch.setattr(core, name, _recording(asked, f"core.{name}", function))
    return asked


def test_one_world_asks_compute_each_question_once_and_only_through_world_numbers(monkeypatch):
    asked = _record_compute_and_core(monkeypatch)
    worlds.build_world_json(*SWAMPED_WORLD)
    questions = [call for call in asked if not call[0].startswith("core.")]
    from_outside = [call for call in questions if call[3] != compute.__name__]
    assert {caller for *_, caller in from_outside} == {GATHERER}
    repeated = Counter(call[:3] for call in from_outside)
    assert [question for question, times in repeated.items() if times > 1] == []
    assert {
        "slack",
        "kl_at_stops",
        "kl_clouds_at_stops",
        "kl_curve",
        "best_of_n_at_stops",
        "best_of_n_clouds_at_stops",
        "best_of_n_curve",
        "swamping",
        "answers",
        "gold_field",
        "proxy_field",
    } <= {name for name, *_ in from_outside}
    # core is asked about b by ui.compute (cached) and by the gatherer (the panel's scores)
    asked_core = {caller for name, *_, caller in asked if name.startswith("core.")}
    assert asked_core == {compute.__name__, GATHERER}
