"""Every sentence of the page "Rewards you can check", walked at every stop of its sliders.

The page's sentences depend on (pass@1, h, q) through the curves, and on β through the slider's
point: 12 x 11 x 7 = 924 stops, times 14 β where a sentence reads the slider's point. Each walk
goes through the page's own sentence builders (``ui.checker.text``) and checks each sentence's
claims against core: a claim is parsed back out of the sentence, its condition tested on core's
curve, and every number compared with core's value formatted here, independently of the page.
"""

import itertools
import math
import re
from collections import Counter

import numpy as np
import pytest

import core
from core import checker
from ui.checker import compute, figures, guess_text, text
from ui.checker_rows import CHECK_BETA_STOPS, HACK_RATE_STOPS, LOOSENESS_STOPS, PASS1_STOPS

STOPS = list(itertools.product(PASS1_STOPS, LOOSENESS_STOPS, HACK_RATE_STOPS))
DEFAULTS = {"left": 0.015, "right": 0.25}  # the other task's pass@1 while one task is walked
RISE = 1.1  # "a tenth above" the base model's solve rate, as the page says
BETA = r"β = [0-9.]+"
SHARE = r"[0-9.]+%"
STRONGEST = ", the strongest optimization shown"
STILL = re.compile(r", and just past the slider's end it is higher: .+$")
BEYOND = np.array([0.01, 0.005, 0.002, 0.001])  # past the slider's end


def pct(share: float) -> str:
    """A share as the page prints it: one decimal below 10%, none from 10% up."""
    return f"{100 * share:.1f}%" if round(share, 3) < 0.1 else f"{100 * share:.0f}%"


def beta(value: float) -> str:
    return f"β = {value:.2g}"


def at(curve, index: int) -> str:
    last = index == len(curve.beta) - 1
    return beta(curve.beta[index]) + (STRONGEST if last else "")


@pytest.fixture(scope="module")
def curves():
    """Every stop's curve from core, along the page's β: {(pass@1, h, q): CheckerOptimum}."""
    return {
        (p, h, q): core.checker_optimum(compute.CURVE_BETAS, pass_rate=p, looseness=h, hack_rate=q)
        for p, h, q in STOPS
    }


@pytest.fixture(scope="module")
def penalized():
    """Every stop's monitored curve with caught hacks penalized."""
    return {
        (p, h, q): core.monitored_optimum(
            compute.CURVE_BETAS, pass_rate=p, looseness=h, hack_rate=q, penalize=True
        )
        for p, h, q in STOPS
    }


@pytest.fixture(scope="module")
def beyonds():
    """Every stop's optimum past the slider's end, from core: {(pass@1, h, q): CheckerOptimum}."""
    return {
        (p, h, q): core.checker_optimum(BEYOND, pass_rate=p, looseness=h, hack_rate=q)
        for p, h, q in STOPS
    }


def view(curve, current: int = 0, beyond=None):
    return compute.TaskView(curve=curve, current=current, beyond=beyond)


def test_the_walk_covers_the_pages_sliders():
    assert len(STOPS) == 924
    assert set(CHECK_BETA_STOPS) <= set(compute.CURVE_BETAS)
    assert compute.CURVE_BETAS[-1] == min(CHECK_BETA_STOPS) == 0.02


def test_the_skill_grid_has_room_at_every_stop(curves, penalized):
    """Skills run to u = 12: at no stop, at no β the page draws, does 5% of π_β (the app's
    measure of "capped") sit within 0.5 of the edge. The worst is far below it."""
    worst = max(float(curve.edge_share.max()) for curve in curves.values())
    worst = max(worst, *(float(curve.edge_share.max()) for curve in penalized.values()))
    for p, h, q in STOPS[::97]:
        watched = core.monitored_optimum(
            compute.CURVE_BETAS, pass_rate=p, looseness=h, hack_rate=q, penalize=False
        )
        worst = max(worst, float(watched.edge_share.max()))
    assert worst < 1e-9, worst


def test_past_the_slider_the_skill_grid_still_has_room(beyonds):
    """What the guess and its reveal read past the slider's end (down to β = 0.001) is not
    capped either: at most 0.07% of π_β sits within 0.5 of u = 12 (pass@1 0.5%, q = 0.1),
    against the app's 5%."""
    worst = max(float(result.edge_share.max()) for result in beyonds.values())
    assert 5e-4 < worst < 1e-3, worst


