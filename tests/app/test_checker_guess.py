"""The guess on the page "Rewards you can check" (ui/checker/guess_text.py), walked at all 924
(pass@1, h, q) stops of its sliders, each against core computed here, independently of the page:
the solve rate at the slider's 14 stops and just past its end (β = 0.01) from their own core
call, not read off the page's curve.

What was wrong before: the answer was the stop nearest the curve's peak, so at 661
stops it was β = 0.02, the slider's end, where the solve rate was still rising; at 6 stops it
named a stop whose rate was lower than another's (``?pass1=0.03&h=0.9&q=0.002``: 0.2 named, 0.3
higher); and "never" was helped by "no β raises it", false past the slider at 138 stops.
"""

import itertools
import re
from collections import Counter

import numpy as np
import pytest

import core
from ui.checker import compute, guess_text
from ui.checker_rows import CHECK_BETA_STOPS, HACK_RATE_STOPS, LOOSENESS_STOPS, PASS1_STOPS

STOPS = list(itertools.product(PASS1_STOPS, LOOSENESS_STOPS, HACK_RATE_STOPS))
SLIDER = np.array(CHECK_BETA_STOPS)
BEYOND = np.array([0.01, 0.005, 0.002, 0.001])  # just past the end, then on to 0.001
RISE = 1.1  # "a tenth above" the base model's solve rate
SHARE = r"[0-9.]+%"
RIGHT_TASK = 0.25  # the right task's default pass@1, beside each left task walked
NEVER_CLIMBS_BACK = 82  # of the "never" answers, those whose rate climbs back by β = 0.001


def pct(share: float) -> str:
    """A share as the page prints it: one decimal below 10%, none from 10% up."""
    return f"{100 * share:.1f}%" if round(share, 3) < 0.1 else f"{100 * share:.0f}%"


def named(option) -> str:
    if option in ("never", "past"):
        return {"never": "“never”", "past": "“past 0.02”"}[option]
    return f"β = {option:g}"


class Stop:
    """One (pass@1, h, q): core's curve as the page draws it, and core's own calls at the
    slider's stops and past its end."""

    def __init__(self, pass_rate: float, looseness: float, hack_rate: float):
        settings = {"pass_rate": pass_rate, "looseness": looseness, "hack_rate": hack_rate}
        self.curve = core.checker_optimum(compute.CURVE_BETAS, **settings)
        self.at_stops = core.checker_optimum(SLIDER, **settings).solve_rate
        self.beyond = core.checker_optimum(BEYOND, **settings)
        self.base = (1 - hack_rate) * pass_rate

    def view(self):
        return compute.TaskView(curve=self.curve, current=0, beyond=self.beyond)

    def options(self) -> dict:
        """The solve rate at each option but "never": the stops, then "past" (β = 0.01)."""
        return {**dict(zip(CHECK_BETA_STOPS, self.at_stops, strict=True)), "past": self.past}

    @property
    def past(self) -> float:
        return float(self.beyond.solve_rate[0])

    def truth(self) -> tuple:
        """Every option whose rate prints as the best one does; "never" where nothing drawn,
        nor β = 0.01, is a tenth above the base model's."""
        if max(self.curve.solve_rate.max(), self.past) < RISE * self.base:
            return ("never",)
        options = self.options()
        best = pct(max(options.values()))
        return tuple(option for option, rate in options.items() if pct(rate) == best)


@pytest.fixture(scope="module")
def stops():
    return {key: Stop(*key) for key in STOPS}


def test_the_guess_reads_what_the_page_can_show():
    assert np.array_equal(compute.BEYOND_BETAS, BEYOND)
    assert compute.PAST_BETA == min(CHECK_BETA_STOPS) / 2 == 0.01
    assert ("never", *CHECK_BETA_STOPS, "past") == guess_text.OPTIONS
    assert [guess_text.guess_text(option) for option in ("never", 0.3, "past")] == [
        "never",
        "0.3",
        "past 0.02",
    ]
    assert np.array_equal(compute.CURVE_BETAS[compute.STOP_INDICES], SLIDER)
    # The help claims only what the walk below checks: the chart, and β = 0.01.
    assert guess_text.HELP == (
        "A stop: the one where the solve rate is highest. “never”: no β the chart draws, nor "
        "β = 0.01 just past the slider's end, raises it a tenth above the base model's. “past "
        "0.02”: at β = 0.01, just past the slider's end, it is higher than at every stop. Stops "
        "whose rates print alike tie."
    )


