"""The Compare page's words for Best-of-Poisson and soft best-of-n beside the KL optimum over
best-of-n's own 600 answers, and their win rates (numbers in, words out: no core calls, no
Streamlit; the numbers are ``ui.compare.compute.selections``').
"""

from __future__ import annotations

import numpy as np

from common import format as fmt
from ui.compare.compute import POISSON_PROBE, SOFT_LAMBDA, SOFT_PROBE, Selections


def selections_sentences(chosen: Selections) -> str:
    """Best-of-Poisson and soft best-of-n beside the KL optimum over the same 600, as Markdown:
    what each does, its exact numbers at μ = 48 and at λ = 0.5, and how close each comes."""
    mu, n_probe = fmt.named("μ", POISSON_PROBE), fmt.named("n", POISSON_PROBE + 1)
    poisson_short = chosen.tilt_proxy - chosen.poisson_proxy
    best_of_n_short = chosen.best_of_n_tilt_proxy - chosen.best_of_n_proxy
    # Compared as printed (2 decimals), so the words never contradict the two numbers.
    shown = (round(poisson_short, 2), round(best_of_n_short, 2))
    closer = {-1: "closer to it than", 0: "as close to it as", 1: "further from it than"}
    verdict = closer[int(np.sign(shown[0] - shown[1]))]
    lam = fmt.named("λ", SOFT_LAMBDA)
    poisson = (
        "**Best-of-Poisson** (Khalaf et al., 2025) draws n = 1 + Poisson(μ) answers and keeps "
        "the reward model's best; over the ranked 600 it keeps rank i with probability "
        "Fᵢ·e^(μ(Fᵢ − 1)) − Fᵢ₋₁·e^(μ(Fᵢ₋₁ − 1)), Fᵢ = i/600, so its curve (purple, long "
        f"dashes) is exact. At {mu} (49 answers on average) its KL is "
        f"{fmt.kl(chosen.poisson_kl)} nats, its reward model gain "
        f"{fmt.signed(chosen.poisson_proxy)} and its true quality "
        f"{fmt.signed(chosen.poisson_gold)}; the KL optimum over the same 600 at that KL scores "
        f"{fmt.signed(chosen.tilt_proxy)} with true quality {fmt.signed(chosen.tilt_gold)}. "
        f"Its score falls {fmt.number(poisson_short)} short of the optimum's (the most "
        f"score a KL can buy), {verdict} best-of-n at {n_probe}, which falls "
        f"{fmt.number(best_of_n_short)} short at its KL of {fmt.kl(chosen.best_of_n_kl)} nats."
    )
    soft = (
        "**Soft best-of-n** (Verdun et al., 2025) keeps each of its n draws with probability "
        "∝ e^(r/λ): as λ → 0 it is best-of-n, and as n grows it becomes the KL optimum over "
        f"the 600 at β = λ. At {lam} (grey, long dash-dot) and {fmt.named('n', SOFT_PROBE)}: "
        f"KL {fmt.kl(chosen.soft_kl)} nats, true quality {fmt.signed(chosen.soft_gold)}; at "
        f"n = 10,000: KL {fmt.kl(chosen.soft_last_kl)} and {fmt.signed(chosen.soft_last_gold)}, "
        f"against the optimum's {fmt.kl(chosen.soft_tilt_kl)} and "
        f"{fmt.signed(chosen.soft_tilt_gold)} at β = {fmt.number(SOFT_LAMBDA, decimals=1)}. "
        "Each answer's chance of being kept is one integral, taken to ~1e-14: exact, not "
        "simulated."
    )
    return f"{poisson}\n\n{soft}\n\n{win_rate_sentence(chosen)}"


def win_rate_sentence(chosen: Selections) -> str:
    """How often best-of-n's pick and the KL optimum's at its KL beat a random answer, as
    Markdown: by the reward model and by true quality, the gap between the two the lesson."""
    bon, tilt = chosen.best_of_n_wins, chosen.tilt_wins
    n_probe = fmt.named("n", POISSON_PROBE + 1)
    return (
        "**Win rate** (Beirami et al., 2024; Gui, Gârbacea & Veitch, 2024): how often the kept "
        f"answer beats one answer drawn at random from the 600, ties counted half. Best-of-n at "
        f"{n_probe} wins {fmt.percent(bon.by_reward_model)} of the time by the reward model "
        f"(n/(n + 1) = {fmt.percent((POISSON_PROBE + 1) / (POISSON_PROBE + 2))}) and "
        f"{fmt.percent(bon.by_true_quality)} by true quality; the KL optimum over the same 600 "
        f"at its KL, {fmt.percent(tilt.by_reward_model)} and {fmt.percent(tilt.by_true_quality)}."
    )