def test_edge_share_is_the_weight_within_half_a_unit_of_twelve():
    """Against a sum written out here, at the setting the lesson's grid capped (1.5%, h = 0.5,
    β = 0.02: 22% solved and 71% hacks with skills stopping at u = 6)."""
    skills = np.linspace(-12, 12, 481)
    result = core.checker_optimum(0.02, pass_rate=0.015, looseness=0.5)
    weights = np.exp(-(skills**2) / 2)
    weights = np.append(0.99 * weights / weights.sum(), 0.01)
    solves = 1 / (1 + np.exp(-(skills - result.difficulty)))
    log_policy = np.log(weights) + np.append(solves, 0.5) / 0.02
    policy = np.exp(log_policy - log_policy.max())
    policy /= policy.sum()
    at_edge = policy[:-1][skills >= 11.5 - 1e-9].sum()
    assert result.edge_share == pytest.approx(at_edge, abs=1e-15)
    assert f"{result.solve_rate:.3f} / {result.hack_share:.3f}" == "0.584 / 0.308"


def test_task_sentences_at_every_stop_and_beta(curves):
    """The sentence under each task, hidden and revealed, at all 924 x 14 points: its numbers
    are core's at the slider's β."""
    for (p, _h, q), curve in curves.items():
        for stop in CHECK_BETA_STOPS:
            now = compute.beta_index(stop)
            assert curve.beta[now] == stop
            said = (
                f"**Left, pass@1 = {pct(p)}:** at β = {stop:g} the checker passes "
                f"{pct(curve.pass_rate[now])} of attempts and {pct(curve.hack_share[now])} of "
                "attempts are hacks"
            )
            assert text.task_sentence(view(curve, now), "left", reveal=False) == said + "."
            assert text.task_sentence(view(curve, now), "left", reveal=True) == (
                f"{said}; {pct(curve.solve_rate[now])} solve the task, against the base "
                f"model's {pct((1 - q) * p)}."
            )


STORY_FORMS = {
    "never, falls": re.compile(
        rf"never rises a tenth above the base model's (?P<base>{SHARE}) \(at most "
        rf"(?P<high>{SHARE})\); it falls to (?P<low>{SHARE}) at (?P<low_at>{BETA}(?:{STRONGEST})?)"
        rf"(?:, then climbs back to (?P<end>{SHARE}) at (?P<end_at>{BETA}{STRONGEST}))?"
    ),
    "highest at the end, after a fall": re.compile(
        rf"falls to (?P<low>{SHARE}) at (?P<low_at>{BETA}), then is highest at "
        rf"(?P<top_at>{BETA}{STRONGEST}): (?P<high>{SHARE}), against the base model's "
        rf"(?P<base>{SHARE})"
    ),
    "highest at the end": re.compile(
        rf"is highest at (?P<top_at>{BETA}{STRONGEST}): (?P<high>{SHARE}), against the base "
        rf"model's (?P<base>{SHARE})"
    ),
    "peaks": re.compile(
        rf"peaks at (?P<top_at>{BETA}): (?P<high>{SHARE}), against the base model's "
        rf"(?P<base>{SHARE}), then falls to (?P<low>{SHARE}) at "
        rf"(?P<low_at>{BETA}(?:{STRONGEST})?)"
        rf"(?: and climbs again to (?P<end>{SHARE}) at (?P<end_at>{BETA}{STRONGEST}))?"
    ),
}


def check_story(story: str, curve) -> str:
    """The form of one task's solve-rate story, its every claim checked against ``curve``."""
    solve, base, last = curve.solve_rate, curve.base_solve_rate, len(curve.beta) - 1
    top = int(np.argmax(solve))
    form, match = next(
        (name, found)
        for name, pattern in STORY_FORMS.items()
        if (found := pattern.fullmatch(story))
    )
    claims = match.groupdict()
    assert claims["base"] == pct(base)
    rises = solve[top] >= RISE * base
    if form.startswith("never"):
        assert not rises and claims["high"] == pct(solve.max())
        low = int(np.argmin(solve))
    else:
        assert rises and claims["high"] == pct(solve[top])
        if form == "peaks":
            assert top < last and claims["top_at"] == beta(curve.beta[top])
            low = top + int(np.argmin(solve[top:]))  # the fall after the peak
        else:
            assert top == last and claims["top_at"] == at(curve, last)
            low = int(np.argmin(solve))
            fell = form == "highest at the end, after a fall"
            assert (solve[low] * RISE <= base) == fell
            if not fell:
                return form
    assert claims["low"] == pct(solve[low]) and claims["low_at"] == at(curve, low)
    if form != "highest at the end, after a fall":
        if form == "never, falls":  # "falls": a tenth below the base model's, at every stop
            assert solve[low] * RISE <= base
        climbs = low < last and solve[last] >= RISE * solve[low]
        assert (claims["end"] is not None) == climbs
        if climbs:
            assert claims["end"] == pct(solve[last]) and claims["end_at"] == at(curve, last)
    return form


