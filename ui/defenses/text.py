"""The Defenses page's readouts and sentences: numbers from ui.defenses.compute, put in words
(pure: no Streamlit, no core calls; ``ui.defenses.view`` draws the readouts).

The functions (:func:`spot_check_spread`, :func:`fate_sentence`, :func:`pressure_text`, …)
take core's results and return plain values or text, so tests can check every number the page
states against core.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from common import format as fmt
from ui import edge_note
from ui.settings import BETA_STOPS, N_STOPS

METHOD_NAMES = {"best_of_n": ("Best-of-n", "n"), "kl": ("KL penalty", "β")}
SPREAD = (0.1, 0.5, 0.9)  # the quantiles a spread is told by: the middle 80% and the median


def pressure_text(method: str, pressure: float) -> str:
    """'n = 49' or 'β = 0.6', as the sliders write them (n with thousands separators)."""
    return fmt.named(METHOD_NAMES[method][1], pressure)


@dataclass(frozen=True)
class SpotSpread:
    """A spot-check run told in a few numbers (quantiles over the repeats are repeats' values)."""

    chosen_low: float  # 10th percentile of the stop chosen, by pressure
    chosen_median: float
    chosen_high: float  # 90th percentile
    lost_median: float  # true quality lost against the real peak, median over repeats
    lost_high: float  # 90th percentile: the worst tenth of repeats lose at least this
    peak_pressure: float  # the real peak among the stops


def spot_check_spread(result, method: str) -> SpotSpread:
    """The spread of a :class:`core.SpotCheckResult`, ordered by pressure (β falls)."""
    # Order by pressure: n as it is, β by 1/β, so "low" always means gentler.
    pressure = result.chosen_pressure if method == "best_of_n" else 1 / result.chosen_pressure
    low, median, high = np.quantile(pressure, SPREAD, method="inverted_cdf")
    if method != "best_of_n":
        low, median, high = 1 / low, 1 / median, 1 / high
    lost_median, lost_high = np.quantile(result.quality_lost, SPREAD[1:], method="inverted_cdf")
    return SpotSpread(
        chosen_low=float(low),
        chosen_median=float(median),
        chosen_high=float(high),
        lost_median=float(lost_median),
        lost_high=float(lost_high),
        peak_pressure=result.peak_pressure,
    )


# A fall from the peak smaller than this is none (the lesson's test of "removes the decline").
DECLINE_TOLERANCE = 0.01


def strongest_text(undefended) -> str:
    """The sliders' strongest settings the page reads, clear of the grid's edge: 'n = 10,000,
    β = 0.3 (β = 0.25 is left out: capped by the grid's edge)'."""
    kl = undefended.kl
    left_out = edge_note.left_out_sentence("β", edge_note.left_out_stops(BETA_STOPS, kl))
    return (
        f"{pressure_text('best_of_n', undefended.best_of_n.strongest_pressure)}, "
        f"{pressure_text('kl', kl.strongest_pressure)}" + (f"; {left_out[:-1]}" if left_out else "")
    )


def fate_sentence(method: str, summary) -> str:
    """What the undefended reward model does to one method at its strongest setting, in words
    true to the numbers: "collapses" only where true quality ends below the base model's."""
    name = METHOD_NAMES[method][0]
    peak, strongest = summary.peak_gold_gain, summary.strongest_gold_gain
    at_peak = f"{fmt.signed(peak)} at {pressure_text(method, summary.peak_pressure)}"
    at_strongest = f"{fmt.signed(strongest)} at {pressure_text(method, summary.strongest_pressure)}"
    if strongest < 0:
        return f"**{name}** collapses: from {at_peak} to {at_strongest}, below the base model."
    if peak - strongest > DECLINE_TOLERANCE:
        return f"**{name}** declines from {at_peak} to {at_strongest}, still above the base model."
    if summary.peak_pressure != summary.strongest_pressure:  # a fall too small to count
        return f"**{name}** holds: {at_strongest}, within 0.01 of its peak ({at_peak})."
    return f"**{name}** does not decline: true quality is at its peak, {at_strongest}."


def change_text(change: float) -> str | None:
    """'+0.42' for a metric's change against the undefended; None when it rounds to zero."""
    # A change below 0.005 is not worth a delta, even where a gain's own text shows -0.001.
    return None if round(change, 2) == 0 else fmt.signed(change)


@dataclass(frozen=True)
class StrongestPair:
    """One method's strongest setting read for the undefended and a defended reward model."""

    pressure: float  # the stop: the gentler of the two strongest uncapped stops
    before_gold_gain: float
    after_gold_gain: float
    edge_mass: float  # the larger of the two optima's edge masses there (KL; else 0)


def shared_strongest(method: str, before, after) -> StrongestPair:
    """Both summaries at one strongest stop clear of the grid's edge for both, so a delta
    never compares two stops or stands on a capped optimum (β = 0.3 vs 0.25, say)."""
    stops = np.asarray(N_STOPS if method == "best_of_n" else BETA_STOPS, dtype=float)
    pressures = (before.strongest_pressure, after.strongest_pressure)
    # β: the larger of the two is the gentler; n: the smaller.
    pressure = max(pressures) if method == "kl" else min(pressures)
    index = int(np.flatnonzero(stops == pressure)[0])
    edges = [
        s.stop_edge_mass[index] if s.stop_edge_mass is not None else 0.0 for s in (before, after)
    ]
    return StrongestPair(
        pressure=pressure,
        before_gold_gain=float(before.stop_gold_gain[index]),
        after_gold_gain=float(after.stop_gold_gain[index]),
        edge_mass=float(max(edges)),
    )


@dataclass(frozen=True)
class Readout:
    """One metric as the page shows it: a defended true quality gain and its change."""

    label: str
    value: str
    delta: str | None  # the change from the undefended, None where it rounds to zero
    help: str


def gain_readout(label: str, before: float, after: float, help_text: str) -> Readout:
    """One defended true quality gain, its change from the undefended ``before``, and a help."""
    return Readout(label, fmt.signed(after), change_text(after - before), help_text)


def readouts(undefended, defended) -> list[Readout]:
    """Four readouts: each method's peak and its strongest setting, with the change made
    (best-of-n's two, then the KL penalty's). ``undefended`` and ``defended`` are
    :class:`ui.defenses.compute.Summary` objects."""
    shown = []
    for method in ("best_of_n", "kl"):
        name = METHOD_NAMES[method][0]
        before, after = getattr(undefended, method), getattr(defended, method)
        peak_help = (
            "True quality gain at its best slider stop. Undefended: "
            f"{fmt.signed(before.peak_gold_gain)} at "
            f"{pressure_text(method, before.peak_pressure)}."
        )
        shown.append(
            gain_readout(
                f"{name}: peak, {pressure_text(method, after.peak_pressure)}",
                before.peak_gold_gain,
                after.peak_gold_gain,
                peak_help,
            )
        )
        pair = shared_strongest(method, before, after)
        strongest_help = (
            "True quality gain at the slider's strongest setting clear of the grid's edge: "
            f"the collapse, if it fell. Undefended: {fmt.signed(pair.before_gold_gain)}."
        )
        shown.append(
            gain_readout(
                f"{name}: at {pressure_text(method, pair.pressure)}",
                pair.before_gold_gain,
                pair.after_gold_gain,
                strongest_help,
            )
        )
    return shown


def ensemble_words(
    aggregate: str, k: int, formula_size: float, measured_size: float, *, sigma: float, rho: float
) -> str:
    """What the ensemble does to the errors, for the mean or the minimum of ``k`` members.

    ``formula_size`` is σ·√(ρ + (1 − ρ)/k), ``measured_size`` the shipped members' own; both
    describe the mean only, so the minimum gets words instead of them.
    """
    members = (
        "Member j scores s + l − b·(l² − 1) + σ·(√ρ·ε₀ + √(1 − ρ)·ε_j): the same b in every "
        "member (all learned from the same comparisons), a shared error ε₀, and an error ε_j "
        "of its own. "
    )
    left = "b"
    if rho > 0 and sigma > 0:
        left = f"b and the shared error σ·√ρ·ε₀ (of size {fmt.number(sigma * rho**0.5)} here)"
    shared = (
        f"As k grows, what is left is what every member shares: {left}. With b = 0 and no "
        "shared error that is the padding collapse of the σ = 0 reward model (ensembles mitigate "
        "reward hacking but do not remove what members share: Eisenstein et al., 2023)."
    )
    if aggregate == "mean":
        who = "this member measures" if k == 1 else f"these {k} members measure"
        measured = f"({who} {fmt.number(measured_size)})"
        if k > 1 and rho < 1 and sigma > 0:
            averaged = (
                f"Averaging k members shrinks the errors from σ to σ·√(ρ + (1 − ρ)/k) = "
                f"**{fmt.number(formula_size)}** {measured}; the shared part and b stay whole. "
            )
        else:  # nothing to average away: one member, one shared error, or none at all
            reason = "one member" if k == 1 else "ρ = 1, one error shared by all"
            reason = "σ = 0, no errors" if sigma == 0 else reason
            averaged = (
                f"Averaging k members would shrink the errors to σ·√(ρ + (1 − ρ)/k); with "
                f"{reason}, that is σ itself, **{fmt.number(formula_size)}** {measured}. "
            )
        return members + averaged + shared
    return (
        members + "Their minimum, the worst case, does not average the members' own errors "
        "away: the lowest of k errors sits lower by about the same amount everywhere, which "
        "changes no ranking, and its ups and downs shrink far more slowly with k than the "
        "mean's σ·√(ρ + (1 − ρ)/k). In Coste et al. (2023) the worst case helps because "
        "members disagree most on unusual answers, where the exploits are; here every member "
        "errs equally much everywhere, so disagreement cannot flag an unusual answer. " + shared
    )


# --- the page's paragraphs, from its settings and results ------------------------------------
def intro_words(b: float, sigma: float, undefended) -> str:
    """The opening paragraph: the four defenses, and each method's fate undefended at (b, σ)
    (``undefended``: ``ui.defenses.compute.summary(b, σ)``)."""
    return (
        "Four ways to keep optimization from running away with a flawed **:blue[reward model]**, "
        "each shown against the undefended one for both methods: **:violet[best-of-n]** and the "
        "**:green[KL penalty]**. The numbers are **:orange[true quality]** gains over the base "
        "model: at each method's *peak* (its best slider stop) and at its *strongest* setting "
        f"clear of the grid's edge ({strongest_text(undefended)}). Undefended, "
        f"at {fmt.named('b', b)} and {fmt.named('σ', sigma)}: "
        f"{fate_sentence('best_of_n', undefended.best_of_n)} "
        f"{fate_sentence('kl', undefended.kl)}"
    )


def better_words(b: float, better: float) -> str:
    """Section 1: the page's reward model's b against the better one's b′."""
    return (
        f"The page's reward model learned the fraction {fmt.named('b', b)} of the padding penalty "
        "(the **b** slider above; b = 0 is the lesson's). A better one learned "
        f"{fmt.named('b′', better)} (the **b′** slider), at the same σ: the chart at the top of "
        "the page."
    )


SIGMA_ZERO = (
    "σ is 0: every member is the same reward model, so the ensemble changes nothing. "
    "Move σ up to give the members errors to average out."
)


def length_words(penalty: float) -> str:
    """Section 3: what a length penalty λ does, and what the research found of real length."""
    return (
        f"Subtract λ·length from the reward model's score, here {fmt.named('λ', penalty)}. λ = 1 "
        "cancels its liking for length, so padding no longer pays; a bigger λ makes it prefer "
        "answers shorter than true quality wants. Real length bias is less tidy: Singhal et al. "
        "(2023) found that much of RLHF's reward gain was length (optimizing length alone "
        "reproduced much of RLHF's improvement), yet length penalties did not help uniformly: "
        "real length is not one flaw cleanly apart from what people value."
    )


def spot_check_words(m: int, *, repeats: int, seed: int) -> str:
    """Section 4: how m spot checks stop, repeated ``repeats`` times from ``seed``."""
    return (
        f"At every stop of the n and β sliders, check **{fmt.count(m)}** answers by hand against "
        "true quality and stop where their average looks best. Repeated "
        f"{repeats} times with fresh checks (seed "
        f"{seed}): where did it stop, and how much true quality did that "
        "lose against the real peak? The checks here are perfect: each reads an answer's true "
        "quality exactly, with no noise. Real checkers (people, or a stronger model) are noisy "
        "and can share the reward model's biases, such as a liking for length, so read these "
        "numbers as a best case."
    )


def slack_words(best_of_n: str, kl: str) -> str:
    """Section 5: the slack of both methods (their sentences: ``ui.slack_text``)."""
    return (
        "Where true quality peaks, how much of the reward model's score is given up against the "
        "slider's strongest setting, and what that buys:\n\n"
        f"- **Best-of-n**: {best_of_n}\n"
        f"- **KL penalty**: {kl}\n\n"
        "Finding the peak takes an oracle that sees true quality, which is what the spot "
        "checks above try to be. “Slack” is the word of the essay this demo grew from, not a "
        "term of the research literature."
    )


NO_DEFENSE_REMOVES = (
    "None of these removes the flaw the reward model shares everywhere: an ensemble cannot "
    "average away b or ρ, and a length penalty only fixes the one flaw it names."
)
