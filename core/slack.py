"""Slack: what stopping at the true peak costs in reward-model score, and what it keeps.

"Give up the last few % of hill climbing": compare the gold peak among a slider's stops with
the slider's strongest stop. Stopping at the peak gives up some of the reward model's score
(as a fraction of the score at the strongest stop) and ends higher in true quality (the gold
gain at the peak minus the gold gain at the strongest stop). "Slack" is the essay's word this
demo grew from (docs/design.md §9), not a term of the research literature; and stopping at the
peak takes an oracle that sees true quality, which a real optimizer does not have.

For the KL optimum, stops capped by the grid's edge (core.edge_check: edge mass >= 5%, or true
quality moving by more than 0.1 on a ±12 grid) are left
out: their numbers describe the boundary, not the trade-off, so no conclusion is drawn from them.

:func:`slack_at_stops` reads the same peak from every stop of a slider: how far a stop is from
it, in true quality and in score, and on which side (the stage's one line, from where the
student is).
"""

import dataclasses
from dataclasses import dataclass

import numpy as np

from core.best_of_n import best_of_n
from core.grid_edge import edge_check
from core.kl import EDGE_CAPPED_MASS, kl_optimum
from core.peaks import peak_among_uncapped, strongest_uncapped, uncapped_stops
from core.validate import BETA_STOPS, N_STOPS, POSITIVE, REWARD_MODEL, Choice, validate_params

# A true-quality difference below this prints as 0.00 at the screen's 0.01: a stop this close
# to the peak is at it (best-of-n levels off as n outruns the 600 answers: +0.00004 from
# n = 7,000 to 10,000 at b = 1).
PEAK_FLATNESS = 0.005


@dataclass(frozen=True)
class MethodSlack:
    """One method's slack: its gold peak against its strongest stop. Floats."""

    peak_pressure: float  # the stop (β or n) where true quality is highest
    strongest_pressure: float  # the stop with the most optimization (smallest β, largest n)
    peak_proxy_gain: float  # reward-model score gain at the peak
    strongest_proxy_gain: float  # reward-model score gain at the strongest stop
    peak_gold_gain: float  # true quality gain at the peak
    strongest_gold_gain: float  # true quality gain at the strongest stop
    score_given_up: float  # fraction of the strongest stop's score gain given up, in [0, 1]
    gold_kept: float  # true quality gain kept by stopping at the peak, >= 0
    # True quality at the strongest stop minus at the next gentler stop looked at (clear of the
    # edge; 0 if there is none): best-of-n levels off as n outruns the 600 answers (+0.00004
    # from n = 7,000 to 10,000 at b = 1), so "still rises" needs this to be visible.
    strongest_rise: float
    left_out: int = 0  # stronger stops left out: capped by the grid's edge (KL only)


@dataclass(frozen=True)
class Slack:
    """Slack for both methods at one reward model (b, σ)."""

    best_of_n: MethodSlack
    kl: MethodSlack


EDGE_RULES = Choice(("check", "mass"), '"check" or "mass"')  # how a capped β stop is found


@validate_params({"beta_stops": BETA_STOPS, "n_stops": N_STOPS, **REWARD_MODEL, "edge": EDGE_RULES})
def slack(*, beta_stops, n_stops, b: float = 0.0, sigma: float = 0.0, edge: str = "check") -> Slack:
    """Each method's gold peak among the stops, against its strongest stop.

    Parameters
    ----------
    beta_stops : array_like of shape (S,)
        β values the KL slider can take (each > 0); the strongest is the smallest.
    n_stops : array_like of shape (T,)
        n values the best-of-n slider can take (each >= 1); the strongest is the largest.
    b, sigma : float
        The reward model: padding fraction in [0, 1], error size >= 0.
    edge : {"check", "mass"}
        Which β stops are capped by the grid's edge: "check", core.edge_check's (5% at the
        edge, or true quality moving by more than 0.1 on a ±12 grid); "mass", 5% alone, for a
        page that compares the KL optimum with defended reward models, whose fields exist
        only on the grid and so can be checked by no other rule.

    Returns
    -------
    Slack with ``best_of_n`` and ``kl`` fields. Where true quality still rises at the
    strongest stop, the peak is that stop: nothing is given up and nothing is kept. The KL
    side's strongest stop is the strongest one clear of the grid's edge (``left_out`` counts
    the capped ones); if every β stop is capped, all are kept and ``left_out`` is 0.
    """
    betas, counts = beta_stops, n_stops
    kl = kl_optimum(betas, b=b, sigma=sigma, exact=True)  # printed: float64
    bon = best_of_n(counts, b=b, sigma=sigma)
    # Capped by the edge check, not the 5% rule alone: at b = 0.2, σ = 1 β = 0.35 holds < 5% at
    # the edge yet its true quality is +1.33 on the grid and +1.57 on a ±12 grid.
    capped = np.asarray(kl.edge_mass) >= EDGE_CAPPED_MASS
    if edge == "check":
        capped = edge_check(np.asarray(betas, dtype=float), b=b, sigma=sigma, result=kl).capped
    clear = uncapped_stops(capped=capped)
    kl_slack = _method_slack(
        betas,
        kl.proxy_gain,
        kl.gold_gain,
        strongest_uncapped(betas, capped=capped),
        capped=capped,
    )
    return Slack(
        best_of_n=_method_slack(counts, bon.proxy_gain, bon.gold_gain, int(np.argmax(counts))),
        kl=dataclasses.replace(kl_slack, left_out=int(np.count_nonzero(~clear))),
    )