def test_the_solve_rate_story_at_every_stop(curves, beyonds):
    """Where the solve rate is highest is said as a peak only where one exists a tenth above
    the base model's; elsewhere the reveal says it never rises, and how low it goes. (The
    guess's verdict, and the story's "just past the slider's end", are walked in
    test_checker_guess.py.)"""
    forms = Counter()
    for (p, h, q), curve in curves.items():
        right = (DEFAULTS["right"], h, q)
        pair = (view(curve, beyond=beyonds[p, h, q]), view(curves[right], beyond=beyonds[right]))
        revealed = guess_text.reveal_sentence(0.1, pair)
        match = re.match(
            r"You guessed β = 0\.1\. On the left task the solve rate (?P<left>.+); on the right "
            r"it (?P<right>.+?)\. (?:Your guess|The answer)",
            revealed,
        )
        assert match, revealed
        forms[check_story(STILL.sub("", match["left"]), curve)] += 1
        check_story(STILL.sub("", match["right"]), curves[right])
    assert set(forms) == set(STORY_FORMS), forms  # every form is said somewhere


def hack_clause(clause: str, curve) -> tuple[str, int | None]:
    """The form of one task's "hacks are most attempts" clause, checked; and where they start."""
    majority = np.flatnonzero(curve.hack_share >= 0.5)
    last = len(curve.beta) - 1
    if len(majority):
        assert np.all(np.diff(majority) == 1)  # one stretch: "from ... to ..." says all of it
    if match := re.fullmatch(rf"never at any β shown \(at most (?P<high>{SHARE})\)", clause):
        assert len(majority) == 0 and match["high"] == pct(curve.hack_share.max())
        return "never", None
    if match := re.fullmatch(rf"from (?P<start>{BETA}) on", clause):
        assert majority[-1] == last and match["start"] == beta(curve.beta[majority[0]])
        return "from on", majority[0]
    match = re.fullmatch(
        rf"from (?P<start>{BETA}) to (?P<stop>{BETA}) only \((?P<end>{SHARE}) at β = 0\.02\)",
        clause,
    )
    assert match, clause
    assert majority[-1] < last and match["start"] == beta(curve.beta[majority[0]])
    assert match["stop"] == beta(curve.beta[majority[-1]])
    assert match["end"] == pct(curve.hack_share[last])
    return "from to", majority[0]


def test_where_hacks_are_most_attempts_at_every_stop(curves):
    forms = Counter()
    for side in ("left", "right"):
        for (_p, h, q), curve in curves.items():
            other = curves[DEFAULTS["right" if side == "left" else "left"], h, q]
            pair = (curve, other) if side == "left" else (other, curve)
            said = text.hacks_sentence(tuple(view(c) for c in pair))
            match = re.fullmatch(
                r"\*\*Hacks are most attempts\*\* on the left task (?P<left>.+?); on the right "
                r"task (?P<right>.+?)(?:: they take over sooner, at weaker optimization, on the "
                r"(?P<sooner>left|right) task)?\.",
                said,
            )
            assert match, said
            (form, start_left), (_, start_right) = (
                hack_clause(match[name], c) for name, c in zip(("left", "right"), pair, strict=True)
            )
            forms[form] += side == "left"
            if start_left is None or start_right is None or start_left == start_right:
                assert match["sooner"] is None
            else:  # sooner: a larger β, fewer steps along the curve from weak to strong
                assert match["sooner"] == ("left" if start_left < start_right else "right")
    assert set(forms) == {"never", "from on", "from to"}, forms


def chart_disagrees(curves: tuple, hack_cheaper: tuple[bool, bool]) -> str:
    """The clause the cost sentence must end with: each task where the count's verdict and the
    chart's (hacks most attempts at some β drawn) differ; "" where they agree."""
    parts = []
    for curve, side, cheaper in zip(curves, ("left", "right"), hack_cheaper, strict=True):
        majority = np.flatnonzero(curve.hack_share >= 0.5)
        if cheaper and len(majority) == 0:
            parts.append(
                f"on the {side} task hacks never become most attempts at any β shown (at most "
                f"{pct(curve.hack_share.max())})"
            )
        if not cheaper and len(majority):
            parts.append(
                f"on the {side} task hacks are most attempts from {beta(curve.beta[majority[0]])}"
            )
    if not parts:
        return ""
    return (
        " The chart, the exact optimum, disagrees with this rough count: " + "; ".join(parts) + "."
    )


