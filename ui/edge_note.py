"""What the screen says when a KL optimum is capped by the grid's edge (pure, no Streamlit).

The lesson's world is the grid on [−6, 6]²: answers beyond 6 do not exist. Where the grid's
edge, not the trade-off, makes the optimum's numbers, every page says so beside its KL readouts
and in its charts' hover. Which optimums those are is core's edge check
(``core.edge_check``, core/grid_edge.py): 5% or more of its mass within 0.5 of the edge
(``KLResult.edge_mass``), or its true quality moving by more than 0.1 on a grid twice as wide
(same spacing, same ε): at β = 0.3, b = 0.05, σ = 2 only 3% sits at the edge, and true quality
is +0.29 on the grid against +3.82 with room. A caller that passes the check (``check``, or a
curve's ``capped`` flags) gets it; one that passes only an edge mass gets the 5% rule alone.
The lesson's own last row (β = 0.3, σ = 0: 2.1% there, −4.37 against −4.44 with room) passes.
The rule is core's; the words are here.
"""

from __future__ import annotations

import numpy as np

import core
from common import format as fmt
from common.i18n import tr

CAPPED_MASS = core.EDGE_CAPPED_MASS  # 0.05: the one threshold, shared with core.slack


def is_capped(edge_mass: float, check=None) -> bool:
    """True when the edge check (``check``, a scalar ``core.EdgeCheck``) says capped; without
    one, when the optimum's mass within 0.5 of the grid's edge is at least 5%."""
    if check is not None:
        return bool(check.capped)
    return edge_mass >= CAPPED_MASS


def _by_room(edge_mass: float, check) -> bool:
    """Whether a capped optimum is capped by the wider grid's answer, not by its edge mass."""
    return check is not None and edge_mass < CAPPED_MASS


def edge_percent(edge_mass: float) -> int:
    """The mass within 0.5 of the edge in whole percent, as the notes print it: 8, 46."""
    return round(100 * edge_mass)


def edge_note(edge_mass: float, where: str = "", check=None) -> str | None:
    """The sentence beside the KL readouts, or None where the optimum is not capped.

    ``where`` names the setting ("β = 0.25"); ``check`` is core's edge check there (None: the
    5% rule alone). E.g. "Capped by the grid's edge at β = 0.25: answers stop at length or
    substance 6, and 46% of this optimum sits within 0.5 of it, so its numbers describe the
    edge, not the trade-off."; where the wider grid caps it: "... 6, and on a grid twice as
    wide this optimum's true quality is +3.82, not +0.29, so its numbers ...".
    """
    if not is_capped(edge_mass, check):
        return None
    capped = tr("Capped by the grid's edge at {where}", where=where) if where else None
    capped = capped or tr("Capped by the grid's edge")
    if _by_room(edge_mass, check):
        return tr(
            "{capped}: answers stop at length or substance 6, and {with_room}, so its numbers "
            "describe the edge, not the trade-off.",
            capped=capped,
            with_room=_with_room(check),
        )
    return tr(
        "{capped}: answers stop at length or substance 6, and {percent}% of this optimum sits "
        "within 0.5 of it, so its numbers describe the edge, not the trade-off.",
        capped=capped,
        percent=edge_percent(edge_mass),
    )


def stage_note(edge_mass: float, check=None) -> str | None:
    """The Playground's note beside its β readouts, or None where the optimum is not capped.

    Short, as two lines hold it in the slack line's place (on a phone, in 358 px): the whole
    sentence of :func:`edge_note` (~170 characters) took three to five lines over the readouts'
    numbers and labels. How much sits at the edge is in the curve's hover (:func:`edge_hover`).
    """
    if not is_capped(edge_mass, check):
        return None
    return tr("Capped by the grid's edge: these numbers describe the edge, not the trade-off.")


def _with_room(check) -> str:
    """What the wider grid says of a scalar edge check: "on a grid twice as wide this optimum's
    true quality is +3.82, not +0.29" (or that the wider grid is pressed against its edge)."""
    if abs(check.wide_gold_gain - check.gold_gain) <= core.EDGE_SHIFT_TOLERANCE:
        return tr("even a grid twice as wide has this optimum pressed against its own edge")
    return tr(
        "on a grid twice as wide this optimum's true quality is {wide}, not {here}",
        wide=fmt.signed(check.wide_gold_gain),
        here=fmt.signed(check.gold_gain),
    )


def edge_hover(edge_mass: float, check=None) -> str:
    """The few words a chart's hover adds: "capped by the grid's edge (46% within 0.5 of
    it)", "capped by the grid's edge (true quality +3.82 on a grid twice as wide)", or ""
    where the optimum is not capped (``check`` as in :func:`edge_note`)."""
    if not is_capped(edge_mass, check):
        return ""
    if _by_room(edge_mass, check):
        wide = fmt.signed(check.wide_gold_gain)
        return tr(
            "capped by the grid's edge (true quality {wide} on a grid twice as wide)", wide=wide
        )
    return tr(
        "capped by the grid's edge ({percent}% within 0.5 of it)", percent=edge_percent(edge_mass)
    )


