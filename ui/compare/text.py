"""The Compare page's longer prose: its sentences that carry numbers (results in, Markdown
out, no widgets), its tables' records, and its paragraphs of what the sources found.

Numbers in, words out: no core calls, no Streamlit (core's results come through
``ui.compare.compute``). Each number is formatted here, so the page states what is on screen;
tests/app/test_compare_claims.py pins the strings at the page's defaults.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from common import format as fmt
from ui import edge_note
from ui.compare.compute import (
    EDGE_BAND_SHARE,
    EDGE_CAPPED_MASS,
    KL_ERROR_SEEDS,
    KL_TAILS_BETAS,
    AveragedTails,
    EqualKL,
    GaoPanel,
    KLTails,
    gold_at_kl,
)

if TYPE_CHECKING:
    from core import GaoFit

KL_SEEDS_TEXT = f"{len(KL_ERROR_SEEDS)} error draws (seeds 0 to {KL_ERROR_SEEDS[-1]})"
FORM_TEXT = {"best_of_n": "d(α − βd)", "rl": "d(α − β ln d)"}  # Gao's two laws, as written
R2_DECIMALS = 3  # R² as printed: two fits R2_TIE apart always print apart, in order
R2_TIE = 0.005  # R² closer than this: the two laws fit equally well (half the 2-decimal step)
# True-quality gaps at one KL closer than this are no verdict: on the same 600 answers the KL
# optimum and best-of-n share one gold-vs-KL frontier within 0.02 near best-of-n's peak at
# b = σ = 0 (docs/design.md §9; tests/core/test_answer_tilt.py); printed at 2 decimals, a gap
# of 0.02 or more always shows, in the same order.
GAIN_TIE = 0.02


# After the equal-KL sentences: what the KL optimum maximizes, and why KL is a weak yardstick.
EQUAL_KL_CAVEATS = (
    "On one support the KL optimum buys the most reward model score a KL can buy (that is what "
    "it maximizes: over the 600 its score is at least best-of-n's at every KL), not the most "
    "true quality; whether the score costs true quality depends on the flaws (move b). The KLs "
    "are not quite one yardstick: best-of-n's and the 600's optimum's are measured from the "
    "uniform choice among the 600 answers, the grid optimum's from the base model on the grid. "
    "Gao et al. found best-of-n faster than RL against KL, both to optimize and to "
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
    the grid's edge (EDGE_CAPPED_MASS, core's), which draws put it there; None if it never does.

    With heavy tails the mass is a few draws whose tallest spike lies in the edge band, not an
    optimum pressed against the edge by the trade-off, and the note says so.
    """
    capped = np.flatnonzero(tails.mean_edge >= EDGE_CAPPED_MASS)
    if capped.size == 0:
        return None
    draws = int((tails.edge_mass[:, -1] >= EDGE_CAPPED_MASS).sum())
    band = EDGE_BAND_SHARE
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
    """Item 11: which of Gao's laws the exact optimum follows, and why that is no paradox.

    The two R² are compared unrounded; closer than R2_TIE they are said as a tie. Both print at
    R2_DECIMALS, where a gap of R2_TIE or more always shows, in the same order.
    """
    best_of_n_law = panel.fits["kl", "best_of_n"].r_squared
    rl_law = panel.fits["kl", "rl"].r_squared
    bon_text = fmt.number(best_of_n_law, decimals=R2_DECIMALS)
    rl_text = fmt.number(rl_law, decimals=R2_DECIMALS)
    if abs(best_of_n_law - rl_law) < R2_TIE:
        finding = (
            "Here Gao's two laws fit the exact KL optimum equally well: R² = "
            f"{bon_text} for the best-of-n law and {rl_text} for the RL law, within {R2_TIE} of "
            "each other."
        )
    elif best_of_n_law > rl_law:
        finding = (
            "Here the exact KL optimum follows Gao's *best-of-n* law (R² = "
            f"{bon_text}) better than the RL law (R² = {rl_text})."
        )
    else:
        finding = (
            f"Here Gao's RL law fits the exact KL optimum (R² = {rl_text}) better than the "
            f"best-of-n law (R² = {bon_text}), which fits it exactly at b = σ = 0."
        )
    return (
        f"{finding} The best-of-n law fitting the optimum is no contradiction: Gao's RL law "
        "describes the path PPO's policy travels while it trains (its KL grows with the "
        "steps), and PPO does not reach the exact optimum of its objective. The KL optimum "
        "here is what RLHF's objective asks for, π_ref·exp(r/β) normalized, not what PPO "
        "delivers."
    )