@pytest.mark.slow
def test_the_cost_sentence_at_every_stop(curves):
    """u = d + logit h and u²/2 from core, the verdict from comparing them with log(1/q); h = 0
    and h = 1 (logit infinite) said in words, never as a number. Where the chart (the exact
    optimum) disagrees with the count, the sentence says so: on the left task at 37 stops with
    0 < h < 1 (the hack cheaper by the count and never most attempts, or the reverse) and 4 at
    h = 1 (pass@1 75%, q up to 1%: hacks reach at most 6.5% to 41%)."""
    verdicts, disagree = Counter(), Counter()
    difficulty = {rate: float(checker.difficulty_for(pass_rate=rate)) for rate in PASS1_STOPS}
    for rate in (0.015, 0.25):  # the d the page's model text and docs/design.md quote
        assert core.skill_needed(pass_rate=rate, looseness=0.5) == difficulty[rate]
    assert f"{difficulty[0.015]:.2f} {difficulty[0.25]:.2f}" == "4.66 1.31"
    for (p, h, q), side in itertools.product(STOPS, ("left", "right")):
        other = DEFAULTS["right" if side == "left" else "left"]
        pair = (p, other) if side == "left" else (other, p)
        drawn = tuple(curves[rate, h, q] for rate in pair)
        said = text.cost_sentence(
            tuple(view(curve) for curve in drawn), h, compute.prices(pair, h, q)
        )
        hack = math.log(1 / q)
        assert f"log(1/q) = {hack:.1f} nats" in said
        if h in (0, 1):
            cheaper = (h == 1, h == 1)
            check = chart_disagrees(drawn, cheaper)
            walked = 0 if side == "left" else 1
            disagree[side, f"h = {h:g}"] += bool(np.any(drawn[walked].hack_share >= 0.5)) != (
                h == 1
            )
            assert said.endswith("whatever the task." + check if h == 1 else "reward)." + check)
            if h == 0:
                assert said.startswith("With h = 0 the checker cannot be fooled") and check == ""
            else:
                assert "logit 1 is infinite" in said and "nats:" not in said
            continue
        needed = [difficulty[rate] + math.log(h / (1 - h)) for rate in pair]
        assert max(needed) < checker.SKILL_EDGE - 1  # on the grid, with room: no cap to say
        costs = [max(u, 0) ** 2 / 2 for u in needed]
        skills = [
            f"u = {u:.2f} on the {name} task".replace("-0.00", "0.00")
            + (" (no further than the base model's typical attempt, u = 0)" if u <= 0 else "")
            for u, name in zip(needed, ("left", "right"), strict=True)
        ]
        hack_cheaper = tuple(hack < cost for cost in costs)
        cheaper = ["the hack" if wins else "skill" for wins in hack_cheaper]
        verdict = (
            f"{cheaper[0]} is cheaper on both tasks"
            if cheaper[0] == cheaper[1]
            else f"{cheaper[0]} is cheaper on the left task and {cheaper[1]} on the right"
        )
        verdicts[verdict] += 1
        check = chart_disagrees(drawn, hack_cheaper)
        walked = 0 if side == "left" else 1  # the other task is at its default
        takes_over = bool(np.any(drawn[walked].hack_share >= 0.5))
        disagree[side, "0 < h < 1"] += takes_over != hack_cheaper[walked]
        assert said == (
            f"**Why:** to pass as often as a hack does (h = {h:g}), an honest attempt needs "
            f"skill u = d + logit h: {skills[0]}, {skills[1]}; the base model's skills are a "
            "bell curve around 0 with spread 1. Moving it there costs about u²/2 nats: "
            f"{costs[0]:.1f} on the left, {costs[1]:.1f} on the right; a hack costs about "
            f"log(1/q) = {hack:.1f} nats, whatever the task. By this count {verdict}.{check}"
        )
    assert len(verdicts) == 4, verdicts
    assert disagree["left", "0 < h < 1"] == 37 and disagree["left", "h = 1"] == 4, disagree
    assert disagree["left", "h = 0"] == 0


