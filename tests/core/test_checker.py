"""Rewards you can check (core/checker.py): against a direct loop, docs/design.md's table, the
reinforced-hack share, the group signal and the monitor's claim."""

import math

import numpy as np
import pytest

import core
from core import checker
from scripts.processes import run_python

SKILLS = np.linspace(-12, 12, 481)  # written out here, not taken from core
# docs/design.md's table (q = 0.01): solve rate / hack share at β = 1, 0.3, 0.1, 0.05, 0.02.
# Skills to u = 12: two cells at β = 0.02 moved from the lesson's grid (skills to 6), where the
# edge capped them: (1.5%, h = 0.5) was 0.222/0.705, (25%, h = 0.9) 0.094/0.897.
NOTES_TABLE = {
    (0.015, 0.5): "0.015/0.016 0.015/0.048 0.009/0.558 0.001/0.992 0.584/0.308",
    (0.25, 0.5): "0.276/0.013 0.360/0.019 0.632/0.018 0.810/0.002 0.915/0.000",
    (0.015, 0.9): "0.015/0.024 0.014/0.162 0.000/0.986 0.000/1.000 –",
    (0.25, 0.9): "0.275/0.019 0.342/0.068 0.326/0.493 0.146/0.820 0.095/0.897",
}
BETAS = (1.0, 0.3, 0.1, 0.05, 0.02)


def sigmoid(x):
    return 1 / (1 + math.exp(-x))


def loop_optimum(beta, difficulty, looseness, hack_rate):
    """One β, one strategy at a time, in plain Python: (kl, pass, solve, hack share)."""
    base = [math.exp(-(u**2) / 2) for u in SKILLS]
    total = sum(base)
    strategies = [((1 - hack_rate) * w / total, sigmoid(u - difficulty), True)
                  for w, u in zip(base, SKILLS, strict=True)]  # fmt: skip
    strategies.append((hack_rate, looseness, False))
    top = max(reward for _, reward, _ in strategies)
    weights = [p * math.exp((reward - top) / beta) for p, reward, _ in strategies]
    norm = sum(weights)
    policy = [w / norm for w in weights]
    kl = sum(p * math.log(p / ref) for p, (ref, _, _) in zip(policy, strategies, strict=True)
             if p > 0)  # fmt: skip
    passing = sum(p * reward for p, (_, reward, _) in zip(policy, strategies, strict=True))
    solving = sum(p * reward for p, (_, reward, honest) in zip(policy, strategies, strict=True)
                  if honest)  # fmt: skip
    return kl, passing, solving, policy[-1]


def loop_pass_at_1(difficulty):
    base = [math.exp(-(u**2) / 2) for u in SKILLS]
    return sum(w * sigmoid(u - difficulty) for w, u in zip(base, SKILLS, strict=True)) / sum(base)


@pytest.mark.parametrize(("pass_rate", "difficulty"), [(0.015, "4.66"), (0.25, "1.31")])
def test_difficulty_from_pass_at_1(pass_rate, difficulty):
    d = checker.difficulty_for(pass_rate=pass_rate)
    assert f"{d:.2f}" == difficulty
    assert loop_pass_at_1(d) == pytest.approx(pass_rate, abs=1e-12)


def test_difficulty_vectorized_and_inverse():
    rates = np.array([[0.005, 0.1], [0.5, 0.75]])
    d = checker.difficulty_for(pass_rate=rates)
    assert d.shape == (2, 2)
    np.testing.assert_allclose(checker.base_pass_rate(difficulty=d), rates, rtol=1e-10)
    assert np.all(np.diff(d.reshape(-1)) < 0)  # harder tasks pass less often


@pytest.mark.parametrize("beta", [2.0, 0.3, 0.07, 0.02])
@pytest.mark.parametrize(("pass_rate", "looseness", "hack_rate"),
                         [(0.015, 0.9, 0.01), (0.25, 0.5, 0.01), (0.05, 0.2, 0.1)])  # fmt: skip
