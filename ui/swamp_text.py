"""When σ swamps b: the sentence a screen shows where the reward model's other errors are large
enough that optimization chases them instead of length (pure, no Streamlit). It receives
numbers, never (b, σ): ``ui.compute.swamping`` asks core for them and applies :func:`swamping`
(no core call here).

Its causal story: at σ = 0 (the same b) best-of-n over the lesson's 600 answers collapses below
the base model at the n slider's strongest stop, and at this σ it does not. At b = 0 it ends at
-1.08 at n = 10,000 for σ up to 0.8, but at +1.41 and +1.54 for σ = 0.9 and 1: the errors
(regressional Goodhart) are then larger than the length flaw (extremal Goodhart), so the
answers best-of-n picks are the ones the errors flatter, not the longest (mean length 1.03 at
σ = 1 against 2.37 at σ = 0). That is not a cure: the flaw is still in the reward model, and the
KL optimum, which can reach any answer, still ends below the base model (β = 0.3: -4.37 at
σ = 0, -2.16 at σ = 1).

At b = 0.05-0.15 best-of-n does not collapse at σ = 0 (+3.19 at n = 10,000): a collapse at a
middling σ there is the errors' own doing, so there is no collapse for larger errors to take
away, and the sentence is not shown (today it is shown at b = 0, σ ≥ 0.9 only).

That story is the lesson's draw of 600 answers'. Over 200 fresh draws (core.fresh_draws) at
b = 0, best-of-n ends below the base model at n = 10,000 in 75 at σ = 0, but in 110 at σ = 0.9
and 96 at σ = 1: larger errors make the collapse more likely there, and fewer only from σ = 1.1
(61). So the sentence and the stage's line say how many of the fresh draws the collapse takes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from common import format as fmt
from common.i18n import tr
from ui.settings import N_STOPS

if TYPE_CHECKING:
    import core

# A fall from the peak smaller than this is none (the lesson's test of "removes the decline").
DECLINE_TOLERANCE = 0.01
STRONGEST_N = float(max(N_STOPS))  # the n slider's strongest stop, where the collapse is read


@dataclass(frozen=True)
class Swamping:
    """The numbers the sentence stands on, for one (b, σ) where σ swamps b."""

    sigma: float  # the reward model's σ, as the sentence names it
    end: float  # best-of-n's true quality at the strongest n, at this σ (>= 0)
    end_clean: float  # the same at σ = 0, same b (< 0: the collapse the errors take away)
    length: float  # best-of-n's mean length at the strongest n, at this σ
    length_clean: float  # the same at σ = 0 (longer: the answers the length flaw picks)
    kl_end: float  # the KL optimum's true quality at its strongest stop clear of the edge
    kl_strongest: float  # that stop's β
    kl_peak: float  # the KL optimum's true quality at its peak among the uncapped stops
    kl_peak_beta: float  # that stop's β
    draws: int  # fresh draws of 600 answers counted (core.fresh_draws)
    draws_below: int  # of them, how many end below the base model at STRONGEST_N, at this σ
    draws_below_clean: int  # the same at σ = 0
    draws_taken: int  # how many collapse at σ = 0 and not here, picking shorter (swamps' rule)


def swamps(here: core.BestOfNResult, clean: core.BestOfNResult) -> bool:
    """Whether σ swamps b, from best-of-n at STRONGEST_N at this σ (``here``) and at σ = 0 with
    the same b (``clean``), fields floats: it collapses below the base model at σ = 0 but not
    here, and picks shorter answers here. Larger errors, not a fix, took the collapse away."""
    end, end_clean = float(here.gold_gain), float(clean.gold_gain)
    return end_clean < 0 <= end and float(here.mean_length) < float(clean.mean_length)


def swamping(
    *,
    sigma: float,
    here: core.BestOfNResult,
    clean: core.BestOfNResult,
    betas: np.ndarray,
    kl: core.KLResult,
    fresh_here,
    fresh_clean,
    strongest: int,
    peak: int,
) -> Swamping | None:
    """The sentence's numbers where :func:`swamps` holds, else None (ui.compute.swamping asks
    core for them). ``kl`` is the KL optimum at every β of ``betas``, fields shape (stops,);
    ``fresh_here`` and ``fresh_clean`` are core.fresh_draws.FreshCurves at STRONGEST_N alone
    (fields (draws, 1)) at this σ and at σ = 0. ``strongest`` and ``peak``: the indices into
    ``betas`` of the KL optimum's strongest stop clear of the grid's edge and of its peak among
    those (core.strongest_uncapped, core.peak_among_uncapped)."""
    if not swamps(here, clean):
        return None
    end, end_clean = fresh_here.gold_gain[:, -1], fresh_clean.gold_gain[:, -1]
    shorter = fresh_here.mean_length[:, -1] < fresh_clean.mean_length[:, -1]
    return Swamping(
        sigma=sigma,
        end=float(here.gold_gain),
        end_clean=float(clean.gold_gain),
        length=float(here.mean_length),
        length_clean=float(clean.mean_length),
        kl_end=float(kl.gold_gain[strongest]),
        kl_strongest=float(betas[strongest]),
        kl_peak=float(kl.gold_gain[peak]),
        kl_peak_beta=float(betas[peak]),
        draws=int(end.size),
        draws_below=int(np.sum(end < 0)),
        draws_below_clean=int(np.sum(end_clean < 0)),
        draws_taken=int(np.sum((end_clean < 0) & (end >= 0) & shorter)),
    )


def draws_evidence(found: Swamping) -> str:
    """How far the lesson's draw's story holds over the fresh draws, from its counts: "on
    average" only where fewer fresh draws end below the base model at this σ than at σ = 0."""
    numbers = {
        "n": fmt.named("n", STRONGEST_N),
        "below": found.draws_below,
        "sigma": fmt.named("σ", found.sigma),
        "below_clean": found.draws_below_clean,
        "taken": found.draws_taken,
        "draws": found.draws,
    }
    if found.draws_below < found.draws_below_clean:
        return tr(
            "Over {draws} fresh draws of 600 this holds on average: best-of-n ends below the "
            "base model at {n} in {below} of them at {sigma}, against {below_clean} at σ = 0 "
            "(in {taken} of the {draws} larger errors take a collapse away).",
            **numbers,
        )
    if found.draws_below > found.draws_below_clean:
        return tr(
            "Over {draws} fresh draws of 600 it is this draw's, not the rule: best-of-n ends "
            "below the base model at {n} in {below} of them at {sigma}, against {below_clean} "
            "at σ = 0, so at this σ the errors make the collapse more likely, not less (in "
            "{taken} of the {draws} larger errors take a collapse away).",
            **numbers,
        )
    return tr(
        "Over {draws} fresh draws of 600 it is this draw's, not the rule: best-of-n ends below "
        "the base model at {n} in {below} of them at {sigma}, against {below_clean} at σ = 0, "
        "so at this σ the errors make the collapse as many likely, not less (in {taken} of the "
        "{draws} larger errors take a collapse away).",
        **numbers,
    )