def test_the_group_and_reinforced_sentences_at_every_stop():
    """GRPO sees the checker's verdict: its signal comes from (1 − q)·pass@1 + q·h."""
    for (p, h, q), side in itertools.product(STOPS, ("left", "right")):
        other = DEFAULTS["right" if side == "left" else "left"]
        pair = (p, other) if side == "left" else (other, p)
        passed = [(1 - q) * rate + q * h for rate in pair]
        signal = [1 - rate**16 - (1 - rate) ** 16 for rate in passed]
        assert text.group_sentence(compute.groups(pair, h, q)).endswith(
            f"The checker passes {pct(passed[0])} of the base model's tries on the left task "
            f"and {pct(passed[1])} on the right, p = (1 − q)·pass@1 + q·h, so "
            "1 − p^16 − (1 − p)^16 of groups carry a signal at the start: "
            f"{pct(signal[0])} on the left task and {pct(signal[1])} on the right."
        )
        reinforced = [q * h / ((1 - q) * rate + q * h) for rate in pair]
        assert (
            f"{100 * reinforced[0]:.1f}% are hacks on the left task and "
            f"{100 * reinforced[1]:.1f}% on the right"
        ) in text.reinforced_sentence(compute.groups(pair, h, q))


def test_the_monitor_sentence_at_every_stop_beta_and_mode(penalized):
    """At all 924 x 14 x 2 points. Where hacks print as 0.0% (below 0.05% of attempts: 6,224
    points) the sentence says they are practically absent and gives no share of them (it once
    said "0.0% of attempts, 100% of them hidden"); elsewhere its shares are core's."""
    absent = 0
    for (p, h, q), mode in itertools.product(STOPS, (False, True)):
        curve = (
            penalized[p, h, q]
            if mode
            else core.monitored_optimum(
                compute.CURVE_BETAS, pass_rate=p, looseness=h, hack_rate=q, penalize=False
            )
        )
        for stop in CHECK_BETA_STOPS:
            now = compute.beta_index(stop)
            hacks = curve.open_share[now] + curve.hidden_share[now]
            said = text.monitor_sentence(compute.MonitorView(curve=curve, current=now))
            start = (
                f"**{'Caught hacks penalized' if mode else 'Only watching'}, at β = {stop:g}:** "
            )
            solved = f"{pct(curve.solve_rate[now])} of attempts solve the task."
            if pct(hacks) == "0.0%":
                absent += 1
                assert said == (
                    f"{start}hacks are practically absent (below 0.05% of attempts), so the "
                    f"monitor has nothing to catch; {solved}"
                )
                continue
            hidden = curve.hidden_share[now] / hacks
            caught = (0.9 * curve.open_share[now] + 0.05 * curve.hidden_share[now]) / hacks
            assert said == (
                f"{start}hacks are {pct(hacks)} of attempts, {pct(hidden)} of them hidden; the "
                f"monitor catches {pct(caught)} of the hacks, and {solved}"
            )
    assert absent == 6224, absent


def test_the_monitor_chart_draws_no_catch_rate_where_there_are_no_hacks():
    """The "hacks caught" line is a share of hacks: it has a gap where hacks are below 0.05%
    (right task at h = 0.5: none from β ≈ 0.05 on), and is core's catch rate elsewhere."""
    curve = core.monitored_optimum(
        compute.CURVE_BETAS, pass_rate=0.25, looseness=0.5, hack_rate=0.01, penalize=False
    )
    figure = figures.monitor_chart(
        compute.MonitorView(curve=curve, current=0), "title", against="beta"
    )
    caught = next(trace for trace in figure.data if trace.name == "hacks caught")
    drawn = np.asarray(caught.y, dtype=float)
    there = curve.hack_share >= 0.0005
    assert 0 < there.sum() < len(there)
    assert np.all(np.isnan(drawn[~there]))
    assert np.allclose(drawn[there], np.round(100 * curve.catch_rate[there], 2))