def _method_slack(stops, proxy_gain, gold_gain, strongest: int, *, capped=None) -> MethodSlack:
    """The slack along one method's stops, ``strongest`` the index of its strongest stop;
    the peak is looked for among the stops clear of the grid's edge (``capped``: the edge
    check's flags, KL only; None: no edge)."""
    if capped is None:
        capped = np.zeros(len(stops), dtype=bool)
    # Among stops tied at the peak, the strongest one: least score given up for the same gold.
    peak = peak_among_uncapped(gold_gain, capped=capped, tie_break=proxy_gain)
    looked = np.flatnonzero(uncapped_stops(capped=capped))
    gentler = looked[np.asarray(stops)[looked] != stops[strongest]]  # every stop but the strongest
    # The next gentler stop: for n the largest n below, for β the smallest β above the strongest.
    rank = np.abs(np.log(np.asarray(stops, dtype=float)[gentler] / stops[strongest]))
    neighbour = int(gentler[np.argmin(rank)]) if len(gentler) else strongest
    peak_gold = float(gold_gain[peak])
    top_score = float(proxy_gain[strongest])
    # Score gains rise with pressure for both methods, so this lies in [0, 1] but for rounding
    # where they saturate (a certain winner: n ~ 20,000 at b = 0.2, σ = 1).
    given_up = 0.0
    if top_score > 0:
        given_up = float(np.clip((top_score - proxy_gain[peak]) / top_score, 0.0, 1.0))
    return MethodSlack(
        peak_pressure=float(stops[peak]),
        strongest_pressure=float(stops[strongest]),
        peak_proxy_gain=float(proxy_gain[peak]),
        strongest_proxy_gain=top_score,
        peak_gold_gain=peak_gold,
        strongest_gold_gain=float(gold_gain[strongest]),
        score_given_up=given_up,
        gold_kept=peak_gold - float(gold_gain[strongest]),  # the peak is the clear stops' maximum
        strongest_rise=float(gold_gain[strongest] - gold_gain[neighbour]),
    )


@dataclass(frozen=True)
class StopSlack:
    """Every stop of one slider against true quality's peak among them: arrays (S,), in the
    order the stops were given."""

    peak: int  # index of the peak stop: clear of the grid's edge, ties to the larger score
    # -1 gentler than the peak, 0 at it (within PEAK_FLATNESS in true quality), +1 stronger;
    # a capped stop is never "at" it (its true quality is the boundary's).
    side: np.ndarray
    capped: np.ndarray  # bool: capped by the grid's edge (KL only), its own numbers unusable
    gold_to_peak: np.ndarray  # true quality gain at the peak minus here (>= 0 where clear)
    score_to_peak: np.ndarray  # the reward model's score gain at the peak minus here
    # The peak is the strongest stop looked at and true quality still rises into it by at
    # least PEAK_FLATNESS from the next gentler one: the slider ends before the curve turns.
    rises_at_end: bool
    any_clear: bool  # some stop is clear of the edge (else the peak stands on capped ones)


@validate_params({"pressure": POSITIVE})
def slack_at_stops(pressure, *, proxy_gain, gold_gain, edge_mass=None, capped=None) -> StopSlack:
    """Where each stop of a slider stands against true quality's peak among its stops.

    Parameters
    ----------
    pressure : array_like of shape (S,)
        How hard each stop optimizes, larger is stronger: n for best-of-n, 1/β for the KL
        optimum. Any order.
    proxy_gain, gold_gain : array_like of shape (S,)
        The reward model's score gain and true quality gain at each stop.
    edge_mass : array_like of shape (S,), or None
        Each stop's mass near the grid's edge (KL only; None: no edge); read only where
        ``capped`` is None.
    capped : array_like of bool of shape (S,), or None
        Each stop's edge check (``core.edge_check(...).capped``); None: edge mass >= 5% alone.

    Returns
    -------
    StopSlack. The peak is :func:`slack`'s (core.peaks' rule, among the stops clear of the
    edge, ties to the larger score), so both read one peak from the same numbers.
    """
    gold = np.asarray(gold_gain, dtype=float)
    proxy = np.asarray(proxy_gain, dtype=float)
    if capped is None:
        edge = np.zeros(gold.shape) if edge_mass is None else np.asarray(edge_mass, dtype=float)
        capped = edge >= EDGE_CAPPED_MASS
    capped = np.asarray(capped, dtype=bool)
    peak = peak_among_uncapped(gold, capped=capped, tie_break=proxy)
    gold_to_peak = gold[peak] - gold
    side = np.sign(pressure - pressure[peak]).astype(int)
    side[~capped & (gold_to_peak < PEAK_FLATNESS)] = 0
    looked = np.flatnonzero(uncapped_stops(capped=capped))
    strongest = looked[np.argmax(pressure[looked])]
    gentler = looked[pressure[looked] < pressure[strongest]]
    rise = gold[strongest] - gold[gentler[np.argmax(pressure[gentler])]] if len(gentler) else 0.0
    return StopSlack(
        peak=int(peak),
        side=side,
        capped=capped,
        gold_to_peak=gold_to_peak,
        score_to_peak=proxy[peak] - proxy,
        rises_at_end=bool(peak == strongest and rise >= PEAK_FLATNESS),
        any_clear=bool(not capped.all()),
    )
