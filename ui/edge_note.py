"""What the screen says when a KL optimum is capped by the grid's edge (pure, no Streamlit).

The lesson's world is the grid on [−6, 6]²: answers beyond 6 do not exist. Where the optimum
has at least core.EDGE_CAPPED_MASS (5%) of its mass within 0.5 of that edge
(``KLResult.edge_mass``), its numbers describe the edge, not the trade-off, and every page
says so beside its KL readouts and in its charts' hover. Below 5% nothing is said: the
lesson's own last row (β = 0.3, σ = 0) has 2.1%, and below 0.1% the numbers do not move at
two decimals (docs/design.md §11). The one threshold is core's; the words are here.
"""

from __future__ import annotations

import core
from common import format as fmt

CAPPED_MASS = core.EDGE_CAPPED_MASS  # 0.05: the one threshold, shared with core.slack


def is_capped(edge_mass: float) -> bool:
    """True when the optimum's mass within 0.5 of the grid's edge is at least 5%."""
    return edge_mass >= CAPPED_MASS


def edge_percent(edge_mass: float) -> int:
    """The mass within 0.5 of the edge in whole percent, as the notes print it: 8, 46."""
    return round(100 * edge_mass)


def edge_note(edge_mass: float, where: str = "") -> str | None:
    """The sentence beside the KL readouts, or None below 5%.

    ``where`` names the setting ("β = 0.25"); e.g. "Capped by the grid's edge at β = 0.25:
    answers stop at length or substance 6, and 46% of this optimum sits within 0.5 of it, so
    its numbers describe the edge, not the trade-off."
    """
    if not is_capped(edge_mass):
        return None
    at = f" at {where}" if where else ""
    return (
        f"Capped by the grid's edge{at}: answers stop at length or substance 6, and "
        f"{edge_percent(edge_mass)}% of this optimum sits within 0.5 of it, so its numbers "
        "describe the edge, not the trade-off."
    )


def edge_hover(edge_mass: float) -> str:
    """The few words a chart's hover adds: "capped by the grid's edge (46% within 0.5 of
    it)", or "" below 5%."""
    if not is_capped(edge_mass):
        return ""
    return f"capped by the grid's edge ({edge_percent(edge_mass)}% within 0.5 of it)"


def left_out_sentence(symbol: str, stops) -> str:
    """Why the slack skips the strongest stops: "β = 0.25 is left out: capped by the grid's
    edge." ("" for no stops; ``stops`` as the sliders write them, strongest last)."""
    if not stops:
        return ""
    names = [fmt.stop(stop) for stop in stops]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    verb = "is" if len(names) == 1 else "are"
    return f"{symbol} = {listed} {verb} left out: capped by the grid's edge."


def left_out_stops(stops, slack) -> list[float]:
    """The stops a KL slack left out (its ``left_out`` strongest, i.e. smallest β), strongest
    last: [0.3, 0.25]."""
    return sorted(stops, reverse=True)[len(stops) - slack.left_out :] if slack.left_out else []


def capped_from(pressure, edge_mass) -> float | None:
    """Where a KL curve's capped stretch begins: the largest (weakest) β at which the optimum
    is capped, or None. ``pressure`` and ``edge_mass`` have shape (points,)."""
    capped = [beta for beta, mass in zip(pressure, edge_mass, strict=True) if is_capped(mass)]
    return float(max(capped)) if capped else None


def curve_note(pressure, edge_mass) -> str | None:
    """The sentence under a KL curve (β falling) whose strongest stretch is capped, or None.

    ``pressure`` and ``edge_mass`` are the curve's β and edge mass, shape (points,).
    """
    weakest = capped_from(pressure, edge_mass)
    if weakest is None:
        return None
    worst = max(mass for mass in edge_mass if is_capped(mass))
    return (
        f"The KL curve is capped by the grid's edge from β ≈ {fmt.significant(weakest, digits=2)} "
        f"down: answers stop at length or substance 6, and up to {edge_percent(worst)}% of the "
        "optimum sits within 0.5 of it there, so that stretch describes the edge, not the "
        "trade-off."
    )


def hover_suffixes(edge_mass) -> list[str]:
    """Per point of a KL curve, what its hover adds: " · capped by the grid's edge (...)" or ""."""
    return [f" · {edge_hover(mass)}" if is_capped(mass) else "" for mass in edge_mass]
