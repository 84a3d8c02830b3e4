"""When σ swamps b: the sentence a screen shows where the reward model's other errors are large
enough that optimization chases them instead of length (pure, no Streamlit).

At b = 0, best-of-n over the lesson's 600 answers ends at -1.08 at n = 10,000 for σ up to 0.8,
but at +1.41 and +1.54 for σ = 0.9 and 1: the errors (regressional Goodhart) are then larger
than the length flaw (extremal Goodhart), so the answers best-of-n picks are the ones the errors
flatter, not the longest. That is not a cure: the flaw is still in the reward model, and the KL
optimum, which can reach any answer, still falls (β = 0.3: -4.37 at σ = 0, -2.16 at σ = 1).
"""

from __future__ import annotations

import functools

import numpy as np

import core
from ui import format as fmt
from ui.settings import BETA_STOPS, N_STOPS, SIGMA_STOPS


@functools.lru_cache(maxsize=32)
def _strongest_best_of_n(b: float) -> dict[float, float]:
    """Best-of-n's true quality at the n slider's strongest stop, for every σ stop at this b."""
    strongest_n = float(max(N_STOPS))
    return {s: float(core.best_of_n(strongest_n, b=b, sigma=s).gold_gain) for s in SIGMA_STOPS}


def _swamping(b: float, sigma: float) -> tuple[float, float, float] | None:
    """(best-of-n's end at this σ, the largest smaller σ stop where it collapses, its end
    there) where σ swamps b, else None."""
    ends = _strongest_best_of_n(b)
    if sigma not in ends:  # between the slider's stops: say nothing rather than guess
        return None
    collapsed = [s for s in SIGMA_STOPS if s < sigma and ends[s] < 0]
    if ends[sigma] < 0 or not collapsed:
        return None
    below = max(collapsed)  # the largest σ where best-of-n still collapses at this b
    return ends[sigma], below, ends[below]


@functools.lru_cache(maxsize=64)
def swamped_sentence(b: float, sigma: float) -> str | None:
    """The sentence for the reward model (b, σ), or None where σ does not swamp b.

    It is shown where best-of-n at the n slider's strongest stop ends above the base model at
    this σ, but below it at a smaller σ stop with the same b: the larger errors, not a fix,
    took the collapse away (at b = 0: from σ = 0.9 on; at b = 0.2 there is none to take).
    """
    swamping = _swamping(b, sigma)
    if swamping is None:
        return None
    end, below, end_below = swamping
    strongest_n = float(max(N_STOPS))
    betas = np.array(BETA_STOPS, dtype=float)
    kl = core.kl_optimum(betas, b=b, sigma=sigma, exact=True)
    strongest = core.strongest_uncapped(betas, edge_mass=kl.edge_mass)
    return (
        f"Here σ swamps b: the reward model's other errors ({fmt.named('σ', sigma)}) are larger "
        "than its liking for length, so best-of-n picks the answers those errors flatter rather "
        f"than the longest ones: at {fmt.named('n', strongest_n)} it ends at "
        f"{fmt.signed(end)}, where at {fmt.named('σ', below)} it falls to "
        f"{fmt.signed(end_below)} (on this draw of 600 answers). The errors (regressional "
        "Goodhart) drown out the length flaw (extremal Goodhart); they do not cure it: the KL "
        "optimum, which can reach any answer, ends at "
        f"{fmt.signed(kl.gold_gain[strongest])} at {fmt.named('β', betas[strongest])}."
    )


def swamped_readout(b: float, sigma: float) -> str | None:
    """:func:`swamped_sentence` in one line, for the stage's best-of-n readouts, or None."""
    swamping = _swamping(b, sigma)
    if swamping is None:
        return None
    end, below, end_below = swamping
    return (
        f"σ swamps b here: best-of-n ends at {fmt.signed(end)} "
        f"(at {fmt.named('σ', below)}: {fmt.signed(end_below)}), not a cure"
    )
