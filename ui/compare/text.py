"""The Compare page's longer prose: its sentences that carry numbers (results in, Markdown
out, no widgets) and its two paragraphs of what the sources found.

Each number is formatted here from what core computed, so the page states what is on screen;
tests/app/test_compare_claims.py pins the strings at the page's defaults.
"""

from __future__ import annotations

import numpy as np

import core
from common import format as fmt
from ui import edge_note
from ui.compare.compute import (
    KL_ERROR_SEEDS,
    KL_TAILS_BETAS,
    EqualKL,
    GaoPanel,
    KLTails,
    gold_at_kl,
)

KL_SEEDS_TEXT = f"{len(KL_ERROR_SEEDS)} error draws (seeds 0 to {KL_ERROR_SEEDS[-1]})"


# After the equal-KL sentence: what the KL optimum maximizes, and why KL is a weak yardstick.
EQUAL_KL_CAVEATS = (
    "The KL optimum buys the most reward model score a KL can buy (that is what it "
    "maximizes), so at equal KL it exploits the reward model hardest; whether that costs true "
    "quality depends on the flaws (move b). The two KLs are not quite one yardstick: "
    "best-of-n's is measured from the 600 answers, the optimum's from the base model on the "
    "grid. Gao et al. found best-of-n faster than RL against KL, both to optimize and to "
    "overoptimize, so KL compares methods poorly."
)
# Gao et al. on the KL penalty and on reward-model size.
GAO_PENALTY_AND_SIZE = (
    "**A KL penalty is not a better trade-off here, nor was it in Gao et al.** They trained "
    "PPO with and without a KL penalty in the reward: the penalty raised the reward model's "
    "score at a given KL but not the gold score, so it acted like stopping the run early, at "
    "a smaller KL (they note this may depend on hyperparameters). In this toy β is the only "
    "knob, and moving it moves along one curve, which is what stopping earlier or later does. "
    "**Reward model size:** Gao et al. trained reward models from 3M to 3B parameters; α and "
    "β of both laws change smoothly with size, roughly linearly in its logarithm, and larger "
    "reward models reach higher true quality before the fall. The toy has no size: b and σ "
    "stand for the flaws a smaller model has more of."
)
# Kwa, Thomas & Garriga-Alonso's theorem, their measurement, and how the toy puts it on the grid.
KWA_THEOREM = (
    "Kwa, Thomas & Garriga-Alonso (2024) proved it for the KL-penalized objective of RLHF: "
    "with a heavy-tailed error, some policies reach an arbitrarily high reward model score "
    "at an arbitrarily small KL with no more true quality than the base model, so the KL "
    "penalty does not rule them out; with a light-tailed error independent of the truth, the "
    "KL optimum's true quality grows without bound as the penalty loosens. They also measured "
    "the tails of real reward models' errors and found them consistent with *light* tails. "
    "The optimum lives on the grid, where one error per answer is not defined, so here every "
    "one of its 58,081 cells gets its own independent error (the same b = 1, σ = 1; heavy: a "
    f"Student-t with 2 degrees of freedom), over {KL_SEEDS_TEXT}."
)


def tails_edge_note(tails: KLTails) -> str | None:
    """Beside the KL tails' readouts: where the averaged optimum has 5% or more within 0.5 of
    the grid's edge (core.EDGE_CAPPED_MASS), which draws put it there; None if it never does.

    With heavy tails the mass is a few draws whose tallest spike lies in the edge band, not an
    optimum pressed against the edge by the trade-off, and the note says so.
    """
    capped = np.flatnonzero(tails.mean_edge >= core.EDGE_CAPPED_MASS)
    if capped.size == 0:
        return None
    draws = int((tails.edge_mass[:, -1] >= core.EDGE_CAPPED_MASS).sum())
    band = float(core.edge_band().mean())
    return (
        f"Near the grid's edge: in {draws} of the {len(KL_ERROR_SEEDS)} heavy draws the tallest "
        "spike lies within 0.5 of the edge, where answers stop at length or substance 6, so from "
        f"β ≈ {fmt.significant(KL_TAILS_BETAS[capped[0]], digits=2)} down "
        f"{fmt.percent(tails.mean_edge[-1])} of the averaged optimum sits there. That band holds "
        f"{fmt.percent(band)} of the grid's cells and a spike lands in it as often as anywhere: "
        "those draws are not the trade-off pressed against the edge, but their numbers are the "
        "edge's."
    )


def why_best_of_n_law(panel: GaoPanel) -> str:
    """Item 11: which of Gao's laws the exact optimum follows, and why that is no paradox."""
    best_of_n_law = round(panel.fits["kl", "best_of_n"].r_squared, 2)
    rl_law = round(panel.fits["kl", "rl"].r_squared, 2)
    if best_of_n_law > rl_law:
        finding = (
            "Here the exact KL optimum follows Gao's *best-of-n* law (R² = "
            f"{fmt.number(best_of_n_law)}) better than the RL law (R² = {fmt.number(rl_law)})."
        )
    else:
        finding = (
            f"Here Gao's RL law fits the exact KL optimum (R² = {fmt.number(rl_law)}) at least as "
            f"well as the best-of-n law (R² = {fmt.number(best_of_n_law)}), which it fits exactly "
            "at b = σ = 0."
        )
    return (
        f"{finding} The best-of-n law fitting the optimum is no contradiction: Gao's RL law "
        "describes the path PPO's policy travels while it trains (its KL grows with the "
        "steps), and PPO does not reach the exact optimum of its objective. The KL optimum "
        "here is what RLHF's objective asks for, π_ref·exp(r/β) normalized, not what PPO "
        "delivers."
    )