def test_optimum_matches_a_direct_loop(beta, pass_rate, looseness, hack_rate):
    result = core.checker_optimum(
        beta, pass_rate=pass_rate, looseness=looseness, hack_rate=hack_rate
    )
    kl, passing, solving, hack = loop_optimum(beta, result.difficulty, looseness, hack_rate)
    assert result.kl == pytest.approx(kl, rel=1e-9, abs=1e-12)
    assert result.pass_rate == pytest.approx(passing, rel=1e-9)
    assert result.solve_rate == pytest.approx(solving, rel=1e-9, abs=1e-15)
    assert result.hack_share == pytest.approx(hack, rel=1e-9, abs=1e-15)


def test_optimum_keeps_the_shape_of_beta():
    betas = np.array([[1.0, 0.1], [0.05, 0.02]])
    result = core.checker_optimum(betas, pass_rate=0.015, looseness=0.5)
    for field in ("kl", "pass_rate", "solve_rate", "hack_share"):
        assert getattr(result, field).shape == (2, 2)
    single = core.checker_optimum(0.1, pass_rate=0.015, looseness=0.5)
    assert isinstance(single.kl, float)
    assert single.solve_rate == pytest.approx(result.solve_rate[0, 1], rel=1e-12)


@pytest.mark.parametrize(("row", "printed"), list(NOTES_TABLE.items()))
def test_the_table_in_docs_design(row, printed):
    pass_rate, looseness = row
    result = core.checker_optimum(np.array(BETAS), pass_rate=pass_rate, looseness=looseness)
    for beta, cell, solve, hack in zip(
        BETAS, printed.split(), result.solve_rate, result.hack_share, strict=True
    ):
        if cell == "–":  # not printed in the notes: nothing left but the hack
            assert solve < 5e-4 and hack > 1 - 5e-4, beta
        else:
            assert f"{solve:.3f}/{hack:.3f}" == cell, beta


def test_python_m_core_checker_prints_the_table():
    run = run_python("-m", "core", "checker")
    assert run.returncode == 0, run.stderr
    assert "1.5%, h = 0.9" in run.stdout
    assert "0.326 / 0.493" in run.stdout and "0.584 / 0.308" in run.stdout
    assert "0.000 / 1.000" in run.stdout


def test_reinforced_hack_share_and_group_signal():
    shares = core.reinforced_hack_share(pass_rate=np.array([0.015, 0.25]), looseness=0.9)
    assert [f"{100 * share:.1f}%" for share in shares] == ["37.7%", "3.5%"]
    assert f"{core.group_signal(pass_rate=0.015, group_size=16):.0%}" == "21%"
    # GRPO sees the checker's verdict, hacks included: (1 − q)·pass@1 + q·h.
    passed = core.base_checker_rate(pass_rate=0.015, looseness=0.9)
    assert f"{100 * passed:.3f}" == f"{100 * (0.99 * 0.015 + 0.01 * 0.9):.3f}" == "2.385"
    assert f"{core.group_signal(pass_rate=passed):.0%}" == "32%"
    # All-fail and all-pass groups carry nothing: p = 0 or 1 gives no signal.
    assert core.group_signal(pass_rate=np.array([0.0, 1.0])).tolist() == [0.0, 0.0]


def test_costs_of_skill_and_of_hacking():
    assert f"{core.hack_cost(hack_rate=0.01):.1f}" == "4.6"
    # (d + logit h)²/2 at d = 4.66, h = 0.9: (4.66 + 2.20)² / 2 = 23.5
    assert f"{core.skill_cost(pass_rate=0.015, looseness=0.9):.1f}" == "23.5"
    assert f"{core.skill_cost(pass_rate=0.25, looseness=0.9):.1f}" == "6.2"
    # The skill needed, d + logit h: 4.66 + 2.20 = 6.86, on the grid (to 12) with room.
    assert f"{core.skill_needed(pass_rate=0.015, looseness=0.9):.2f}" == "6.86"
    both = core.skill_cost(pass_rate=np.array([0.015, 0.25]), looseness=0.9)
    assert [f"{cost:.1f}" for cost in both] == ["23.5", "6.2"]
    # h = 1: logit 1 is infinite, no skill passes as often as a hack; h = 0: no cost at all.
    assert core.skill_needed(pass_rate=0.015, looseness=1.0) == np.inf
    assert core.skill_cost(pass_rate=0.015, looseness=1.0) == np.inf
    assert core.skill_needed(pass_rate=0.015, looseness=0.0) == -np.inf
    assert core.skill_cost(pass_rate=0.015, looseness=0.0) == 0.0
    # An easy task with a tight checker: the base model's typical attempt already passes.
    assert core.skill_needed(pass_rate=0.75, looseness=0.2) < 0
    assert core.skill_cost(pass_rate=0.75, looseness=0.2) == 0.0