def test_the_right_answer_is_the_best_option_at_every_stop(stops):
    """All 924: the right answers are the best of the stops and β = 0.01 (ties as printed);
    β = 0.02 is never right where the rate is still higher just past it."""
    answers, old_end, ties = Counter(), 0, 0
    for key, stop in stops.items():
        truth = guess_text.right_answers(stop.view())
        assert truth == stop.truth(), key
        options = stop.options()
        if truth != ("never",):
            best = max(options.values())
            for option in truth:  # each right answer is the best, or prints as it does
                assert pct(options[option]) == pct(best)
            assert all(pct(options[o]) != pct(best) for o in options if o not in truth)
        if 0.02 in truth:
            assert stop.past <= options[0.02] or pct(stop.past) == pct(options[0.02])
        # The old rule's end: the highest stop is the slider's last and the rate still rises.
        if np.argmax(stop.at_stops) == len(SLIDER) - 1 and stop.past > stop.at_stops[-1]:
            old_end += 1
            assert truth == ("past",), key
        ties += len(truth) > 1
        answers["tie" if len(truth) > 1 else truth[0]] += 1
    assert (answers["past"], answers["never"], ties) == (739, 132, 12), answers
    assert old_end == 661, old_end  # each named β = 0.02 before, now "past 0.02"
    assert answers[0.02] == 0


def test_the_named_cases(stops):
    """The six stops where the old answer, the stop nearest the curve's peak, had a lower rate
    than another stop: the best stop is now right, and the nearest only where it prints alike
    (a tie: at (0.1, 0.9, 0.02) 0.7, 0.5 and 0.3 print 11%)."""
    for key, best, nearest, answers in (
        ((0.03, 0.9, 0.002), 0.3, 0.2, (0.3,)),  # 3.4% against 3.3%: 0.2 was named
        ((0.05, 1.0, 0.002), 0.3, 0.2, (0.3,)),
        ((0.1, 0.9, 0.02), 0.5, 0.3, (0.7, 0.5, 0.3)),
        ((0.15, 1.0, 0.02), 0.5, 0.3, (0.5, 0.3)),
        ((0.25, 0.9, 0.05), 0.5, 0.3, (0.5, 0.3)),
        ((0.35, 1.0, 0.02), 0.3, 0.2, (0.3, 0.2)),
    ):
        stop = stops[key]
        rates = stop.options()
        assert rates[best] == max(rates.values()) > rates[nearest], key
        assert guess_text.right_answers(stop.view()) == answers, key
    said = guess_text.reveal_sentence(
        0.2, (stops[0.03, 0.9, 0.002].view(), stops[0.25, 0.9, 0.01].view())
    )
    assert "The answer was β = 0.3, the stop where it is highest (3.4%)." in said
    default = stops[0.015, 0.9, 0.01]
    assert guess_text.right_answers(default.view()) == ("never",)
    edge = stops[0.015, 0.5, 0.01]  # 58% at β = 0.02, 92% at 0.01: the rate is still rising
    assert f"{edge.at_stops[-1]:.2f} {edge.past:.2f}" == "0.58 0.92"
    assert guess_text.right_answers(edge.view()) == ("past",)


VERDICTS = {
    "right": re.compile(r"Your guess is right(?:: (?P<tied>.+) tie at (?P<best>\S+))?\."),
    "never": re.compile(
        r"The answer was “never”: no β the chart draws, nor β = 0\.01 just past the slider's "
        r"end, raises the solve rate a tenth above the base model's\."
    ),
    "past": re.compile(
        rf"The answer was “past 0\.02”: at β = 0\.01, just past the slider's end, the solve rate "
        rf"is (?P<best>{SHARE}), above every stop \(at most (?P<stop_rate>{SHARE}), at "
        r"β = (?P<stop>[0-9.]+)\)\."
    ),
    "tie": re.compile(r"The answer was (?P<tied>.+), tied at (?P<best>\S+), where it is highest\."),
    "stop": re.compile(
        rf"The answer was β = (?P<stop>[0-9.]+), the stop where it is highest "
        rf"\((?P<best>{SHARE})\)\."
    ),
}
FURTHER = re.compile(
    rf" Further past the slider's end, where the chart stops, the left task's solve rate reaches "
    rf"(?P<rate>{SHARE}) at β = (?P<beta>[0-9.]+), (?P<kl>[0-9]+) nats from the base model\."
)


def verdict_of(said: str) -> tuple[str, dict, dict | None]:
    """The verdict's form and claims, and the "further" clause's claims (or None)."""
    further = FURTHER.search(said)
    if further:
        said = said[: further.start()]
    verdict = said[said.rindex(". ", 0, len(said) - 1) + 2 :] if ". " in said else said
    for form, pattern in VERDICTS.items():
        if match := pattern.fullmatch(verdict):
            return form, match.groupdict(), further and further.groupdict()
    raise AssertionError(verdict)


def check_further(claims, stop: Stop) -> None:
    """Said where, down to β = 0.001, the rate prints above every option and a tenth above
    the base model's: the highest there, its β and its KL."""
    rates = stop.beyond.solve_rate[1:]
    top = int(np.argmax(rates))
    reached = max(stop.options().values())
    said = (
        rates[top] >= RISE * stop.base and rates[top] > reached and pct(rates[top]) != pct(reached)
    )
    assert (claims is not None) == said
    if said:
        assert claims["rate"] == pct(rates[top]) and float(claims["beta"]) == BEYOND[1 + top]
        assert claims["kl"] == f"{stop.beyond.kl[1 + top]:.0f}"


