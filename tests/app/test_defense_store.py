"""The Defenses page's results at the sections' defaults, stored beside the stage's worlds
(ui/defenses/store.py): read back exactly, served without computing, ignored when damaged."""

from __future__ import annotations

import dataclasses
import logging

import numpy as np
import pytest
from app_pages import assert_clean
from test_defenses_page import open_defenses

import core
from ui import disk_store
from ui.defenses import cached_figures
from ui.defenses import compute as defense_compute
from ui.defenses import store as defense_store
from ui.defenses.compute import SECTION_DEFAULTS, SPOT_REPEATS
from ui.settings import BETA_STOPS, N_STOPS

B, SIGMA = 0.35, 0.7


def same(first, second) -> bool:
    """Equal to the bit, and of the same types (dataclasses, tuples, arrays with dtypes)."""
    if dataclasses.is_dataclass(first):
        return type(first) is type(second) and all(
            same(getattr(first, field.name), getattr(second, field.name))
            for field in dataclasses.fields(first)
        )
    if isinstance(first, tuple):
        return len(first) == len(second) and all(map(same, first, second))
    if isinstance(first, np.ndarray):
        return first.dtype == second.dtype and np.array_equal(first, second, equal_nan=True)
    return type(first) is type(second) and first == second


def forget_everything() -> None:
    for cache in (
        defense_compute.summary,
        defense_compute.spot_checks,
        defense_compute.slack,
        cached_figures.padding_learned,
    ):
        cache.clear()


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(disk_store.STORE_ENV, str(tmp_path / "worlds"))
    forget_everything()
    yield disk_store.store_folder()
    forget_everything()


def test_every_stored_result_reads_back_to_the_bit(store):
    computed = defense_compute.results_to_store(B, SIGMA)
    assert defense_store.write(B, SIGMA, computed)
    forget_everything()
    defaults = {"k": 4, "rho": 0.5, "lam": 0.5, "m": 10}
    read_back = {
        defense_store.SUMMARY: defense_compute.summary(B, SIGMA),
        defense_store.ENSEMBLE: defense_compute.summary(
            B, SIGMA, defaults["k"], defaults["rho"], "mean"
        ),
        defense_store.LENGTH: defense_compute.summary(B, SIGMA, length_penalty=defaults["lam"]),
        defense_store.SPOT: defense_compute.spot_checks(defaults["m"], B, SIGMA),
        defense_store.SLACK: defense_compute.slack(B, SIGMA),
    }
    for name, result in read_back.items():
        assert same(result, computed[name]), name
    stored_runs = defense_store.read(B, SIGMA, defense_store.SPOT)
    assert [len(run["quality_lost"]["array"]) for run in stored_runs] == [SPOT_REPEATS] * 2


def test_the_page_opens_from_the_store_without_computing(store, monkeypatch):
    for b in (B, SECTION_DEFAULTS["fix"]):  # the first section draws b′ = 0.2 beside b
        assert defense_store.write(b, SIGMA, defense_compute.results_to_store(b, SIGMA))
    forget_everything()

    def refuse(*args, **kwargs):
        raise AssertionError("computed what the store holds")

    for name in ("defended_best_of_n", "defended_kl_optimum", "spot_check_kl", "slack"):
        monkeypatch.setattr(core, name, refuse)
    app = open_defenses({"b": f"{B:g}", "sigma": f"{SIGMA:g}"})
    assert_clean(app)
    assert len(app.metric) == 3 * 4 + 2 * 4
    # A setting away from the defaults is not in the store: it is computed.
    with pytest.raises(AssertionError, match="computed what the store holds"):
        defense_compute.summary(B, SIGMA, 8, 0.5, "mean")


def test_a_damaged_or_foreign_file_is_ignored_and_computed(store, caplog):
    assert defense_store.write(0.4, SIGMA, defense_compute.results_to_store(0.4, SIGMA))
    defense_store.path(0.4, SIGMA).replace(defense_store.path(B, SIGMA))  # another b's file
    forget_everything()
    with caplog.at_level(logging.WARNING, logger="ui.disk_store"):
        shown = defense_compute.summary(B, SIGMA)
    assert "it holds b=0.4" in caplog.text
    assert same(shown, defense_compute.results_to_store(B, SIGMA)[defense_store.SUMMARY])
    defense_store.path(B, SIGMA).write_text("{", encoding="utf-8")  # torn
    forget_everything()
    expected = core.slack(beta_stops=BETA_STOPS, n_stops=N_STOPS, b=B, sigma=SIGMA, edge="mass")
    assert same(defense_compute.slack(B, SIGMA), expected)