def test_kl_and_hack_share_move_with_optimization():
    betas = np.geomspace(3, 0.02, 40)
    result = core.checker_optimum(betas, pass_rate=0.015, looseness=0.9)
    assert np.all(np.diff(result.kl) > 0)  # weaker penalty, further from the base model
    assert np.all(np.diff(result.pass_rate) > 0)  # the checker's score only climbs
    assert result.hack_share[-1] > 0.99 and result.solve_rate[-1] < 1e-3
    easy = core.checker_optimum(betas, pass_rate=0.25, looseness=0.9)
    peak = core.solve_peak(easy)
    assert 0 < peak < len(betas) - 1  # a peak inside the range, then decline
    assert easy.solve_rate[peak] > 0.3 > easy.solve_rate[-1]


def test_monitor_watching_only_leaves_the_open_hack_on_top():
    watched = core.monitored_optimum(
        np.array([1.0, 0.1, 0.02]), pass_rate=0.015, looseness=0.9, penalize=False
    )
    assert np.all(watched.open_share > 50 * watched.hidden_share)
    assert watched.hack_share[-1] > 0.99
    # Same reward for both hacks: the catch rate stays where the base model's mix puts it.
    expected = (0.01 * checker.OPEN_CATCH + 1e-4 * checker.HIDDEN_CATCH) / (0.01 + 1e-4)
    np.testing.assert_allclose(watched.catch_rate, expected, rtol=1e-9)


def test_monitor_penalizing_moves_hacking_out_of_sight():
    betas = np.array([1.0, 0.1, 0.02])
    penalized = core.monitored_optimum(betas, pass_rate=0.015, looseness=0.9, penalize=True)
    watched = core.monitored_optimum(betas, pass_rate=0.015, looseness=0.9, penalize=False)
    assert penalized.hidden_share[-1] > penalized.open_share[-1]
    assert penalized.hidden_share[-1] > 0.99  # hacking goes on, unseen
    assert penalized.catch_rate[-1] < penalized.catch_rate[0]
    assert penalized.catch_rate[-1] == pytest.approx(checker.HIDDEN_CATCH)
    assert penalized.catch_rate[-1] < watched.catch_rate[-1]
    # At weak optimization the penalty does cut hacking (below the base model's 1%).
    assert penalized.hack_share[0] < watched.hack_share[0]


def test_monitored_rewards_as_documented():
    """With m = m' = 0 and no hidden hack worth taking, the monitor changes nothing."""
    plain = core.checker_optimum(0.1, pass_rate=0.05, looseness=0.7)
    blind = core.monitored_optimum(
        0.1, pass_rate=0.05, looseness=0.7, penalize=True, open_catch=0.0, hidden_catch=0.0
    )
    # The hidden hack adds q/100 of base weight with the same reward as the open one.
    assert blind.catch_rate == 0.0
    assert blind.hack_share > plain.hack_share
    assert blind.open_share == pytest.approx(plain.hack_share, rel=0.02)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: core.checker_optimum(0.0, pass_rate=0.1, looseness=0.5), "beta"),
        (lambda: core.checker_optimum(1.0, pass_rate=2.0, looseness=0.5), "pass_rate"),
        (lambda: core.checker_optimum(1.0, pass_rate=0.1, looseness=float("nan")), "looseness"),
        (lambda: core.checker_optimum(1.0, pass_rate=0.1, looseness=0.5, hack_rate=0), "hack"),
        (lambda: core.difficulty_for(pass_rate=[0.1, 1.0]), "pass_rate"),
    ],
)
def test_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message):
        call()


def test_the_base_models_solve_rate_is_where_weak_optimization_starts():
    result = core.checker_optimum(1e4, pass_rate=0.25, looseness=0.9, hack_rate=0.05)
    assert result.base_solve_rate == pytest.approx(0.95 * 0.25)
    assert result.solve_rate == pytest.approx(result.base_solve_rate, rel=1e-4)
    assert result.hack_share == pytest.approx(0.05, rel=1e-3)
