"""ui.defense_prewarm: what it computes is exactly what the Defenses page then reads."""

import threading

import pytest
from app_pages import assert_clean, readouts
from test_defenses_page import open_defenses

import core
from ui import defense_prewarm
from ui.state import B_STOPS, SIGMA_STOPS

# A setting no other test opens, so its cache entries come from warm() alone.
B, SIGMA = 0.85, 1.7
CORE_CALLS = (
    "defended_best_of_n",
    "defended_kl_optimum",
    "spot_check_best_of_n",
    "spot_check_kl",
    "slack",
    "ensemble_error_sizes",
)


def test_nearest_first_orders_all_441_settings_by_steps_away():
    order = defense_prewarm.nearest_first(0.2, 1.0)
    assert len(order) == len(set(order)) == len(B_STOPS) * len(SIGMA_STOPS) == 441
    assert order[0] == (0.2, 1.0)
    assert set(order[1:5]) == {(0.15, 1.0), (0.25, 1.0), (0.2, 0.9), (0.2, 1.1)}
    assert set(order[-2:]) == {(1.0, 0.0), (1.0, 2.0)}  # 16 b steps and 10 σ steps away


def test_a_warmed_setting_opens_without_computing_anything(monkeypatch):
    defense_prewarm.warm(B, SIGMA)

    def refuse(*args, **kwargs):
        raise AssertionError("computed on the page: the prewarm missed this result")

    for name in CORE_CALLS:
        monkeypatch.setattr(core, name, refuse)
    app = open_defenses({"b": str(B), "sigma": str(SIGMA)})
    assert_clean(app)
    assert len(readouts(app)) == 20
    app.select_slider(key="k").set_value(8).run()  # not a default: the page computes it
    assert app.exception, "the guard above should catch a computation"


def test_the_background_thread_starts_once_and_only_when_asked(monkeypatch):
    started = []
    done = threading.Event()
    monkeypatch.setattr(
        defense_prewarm, "_prewarm", lambda b, sigma: (started.append((b, sigma)), done.set())
    )
    monkeypatch.setattr(defense_prewarm, "_started", threading.Event())
    monkeypatch.delenv(defense_prewarm.PREWARM_ENV, raising=False)
    assert defense_prewarm.prewarm_in_background(0.2, 1.0) is False
    monkeypatch.setenv(defense_prewarm.PREWARM_ENV, "1")
    assert defense_prewarm.prewarm_in_background(0.2, 1.0) is True
    assert defense_prewarm.prewarm_in_background(0.4, 1.0) is False
    assert done.wait(10)
    assert started == [(0.2, 1.0)]


@pytest.mark.parametrize("key", ["k", "rho", "lam", "m"])
def test_defaults_are_the_sliders_first_values(key):
    app = open_defenses()
    assert app.select_slider(key=key).value == defense_prewarm.defaults()[key]


def test_the_bench_turns_on_the_same_switch():
    from bench.defenses_latency import PREWARM_ENV

    assert PREWARM_ENV == defense_prewarm.PREWARM_ENV
