"""The Defenses page's words for what the research found since Gao: numbers in,
sentences out, pure, so tests walk them over every slider stop against core.

- :func:`noise_alone_sentence`: regression to the mean, what σ alone does to best-of-n;
- :func:`hedge_tune_sentence`: HedgeTune, n chosen once from m checked answers.
"""

from __future__ import annotations

import numpy as np

from common import format as fmt


def regression_factor(sigma: float, gold_variance: float) -> float:
    """v/(v + σ²): the share of a Gaussian score's excess that is true quality."""
    return gold_variance / (gold_variance + sigma**2)


def noise_alone_sentence(
    sigma: float, *, noisy_gain: float, clean_gain: float, gold_variance: float, n: float
) -> str:
    """What the σ slider does without the flaw b: best-of-n's gain shrinks, never turns.

    ``noisy_gain`` and ``clean_gain`` are best-of-n's true-quality gains at ``n`` when the
    score is true quality plus σ·independent noise, and with no noise (core.noisy_best_of_n).
    """
    ideal = (
        "Were the reward model true quality plus independent noise of size σ, with no flaw b, "
        "best-of-n's true quality would rise with n at every σ: "
    )
    if sigma == 0:
        return (
            f"{ideal}with no noise, to {fmt.signed(clean_gain)} at {fmt.named('n', n)}. Move σ "
            "up: noise shrinks that gain but never turns it down, because a noisy score "
            "regresses to the mean. The turn needs a flaw like b."
        )
    factor = regression_factor(sigma, gold_variance)
    return (
        f"{ideal}at {fmt.named('σ', sigma)}, to {fmt.signed(noisy_gain)} at {fmt.named('n', n)}, "
        f"against {fmt.signed(clean_gain)} with no noise. A noisy score regresses to the mean: "
        f"each point of score above the average carries about {fmt.number(factor)} of a point "
        f"of true quality (Var/(Var + σ²), Var = {fmt.number(gold_variance)} over the 600 "
        "answers). So noise shrinks best-of-n's gain but never reverses it; the turn needs a "
        "flaw like b."
    )


def hedge_tune_sentence(
    true_peak: float, estimates, *, m_values, factor: float = 2.0, n_max: float = 10_000
) -> str:
    """HedgeTune beside early stopping: how often n* from m checked answers lands within
    ``factor`` of the real peak, for each m (``estimates``: (M, trials) n*, core.hedging)."""
    estimates = np.asarray(estimates, dtype=float)
    ratio = estimates / true_peak
    shares = np.mean((ratio >= 1 / factor) & (ratio <= factor), axis=1)
    lands = ", ".join(
        f"{fmt.percent(share)} at {fmt.named('m', m)}"
        for share, m in zip(shares, m_values, strict=True)
    )
    if true_peak >= n_max:
        peak = f"never turns down before {fmt.named('n', n_max)}, so its peak is that end"
    else:
        whole = f"n* = {true_peak:.1f} from all 600 answers"
        peak = f"peaks at {fmt.named('n', round(true_peak))} ({whole})"
    median = float(np.median(estimates[-1]))
    return (
        "HedgeTune (Khalaf et al., 2025) checks answers once instead of at every stop: from m "
        "base answers checked against true quality it estimates true quality at each of the "
        "reward model's quantiles, and picks the n* where best-of-n's expected true quality "
        f"stops rising. Here best-of-n's true quality {peak}. Over {estimates.shape[1]} draws "
        f"of the checked answers, n* lands within a factor {factor:g} of the peak in {lands}; "
        f"at {fmt.named('m', m_values[-1])} its median is {fmt.named('n', round(median))}."
    )
