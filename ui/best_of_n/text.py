"""The Best-of-n page's sentences that carry numbers (numbers in, words out, no widgets): where
true quality peaks along n, and what the win-chance chart shows at n.

Each number is written by ``common.format``; tests/app/test_best_of_n_claims.py pins the words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from common import format as fmt
from ui.best_of_n.compute import TOP_TENTH

if TYPE_CHECKING:
    from ui.best_of_n.compute import NoiseAlone, Selections


def peak_texts(peak_pressure: float, *, end: float) -> tuple[str, str]:
    """Where true quality peaks along n, for a readout and for a sentence: ("n = 49", "at
    n = 49"), or where it still rises at the curve's ``end``, ("n ≥ 10,000", "past
    n = 10,000")."""
    if peak_pressure >= end:
        return f"n ≥ {fmt.count(end)}", f"past {fmt.named('n', end)}"
    at = fmt.named("n", peak_pressure)
    return at, f"at {at}"


def share_words(share: float) -> str:
    """A share of the chance in words: "65%", "0.33%" (never "0%"), "more than 99%" (a share
    of the chance at finite n is never whole, even where 1 − 0.9⁵⁹⁰ rounds to 1.0 in floats)."""
    return "more than 99%" if share >= 0.995 else fmt.share_percent(share)


def win_chances_words(n: int, tenth: float, best: float) -> str:
    """What the win-chance chart shows at ``n``, in one sentence: ``tenth`` the chance of
    keeping one of the best TOP_TENTH ranks, ``best`` the single best
    (``ui.best_of_n.compute.kept_shares(n)``).
    """
    if n == 1:
        return "At n = 1 every answer is equally likely to be kept: 1 chance in 600 each."
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


def selections_words(chosen: Selections) -> str:
    """Best-of-Poisson and soft best-of-n beside best-of-n and the KL optimum over the same
    answers, at the page's n (``ui.best_of_n.compute.selections``), as Markdown.

    How close each rule's score comes to the optimum's at best-of-n's KL is compared as
    printed (2 decimals), so the words never contradict the numbers beside them.
    """
    n = chosen.n
    best, poisson, soft, tilt = chosen.best_of_n, chosen.poisson, chosen.soft, chosen.tilt

    def said(rule) -> str:
        return (
            f"KL {fmt.kl(rule.kl)} nats, score {fmt.signed(rule.proxy_gain)}, true quality "
            f"{fmt.signed(rule.gold_gain)}"
        )

    if n == 1:
        return (
            "At n = 1 all three rules keep one random answer (KL 0): **Best-of-Poisson** "
            "(Khalaf et al., 2025) draws 1 + Poisson(μ) answers and keeps the reward model's "
            "best, and **soft best-of-n** (Verdun et al., 2025) keeps each of its n draws with "
            "chance ∝ e^(score/λ); move n to see them part."
        )
    mu = fmt.named("μ", n - 1)
    # Each rule's shortfall against the KL optimum at its own KL, as printed (2 decimals).
    best_short = round(tilt.proxy_gain - best.proxy_gain, 2)
    poisson_short = round(chosen.poisson_tilt.proxy_gain - poisson.proxy_gain, 2)

    def short(gap: float) -> str:
        return "matches it" if gap <= 0 else f"falls {fmt.number(gap)} short of it"

    lam = fmt.named("λ", chosen.soft_lambda)
    return (
        f"At {fmt.named('n', n)} best-of-n moves {said(best)}; the KL optimum over the same "
        f"600 at that KL (the most score a KL can buy) scores {fmt.signed(tilt.proxy_gain)} "
        f"with true quality {fmt.signed(tilt.gold_gain)}, and best-of-n {short(best_short)}. "
        f"**Best-of-Poisson** (Khalaf et al., 2025) draws 1 + Poisson(μ) answers and keeps the "
        f"reward model's best; with {fmt.count(n)} draws on average ({mu}) it moves "
        f"{said(poisson)}; the optimum at its own KL scores "
        f"{fmt.signed(chosen.poisson_tilt.proxy_gain)}, and Best-of-Poisson "
        f"{short(poisson_short)}. "
        f"**Soft best-of-n** (Verdun et al., 2025) keeps each of its {fmt.count(n)} draws "
        f"with chance ∝ e^(score/λ); at {lam}: {said(soft)}. As λ → 0 it is best-of-n; as n "
        "grows, the KL optimum at β = λ."
    )


def noise_alone_words(noise: NoiseAlone) -> str:
    """What noise alone does to best-of-n at the page's n and σ, in words
    (``ui.best_of_n.compute.noise_alone``; core/regression.py)."""
    at_n = fmt.named("n", noise.n)
    model = (
        "If the reward model knew the whole padding penalty and erred only by fresh Gaussian "
        f"noise of size {fmt.named('σ', noise.sigma)} on every draw,"
    )
    if noise.sigma == 0:
        return (
            f"At σ = 0 there is no noise to regress: a reward model that scored true quality "
            f"itself would make best-of-n gain {fmt.signed(noise.clean_gain)} at {at_n} and "
            f"{fmt.signed(noise.last_gain)} at {fmt.named('n', noise.last_n)}, never turning "
            "down. Move σ to see noise shrink that gain without reversing it."
        )
    return (
        f"{model} best-of-n would gain {fmt.signed(noise.gain)} in true quality at {at_n} "
        f"(against {fmt.signed(noise.clean_gain)} with no noise) and "
        f"{fmt.signed(noise.last_gain)} at {fmt.named('n', noise.last_n)}: noise shrinks the "
        "gain but never reverses it. That is regression to the mean: for Gaussian scores, "
        "E[true quality | score] carries the score's excess over the mean by v/(v + σ²) = "
        f"{fmt.number(noise.factor)} (v = {fmt.number(noise.gold_variance)}, the 600 answers' "
        "variance of true quality), and it still rises with the score. A turn down needs the "
        "padding flaw (b below 1) or errors that favour the same answers every draw."
    )
