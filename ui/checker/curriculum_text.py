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
    mixes, best, even = view.mixes, view.best, view.even
    solving = mixes.real_solving
    shares = mixes.mix
    left_alone, right_alone = len(shares) - 1, 0
    if rate(solving.max()) == rate(solving.min()):  # every mix prints alike: no mix to name
        answer = (
            f"At {budget}, every mix solves about the same, {rate(solving.max())} of the test's "
            f"attempts; the base model solves {rate(view.base_solving)}."
        )
        below = solving.max() < view.base_solving and rate(solving.max()) != rate(view.base_solving)
        why = (
            " Every mix solves less than the base model here: at this KL the hack, which passes "
            f"the checker {fmt.percent(view.looseness)} of the time, takes the budget."
            if below
            else " At so small a KL training barely moves, whatever the mix."
            if rate(solving.max()) == rate(view.base_solving)
            else ""
        )
        return f"{QUESTION} {HOW} {answer}{why}"
    answer = (
        f"At {budget}, the mix that solves the most is **{mix_text(shares[best])}**: "
        f"{rate(solving[best])} of the test's attempts (left {rate(mixes.solve_rates[best, 0])}, "
        f"right {rate(mixes.solve_rates[best, 1])}; hacks {rate(mixes.hack_share[best])} of "
        f"attempts), against {rate(solving[even])} for an even mix, {rate(solving[left_alone])} "
        f"for the left task alone and {rate(solving[right_alone])} for the right alone; the "
        f"base model solves {rate(view.base_solving)}."
    )
    if solving[best] < view.base_solving:
        why = (
            " Every mix solves less than the base model here: at this KL the hack, which passes "
            f"the checker {fmt.percent(view.looseness)} of the time, takes the budget."
        )
    elif view.looseness == 0 and best == even:
        why = (
            " With a perfect checker (h = 0) the even mix's reward is the test itself, so its KL "
            "optimum is the most any training can solve at that KL."
        )
    else:
        harder = 0 if left < right else 1
        alone = left_alone if harder == 0 else right_alone
        why = (
            f" Trained on the harder task alone, {rate(mixes.hack_share[alone])} of attempts "
            "are hacks: its reward pays for skill the base model rarely has, so the budget "
            "goes where the checker is easier to fool."
            if rate(mixes.hack_share[alone]) != rate(mixes.hack_share[best])
            and mixes.hack_share[alone] > mixes.hack_share[best]
            else ""
        )
    return f"{QUESTION} {HOW} {answer}{why}"
