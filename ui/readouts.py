"""One method's numbers at the current setting, as a row of metrics (KL, both gains, mean
length), and the note under them where the grid's edge caps a KL optimum (ui/edge_note.py)."""

from __future__ import annotations

import streamlit as st

from common import format as fmt
from ui import edge_note

READOUT_WIDTH = 120  # px per metric: four fit half a laptop screen, two fit a phone


def readouts(container, title: str, result, pressure: str, check=None) -> None:
    """Four metrics for one method at the current setting: KL, both gains, mean length.

    ``result`` has fields kl, proxy_gain, gold_gain, mean_length (floats); ``pressure``
    says where, e.g. "β = 0.6"; ``check`` is core's edge check there for a KL optimum
    (``ui.compute.kl_edge_check``; None: the 5% rule on ``result.edge_mass``).
    """
    container.markdown(title)
    # A row that wraps: four across on a wide screen, two by two on a phone.
    row = container.container(horizontal=True, gap="small")
    kl, proxy, gold, length = (row.container(width=READOUT_WIDTH) for _ in range(4))
    kl.metric(
        "KL (nats)",
        fmt.kl(result.kl),
        help="KL(π ‖ π_ref), in nats: how far the chosen answers moved from the base model's",
    )
    proxy.metric(
        "reward model",
        fmt.signed(result.proxy_gain),
        help=f"Gain in the reward model's score over the base model's average, at {pressure}",
    )
    gold.metric(
        "true quality",
        fmt.signed(result.gold_gain),
        help=f"Gain in true quality over the base model's average, at {pressure}",
    )
    length.metric(
        "mean length",
        fmt.signed(result.mean_length),
        help="Average length of the chosen answers, in standard units (the base model's is 0)",
    )
    edge_box(edge_note.edge_note(getattr(result, "edge_mass", 0.0), pressure, check), container)


def edge_box(note: str | None, container=None) -> None:
    """A note that the KL optimum is capped by the grid's edge (ui/edge_note.py), if any."""
    if note:
        (container if container is not None else st).info(note, icon=":material/border_outer:")