@pytest.mark.parametrize("guess", ["never", 0.3, 0.02, "past"])
def test_the_verdict_at_every_stop(stops, guess):
    """Each guess said back at all 924 stops: right exactly where it is one of the answers;
    otherwise the answer, with its rate, and the past-the-end clause where it holds."""
    forms, further = Counter(), Counter()
    right = stops[RIGHT_TASK, 0.9, 0.01].view()
    for key, stop in stops.items():
        said = guess_text.reveal_sentence(guess, (stop.view(), right))
        assert said.startswith(f"You guessed {named(guess)}. On the left task the solve rate ")
        form, claims, beyond = verdict_of(said)
        check_further(beyond, stop)
        truth, rates = stop.truth(), stop.options()
        further[truth == ("never",)] += beyond is not None
        forms[form] += 1
        assert (form == "right") == (guess in truth), key
        best = pct(max(rates.values()))
        if form == "right":
            assert (claims["tied"] is not None) == (len(truth) > 1)
            if claims["tied"]:
                assert claims["tied"] == " or ".join(map(named, truth)) and claims["best"] == best
        elif form == "never":
            assert truth == ("never",)
        elif form == "past":
            assert truth == ("past",) and claims["best"] == pct(stop.past)
            top = int(np.argmax(stop.at_stops))
            assert claims["stop_rate"] == pct(stop.at_stops[top])
            assert float(claims["stop"]) == SLIDER[top]
        elif form == "tie":
            assert len(truth) > 1 and claims["tied"] == " or ".join(map(named, truth))
            assert claims["best"] == best
        else:
            assert truth == (float(claims["stop"]),) and claims["best"] == best
    # How far past the slider's end it goes on, where it does: "never" holds on the chart and
    # at β = 0.01, and at most of those stops the rate climbs back further out.
    assert further[True] == NEVER_CLIMBS_BACK and further[False] > 100, further
    # The slider's strongest stop is right nowhere: wherever it is the best stop, the rate is
    # higher still just past it (the old guess's 661).
    assert (forms["right"] == 0) == (guess == 0.02) and len(forms) >= 4, forms


STORY = re.compile(
    r"On the left task the solve rate (?P<left>.+); on the right it (?P<right>.+?)\. "
    r"(?:Your guess|The answer)"
)
STILL = re.compile(
    rf", and just past the slider's end it is higher: (?P<past>{SHARE}) at β = 0\.01 against "
    rf"(?P<end>{SHARE}) at β = 0\.02$"
)


def test_the_story_says_where_the_rate_still_rises_at_every_stop(stops):
    """Each task's story ends "and just past the slider's end it is higher" exactly where
    β = 0.01 prints above β = 0.02 (the curve's last point)."""
    said_count = 0
    right = stops[RIGHT_TASK, 0.9, 0.01]
    for stop in stops.values():
        for pair, story in (((stop, right), "left"), ((right, stop), "right")):
            said = guess_text.reveal_sentence(0.1, tuple(s.view() for s in pair))
            told = STILL.search(STORY.search(said)[story])
            task = pair[0] if story == "left" else pair[1]
            end = task.curve.solve_rate[-1]
            rising = task.past > end and pct(task.past) != pct(end)
            assert (told is not None) == rising
            if told:
                assert told["past"] == pct(task.past) and told["end"] == pct(end)
                said_count += story == "left"
    assert said_count > 600, said_count


def test_the_defaults_reveal_in_words(stops):
    left, right = stops[0.015, 0.9, 0.01], stops[0.25, 0.9, 0.01]
    assert f"{right.past:.3f} {right.curve.solve_rate[-1]:.3f}" == "0.418 0.095"
    assert f"{left.beyond.solve_rate[-1]:.3f} {left.beyond.kl[-1]:.1f}" == "0.991 44.5"
    assert guess_text.reveal_sentence(0.3, (left.view(), right.view())) == (
        "You guessed β = 0.3. On the left task the solve rate never rises a tenth above the "
        "base model's 1.5% (at most 1.5%); it falls to 0.0% at β = 0.02, the strongest "
        "optimization shown; on the right it peaks at β = 0.16: 39%, against the base model's "
        "25%, then falls to 8.7% at β = 0.024, and just past the slider's end it is higher: 42% "
        "at β = 0.01 against 9.5% at β = 0.02. The answer was “never”: no β the chart draws, "
        "nor β = 0.01 just past the slider's end, raises the solve rate a tenth above the base "
        "model's. Further past the slider's end, where the chart stops, the left task's solve "
        "rate reaches 99% at β = 0.001, 45 nats from the base model."
    )