def equal_kl_rows(equal: EqualKL) -> list[dict]:
    """One row per n of EQUAL_KL_N: both methods' KL and gains (a table's records)."""
    bon, opt = equal.best_of_n, equal.kl_optimum
    return [
        {
            "best-of-n: n": int(equal.n[i]),
            "best-of-n: KL (nats)": float(bon.kl[i]),
            "KL optimum: β": float(equal.beta[i]),
            "KL optimum: KL (nats)": float(opt.kl[i]),
            "true quality: best-of-n": float(bon.gold_gain[i]),
            "true quality: KL optimum": float(opt.gold_gain[i]),
            "reward model: best-of-n": float(bon.proxy_gain[i]),
            "reward model: KL optimum": float(opt.proxy_gain[i]),
            "KL optimum: mass near the edge": float(opt.edge_mass[i]),
        }
        for i in range(len(equal.n))
    ]


def equal_kl_edge_note(equal: EqualKL) -> str | None:
    """The grid's edge note for the equal-KL table's most capped KL optimum, or None."""
    worst = int(np.argmax(equal.kl_optimum.edge_mass))
    where = f"{fmt.named('β', equal.beta[worst], digits=3)} (best-of-n's n = {int(equal.n[worst])})"
    return edge_note.edge_note(float(equal.kl_optimum.edge_mass[worst]), where)


def equal_kl_sentence(equal: EqualKL) -> str:
    """Which method buys more true quality at the same KL, at best-of-n's middle n."""
    middle = len(equal.n) // 2
    n, kl = int(equal.n[middle]), float(equal.best_of_n.kl[middle])
    bon, opt = float(equal.best_of_n.gold_gain[middle]), float(equal.kl_optimum.gold_gain[middle])
    bon_proxy = float(equal.best_of_n.proxy_gain[middle])
    opt_proxy = float(equal.kl_optimum.proxy_gain[middle])
    ahead = "best-of-n" if round(bon, 2) > round(opt, 2) else "the KL optimum"
    if round(bon, 2) == round(opt, 2):
        verdict = "both get the same true quality"
    else:
        verdict = f"{ahead} gets more true quality"
    return (
        f"At KL = {fmt.number(kl)} nats (best-of-n at n = {n}) {verdict}: {fmt.signed(bon)} for "
        f"best-of-n against {fmt.signed(opt)} for the KL optimum, whose reward model score is "
        f"{fmt.signed(opt_proxy)} against {fmt.signed(bon_proxy)}."
    )


def kl_tails_sentence(light: KLTails, heavy: KLTails, *, heavy_shown: bool) -> str:
    """What the KL optimum does with light or heavy errors in every grid cell."""
    if not heavy_shown:
        return (
            "**With light tails the KL optimum's true quality keeps rising as β falls: "
            f"{fmt.signed(light.mean_gold[light.probe])} at KL = "
            f"{fmt.number(light.mean_kl[light.probe])} nats, {fmt.signed(light.mean_gold[-1])} at "
            f"{fmt.named('β', KL_TAILS_BETAS[-1])} (KL = "
            f"{fmt.number(light.mean_kl[-1], decimals=1)}),** as Kwa et al. prove for "
            "light-tailed errors independent of the truth."
        )
    probe = heavy.probe
    low, high = heavy.gold_gain[:, probe].min(), heavy.gold_gain[:, probe].max()
    end_low, end_high = heavy.gold_gain[:, -1].min(), heavy.gold_gain[:, -1].max()
    below = int((heavy.gold_gain[:, -1] < 0).sum())
    return (
        f"**With heavy tails, at {fmt.named('β', KL_TAILS_BETAS[probe], digits=3)} the KL optimum "
        f"has moved only KL = {fmt.number(heavy.mean_kl[probe])} nats, its reward model score is "
        f"up {fmt.signed(heavy.mean_proxy[probe], decimals=1)}, and true quality is "
        f"{fmt.signed(heavy.mean_gold[probe])} ({fmt.signed(low)} to {fmt.signed(high)} over the "
        "draws; light tails at that KL: "
        f"{fmt.signed(gold_at_kl(light, heavy.mean_kl[probe]))}).** That is the theorem's "
        "picture: a large reward for a small KL and no gain in truth. Unlike best-of-n's, true "
        f"quality barely rises first (at most {fmt.signed(heavy.mean_gold.max())}): the tallest "
        "of 58,081 errors is about ten times the tallest of 600 (√(58,081/600) ≈ 9.8), and it "
        "outbids anything true quality can offer. Pushed on to "
        f"{fmt.named('β', KL_TAILS_BETAS[-1])}, the optimum sits on the tallest spikes wherever "
        f"they are: reward model {fmt.signed(heavy.mean_proxy[-1], decimals=0)}, true quality "
        f"{fmt.signed(heavy.mean_gold[-1])} on average ({fmt.signed(end_low, decimals=1)} to "
        f"{fmt.signed(end_high, decimals=1)}; {below} of {len(KL_ERROR_SEEDS)} draws below the "
        "base model). That is worse than the theorem's \"no gain\", and the toy's doing: the "
        "grid gives every cell the same chance of a spike, and most of its cells are answers the "
        "base model almost never gives, where true quality is poor."
    )