def peak_text(fit: GaoFit) -> str:
    """A fit's peak for the table: its KL where the fitted data reach it, else why not."""
    if fit.beta <= 0:
        return "none (β ≤ 0: the law never turns down)"
    if fit.peak_in_data:
        return fmt.kl(fit.peak_kl)
    if fit.peak_kl > fit.kl_high:
        return f"beyond the data (fitted up to KL {fmt.kl(fit.kl_high)})"
    return f"below the data (fitted from KL {fmt.kl(fit.kl_low)})"


def gao_rows(panel: GaoPanel) -> list[dict]:
    """The four fits as a table's records: method, law, α, β, R², and the peak in words."""
    return [
        {
            "method": "KL optimum" if method == "kl" else "best-of-n",
            "law": FORM_TEXT[form],
            "α": fit.alpha,
            "β": fit.beta,
            "R²": fit.r_squared,
            "KL at the fitted peak (nats)": peak_text(fit),
        }
        for (method, form), fit in panel.fits.items()
    ]


def equal_kl_rows(equal: EqualKL) -> list[dict]:
    """One row per n of EQUAL_KL_N: the three at one KL (best-of-n, the KL optimum on the
    grid, the KL optimum over the same 600 answers), their KL, β and gains (a table's records).
    """
    bon, opt, tilt = equal.best_of_n, equal.kl_optimum, equal.tilt
    return [
        {
            "best-of-n: n": int(equal.n[i]),
            "best-of-n: KL (nats)": float(bon.kl[i]),
            "KL optimum: β": float(equal.beta[i]),
            "KL optimum: KL (nats)": float(opt.kl[i]),
            "KL optimum on the 600: β": float(equal.tilt_beta[i]),
            "true quality: best-of-n": float(bon.gold_gain[i]),
            "true quality: KL optimum on the 600": float(tilt.gold_gain[i]),
            "true quality: KL optimum": float(opt.gold_gain[i]),
            "reward model: best-of-n": float(bon.proxy_gain[i]),
            "reward model: KL optimum on the 600": float(tilt.proxy_gain[i]),
            "reward model: KL optimum": float(opt.proxy_gain[i]),
            "KL optimum: mass near the edge": float(opt.edge_mass[i]),
        }
        for i in range(len(equal.n))
    ]


def equal_kl_edge_note(equal: EqualKL) -> str | None:
    """The grid's edge note for the equal-KL table's most capped KL optimum (by the edge check
    where the table carries one: the strongest capped row), or None."""
    mass = np.asarray(equal.kl_optimum.edge_mass, dtype=float)
    checks = [None] * mass.size
    worst = int(np.argmax(mass))
    if equal.kl_check is not None:
        checks = edge_note.split_check(equal.kl_check)
        capped = np.flatnonzero(np.asarray(equal.kl_check.capped))
        worst = int(capped[np.argmin(np.asarray(equal.beta)[capped])]) if capped.size else worst
    where = f"{fmt.named('β', equal.beta[worst], digits=3)} (best-of-n's n = {int(equal.n[worst])})"
    return edge_note.edge_note(float(mass[worst]), where, checks[worst])