def kl_evidence(found: Swamping) -> str:
    """What the KL optimum, which can reach any answer, does here, in words its numbers hold:
    below the base model, or falling from its peak, or (if neither) that it does not fall."""
    at_end = {"end": fmt.signed(found.kl_end), "beta": fmt.named("β", found.kl_strongest)}
    if found.kl_end < 0:
        return tr(
            "they do not cure it: the KL optimum, which can reach any answer, still ends below "
            "the base model, at {end} at {beta}.",
            **at_end,
        )
    if found.kl_peak - found.kl_end > DECLINE_TOLERANCE:
        return tr(
            "they do not cure it: the KL optimum, which can reach any answer, still falls from "
            "{peak} at {peak_beta} to {end} at {beta}.",
            peak=fmt.signed(found.kl_peak),
            peak_beta=fmt.named("β", found.kl_peak_beta),
            **at_end,
        )
    return tr(
        "the KL optimum, which can reach any answer, does not fall here either: it ends at its "
        "peak, {end} at {beta}.",
        **at_end,
    )


def swamped_sentence(found: Swamping) -> str:
    """The sentence where σ swamps b (at b = 0: from σ = 0.9 on; elsewhere best-of-n does not
    collapse at σ = 0 for errors to take away), from its numbers."""
    first = tr(
        "Here σ swamps b: the reward model's other errors ({sigma}) are larger than its liking "
        "for length, so best-of-n picks the answers those errors flatter rather than the "
        "longest ones (mean length {length} at {n}, against {length_clean} at σ = 0): it ends "
        "at {end}, where at σ = 0 it falls to {end_clean} (on this draw of 600 answers).",
        sigma=fmt.named("σ", found.sigma),
        length=fmt.number(found.length),
        n=fmt.named("n", STRONGEST_N),
        length_clean=fmt.number(found.length_clean),
        end=fmt.signed(found.end),
        end_clean=fmt.signed(found.end_clean),
    )
    goodhart = tr(
        "On this draw the errors (regressional Goodhart) drown out the length flaw (extremal "
        "Goodhart);"
    )
    return f"{first} {draws_evidence(found)} {goodhart} {kl_evidence(found)}"


def swamped_readout(found: Swamping) -> str:
    """:func:`swamped_sentence` in one line, for the stage's best-of-n readouts."""
    numbers = {
        "end": fmt.signed(found.end),
        "end_clean": fmt.signed(found.end_clean),
        "below": found.draws_below,
        "draws": found.draws,
        "below_clean": found.draws_below_clean,
    }
    if found.kl_end < 0 or found.kl_peak - found.kl_end > DECLINE_TOLERANCE:
        return tr(
            "σ swamps b on this draw: best-of-n ends at {end} (at σ = 0: {end_clean}), not a "
            "cure; below the base in {below} of {draws} fresh draws ({below_clean} at σ = 0)",
            **numbers,
        )
    return tr(
        "σ swamps b on this draw: best-of-n ends at {end} (at σ = 0: {end_clean}); below the "
        "base in {below} of {draws} fresh draws ({below_clean} at σ = 0)",
        **numbers,
    )
