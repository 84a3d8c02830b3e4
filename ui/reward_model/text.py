"""The Reward model page's sentences that carry numbers (pure, no Streamlit): its readouts,
what the comparisons carry of b, why narrow comparisons teach length-is-good, and what
optimizing the fitted model does (each claim computed from the fit and its own curves; no
core calls: the fit comes from ``ui.reward_model.compute``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import numpy as np

from common import format as fmt
from ui.reward_model.compute import DECLINE, INTERVAL_Z, Decline, Fitted, FreshDraws

if TYPE_CHECKING:
    from core.preferences import BradleyTerryFit

NOT_DEFINED = "not defined"
SHORTER = 0.05  # r_LCB's optimum is "shorter" by more than this in mean length (0.01 printed)
MOSTLY_PRIOR = 0.5  # below this share of b's precision from the comparisons, b is the prior's


def readouts(fitted: Fitted) -> dict[str, str]:
    """The row of readouts: "b", "interval", "length weight", "share" ("not defined" where
    b is not)."""
    fit = fitted.fit
    if not fitted.defined:
        return dict.fromkeys(("b", "interval", "length weight", "share"), NOT_DEFINED)
    low, high = fit.b_interval
    return {
        "b": fmt.number(fit.b),
        "interval": f"{fmt.number(low)} to {fmt.number(high)}",
        "length weight": fmt.number(fit.length_ratio),
        "share": fmt.share_percent(fitted.share),
    }


def peak_texts(best: Decline | None, kl: Decline | None) -> tuple[str, str]:
    """Where true quality peaks on the fitted model's curves, as the readouts write it:
    ("n = 49", "β = 0.789"), or where it still rises at the strongest point read
    ("n ≥ 10,000", "β ≤ 0.25"), or "not defined" without curves."""
    if best is None or kl is None:
        return NOT_DEFINED, NOT_DEFINED
    bon = f"n ≥ {fmt.count(best.end)}" if best.peak >= best.end else fmt.named("n", best.peak)
    kl_text = f"β ≤ {fmt.significant(kl.end, digits=3)}" if kl.peak <= kl.end else _beta(kl.peak)
    return bon, kl_text


def _beta(beta: float) -> str:
    return fmt.named("β", beta, digits=3)


def _pressure(value: float, *, best_of_n: bool) -> str:
    return fmt.named("n", value) if best_of_n else _beta(value)


def curve_sentence(curve: Decline, *, best_of_n: bool) -> str:
    """What optimizing the fitted model does to true quality on one curve: peaks then falls
    by how much (a fall of more than DECLINE), levels off, or rises all the way."""
    method = "Best-of-n over the 600 answers" if best_of_n else "The KL optimum"
    end = _pressure(curve.end, best_of_n=best_of_n)
    if best_of_n:
        where = ""
    elif curve.capped_end:
        where = ", with every β of the curve capped by the grid's edge"
    else:
        where = ", the strongest β clear of the grid's edge"
    if curve.declines and curve.peak == curve.gentlest:
        return (
            f"{method}, on the fitted model: true quality is highest at the gentlest "
            f"{_pressure(curve.peak, best_of_n=best_of_n)} drawn ({fmt.signed(curve.peak_gold)}) "
            f"and falls from there, by {fmt.number(curve.fall)} to "
            f"{fmt.signed(curve.end_gold)} at {end}{where}."
        )
    if curve.declines:
        return (
            f"{method}, on the fitted model: true quality peaks at "
            f"{_pressure(curve.peak, best_of_n=best_of_n)} ({fmt.signed(curve.peak_gold)}), "
            f"then falls by {fmt.number(curve.fall)} to {fmt.signed(curve.end_gold)} at "
            f"{end}{where}."
        )
    inside = curve.peak < curve.end if best_of_n else curve.peak > curve.end
    if inside:
        return (
            f"{method}, on the fitted model: true quality levels off from "
            f"{_pressure(curve.peak, best_of_n=best_of_n)} ({fmt.signed(curve.peak_gold)}) and "
            f"ends within {fmt.number(DECLINE)} of it at {end}{where}: no decline."
        )
    if curve.steady:
        return (
            f"{method}, on the fitted model: true quality rises all the way to {end} "
            f"({fmt.signed(curve.end_gold)}){where}: no decline."
        )
    return (
        f"{method}, on the fitted model: true quality is highest at {end}{where} "
        f"({fmt.signed(curve.end_gold)}), though it dips on the way there."
    )


def share_sentence(fitted: Fitted) -> str:
    """How much of what the fit says about b the comparisons carry, and the prior the rest."""
    fit = fitted.fit
    if not fitted.defined:
        return f"The share of b the comparisons carry is {NOT_DEFINED}: so is b."
    if fit.prior == 0:
        return (
            "With no prior, everything the fit says about b comes from the comparisons: its "
            "90% interval is theirs."
        )
    information = fmt.significant(float(fit.information[2, 2]), digits=2)
    said = (
        f"The comparisons carry {fmt.share_percent(fitted.share)} of what the fit knows about "
        f"b; the prior (strength {fmt.stop(fit.prior)}) carries the rest. For the padding "
        f"weight alone, the comparisons' Fisher information is {information} "
        f"against the prior's precision {fmt.stop(fit.prior)}."
    )
    if fitted.share < MOSTLY_PRIOR:
        said += (
            " So this b is mostly the prior's: its interval is conditional on the prior, and "
            "can exclude the true b = 1 without the comparisons saying so."
        )
    return said


def undefined_sentence(fit: BradleyTerryFit) -> str:
    """Why b is not defined here, and so why no curves are drawn."""
    if fit.information is None:
        why = "The fit has no finite answer (the warning above says why)."
    else:
        weight, error = float(fit.weights[0]), float(fit.standard_errors[0])
        low, high = weight - INTERVAL_Z * error, weight + INTERVAL_Z * error
        why = (
            f"The fit's substance weight is {fmt.number(weight)}, with 90% interval "
            f"{fmt.number(low)} to {fmt.number(high)}: not clearly above 0."
        )
    return (
        f"{why} b = w\\_pad ÷ w\\_s is a fraction of the substance weight, so b is "
        f"{NOT_DEFINED} here, and neither is the length weight per unit of substance; no curves "
        "are drawn, since there is no reward model on true quality's scale to optimize."
    )


GOLD_TURN = 0.5  # true quality s + l − (l² − 1) rises with length below l = 1/2, falls above
LENGTH_BAND = 2.0  # 95% of compared lengths lie within ±2 spreads (the plane's dotted lines)


def narrow_sentence(fitted: Fitted, *, spread: float) -> str:
    """Why comparisons of narrow lengths teach length-is-good and leave padding open, and what
    this fit made of them.

    Over the lengths raters saw (±2 spreads), true quality's slope in length is 1 − 2·l; two
    compared answers differ on average (lengths normal with sd s) by E|l₁ − l₂| = 2s/√π in
    length and E|l₁² − l₂²| = 4s²/π in length², the padding penalty's variable.
    """
    band = LENGTH_BAND * spread
    length_gap = 2 * spread / math.sqrt(math.pi)
    square_gap = 4 * spread**2 / math.pi
    gaps = (
        f"two compared answers differ in length by {fmt.significant(length_gap, digits=2)} on "
        f"average and in length² by {fmt.significant(square_gap, digits=2)}"
    )
    if band <= GOLD_TURN:
        said = (
            f"At length spread {fmt.stop(spread)}, 95% of compared lengths lie within "
            f"±{fmt.significant(band, digits=2)}, where true quality's slope in length, "
            f"1 − 2·length, runs from {fmt.number(1 - 2 * band)} to {fmt.number(1 + 2 * band)}: "
            f"longer was better at every length the raters saw. And {gaps}, so the padding "
            "penalty, which grows with length², moved their choices "
            f"{fmt.significant(length_gap / square_gap, digits=2)} times less than length did. "
            "Narrow comparisons teach that length is good, and say little about how padding "
            "costs beyond them."
        )
    else:
        said = (
            f"At length spread {fmt.stop(spread)}, 95% of compared lengths lie within "
            f"±{fmt.significant(band, digits=2)}, past length {fmt.number(GOLD_TURN)}, where true "
            f"quality starts to fall with length; and {gaps}: the raters' choices carry the "
            "padding penalty too."
        )
    if not fitted.defined:
        return said
    fit = fitted.fit
    low, high = fit.b_interval
    scale = float(fit.weights[0])
    length_error = float(fit.standard_errors[1]) / scale
    padding_error = float(fit.standard_errors[2]) / scale
    said += (
        f" This fit learned a length weight of {fmt.number(fit.length_ratio)} "
        f"(± {fmt.number(length_error)}; the truth is 1) and b = {fmt.number(fit.b)} "
        f"(± {fmt.number(padding_error)} for the padding weight; 90% interval of b "
        f"{fmt.number(low)} to {fmt.number(high)})"
    )
    if low <= 0 and high >= 1:
        said += (
            ", which holds both 0 and the true 1: these comparisons cannot tell a model with no "
            "padding penalty from the truth."
        )
    elif high < 1:
        said += ", which excludes the true 1."
    else:
        said += "."
    return said


def plane_caption(fitted: Fitted) -> str:
    """How to read the plane's lines: on true quality's scale where b is defined."""
    scale = (
        "scaled so substance counts 1 (a Bradley–Terry reward is known only up to scale)"
        if fitted.defined
        else "its weights as fitted (its substance weight is not clearly positive, so there "
        "is no scale of true quality to put them on)"
    )
    return (
        f"Lines: the learned reward model, {scale}. Where its lines bend back like the filled "
        "contours, it learned the padding penalty. The dotted lines enclose 95% of the lengths "
        "the raters saw; beyond them comparisons are few, and the model mostly guesses."
    )


def playground_label(fit: BradleyTerryFit, stop: float, *, defined: bool) -> str:
    """The Playground link's label, short enough for a phone's one line: the nearest b it has."""
    return f"Open the Playground at {fmt.named('b', stop)}"


def playground_caption(fit: BradleyTerryFit, stop: float, *, defined: bool) -> str:
    """Under the link: what the Playground keeps of this fit (its reward model's length weight
    is 1 and it keeps nothing else)."""
    if not defined:
        return f"This fit has no b: the link opens the lesson's {fmt.named('b', stop)}."
    return (
        f"{fmt.named('b', stop)} is the b step nearest this fit's; the Playground's reward model "
        f"has length weight 1 there ({fmt.number(fit.length_ratio)} here)."
    )


def fresh_sentence(fresh: FreshDraws, *, pairs: int, this_draw: Fitted) -> str:
    """How often what this page shows holds on other draws of the same comparisons."""
    total = len(fresh.seeds)
    said = (
        f"On {total} other draws of {fmt.count(pairs)} comparisons at these settings (seeds "
        f"{fresh.seeds[0]} to {fresh.seeds[-1]}; this page's is seed 0), b is defined in "
        f"{fresh.defined}"
    )
    if fresh.defined == 0:
        return said + "."
    low, middle, high = np.quantile(fresh.b, [0.25, 0.5, 0.75])
    said += (
        f"; of those, the fitted model's own KL optimum falls by more than "
        f"{fmt.number(DECLINE)} in {fresh.kl_declines} and its best-of-n in "
        f"{fresh.best_of_n_declines}. Their b has median {fmt.number(middle)}, middle half "
        f"{fmt.number(low)} to {fmt.number(high)}."
    )
    if this_draw.defined:
        shown = "falls" if this_draw.kl_read.declines else "does not fall"
        agreeing = (
            fresh.kl_declines if this_draw.kl_read.declines else (fresh.defined - fresh.kl_declines)
        )
        said += (
            f" On this page's draw the KL optimum {shown}: so do {agreeing} of the {fresh.defined}."
        )
    return said


def pessimistic_sentence(plain, pessimistic, *, kappa: float, beta: float) -> str:
    """The pessimistic reward against the fitted model at one β: mean length and true quality
    gain of each KL optimum (``plain``, ``pessimistic``: core.KLResult at ``beta``)."""
    if pessimistic.mean_length < plain.mean_length - SHORTER:
        verdict = (
            "Where the comparisons said little the bound falls, so the optimum stops shorter, "
            "with no prior"
        )
    else:
        verdict = (
            "Here the comparisons reached the lengths the optimum goes to, so it is no shorter"
        )
    return (
        "A reward model that knows what it has not seen: score each answer by its lower "
        "confidence bound, r_LCB = φᵀŵ − κ·√(φᵀΣ̂φ), the fitted score less κ posterior standard "
        f"deviations ({fmt.named('κ', kappa)}; Σ̂ is the fit's inverse Hessian). At "
        f"{_beta(beta)} the KL optimum of the fitted model has mean length "
        f"{fmt.number(plain.mean_length)} and true quality {fmt.signed(plain.gold_gain)}; of "
        f"r_LCB, mean length {fmt.number(pessimistic.mean_length)} and true quality "
        f"{fmt.signed(pessimistic.gold_gain)} (the dotted line). {verdict} (the pessimistic "
        "maximum likelihood of Zhu, Jiao & Jordan, 2023)."
    )


# --- the page's fixed paragraphs and the readouts' help --------------------------------------
HOW_IT_IS_FITTED = (
    "Before anything is optimized, people compare pairs of answers. Each pair is two answers "
    "from the base model; the rater prefers the first with probability "
    "sigmoid((true quality₁ − true quality₂)/T). A **:blue[reward model]** "
    "r = w\\_s·substance + w\\_l·length − w\\_pad·(length² − 1) is then fitted to their "
    "choices by maximum likelihood (Bradley–Terry, Newton's method). What it learned "
    "about padding is **b = w\\_pad ÷ w\\_s**: 1 is the whole penalty, 0 is the lesson's "
    "reward model, which believes longer is always better. The curves optimize this "
    "fitted model itself, exactly: the KL optimum on the grid, best-of-n over the 600 "
    "answers it ranks."
)
READOUT_HELP = {  # each readout's tooltip, by its key in :func:`readouts`
    "b": "w\\_pad ÷ w\\_s: the padding penalty learned",
    "interval": "b ± 1.645 standard errors, by the delta method from the inverse Hessian; "
    "conditional on the prior: with a prior it can exclude the true b = 1",
    "length weight": "What the model pays for one unit of length, per unit of substance; the "
    "truth is 1",
    "share": "Of what the fit knows about b (its precision), the part the comparisons carry; "
    "the prior carries the rest",
}
WHY_B_IS_HARD = (
    "Many comparisons of widely varying lengths teach the whole penalty (b → 1) and the "
    "decline disappears. Few comparisons of typical answers pin b down badly, in either "
    "direction: 200 pairs at spread 0.3 (rater noise 1) give b = 2.71 with no prior "
    "(interval 0.70 to 4.73); only a prior pulls b toward 0, and then its interval is "
    "conditional on that prior: at prior 30 the same pairs give b = 0.19, interval -0.47 "
    "to 0.85, which excludes the true b = 1. A likelier reason a real reward model misses "
    "the penalty is that it cannot express it: fitted without the padding feature, on "
    "200,000 pairs at spread 1, it learns b = 0 by construction and pays 0.75 per unit of "
    "length against 1 for substance, believing longer is always better."
)
DPO = (
    "DPO (Rafailov et al., 2023) skips the separate reward model but fits the same "
    "Bradley–Terry model of the choices implicitly: its policy π stands for the reward "
    "β·log(π/π_ref) (up to a constant), and that is what it fits to the choices. In the ideal "
    "limit (unlimited comparisons, exact optimization) that reward is the fitted reward "
    "model r, so DPO lands on the same optimum, π ∝ π_ref·exp(r/β), and inherits the same "
    "learned b; with finite data it need not, and "
    "can drift far from π_ref where the choices are nearly certain (Azar et al., 2023, "
    "whose IPO keeps it closer)."
)


def plane_description(b_said: str) -> str:
    """The fitted plane's text alternative, with the learned b as the readout writes it."""
    return (
        "The learned reward model's contour lines over true quality's filled "
        f"contours; its padding penalty b is {b_said}. The caption below explains it."
    )
