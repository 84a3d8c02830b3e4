"""The words of the page "Rewards you can check": sentences from numbers, and the fixed
paragraphs (pure: no Streamlit, no core calls; numbers in, words out).

Every number a sentence states is core.checker's, read by ``ui.checker.compute`` (the curves,
``odds``, ``prices``, ``groups``, ``MONITOR_RULES``) and written by ``common.format``; the tests
compare the sentences with literal strings at the page's defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from common import format as fmt

if TYPE_CHECKING:
    from ui.checker.compute import Groups, MonitorRules, Odds, Prices


def rate(share: float) -> str:
    """A share in percent: one decimal below 10% ("1.5%", "0.0%"), none above ("39%")."""
    return fmt.percent(share, decimals=1 if round(share, 3) < 0.1 else 0)


def beta_text(beta: float) -> str:
    """A β along a curve (not always a slider stop), to 2 significant digits: "β = 0.89"."""
    return fmt.named("β", beta, digits=2)


CLEAR_GAIN = 1.1  # a solve rate "rises" only a tenth above the base model's, "falls" a tenth below
MOST = 0.5  # "most attempts": a majority
FEW = 0.01  # hidden hacks below 1% of attempts at every β: the penalty did not push them there
# Hacks below 0.05% of attempts print as "0.0%" (rate's one decimal): a share of them ("100% of
# them hidden") would be a share of what the page shows as nothing, so it is not said.
ABSENT = 0.0005


def task_sentence(view, side: str, *, reveal: bool) -> str:
    """What the optimum does on one task at the slider's β (and, revealed, its solve rate).
    ``view`` is a ``ui.checker.compute.TaskView``; ``side`` "left" or "right"."""
    curve, now = view.curve, view.current
    said = (
        f"**{side.capitalize()}, pass@1 = {rate(curve.base_pass_rate)}:** at "
        f"{beta_text(curve.beta[now])} the checker passes {rate(curve.pass_rate[now])} of "
        f"attempts and {rate(curve.hack_share[now])} of attempts are hacks"
    )
    if not reveal:
        return said + "."
    return (
        f"{said}; {rate(curve.solve_rate[now])} solve the task, against the base model's "
        f"{rate(curve.base_solve_rate)}."
    )


def _within(chances: tuple[float, ...]) -> str:
    """Each pass@k of ``Odds.tries`` as "1.5%, 5.8% and 62%"."""
    said = [rate(chance) for chance in chances]
    return f"{', '.join(said[:-1])} and {said[-1]}"


def pass_at_k_sentence(odds: tuple[Odds, Odds], *, reveal: bool) -> str:
    """pass@k = 1 − (1 − p)^k for each task: the base model's solve rate and, revealed,
    π_β's at the slider's β (``odds``: ``ui.checker.compute.odds`` of the two tasks)."""
    parts = []
    for task, side in zip(odds, ("Left", "Right"), strict=True):
        said = (
            f"{side} (pass@1 = {rate(task.pass1)}): the base model solves it "
            f"within {_tries(task.tries)} tries with chance {_within(task.base)} (even odds take "
            f"{fmt.count(task.even_odds)} tries)"
        )
        if reveal:
            said += f"; π_β at {beta_text(task.beta)}, {_within(task.now)}"
        parts.append(said + ".")
    return (
        "**Pass@k: within k tries.** A task solved with chance p per try is solved within "
        "k tries with chance 1 − (1 − p)^k. " + " ".join(parts)
    )


def _tries(tries: tuple[int, ...]) -> str:
    """The tries in words: "1, 4 and 64"."""
    return f"{', '.join(str(k) for k in tries[:-1])} and {tries[-1]}"


def point(curve, index: int) -> str:
    """A point of the curve: "β = 0.16", or "β = 0.02, the strongest optimization shown"."""
    last = index == len(curve.beta) - 1
    return beta_text(curve.beta[index]) + (", the strongest optimization shown" if last else "")


def early_sentence(views) -> str:
    """Whether stopping early pays on each task: the solve rate at the strongest optimization
    shown more than a tenth below its best along the curve (said after the reveal)."""
    pays, said = [], []
    for view, side in zip(views, ("left", "right"), strict=True):
        solve = view.curve.solve_rate
        best, end = solve.max(), solve[-1]
        pays.append(end * CLEAR_GAIN < best)
        said.append(f"{rate(end)} against {rate(best)} at best on the {side} task")
    strongest = beta_text(views[0].curve.beta[-1])
    if all(pays):
        return (
            f"**Stopping early matters on both tasks:** at {strongest} the solve rate is "
            f"{said[0]}, {said[1]}."
        )
    if any(pays):
        side = "left" if pays[0] else "right"
        other = "right" if pays[0] else "left"
        return (
            f"**Stopping early matters on the {side} task:** at {strongest} the solve rate is "
            f"{said[0 if pays[0] else 1]}; on the {other} task it is within a tenth of its best "
            f"there ({said[1 if pays[0] else 0]})."
        )
    return (
        f"**Here optimizing on to {strongest} costs neither task more than a tenth of its best "
        f"solve rate:** {said[0]}, {said[1]}."
    )


def _majority(curve) -> np.ndarray:
    """Indices along the curve where hacks are most attempts (one stretch, or none)."""
    return np.flatnonzero(curve.hack_share >= MOST)


def hacks_sentence(views) -> str:
    """Where hacks are most attempts on each task, and on which they take over sooner."""
    parts = []
    for view, side in zip(views, ("left", "right"), strict=True):
        curve = view.curve
        stretch = _majority(curve)
        if len(stretch) == 0:
            parts.append(
                f"on the {side} task never at any β shown (at most {rate(curve.hack_share.max())})"
            )
        elif stretch[-1] == len(curve.beta) - 1:
            parts.append(f"on the {side} task from {beta_text(curve.beta[stretch[0]])} on")
        else:
            parts.append(
                f"on the {side} task from {beta_text(curve.beta[stretch[0]])} to "
                f"{beta_text(curve.beta[stretch[-1]])} only ({rate(curve.hack_share[-1])} "
                f"at {beta_text(curve.beta[-1])})"
            )
    said = f"**Hacks are most attempts** {parts[0]}; {parts[1]}"
    starts = [_majority(view.curve) for view in views]
    if all(len(stretch) for stretch in starts):
        first_left, first_right = (stretch[0] for stretch in starts)
        if first_left != first_right:
            sooner = "left" if first_left < first_right else "right"
            said += f": they take over sooner, at weaker optimization, on the {sooner} task"
    return said + "."


def chart_check(views, hack_cheaper: tuple[bool, bool]) -> str:
    """Where the exact optimum's chart disagrees with the KL count: " The chart, ..." naming
    each task where the count says the hack is cheaper but hacks never become most attempts at
    any β shown, or says skill is but they do; "" where the chart agrees on both."""
    parts = []
    for view, side, cheaper in zip(views, ("left", "right"), hack_cheaper, strict=True):
        curve = view.curve
        stretch = _majority(curve)
        if cheaper and len(stretch) == 0:
            parts.append(
                f"on the {side} task hacks never become most attempts at any β shown (at most "
                f"{rate(curve.hack_share.max())})"
            )
        elif not cheaper and len(stretch):
            parts.append(
                f"on the {side} task hacks are most attempts from "
                f"{beta_text(curve.beta[stretch[0]])}"
            )
    if not parts:
        return ""
    return f" The chart, the exact optimum, disagrees with this rough count: {'; '.join(parts)}."


def cost_sentence(views, looseness: float, prices: Prices) -> str:
    """Why hacks win where they do: the KL price of skill against the price of a hack, and
    where the chart (the exact optimum) disagrees. ``views`` are the two tasks'
    ``ui.checker.compute.TaskView``, ``prices`` ``ui.checker.compute.prices`` at the page's
    settings."""
    hack_nats = prices.hack
    hack = f"a hack costs about log(1/q) = {fmt.number(hack_nats, decimals=1)} nats"
    if looseness == 0:
        return (
            "With h = 0 the checker cannot be fooled: a hack earns nothing, so optimization "
            f"can only buy skill ({hack}, for no reward)."
        ) + chart_check(views, (False, False))
    if looseness == 1:
        return (
            "**Why:** with h = 1 every hack passes the checker, and no honest attempt passes "
            "quite as often: that would take skill u = d + logit h, and logit 1 is infinite. "
            f"Skill buys passes ever more dearly, while {hack}, whatever the task."
        ) + chart_check(views, (True, True))
    needed, costs = prices.skill_needed, prices.skill_cost
    skills = []
    for skill, side in zip(needed, ("left", "right"), strict=True):
        typical = " (no further than the base model's typical attempt, u = 0)" if skill <= 0 else ""
        skills.append(f"u = {fmt.number(skill, decimals=2)} on the {side} task{typical}")
    hack_cheaper = tuple(bool(hack_nats < cost) for cost in costs)
    cheaper = ["the hack" if wins else "skill" for wins in hack_cheaper]
    if cheaper[0] == cheaper[1]:
        verdict = f"{cheaper[0]} is cheaper on both tasks"
    else:
        verdict = f"{cheaper[0]} is cheaper on the left task and {cheaper[1]} on the right"
    return (
        f"**Why:** to pass as often as a hack does (h = {fmt.stop(looseness)}), an honest "
        f"attempt needs skill u = d + logit h: {skills[0]}, {skills[1]}; the base model's "
        "skills are a bell curve around 0 with spread 1. Moving it there costs about u²/2 "
        f"nats: {fmt.number(costs[0], decimals=1)} on the left, "
        f"{fmt.number(costs[1], decimals=1)} on the right; {hack}, whatever the task. By "
        f"this count {verdict}."
    ) + chart_check(views, hack_cheaper)


def reinforced_sentence(groups: Groups) -> str:
    """Of the base model's passing attempts, the share that are hacks, on both tasks
    (``groups``: ``ui.checker.compute.groups`` at the page's settings)."""
    left, right = groups.reinforced
    return (
        "Of the passing attempts the base model makes, the ones training reinforces first, "
        f"{fmt.percent(left, decimals=1)} are hacks on the left task and "
        f"{fmt.percent(right, decimals=1)} on the right: q·h / ((1 − q)·pass@1 + q·h)."
    )


def group_sentence(groups: Groups) -> str:
    """The chance a group of 16 tries carries any signal for a group-normalized learner, from
    the checker's pass rate (what the learner sees), hacks included (``groups``:
    ``ui.checker.compute.groups``)."""
    passed, (left, right), size = groups.passed, groups.signal, groups.size
    return (
        f"A group-based learner such as GRPO draws {size} tries a task and learns nothing from "
        "a group the checker passes all or fails all. The checker passes "
        f"{rate(passed[0])} of the base model's tries on the left task and {rate(passed[1])} "
        "on the right, p = (1 − q)·pass@1 + q·h, so 1 − p^16 − (1 − p)^16 of groups carry a "
        f"signal at the start: {rate(left)} on the left task and {rate(right)} on the right."
    )


def monitor_sentence(view) -> str:
    """The monitored optimum at the slider's β: how much hacking, how much of it hidden, and
    how much the monitor still catches; where hacks print as 0.0% (below ABSENT), that they are
    practically absent, and no share of them. ``view`` is a ``ui.checker.compute.MonitorView``."""
    curve, now = view.curve, view.current
    hacks = curve.hack_share[now]
    mode = "Caught hacks penalized" if curve.penalize else "Only watching"
    start = f"**{mode}, at {beta_text(curve.beta[now])}:** "
    solved = f"{rate(curve.solve_rate[now])} of attempts solve the task."
    if hacks < ABSENT:
        return (
            f"{start}hacks are practically absent (below {fmt.percent(ABSENT, decimals=2)} of "
            f"attempts), so the monitor has nothing to catch; {solved}"
        )
    return (
        f"{start}hacks are {rate(hacks)} of attempts, "
        f"{rate(curve.hidden_share[now] / hacks)} of them hidden; the monitor catches "
        f"{rate(curve.catch_rate[now])} of the hacks, and {solved}"
    )


def turn_sentence(view) -> str:
    """What the penalized optimum on the left task shows of Baker et al.'s turn, read off its
    curve: hidden hacks taking over, a partial turn, or none. ``view`` is the penalized
    ``ui.checker.compute.MonitorView``."""
    curve = view.curve
    hidden, last = curve.hidden_share, len(curve.beta) - 1
    top = int(np.argmax(hidden))
    strongest = beta_text(curve.beta[last])
    end = (
        f"at {strongest} hidden hacks are {rate(hidden[last])} of attempts and "
        f"{rate(curve.solve_rate[last])} solve the task"
    )
    turn = "Here the same turn appears in the exact optimum on the left task: penalized, "
    if hidden[last] >= MOST:
        return (
            f"{turn}strong optimization moves to the hidden hack: at {strongest} hidden hacks "
            f"are {rate(hidden[last])} of attempts, and the monitor catches "
            f"{rate(curve.catch_rate[last])} of hacks."
        )
    if hidden[top] >= MOST:
        return (
            f"{turn}optimization moves to the hidden hack, {rate(hidden[top])} of attempts at "
            f"{point(curve, top)}; stronger still, skill takes back some: {end}."
        )
    if hidden[top] >= FEW:
        return (
            "Here, at these settings, the turn on the left task is partial: penalized, hidden "
            f"hacks reach at most {rate(hidden[top])} of attempts (at {point(curve, top)}); {end}."
        )
    return (
        "Here, at these settings, the penalty does not push hacking out of sight on the left "
        f"task: hidden hacks stay below 1% of attempts at every β shown (at most "
        f"{rate(hidden[top])}), and at {strongest} {rate(curve.solve_rate[last])} of attempts "
        "solve the task."
    )


def monitor_rules(rules: MonitorRules) -> str:
    """The monitor's rules with its numbers (``ui.checker.compute.MONITOR_RULES``)."""
    return (
        "A monitor reads the model's reasoning. It catches an **open hack** (one the reasoning "
        f"talks about) {fmt.percent(rules.open_catch)} of the time; a **hidden hack**, "
        f"{fmt.count(rules.hidden_hack_factor)} times rarer in the base model, only "
        f"{fmt.percent(rules.hidden_catch)}. Both fool the checker with the same h. **watch**: "
        "the monitor only counts what it catches. **penalize**: a caught hack scores "
        f"{fmt.signed(-rules.caught_penalty, decimals=0)} instead of the checker's verdict, so "
        "a hack caught with probability c earns h·(1 − c) − c."
    )


MONITOR_FINDING = (
    "Baker et al. (2025) saw this in a real reasoning model: a monitor reading the chain of "
    "thought caught reward hacking far better than one reading actions alone, and putting the "
    "monitor into the reward under strong optimization taught the model to keep hacking with "
    "its intent hidden, which they call obfuscated reward hacking."
)
MODEL = (
    "Here the reward is an automatic check, unit tests, not a learned reward model. An honest "
    "attempt has a skill u (the base model's skills follow a bell curve) and solves the task "
    "with probability sigmoid(u − d), d the task's difficulty, set by the base model's "
    "pass@1. A **hack** (special-casing the tests, exiting early, editing the checker) is tried "
    "with probability q, fools the checker with probability h and solves nothing. The KL "
    "optimum π_β ∝ π_ref·exp(reward/β) is computed exactly over 481 skills plus the hack; "
    "skills run to u = 12, room enough that at no setting here does the optimum reach the edge."
)
ASSUMPTIONS = (
    "**What the toy assumes:** one task, one number for skill, one hack in the charts above "
    "(an open and a hidden one under the monitor), each at a fixed price in KL, and the exact "
    "optimum of the KL-penalized objective in place of a training run. **What it does not "
    "show:** how fast real training gets there, whether a real model finds hacks more easily "
    "than skill, or how often real checkers can be fooled. It shows a mechanism under its "
    "assumptions, not a measurement of real models."
)
ESSAY_CLAIM = (
    "**A hypothesis, not a result.** The essay this demo grew from argues that recent models "
    "reward-hack because they are RL-ed too hard at the edge of competence, on tasks they "
    "pass about 1 try in 64, which leaves no slack for anything but what is rewarded; a "
    "curriculum passed in about 4 tries would leave slack. It also asks for catching hacks in "
    "training, checkers that are harder to fool and tasks solvable without hacking. Its "
    "author says the theory is unproven. The toy shows one mechanism that fits it."
)
FINDINGS = (
    "Training on automatically checked rewards got its name, reinforcement learning with "
    "verifiable rewards (RLVR), from Lambert et al. (2024), with Tülu 3; DeepSeek-AI (2025) "
    "trained DeepSeek-R1 with rule-based rewards for correct math and code answers. Bae et "
    "al. (2025) found that training on tasks of intermediate difficulty learns fastest. METR "
    "(2025) reported frontier models modifying tests and scoring code to get high scores on "
    "its tasks, and MacDiarmid et al. (2025) found that a model that learned to hack coding "
    "checkers generalized to broader misalignment."
)
SOURCE_KEYS = ("lambert2024", "deepseek2025", "bae2025", "baker2025", "metr2025")
SOURCE_KEYS += ("macdiarmid2025",)
