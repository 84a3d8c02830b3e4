"""The Best-of-n page's sentences that carry numbers (numbers in, words out, no widgets): where
true quality peaks along n, and what the win-chance chart shows at n.

Each number is written by ``common.format``; tests/app/test_best_of_n_claims.py pins the words.
"""

from __future__ import annotations

import core
from common import format as fmt


def peak_texts(peak_pressure: float, *, end: float) -> tuple[str, str]:
    """Where true quality peaks along n, for a readout and for a sentence: ("n = 49", "at
    n = 49"), or where it still rises at the curve's ``end``, ("n ≥ 10,000", "past
    n = 10,000")."""
    if peak_pressure >= end:
        return f"n ≥ {fmt.count(end)}", f"past {fmt.named('n', end)}"
    at = fmt.named("n", peak_pressure)
    return at, f"at {at}"


TOP_TENTH = 60  # the best tenth of the 600 ranks, whose share of the chance the page states


def share_words(share: float) -> str:
    """A share of the chance in words: "65%", "0.33%" (never "0%"), "more than 99%" (a share
    of the chance at finite n is never whole, even where 1 − 0.9⁵⁹⁰ rounds to 1.0 in floats)."""
    return "more than 99%" if share >= 0.995 else fmt.share_percent(share)


def win_chances_words(n: int) -> str:
    """What the win-chance chart shows at ``n``, in one sentence.

    By rank the shares are exact whatever the scores (ties aside): the best 60 of 600 ranks
    are kept with chance 1 − (540/600)ⁿ, the single best with 1 − (599/600)ⁿ.
    """
    if n == 1:
        return "At n = 1 every answer is equally likely to be kept: 1 chance in 600 each."
    tenth = 1 - ((core.ANSWER_COUNT - TOP_TENTH) / core.ANSWER_COUNT) ** n
    best = 1 - ((core.ANSWER_COUNT - 1) / core.ANSWER_COUNT) ** n
    return (
        f"At {fmt.named('n', n)} the best tenth of the ranks (the top {TOP_TENTH}) holds "
        f"{share_words(tenth)} of the chance and the single best answer {share_words(best)}; "
        "at n = 1 every answer has 1 chance in 600."
    )
