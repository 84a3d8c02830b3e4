"""The Best-of-n page's sentences that carry numbers (numbers in, words out, no widgets): where
true quality peaks along n, and what the win-chance chart shows at n.

Each number is written by ``common.format``; tests/app/test_best_of_n_claims.py pins the words.
"""

from __future__ import annotations

import numpy as np

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


# A gain difference below this prints as 0.00 (gains are told to 0.01): "as much", "exactly".
LEVEL = 0.005


def ranked_scores_words(ranked_proxy, ranked_gold, ranked_length) -> str:
    """What the ranked-scores chart shows, from its numbers: arrays (600,), sorted by the
    reward model's score, worst first (``core.ranked_answers`` and the answers' lengths in the
    same order). Whether true quality rises less than the score from the average to the top
    tenth of the ranks, how far it scatters from it, and what lengths the top tenth holds.

    At b = 1, σ = 0 the reward model is true quality itself: it rises as much and does not
    scatter, and the top ranks are not the longest answers (they sit near length 0.5).
    """
    proxy, gold, length = (
        np.asarray(array, dtype=float) for array in (ranked_proxy, ranked_gold, ranked_length)
    )
    top = slice(-TOP_TENTH, None)
    proxy_rise = proxy[top].mean() - proxy.mean()
    gold_rise = gold[top].mean() - gold.mean()
    if gold_rise < proxy_rise - LEVEL:
        rise = "rises less"
    elif gold_rise > proxy_rise + LEVEL:
        rise = "rises more"
    else:
        rise = "rises as much"
    gap = float(np.std(gold - proxy))
    scatter = (
        f"and scatters about it (the gap between them has standard deviation {fmt.number(gap)})"
        if gap >= LEVEL
        else "and never leaves it (this reward model scores true quality exactly)"
    )
    longest = np.argsort(length, kind="stable")[-TOP_TENTH:]
    held = int(np.sum(longest >= length.size - TOP_TENTH))
    return (
        f"The reward model's score rises with rank by construction; true quality {rise} (from "
        f"the average to the top {TOP_TENTH} ranks: {fmt.signed(gold_rise)} against "
        f"{fmt.signed(proxy_rise)}) {scatter}. The top {TOP_TENTH} ranks hold {held} of the "
        f"{TOP_TENTH} longest answers (mean length {fmt.number(float(length[top].mean()))}; all "
        f"{length.size}: {fmt.number(float(length.mean()))})."
    )
