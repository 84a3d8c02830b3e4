"""The curriculum question's words on the page "Rewards you can check" (pure: a
``ui.checker.compute.CurriculumView`` in, Markdown out): which mix of the two tasks, trained at
one KL budget, solves the most (core/curriculum.py).

tests/app/test_checker_curriculum.py walks it over a fixed sample of the page's stops against
core, called there.
"""

from __future__ import annotations

from common import format as fmt
from ui.checker.text import beta_text, rate

QUESTION = "**Which mix of the two tasks should training use?**"
# How the model answers it, before the numbers (fixed words; the numbers follow).
HOW = (
    "Suppose one skill serves both tasks (the same skill u, each task its own difficulty d) "
    "and the test holds one of each, so real solving is the mean of the two solve rates. "
    "Train the KL optimum on every mix of the two, 0% to 100% left in steps of 1%, each "
    "spending the same KL, and count what each solves on the test."
)


def mix_text(share: float) -> str:
    """A mix as "30% left, 70% right", "the left task alone", "the right task alone"."""
    if share >= 1:
        return "the left task alone"
    if share <= 0:
        return "the right task alone"
    left = round(100 * share)
    return f"{left}% left, {100 - left}% right"


def curriculum_sentence(view, *, reveal: bool) -> str:
    """The question, and (revealed) its answer at the page's settings, as Markdown."""
    left, right = view.pass_rates
    budget = (
        f"the KL that training on the left task alone spends at {beta_text(view.beta)} "
        f"({fmt.kl(view.budget)} nats)"
    )
    if not reveal:
        return f"{QUESTION} {HOW} At {budget}: reveal the solve rate above to see the answer."
    if left == right:
        return (
            f"{QUESTION} {HOW} The two tasks are equally hard (pass@1 {rate(left)}): every mix "
            "is the same training, so no mix is better than another."
        )
    solving = view.mixes.real_solving
    if rate(solving.max()) == rate(solving.min()):  # every mix prints alike: no mix to name
        answer = (
            f"At {budget}, every mix solves about the same, {rate(solving.max())} of the test's "
            f"attempts; the base model solves {rate(view.base_solving)}."
        )
        return f"{QUESTION} {HOW} {answer}{_flat_why(view)}"
    return f"{QUESTION} {HOW} {_named_answer(view, budget)}{_named_why(view)}"


def _below_base(view) -> bool:
    """Every mix solves less than the base model, as printed too."""
    best, base = view.mixes.real_solving.max(), view.base_solving
    return best < base and rate(best) != rate(base)


def _hack_takes_it(view) -> str:
    return (
        " Every mix solves less than the base model here: at this KL the hack, which passes "
        f"the checker {fmt.percent(view.looseness)} of the time, takes the budget."
    )


def _flat_why(view) -> str:
    """Why every mix solves alike: the hack takes the budget, or the KL is too small to move."""
    if _below_base(view):
        return _hack_takes_it(view)
    if rate(view.mixes.real_solving.max()) == rate(view.base_solving):
        return " At so small a KL training barely moves, whatever the mix."
    return ""


def _named_answer(view, budget: str) -> str:
    """The best mix, its solving, and the even mix's, each task alone's and the base model's."""
    mixes, best = view.mixes, view.best
    solving = mixes.real_solving
    return (
        f"At {budget}, the mix that solves the most is **{mix_text(mixes.mix[best])}**: "
        f"{rate(solving[best])} of the test's attempts (left {rate(mixes.solve_rates[best, 0])}, "
        f"right {rate(mixes.solve_rates[best, 1])}; hacks {rate(mixes.hack_share[best])} of "
        f"attempts), against {rate(solving[view.even])} for an even mix, {rate(solving[-1])} "
        f"for the left task alone and {rate(solving[0])} for the right alone; the "
        f"base model solves {rate(view.base_solving)}."
    )


def _named_why(view) -> str:
    """What the numbers show about the named mix, where they show it."""
    mixes, best = view.mixes, view.best
    if _below_base(view):
        return _hack_takes_it(view)
    if view.looseness == 0 and best == view.even:
        return (
            " With a perfect checker (h = 0) the even mix's reward is the test itself, so its KL "
            "optimum is the most any training can solve at that KL."
        )
    harder = -1 if view.pass_rates[0] < view.pass_rates[1] else 0  # left alone is the last mix
    alone, there = mixes.hack_share[harder], mixes.hack_share[best]
    if rate(alone) != rate(there) and alone > there:
        return (
            f" Trained on the harder task alone, {rate(alone)} of attempts are hacks: its reward "
            "pays for skill the base model rarely has, so the budget goes where the checker is "
            "easier to fool."
        )
    return ""
