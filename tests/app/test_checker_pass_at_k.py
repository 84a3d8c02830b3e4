"""The Checkers page's pass@k sentence (ui.checker.text.pass_at_k_sentence) at every stop of
its β and pass@1 sliders (h and q at a sample of theirs), against 1 − (1 − p)^k computed here."""

from types import SimpleNamespace

import numpy as np
import pytest

import core
from ui.checker import compute, text
from ui.checker_rows import CHECK_BETA_STOPS, HACK_RATE_STOPS, LOOSENESS_STOPS, PASS1_STOPS

BETAS = np.array(CHECK_BETA_STOPS)
WORLDS = [(0.9, 0.01), (0.0, 0.01), (0.5, 0.1), (1.0, 0.001)]  # (h, q): the page's, and a sample
assert {h for h, _ in WORLDS} <= set(LOOSENESS_STOPS)
assert {q for _, q in WORLDS} <= set(HACK_RATE_STOPS)


def _percent(share: float) -> str:
    """The page's rounding, written out: one decimal below 10%, none above."""
    return f"{100 * share:.1f}%" if round(share, 3) < 0.1 else f"{100 * share:.0f}%"


def _said(share: float) -> str:
    # k = 1 is p itself: 1 − (1 − p) would round p = 0.0045 below its printed half, 0.4%.
    values = [_percent(share if k == 1 else 1 - (1 - share) ** k) for k in (1, 4, 64)]
    return f"{values[0]}, {values[1]} and {values[2]}"


@pytest.mark.parametrize(("looseness", "hack_rate"), WORLDS)
@pytest.mark.parametrize("pass_rate", PASS1_STOPS)
def test_pass_at_k_sentence_at_every_beta_stop(pass_rate, looseness, hack_rate):
    other = 0.25
    curves = [
        core.checker_optimum(BETAS, pass_rate=p, looseness=looseness, hack_rate=hack_rate)
        for p in (pass_rate, other)
    ]
    for index, beta in enumerate(BETAS):
        views = [SimpleNamespace(curve=curve, current=index) for curve in curves]
        hidden = text.pass_at_k_sentence(tuple(map(compute.odds, views)), reveal=False)
        shown = text.pass_at_k_sentence(tuple(map(compute.odds, views)), reveal=True)
        assert "π_β" not in hidden  # the solve rate stays hidden until the reveal
        for curve in curves:
            base = (1 - hack_rate) * curve.base_pass_rate
            even = int(np.ceil(np.log(0.5) / np.log(1 - base) - 1e-12))
            assert f"tries with chance {_said(base)} (even odds take {even:,} tries)" in hidden
            assert _said(float(curve.solve_rate[index])) in shown
        assert f"β = {float(f'{beta:.2g}'):g}" in shown


def test_the_essays_edge_at_the_pages_opening():
    """pass@1 = 1.5%: fails in 1 try, passes in 64 with chance 62% (the essay's edge)."""
    curves = [
        core.checker_optimum(BETAS, pass_rate=p, looseness=0.9, hack_rate=0.01)
        for p in (0.015, 0.25)
    ]
    views = [SimpleNamespace(curve=curve, current=9) for curve in curves]  # β = 0.1
    sentence = text.pass_at_k_sentence(tuple(map(compute.odds, views)), reveal=True)
    assert "within 1, 4 and 64 tries with chance 1.5%, 5.8% and 62%" in sentence
    assert "π_β at β = 0.1, 0.0%, 0.1% and 1.9%" in sentence