def equal_kl_sentence(equal: EqualKL) -> str:
    """Which method buys more true quality at the same KL, at best-of-n's middle n: compared
    unrounded, a gap under GAIN_TIE said as a tie."""
    middle = len(equal.n) // 2
    n, kl = int(equal.n[middle]), float(equal.best_of_n.kl[middle])
    bon, opt = float(equal.best_of_n.gold_gain[middle]), float(equal.kl_optimum.gold_gain[middle])
    bon_proxy = float(equal.best_of_n.proxy_gain[middle])
    opt_proxy = float(equal.kl_optimum.proxy_gain[middle])
    capped = _middle_capped(equal)
    if capped is not None:
        return (
            f"At KL = {fmt.number(kl)} nats (best-of-n at n = {n}) best-of-n gets "
            f"{fmt.signed(bon)}; the KL optimum's {fmt.signed(opt)} on the grid is the grid's "
            f"edge's doing (on a grid twice as wide {fmt.signed(capped)}), so no verdict is "
            "drawn from it."
        )
    if abs(bon - opt) < GAIN_TIE:
        verdict = f"both get the same true quality within {GAIN_TIE}"
    else:
        verdict = f"{'best-of-n' if bon > opt else 'the KL optimum'} gets more true quality"
    return (
        f"At KL = {fmt.number(kl)} nats (best-of-n at n = {n}) {verdict}: {fmt.signed(bon)} for "
        f"best-of-n against {fmt.signed(opt)} for the KL optimum on the grid, whose reward "
        f"model score is {fmt.signed(opt_proxy)} against {fmt.signed(bon_proxy)}."
    )


def _middle_capped(equal: EqualKL) -> float | None:
    """Where the edge check caps the KL optimum at best-of-n's middle n, its true quality on a
    grid twice as wide; else None (at 175 of 441 (b, σ) it is capped, σ ≥ 0.4 mostly)."""
    middle = len(equal.n) // 2
    if equal.kl_check is None or not bool(np.asarray(equal.kl_check.capped)[middle]):
        return None
    return float(np.asarray(equal.kl_check.wide_gold_gain)[middle])


def method_and_support(equal: EqualKL) -> str:
    """Which part of the equal-KL gap is the method and which the support, at best-of-n's
    middle n: the KL optimum over the same 600 answers against best-of-n (the method) and
    against the KL optimum on the grid (the support). Gaps compared unrounded, under GAIN_TIE
    said as none."""
    middle = len(equal.n) // 2
    bon = float(equal.best_of_n.gold_gain[middle])
    tilt = float(equal.tilt.gold_gain[middle])
    grid = float(equal.kl_optimum.gold_gain[middle])
    method, support = tilt - bon, grid - tilt
    if abs(method) < GAIN_TIE:
        method_words = f"on one support the two methods agree within {GAIN_TIE}"
    else:
        ahead = "the KL optimum" if method > 0 else "best-of-n"
        method_words = f"on one support {ahead} gets more true quality"
    if abs(support) < GAIN_TIE:
        support_words = f"the same true quality as over the 600 within {GAIN_TIE}"
    else:
        support_words = f"{'more' if support > 0 else 'less'} true quality than over the 600"
    if max(abs(method), abs(support)) < GAIN_TIE:
        larger = f"Neither part reaches {GAIN_TIE} here."
    elif abs(grid - bon) < GAIN_TIE:
        larger = (
            "The two parts cancel: on the grid the KL optimum ends within "
            f"{GAIN_TIE} of best-of-n for a reason that is not the method."
        )
    else:
        part = "the support" if abs(support) > abs(method) else "the method"
        larger = f"Of the gap in the sentence above, the larger part is {part}."
    if _middle_capped(equal) is not None:
        larger = "The grid's number is its edge's doing here: read the method, not the support."
    length_600 = fmt.number(float(equal.tilt.mean_length[middle]))
    length_grid = fmt.number(float(equal.kl_optimum.mean_length[middle]))
    return (
        "**Method or support?** Best-of-n chooses among the 600 answers, the KL optimum on the "
        "grid among every point of it: two methods on two supports. The KL optimum over the same "
        f"600 (π ∝ e^(r/β) over them, {fmt.named('β', float(equal.tilt_beta[middle]), digits=3)}) "
        f"gets {fmt.signed(tilt)} at this KL against best-of-n's {fmt.signed(bon)}: "
        f"{method_words} (the method). On the grid, which holds every point of [−6, 6]² where "
        f"the 600 are 600 draws, it gets {fmt.signed(grid)} (mean length {length_grid}, against "
        f"{length_600} over the 600): {support_words} (the support). {larger}"
    )


