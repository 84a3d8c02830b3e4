"""The KL penalty page's sentences that carry numbers (no widgets): why the grid's curves bend
away near its edge, and the two charts in words (the curves, the heat map).

Numbers in, words out: no core calls, no Streamlit (the numbers are ``ui.compute``'s and
``ui.kl_penalty.compute``'s). Each number is written by ``common.format``;
tests/app/test_kl_penalty_claims.py and tests/app/test_edge_notes.py pin the words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from common import format as fmt
from ui import edge_note, edge_traces

if TYPE_CHECKING:
    from ui.kl_penalty.compute import EdgeReading


def edge_caption(reading: EdgeReading) -> str:
    """Why the grid's curves bend away, with where the capped stretch begins at (b, σ)
    (``reading``: ``ui.kl_penalty.compute.edge_reading(b, σ)``)."""
    start, lowest = reading.start, reading.lowest
    setting = f"{fmt.named('b', reading.b)}, {fmt.named('σ', reading.sigma)}"
    opening = (
        "The grid spans −6 to 6 in both directions; the closed form assumes it goes on forever. "
        "As β falls the optimum moves out toward 6, and where 5% of it or more sits within 0.5 "
        "of the edge, or its true quality moves by more than "
        f"{fmt.number(reading.tolerance)} on a grid twice as wide, its numbers describe "
        "the edge, not the trade-off: "
    )
    if start is None:
        lowest_drawn = fmt.significant(reading.lowest_drawn, digits=2)
        return opening + f"at {setting} that never happens down to β = {lowest_drawn}."
    where = "inside the slider's range" if start >= lowest else "beyond the slider"
    return opening + (
        f"at {setting} from β ≈ {fmt.significant(start, digits=2)} down, {where} (at its last "
        f"stop, {fmt.named('β', lowest)}, {edge_note.edge_percent(reading.at_lowest)}% of the "
        f'optimum sits there). That stretch is drawn dotted and faded, marked "'
        f'{edge_traces.EDGE_LABEL}"; the shading is beyond the slider.'
    )


# A fall smaller than this from the highest point is none (the lesson's test of a decline).
FALL = 0.01


def clear_stretch(capped) -> int:
    """How many points of a KL curve (β falling) come before its first capped one: the
    stretch its words may read (the gentlest point at least, which no edge caps)."""
    flags = np.asarray(capped, dtype=bool)
    return int(np.argmax(flags)) if flags.any() else flags.size


def curves_words(pressure, gold_gain, capped=None) -> str:
    """What true quality does along the drawn curve (β falling), in words its points hold:
    "rises, peaks near β ≈ 1 and falls", or "rises the whole way down to β = 0.1" (from
    b ≈ 0.2 on, where the padding penalty learned keeps the optimum from over-padding).

    ``capped`` (points,) is the curve's edge check (``Curve.capped``): the words read only the
    stretch before its first capped point, and say where the grid's edge takes over ("... down
    to β ≈ 0.29, where the grid's edge takes over"). None reads every point.
    """
    gold = np.asarray(gold_gain, dtype=float)
    points = gold.size if capped is None else max(clear_stretch(capped), 1)
    gold = gold[:points]
    top = int(np.argmax(gold))
    last = float(pressure[points - 1])
    if points < len(pressure):  # the grid's edge takes over below the stretch
        end = f"β ≈ {fmt.significant(last, digits=2)}, where the grid's edge takes over"
    else:
        end = f"β = {fmt.significant(last, digits=2)}"
    if top == points - 1:
        return f"true quality's rises the whole way down to {end}"
    near = fmt.significant(float(pressure[top]), digits=2)
    if gold[top] - gold[-1] > FALL:
        return f"true quality's rises, peaks near β ≈ {near} and falls"
    return f"true quality's rises to its highest by β ≈ {near} and stays there down to {end}"


def curves_description(curve) -> str:
    """The grid-against-closed-form chart in words (``curve``: the KL curve past the edge,
    read only before its first point the edge check caps)."""
    words = curves_words(curve.pressure, curve.gold_gain, getattr(curve, "capped", None))
    return (
        "Top: KL rises as β falls. Bottom: the reward model's gain keeps rising as β falls, "
        f"{words}. The table below gives the numbers."
    )


def heatmap_description(at_beta: str, point) -> str:
    """The heat map in words: where π* is centred and its numbers (``point``: core's optimum
    at the page's β, b and σ)."""
    return (
        f"π* at {at_beta} is a cloud centred near length {fmt.signed(point.mean_length)}; KL "
        f"{fmt.kl(point.kl)} nats from π_ref, true quality gain {fmt.signed(point.gold_gain)}, "
        f"reward model gain {fmt.signed(point.proxy_gain)}."
    )
