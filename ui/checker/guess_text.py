"""The guess on the page "Rewards you can check", in words (pure: no Streamlit, no math beyond
reading core's results): its options, its right answers, and the reveal.

"At which β is the left task's solve rate highest?" The answer is read where the page can show
it: the slider's 14 stops, and β = 0.01 just past its end (``compute.PAST_BETA``), the option
"past 0.02". In this toy, optimization strong enough always buys skill back (at pass@1 1.5%,
h = 0.9 the solve rate is 0.0% at β = 0.01 and 98% at β = 0.002), so at 739 of the 924
(pass@1, h, q) stops the rate is higher just past the end than at any stop; the answer says so
rather than naming the slider's last stop, and the reveal says how far it goes on to β = 0.001.

The right answers are every option whose rate prints as the highest does (the page cannot show
a difference it prints alike: a tie); "never" where nothing shown, nor β = 0.01, raises it a
tenth above the base model's.
"""

from __future__ import annotations

import numpy as np

from common import format as fmt
from ui.checker import compute
from ui.checker.text import CLEAR_GAIN, beta_text, point, rate
from ui.checker_rows import CHECK_BETA_STOPS

NEVER = "never"  # no β shown, nor β = 0.01, raises the solve rate a tenth above the base's
PAST = "past"  # the solve rate is higher at β = 0.01, just past the slider's end, than at any stop
OPTIONS = (NEVER, *CHECK_BETA_STOPS, PAST)  # the guess slider's, weak to strong optimization
QUESTION = "Guess first: at which β is the left task's solve rate highest?"
HELP = (
    "A stop: the one where the solve rate is highest. “never”: no β the chart draws, nor "
    "β = 0.01 just past the slider's end, raises it a tenth above the base model's. “past "
    "0.02”: at β = 0.01, just past the slider's end, it is higher than at every stop. Stops "
    "whose rates print alike tie."
)


def guess_text(guess) -> str:
    """An option as the guess slider writes it: "never", "0.3", "past 0.02"."""
    if guess == NEVER:
        return NEVER
    if guess == PAST:
        return f"past {fmt.stop(min(CHECK_BETA_STOPS))}"
    return fmt.stop(guess)


def option_words(option) -> str:
    """An option as a sentence names it: "“never”", "β = 0.3", "“past 0.02”"."""
    return fmt.named("β", option) if option not in (NEVER, PAST) else f"“{guess_text(option)}”"


def option_rates(view) -> np.ndarray:
    """The solve rate at each option after "never": the slider's stops, then β = 0.01 (15,)."""
    stops = view.curve.solve_rate[compute.STOP_INDICES]
    return np.append(stops, view.beyond.solve_rate[0])


def right_answers(view) -> tuple:
    """The guess's right answers: (NEVER,), or every stop (and PAST) whose solve rate prints
    as the highest one does. ``view`` is a ``ui.checker.compute.TaskView``."""
    rates = option_rates(view)
    shown = max(view.curve.solve_rate.max(), rates[-1])
    if shown < CLEAR_GAIN * view.curve.base_solve_rate:
        return (NEVER,)
    best = rate(rates.max())
    return tuple(option for option, r in zip(OPTIONS[1:], rates, strict=True) if rate(r) == best)


def highest(view) -> int | None:
    """Where along the curve the solve rate is highest, if that is a tenth above the base
    model's (else None): the chart's star."""
    curve = view.curve
    top = int(np.argmax(curve.solve_rate))
    return top if curve.solve_rate[top] >= CLEAR_GAIN * curve.base_solve_rate else None


def _still_rising(view) -> str:
    """ ", and just past the slider's end it is higher: ..." where β = 0.01 prints higher than
    the curve's last point; else ""."""
    curve, past = view.curve, view.beyond.solve_rate[0]
    end = curve.solve_rate[-1]
    if past <= end or rate(past) == rate(end):
        return ""
    return (
        f", and just past the slider's end it is higher: {rate(past)} at "
        f"{beta_text(compute.PAST_BETA)} against {rate(end)} at {beta_text(curve.beta[-1])}"
    )


