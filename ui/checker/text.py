"""The words of the page "Rewards you can check": sentences computed from core, and the fixed
paragraphs (pure: no Streamlit, no math beyond reading core's results).

Every number a sentence states comes from ``core.checker``, written by ``ui.format``; the
tests compare the sentences with literal strings at the page's defaults.
"""

from __future__ import annotations

import core
from core import checker
from ui import format as fmt


def rate(share: float) -> str:
    """A share in percent: one decimal below 10% ("1.5%", "0.0%"), none above ("39%")."""
    return fmt.percent(share, decimals=1 if round(share, 3) < 0.1 else 0)


def beta_text(beta: float) -> str:
    """A β along a curve (not always a slider stop), to 2 significant digits: "β = 0.89"."""
    return fmt.named("β", beta, digits=2)


def task_sentence(view, side: str, *, reveal: bool) -> str:
    """What the optimum does on one task at the slider's β (and, revealed, where its solve rate
    peaks). ``view`` is a ``ui.checker.compute.TaskView``; ``side`` "left" or "right"."""
    curve, now = view.curve, view.current
    said = (
        f"**{side.capitalize()}, pass@1 = {rate(curve.base_pass_rate)}:** at "
        f"{beta_text(curve.beta[now])} the checker passes {rate(curve.pass_rate[now])} of "
        f"attempts and {rate(curve.hack_share[now])} of attempts are hacks"
    )
    if not reveal:
        return said + "."
    return (
        f"{said}; {rate(curve.solve_rate[now])} solve the task. The solve rate is highest at "
        f"{beta_text(curve.beta[view.peak])}, {rate(curve.solve_rate[view.peak])}, against the "
        f"base model's {rate(curve.base_solve_rate)}."
    )


def reveal_sentence(guess: float, views) -> str:
    """The guess said back, and where each task's solve rate truly peaks."""
    left, right = views
    return (
        f"You guessed {fmt.named('β', guess)}. On the left task the solve rate peaks at "
        f"{beta_text(left.curve.beta[left.peak])} ({rate(left.curve.solve_rate[left.peak])}); "
        f"on the right at {beta_text(right.curve.beta[right.peak])} "
        f"({rate(right.curve.solve_rate[right.peak])})."
    )


def cost_sentence(pass_rates: tuple[float, float], looseness: float, hack_rate: float) -> str:
    """Why hard tasks hack: the KL price of skill against the price of a hack."""
    hack_nats = fmt.number(core.hack_cost(hack_rate=hack_rate), decimals=1)
    hack = f"a hack costs about log(1/q) = {hack_nats} nats"
    if looseness == 0:
        return (
            "With h = 0 the checker cannot be fooled: a hack earns nothing, so optimization "
            f"can only buy skill ({hack}, for no reward)."
        )
    left, right = (core.skill_cost(pass_rate=p, looseness=looseness) for p in pass_rates)
    return (
        "**Why:** buying skill costs KL that grows with the distance to travel: to pass as "
        f"often as a hack does (h = {fmt.stop(looseness)}), an attempt needs the skill "
        "d + logit h, about "
        f"{fmt.number(left, decimals=1)} nats away on the left task and "
        f"{fmt.number(right, decimals=1)} on the right (the square of the "
        f"distance, halved); {hack}, whatever the task."
    )


def reinforced_sentence(pass_rates: tuple[float, float], looseness: float, hack_rate: float) -> str:
    """Of the base model's passing attempts, the share that are hacks, on both tasks."""
    left, right = (
        core.reinforced_hack_share(pass_rate=p, looseness=looseness, hack_rate=hack_rate)
        for p in pass_rates
    )
    return (
        "Of the passing attempts the base model makes, the ones training reinforces first, "
        f"{fmt.percent(left, decimals=1)} are hacks on the left task and "
        f"{fmt.percent(right, decimals=1)} on the right: q·h / ((1 − q)·pass@1 + q·h)."
    )


def group_sentence(pass_rates: tuple[float, float]) -> str:
    """The chance a group of 16 tries carries any signal for a group-normalized learner."""
    left, right = (core.group_signal(pass_rate=p) for p in pass_rates)
    size = checker.GROUP_SIZE
    return (
        f"A group-based learner such as GRPO draws {size} tries a task and learns nothing from "
        "a group that all fail or all pass: 1 − p^16 − (1 − p)^16 of groups carry a signal, "
        f"{rate(left)} on the left task and {rate(right)} on the right."
    )


def monitor_sentence(view) -> str:
    """The monitored optimum at the slider's β: how much hacking, how much of it hidden, and
    how much the monitor still catches. ``view`` is a ``ui.checker.compute.MonitorView``."""
    curve, now = view.curve, view.current
    hacks = curve.hack_share[now]
    hidden = curve.hidden_share[now] / hacks if hacks > 0 else 0.0
    mode = "Caught hacks penalized" if curve.penalize else "Only watching"
    return (
        f"**{mode}, at {beta_text(curve.beta[now])}:** hacks are {rate(hacks)} of attempts, "
        f"{rate(hidden)} of them hidden; the monitor catches {rate(curve.catch_rate[now])} of "
        f"the hacks, and {rate(curve.solve_rate[now])} of attempts solve the task."
    )


MONITOR_RULES = (
    "A monitor reads the model's reasoning. It catches an **open hack** (one the reasoning "
    f"talks about) {fmt.percent(checker.OPEN_CATCH)} of the time; a **hidden hack**, "
    f"{fmt.count(checker.HIDDEN_HACK_FACTOR)} times rarer in the base model, only "
    f"{fmt.percent(checker.HIDDEN_CATCH)}. Both fool the checker with the same h. **watch**: "
    "the monitor only counts what it catches. **penalize**: a caught hack scores "
    f"{fmt.signed(-checker.CAUGHT_PENALTY, decimals=0)} instead of the checker's verdict, so a "
    "hack caught with probability c earns h·(1 − c) − c."
)
MONITOR_FINDING = (
    "Baker et al. (2025) saw this in a real reasoning model: a monitor reading the chain of "
    "thought caught reward hacking far better than one reading actions alone, and putting the "
    "monitor into the reward under strong optimization taught the model to keep hacking with "
    "its intent hidden, which they call obfuscated reward hacking. Here the same turn appears "
    "in the exact optimum: penalized, strong optimization moves to the hidden hack."
)
MODEL = (
    "Here the reward is an automatic check, unit tests, not a learned reward model. An honest "
    "attempt has a skill u (the base model's skills follow a bell curve) and solves the task "
    "with probability sigmoid(u − d), d the task's difficulty, set by the base model's "
    "pass@1. A **hack** (special-casing the tests, exiting early, editing the checker) is tried "
    "with probability q, fools the checker with probability h and solves nothing. The KL "
    "optimum π_β ∝ π_ref·exp(reward/β) is computed exactly over 241 skills plus the hack."
)
ASSUMPTIONS = (
    "**What the toy assumes:** one task, one number for skill, one kind of hack with a fixed "
    "price in KL, and the exact optimum of the KL-penalized objective in place of a training "
    "run. **What it does not show:** how fast real training gets there, whether a real model "
    "finds hacks more easily than skill, or how often real checkers can be fooled. It shows a "
    "mechanism under its assumptions, not a measurement of real models."
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
