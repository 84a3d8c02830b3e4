"""What holds always, and what on the lesson's one draw of 600 answers, in words (pure, no
Streamlit): the Lesson's and the Best-of-n page's sentences on best-of-n's peak, its fall below
the base model and b = 0.2's fix, with how many of 200 fresh draws each holds on.

The lesson's 600 answers were picked as the first seed that tells its story (core/answers.py);
the KL optimum is solved on the grid and has no draw to be lucky in. Every number here comes from
``core.fresh_draws`` through ``ui.compute`` (``fresh_story``, ``lesson_story``,
``kl_largest_fall``); tests/app/test_story_claims.py counts them again from core.
"""

from __future__ import annotations

import numpy as np

from common import format as fmt

DECLINE_TOLERANCE = 0.01  # docs/design.md §3: a fall smaller than this below the best is none
PEAK_BAND = (45, 55)  # docs/design.md §3's accepted band around the lesson's peak at n = 49
BELOW_BAND = (560, 620)  # and around its first n below the base model, 590
SPREAD = (0.1, 0.5, 0.9)  # the peak's middle 80% and its median


def _count(flags) -> int:
    return int(np.sum(flags))


def _within(values, band: tuple[int, int]) -> int:
    values = np.asarray(values, dtype=float)
    return _count((values >= band[0]) & (values <= band[1]))


def _n(value: float, *, high: int) -> str:
    """ "n = 42", or at the strongest n looked at, "n = 10,000 or more" (still rising there)."""
    text = fmt.named("n", value)
    return f"{text} or more" if value >= high else text


def spread_words(fresh) -> str:
    """Where best-of-n peaks over the fresh draws (a core.fresh_draws.FreshStory at b = σ = 0),
    and how many fall below the base model: "over 200 fresh draws the peak's median is n = 42,
    its middle 80% runs from n = 7 to 10,000 or more, 85 of the 200 dip ..."."""
    low, median, high = np.quantile(fresh.peak_n, SPREAD)
    return (
        f"over {fresh.seeds} fresh draws the peak's median is {_n(median, high=fresh.high)}, its "
        f"middle 80% runs from {_n(low, high=fresh.high)} to "
        f"{_n(high, high=fresh.high).removeprefix('n = ')}, "
        f"{_count(fresh.below_past_peak)} of the {fresh.seeds} dip below the base model's "
        f"average somewhere past their peak, and {_count(fresh.below_at_end)} are below it at "
        f"{fmt.named('n', fresh.high)}"
    )


def lesson_draw_words(lesson, fresh) -> str:
    """The Lesson's sentences on best-of-n's peak and fall, this draw's against the fresh
    draws' (``lesson`` the lesson's own FreshStory, one row; ``fresh`` the 200, b = σ = 0)."""
    peak = fmt.named("n", lesson.peak_n[0])
    if np.isnan(lesson.first_below[0]):
        fall = "and never falls below the base model's average"
    else:
        below = fmt.named("n", lesson.first_below[0])
        fall = f"and is worse than the base model's average from {below}"
    spread = spread_words(fresh)
    near_peak, near_fall = _within(fresh.peak_n, PEAK_BAND), _within(fresh.first_below, BELOW_BAND)
    return (
        f"Best-of-n, on this app's one fixed draw of 600 answers, peaks at {peak} {fall}. Those "
        "numbers are that draw's: it was picked as the first seed that tells the lesson's story. "
        f"{spread[0].upper()}{spread[1:]}; {near_peak} of the {fresh.seeds} "
        f"{_verb(near_peak, 'peak')} between n = {PEAK_BAND[0]} and {PEAK_BAND[1]}, and "
        f"{near_fall} first {_verb(near_fall, 'fall')} below it between n = {BELOW_BAND[0]} and "
        f"{BELOW_BAND[1]} (the Best-of-n page redraws them)."
    )


def _verb(count: int, verb: str) -> str:
    """ "peaks" after one draw, "peak" after several."""
    return f"{verb}s" if count == 1 else verb


def fix_words(kl_fall: float, lesson_fix, fresh_fix) -> str:
    """The Lesson's words on b = 0.2's fix: always for the KL optimum (``kl_fall``, its largest
    fall below its best along β from 10 to 0.25), on this draw for best-of-n (``lesson_fix``
    and ``fresh_fix``, FreshStory at b = 0.2, σ = 0: the lesson's draw and the 200)."""
    if kl_fall <= DECLINE_TOLERANCE:
        kl = (
            "the KL optimum's decline vanishes, always: it is solved on the grid, with no draw "
            "to be lucky in (from β = 10 to 0.25 its true quality never falls 0.01 below its "
            "best so far)"
        )
    else:
        kl = (
            f"the KL optimum still falls, by {fmt.number(kl_fall)} below its best so far from "
            "β = 10 to 0.25"
        )
    if lesson_fix.declines[0]:
        on_draw = "best-of-n still declines on this draw of 600 answers"
    else:
        on_draw = "best-of-n's vanishes on this draw of 600 answers"
    fell, below = _count(fresh_fix.declines), _count(fresh_fix.below_at_end)
    far = _count(fresh_fix.fall > 1)
    return (
        "Teach the reward model a fifth of the padding penalty (b = 0.2) and "
        f"{kl}. {on_draw[0].upper()}{on_draw[1:]}, but not on every draw: over "
        f"{fresh_fix.seeds} fresh draws it still falls more than 0.01 below its best in {fell} "
        f"(more than 1 in {far}), and {below} end below the base model's average at "
        f"{fmt.named('n', fresh_fix.high)} (its top few answers can be padded by luck)."
    )
