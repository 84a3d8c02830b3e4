"""The slack in one sentence (pure, no Streamlit): the Playground's stage and the Defenses page
both say it with :func:`slack_sentence`, so its words and numbers are the same on both.

"Slack" is the word of the essay this demo grew from ("give up the last few % of hill
climbing"), not a term of the research literature; its numbers are core.slack's.
"""

from __future__ import annotations

from common import format as fmt
from ui import edge_note

# A difference in true quality below this prints as 0.00 (gains are told to 0.01): the words
# call it none, rather than "rises" or "end 0.00 higher" (best-of-n at b >= 0.9 levels off).
SHOWN = 0.005

# Whose word "slack" is, and what finding the peak takes.
SLACK_SOURCE = (
    "Finding the peak takes an oracle for true quality; “slack” is the word of the essay this "
    "demo grew from, not the literature's."
)


def slack_sentence(symbol: str, slack, *, stops=(), source: bool = False) -> str:
    """'Stop at the peak, n = 49, instead of n = 10,000: end 2.40 higher in true quality
    (+1.31 against -1.08), for 14% of the reward model's score.'

    ``slack`` is a :class:`core.MethodSlack`; ``symbol`` its slider's ("n" or "β"). For the
    KL penalty, ``stops`` (the β slider's) name the stops left out as capped by the grid's
    edge; ``source`` adds whose word "slack" is (where the screen has no room to say it apart).
    """
    peak, strongest = (
        fmt.named(symbol, pressure) for pressure in (slack.peak_pressure, slack.strongest_pressure)
    )
    left_out = edge_note.left_out_sentence(
        symbol, edge_note.left_out_stops(stops, slack) if len(stops) else []
    )
    if slack.peak_pressure == slack.strongest_pressure and slack.strongest_rise < SHOWN:
        line = (
            f"True quality has levelled off at its highest, {fmt.signed(slack.strongest_gold_gain)}"
            f" at {strongest}: no slack to take."
        )
    elif slack.peak_pressure == slack.strongest_pressure:
        line = f"True quality still rises at {strongest}: no slack to take."
    elif slack.gold_kept < SHOWN:
        line = (
            f"True quality peaks at {peak} ({fmt.signed(slack.peak_gold_gain)}), less than 0.01 "
            f"above {strongest} ({fmt.signed(slack.strongest_gold_gain)}): no slack worth taking."
        )
    else:
        line = (
            f"Stop at the peak, {peak}, instead of {strongest}: end "
            f"{fmt.number(slack.gold_kept)} higher in true quality "
            f"({fmt.signed(slack.peak_gold_gain)} against {fmt.signed(slack.strongest_gold_gain)}),"
            f" for {fmt.share_percent(slack.score_given_up)} of the reward model's score."
        )
        if source:
            line = f"{line} {SLACK_SOURCE}"
    return f"{line} {left_out}".strip()
