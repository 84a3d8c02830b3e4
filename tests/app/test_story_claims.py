"""Every number the presets and the Lesson's steps state is what core computes there."""

import numpy as np
import pytest

import core
from ui.state import PRESETS
from ui.story import TRIES

ALL_N = np.arange(1, 10_001)
BETAS = np.geomspace(10, 0.25, 300)  # the β slider's range
STEPS = {step.name: step.values for step in TRIES}


def best_of_n_gold(values):
    return core.best_of_n(ALL_N, b=values["b"], sigma=values["sigma"]).gold_gain


def kl_gold(values):
    return BETAS, core.kl_optimum(BETAS, b=values["b"], sigma=values["sigma"]).gold_gain


def test_the_presets_are_among_the_steps_to_try():
    assert [p.name for p in PRESETS] == [step.name for step in TRIES[: len(PRESETS)]]


def test_the_peak_sits_where_true_quality_peaks():
    values = STEPS["The peak"]
    assert int(np.argmax(best_of_n_gold(values))) + 1 == values["n"] == 49
    betas, gold = kl_gold(values)
    assert betas[np.argmax(gold)] == pytest.approx(values["beta"], rel=0.02)


def test_overoptimized_is_worse_than_the_base_model_while_the_proxy_climbs():
    values = STEPS["Overoptimized"]
    kl = core.kl_optimum(values["beta"], b=values["b"], sigma=values["sigma"])
    bon = core.best_of_n(values["n"], b=values["b"], sigma=values["sigma"])
    assert kl.gold_gain < 0 and bon.gold_gain < 0
    assert kl.proxy_gain > core.kl_optimum(1.0).proxy_gain
    assert bon.proxy_gain > core.best_of_n(49).proxy_gain


def test_the_fix_removes_the_decline_at_the_same_pressure():
    values = STEPS["Fix: b = 0.2"]
    gold = best_of_n_gold(values)
    assert np.all(gold >= np.maximum.accumulate(gold) - 0.01)
    _, kl_gold_gain = kl_gold(values)
    assert np.all(kl_gold_gain >= np.maximum.accumulate(kl_gold_gain) - 0.01)


def test_the_noisy_reward_model_peaks_near_n_6_and_is_below_base_by_n_200():
    values = STEPS["Noisy reward model"]
    gold = best_of_n_gold(values)
    assert abs(int(np.argmax(gold)) + 1 - 6) <= 1
    assert gold[values["n"] - 1] < 0


def test_the_fix_with_other_errors_stalls_near_1_5_while_the_proxy_reports_3_4():
    values = STEPS["The fix, with other errors left"]
    result = core.best_of_n(values["n"], b=values["b"], sigma=values["sigma"])
    assert result.gold_gain == pytest.approx(1.5, abs=0.1)
    assert round(result.proxy_gain, 1) == 3.4


def test_best_of_n_runs_out_of_answers_just_short_of_log_600():
    values = STEPS["Best-of-n runs out of answers"]
    kl = core.best_of_n(values["n"], b=values["b"], sigma=values["sigma"]).kl
    assert np.log(600) - 0.01 < kl < np.log(600)


def test_the_fix_with_other_errors_states_the_kl_optimums_numbers_clear_of_the_edge():
    values = STEPS["The fix, with other errors left"]
    assert values["beta"] == 0.4  # at 0.3 the optimum would be capped (8.3% on the edge)
    kl = core.kl_optimum(values["beta"], b=values["b"], sigma=values["sigma"])
    assert (round(kl.gold_gain, 1), round(kl.proxy_gain, 1)) == (1.4, 3.4)
    assert "the KL optimum at β = 0.4 gets +1.4 for +3.4" in PRESETS[5].story


@pytest.mark.parametrize("step", TRIES, ids=[step.name for step in TRIES])
def test_no_story_step_sits_on_an_optimum_capped_by_the_grids_edge(step):
    values = step.values
    kl = core.kl_optimum(values["beta"], b=values["b"], sigma=values["sigma"])
    assert kl.edge_mass < 0.05