def solve_story(view) -> str:
    """What the solve rate does along the curve, from weak optimization to strong, said after
    "the solve rate": where it is highest (if a tenth above the base model's), how low it goes,
    whether it climbs again, and whether it is still rising at the slider's end."""
    curve = view.curve
    solve, base, last = curve.solve_rate, curve.base_solve_rate, len(curve.beta) - 1
    top = highest(view)
    rising = _still_rising(view)
    if top is None:
        low = int(np.argmin(solve))
        said = (
            f"never rises a tenth above the base model's {rate(base)} (at most {rate(solve.max())})"
        )
        said += f"; it falls to {rate(solve[low])} at {point(curve, low)}"
        if low < last and solve[last] >= CLEAR_GAIN * solve[low]:
            said += f", then climbs back to {rate(solve[last])} at {point(curve, last)}"
        return said + rising
    if top == last:
        low = int(np.argmin(solve))
        if solve[low] * CLEAR_GAIN <= base:
            return (
                f"falls to {rate(solve[low])} at {point(curve, low)}, then is highest at "
                f"{point(curve, top)}: {rate(solve[top])}, against the base model's "
                f"{rate(base)}{rising}"
            )
        return (
            f"is highest at {point(curve, top)}: {rate(solve[top])}, against the base model's "
            f"{rate(base)}{rising}"
        )
    low = top + int(np.argmin(solve[top:]))
    said = (
        f"peaks at {beta_text(curve.beta[top])}: {rate(solve[top])}, against the base model's "
        f"{rate(base)}, then falls to {rate(solve[low])} at {point(curve, low)}"
    )
    if low < last and solve[last] >= CLEAR_GAIN * solve[low]:
        said += f" and climbs again to {rate(solve[last])} at {point(curve, last)}"
    return said + rising


def _listed(options) -> str:
    return " or ".join(option_words(option) for option in options)


def verdict(guess, view) -> str:
    """Whether ``guess`` was right on the left task, and what the answer was and why."""
    truth = right_answers(view)
    rates = option_rates(view)
    best = rate(rates.max())
    tied = f": {_listed(truth)} tie at {best}" if len(truth) > 1 else ""
    if guess in truth:
        return f"Your guess is right{tied}."
    if truth == (NEVER,):
        return (
            f"The answer was “{NEVER}”: no β the chart draws, nor β = 0.01 just past the "
            f"slider's end, raises the solve rate a tenth above the base model's."
        )
    if len(truth) > 1:
        return f"The answer was {_listed(truth)}, tied at {best}, where it is highest."
    if truth == (PAST,):
        stop = int(np.argmax(rates[:-1]))
        return (
            f"The answer was {_listed(truth)}: at {beta_text(compute.PAST_BETA)}, just past the "
            f"slider's end, the solve rate is {best}, above every stop (at most "
            f"{rate(rates[stop])}, at {fmt.named('β', CHECK_BETA_STOPS[stop])})."
        )
    return f"The answer was {_listed(truth)}, the stop where it is highest ({best})."


def further(view) -> str:
    """How far past the slider's end the solve rate goes on: " Further past ..." where, down
    to β = 0.001, it prints above anything the options reach and a tenth above the base
    model's; else ""."""
    past = view.beyond.solve_rate[1:]
    top = int(np.argmax(past))
    reached = option_rates(view).max()
    base = view.curve.base_solve_rate
    if past[top] < CLEAR_GAIN * base or past[top] <= reached or rate(past[top]) == rate(reached):
        return ""
    return (
        " Further past the slider's end, where the chart stops, the left task's solve rate "
        f"reaches {rate(past[top])} "
        f"at {beta_text(view.beyond.beta[1 + top])}, "
        f"{fmt.number(view.beyond.kl[1 + top], decimals=0)} nats from the base model."
    )


def reveal_sentence(guess, views) -> str:
    """The guess said back, what each task's solve rate does along the curve, whether the
    guess was right (``right_answers``), and how far past the slider the left task goes on."""
    left, right = views
    said = option_words(guess)
    return (
        f"You guessed {said}. On the left task the solve rate {solve_story(left)}; on the right "
        f"it {solve_story(right)}. {verdict(guess, left)}{further(left)}"
    )