TURN_FORMS = {
    "moves, to the end": re.compile(
        r"Here the same turn appears in the exact optimum on the left task: penalized, strong "
        rf"optimization moves to the hidden hack: at β = 0\.02 hidden hacks are (?P<end>{SHARE}) "
        rf"of attempts, and the monitor catches (?P<caught>{SHARE}) of hacks\."
    ),
    "moves, then skill": re.compile(
        r"Here the same turn appears in the exact optimum on the left task: penalized, "
        rf"optimization moves to the hidden hack, (?P<top>{SHARE}) of attempts at "
        rf"(?P<top_at>{BETA}); stronger still, skill takes back some: at β = 0\.02 hidden hacks "
        rf"are (?P<end>{SHARE}) of attempts and (?P<solve>{SHARE}) solve the task\."
    ),
    "partial": re.compile(
        r"Here, at these settings, the turn on the left task is partial: penalized, hidden "
        rf"hacks reach at most (?P<top>{SHARE}) of attempts \(at (?P<top_at>{BETA}(?:{STRONGEST})?)"
        rf"\); at β = 0\.02 hidden hacks are (?P<end>{SHARE}) of attempts and (?P<solve>{SHARE}) "
        r"solve the task\."
    ),
    "none": re.compile(
        r"Here, at these settings, the penalty does not push hacking out of sight on the left "
        r"task: hidden hacks stay below 1% of attempts at every β shown \(at most "
        rf"(?P<top>{SHARE})\), and at β = 0\.02 (?P<solve>{SHARE}) of attempts solve the task\."
    ),
}


def test_the_monitors_turn_at_every_stop(penalized):
    """Baker et al.'s turn (penalized, optimization moves to the hidden hack) is said only
    where the curve shows it; elsewhere the sentence says how far it goes, or that it does not."""
    forms = Counter()
    for curve in penalized.values():
        said = text.turn_sentence(compute.MonitorView(curve=curve, current=0))
        form, match = next(
            (name, found)
            for name, pattern in TURN_FORMS.items()
            if (found := pattern.fullmatch(said))
        )
        forms[form] += 1
        claims = match.groupdict()
        hidden, solve = curve.hidden_share, curve.solve_rate
        top = int(np.argmax(hidden))
        if form == "moves, to the end":
            assert hidden[-1] >= 0.5 and claims["end"] == pct(hidden[-1])
            assert hidden[-1] > 10 * curve.open_share[-1]  # the hack that moved is the hidden one
            assert claims["caught"] == pct(curve.catch_rate[-1])
            continue
        assert hidden[-1] < 0.5
        if form == "none":
            assert hidden.max() < 0.01 and claims["top"] == pct(hidden.max())
        else:
            assert (hidden[top] >= 0.5) == (form == "moves, then skill")
            assert hidden[top] >= 0.01 and claims["top"] == pct(hidden[top])
            assert claims["top_at"] == at(curve, top)
            assert claims["end"] == pct(hidden[-1])
            if form == "moves, then skill":
                assert solve[-1] > solve[top]  # "skill takes back some"
        assert claims["solve"] == pct(solve[-1])
    assert set(forms) == set(TURN_FORMS), forms
    # The defaults, in words: the turn holds there.
    default = penalized[0.015, 0.9, 0.01]
    assert text.turn_sentence(compute.MonitorView(curve=default, current=0)) == (
        "Here the same turn appears in the exact optimum on the left task: penalized, strong "
        "optimization moves to the hidden hack: at β = 0.02 hidden hacks are 100% of attempts, "
        "and the monitor catches 5.0% of hacks."
    )


def test_whether_stopping_early_matters_at_every_stop(curves):
    """Said after the reveal: "matters" on a task only where its solve rate at β = 0.02 is more
    than a tenth below its best along the curve."""
    forms = Counter()
    for side in ("left", "right"):
        for (_p, h, q), curve in curves.items():
            other = curves[DEFAULTS["right" if side == "left" else "left"], h, q]
            pair = (curve, other) if side == "left" else (other, curve)
            said = text.early_sentence(tuple(view(c) for c in pair))
            numbers = [
                f"{pct(c.solve_rate[-1])} against {pct(c.solve_rate.max())} at best on the {name} "
                "task"
                for c, name in zip(pair, ("left", "right"), strict=True)
            ]
            pays = [c.solve_rate[-1] * RISE < c.solve_rate.max() for c in pair]
            if all(pays):
                expected = (
                    "**Stopping early matters on both tasks:** at β = 0.02 the solve rate is "
                    f"{numbers[0]}, {numbers[1]}."
                )
            elif not any(pays):
                expected = (
                    "**Here optimizing on to β = 0.02 costs neither task more than a tenth of its "
                    f"best solve rate:** {numbers[0]}, {numbers[1]}."
                )
            else:
                one, two = (0, 1) if pays[0] else (1, 0)
                names = ("left", "right")
                expected = (
                    f"**Stopping early matters on the {names[one]} task:** at β = 0.02 the solve "
                    f"rate is {numbers[one]}; on the {names[two]} task it is within a tenth of "
                    f"its best there ({numbers[two]})."
                )
            assert said == expected
            forms[sum(pays)] += 1
    assert set(forms) == {0, 1, 2}, forms