def best_of_n_tails_sentence(shown: AveragedTails, other: AveragedTails, *, heavy: bool) -> str:
    """Under the best-of-n tails chart: what ``shown`` (heavy if ``heavy``) does against n."""
    if heavy:
        sentence = (
            f"With heavy tails true quality peaks early (about {fmt.named('n', shown.peak_n)}, "
            f"{fmt.signed(shown.peak_gold_gain)}) and collapses to "
            f"{fmt.signed(shown.last_gold_gain)} at n = 10,000, while the reward model's score "
            f"climbs to {fmt.signed(shown.last_proxy_gain)}, far past light tails' "
            f"{fmt.signed(other.last_proxy_gain)}."
        )
    else:
        share = fmt.percent(shown.last_gold_gain / shown.peak_gold_gain)
        sentence = (
            "With light tails true quality keeps rising with n: "
            f"{fmt.signed(shown.last_gold_gain)} at n = 10,000, {share} of its peak."
        )
    return f"**{sentence}** Each curve is the mean over 100 error draws (seeds 0 to 99)."


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


# --- the page's fixed paragraphs and its charts' text alternatives ---------------------------
GAO_CHART = (
    "True quality against d for both methods, with the better fit of each, and the KL optimum, "
    "Best-of-Poisson and soft best-of-n over best-of-n's own 600 answers; the table below gives "
    "the fitted laws."
)
GAO_LAWS = (
    "Gao, Schulman & Hilton (2022) measured true quality against how far a policy moved "
    "from the base model, **d = √KL** (KL in nats), and found two laws: best-of-n follows "
    "**R(d) = d(α − βd)**, RL follows **R(d) = d(α − β ln d)**. Here both methods sit on one "
    "d axis, with both laws fitted to each exact curve by least squares on R, through "
    "R(0) = 0, as Gao et al. fitted them; the chart draws the better fit of each, the table "
    "all four, and a fitted peak only where the fitted curve reaches it (here α and β are "
    "the laws' coefficients, not the KL penalty β). The dash-dot green line is the KL "
    "optimum over best-of-n's own 600 answers (π ∝ e^(r/β) over them): the same method as "
    "the green curves, on best-of-n's support."
)
KL_FOLLOWS_BEST_OF_N = (
    "At b = σ = 0 the KL optimum is exactly **gold = 2d − d²** (KL = 1/β², gold = 2/β − 1/β²), "
    "so the best-of-n law fits it with α = 2, β = 1. The KL optimum is fitted on β from 10 "
    "down to 0.5 (d ≤ 2), away from the grid's edge. Best-of-n's exact KL bends below "
    "log n − (n − 1)/n and stops at log 600 ≈ 6.4 nats (d ≈ 2.5): the fit uses the exact KL."
)
LIGHT_AND_HEAVY = (
    "If the reward model is the truth plus an error independent of it, optimizing harder keeps "
    "raising the truth when the error has light tails, but with heavy tails the reward model "
    "can soar on a few huge errors while the truth gains nothing. Thomas & Kwa (2023) showed "
    "it for selection, which is what best-of-n does; here the reward model knows the padding "
    "penalty (b = 1) and its only flaw is an error of size 1 on each of the 600 answers."
)