def point_checks(curve) -> list:
    """A KL curve's edge check point by point (scalar stand-ins for core.EdgeCheck: capped,
    gold_gain, wide_gold_gain), or Nones where the curve carries no check."""
    if getattr(curve, "capped", None) is None or getattr(curve, "wide_gold_gain", None) is None:
        return [None] * len(curve.pressure)
    return [
        _PointCheck(bool(capped), float(gold), float(wide))
        for capped, gold, wide in zip(
            curve.capped, curve.gold_gain, curve.wide_gold_gain, strict=True
        )
    ]


def split_check(check) -> list:
    """A core.EdgeCheck over several β as one scalar stand-in per β (capped, gold_gain,
    wide_gold_gain), in its order, for :func:`edge_note` and :func:`edge_hover`."""
    return [
        _PointCheck(bool(capped), float(gold), float(wide))
        for capped, gold, wide in zip(
            np.ravel(check.capped),
            np.ravel(check.gold_gain),
            np.ravel(check.wide_gold_gain),
            strict=True,
        )
    ]


class _PointCheck:
    """One point of a curve's edge check, read as a scalar core.EdgeCheck is."""

    def __init__(self, capped: bool, gold_gain: float, wide_gold_gain: float):
        self.capped, self.gold_gain, self.wide_gold_gain = capped, gold_gain, wide_gold_gain


def left_out_sentence(symbol: str, stops) -> str:
    """Why the slack skips the strongest stops: "β = 0.25 is left out: capped by the grid's
    edge." ("" for no stops; ``stops`` as the sliders write them, strongest last)."""
    if not stops:
        return ""
    names = [fmt.stop(stop) for stop in stops]
    if len(names) == 1:
        return tr(
            "{symbol} = {stop} is left out: capped by the grid's edge.",
            symbol=symbol,
            stop=names[0],
        )
    return tr(
        "{symbol} = {stops} and {last} are left out: capped by the grid's edge.",
        symbol=symbol,
        stops=", ".join(names[:-1]),
        last=names[-1],
    )


def left_out_stops(stops, slack) -> list[float]:
    """The stops a KL slack left out (its ``left_out`` strongest, i.e. smallest β), strongest
    last: [0.3, 0.25]."""
    return sorted(stops, reverse=True)[len(stops) - slack.left_out :] if slack.left_out else []


def capped_flags(edge_mass, capped=None) -> list[bool]:
    """Per point of a KL curve, whether it is capped: the curve's edge check (``capped``,
    ``Curve.capped``) if given, else the 5% rule on ``edge_mass``."""
    if capped is not None:
        return [bool(flag) for flag in capped]
    return [bool(is_capped(mass)) for mass in edge_mass]


def capped_from(pressure, edge_mass, capped=None) -> float | None:
    """Where a KL curve's capped stretch begins: the largest (weakest) β at which the optimum
    is capped, or None. ``pressure``, ``edge_mass`` and ``capped`` (the curve's edge check,
    ``Curve.capped``; None: the 5% rule) have shape (points,)."""
    flags = capped_flags(edge_mass, capped)
    betas = [beta for beta, flag in zip(pressure, flags, strict=True) if flag]
    return float(max(betas)) if betas else None


def curve_note(pressure, edge_mass, capped=None, shift=None) -> str | None:
    """The sentence under a KL curve (β falling) whose strongest stretch is capped, or None.

    ``pressure`` and ``edge_mass`` are the curve's β and edge mass, shape (points,); ``capped``
    its edge check (``Curve.capped``; None: the 5% rule) and ``shift`` how far true quality
    moves on a grid twice as wide (``Curve.wide_gold_gain − Curve.gold_gain``), if known.
    """
    weakest = capped_from(pressure, edge_mass, capped)
    if weakest is None:
        return None
    flags = capped_flags(edge_mass, capped)
    worst = max(mass for mass, flag in zip(edge_mass, flags, strict=True) if flag)
    beta = fmt.significant(weakest, digits=2)
    if worst < CAPPED_MASS and shift is not None:
        moved = max(abs(move) for move, flag in zip(shift, flags, strict=True) if flag)
        return tr(
            "The KL curve is capped by the grid's edge from β ≈ {beta} down: answers stop at "
            "length or substance 6, and on a grid twice as wide true quality there moves by up "
            "to {moved}, so that stretch describes the edge, not the trade-off.",
            beta=beta,
            moved=fmt.number(moved),
        )
    return tr(
        "The KL curve is capped by the grid's edge from β ≈ {beta} down: answers stop at "
        "length or substance 6, and up to {percent}% of the optimum sits within 0.5 of it "
        "there, so that stretch describes the edge, not the trade-off.",
        beta=beta,
        percent=edge_percent(worst),
    )


def curve_note_of(curve) -> str | None:
    """:func:`curve_note` for a core.Curve, with its edge check (``capped``, the wider grid's
    true quality) where it carries one."""
    wide = getattr(curve, "wide_gold_gain", None)
    shift = None if wide is None else np.asarray(wide) - np.asarray(curve.gold_gain)
    return curve_note(curve.pressure, curve.edge_mass, getattr(curve, "capped", None), shift)


def hover_suffixes(edge_mass, checks=None) -> list[str]:
    """Per point of a KL curve, what its hover adds: " · capped by the grid's edge (...)" or "".

    ``checks``: the curve's edge check per point (:func:`point_checks`), or None (5% rule)."""
    checks = [None] * len(edge_mass) if checks is None else checks
    return [
        f" · {edge_hover(mass, check)}" if is_capped(mass, check) else ""
        for mass, check in zip(edge_mass, checks, strict=True)
    ]
