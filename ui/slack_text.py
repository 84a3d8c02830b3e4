"""The slack in one sentence (pure, no Streamlit): the Playground's stage and the Defenses page
both say it with :func:`slack_sentence`, so its words and numbers are the same on both. The
stage's one line says it from the stop the student is at (:func:`stop_readouts`, one line per
stop, from core.slack_at_stops): before the peak what pushing on brings, past it what backing off
keeps.

"Slack" is the word of the essay this demo grew from ("give up the last few % of hill
climbing"), not a term of the research literature; its numbers are core.slack's.
"""

from __future__ import annotations

import core
from common import format as fmt
from common.i18n import tr
from ui import edge_note

# A difference in true quality below this prints as 0.00 (gains are told to 0.01): the words
# call it none, rather than "rises" or "end 0.00 higher" (best-of-n at b >= 0.9 levels off).
# core's flatness rule, so "at the peak" on the stage and here mean the same.
SHOWN = core.PEAK_FLATNESS

# Every stop's line is at most this long: one line of a method's column at 1280 px wide in
# presenter mode's 18 px ("... levelled off at n = 10,000: nothing to gain by backing off.",
# 76, took two lines in normal mode; "... −70% reward-model score" was cut in presenter mode).
READOUT_CHARACTERS = 55


def slack_source() -> str:
    """Whose word "slack" is, and what finding the peak takes."""
    return tr(
        "Finding the peak takes an oracle for true quality; “slack” is the word of the essay "
        "this demo grew from, not the literature's."
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
        line = tr(
            "True quality has levelled off at its highest, {gain} at {strongest}: no slack to "
            "take.",
            gain=fmt.signed(slack.strongest_gold_gain),
            strongest=strongest,
        )
    elif slack.peak_pressure == slack.strongest_pressure:
        line = tr("True quality still rises at {strongest}: no slack to take.", strongest=strongest)
    elif slack.gold_kept < SHOWN:
        line = tr(
            "True quality peaks at {peak} ({peak_gain}), less than 0.01 above {strongest} "
            "({strongest_gain}): no slack worth taking.",
            peak=peak,
            peak_gain=fmt.signed(slack.peak_gold_gain),
            strongest=strongest,
            strongest_gain=fmt.signed(slack.strongest_gold_gain),
        )
    else:
        line = tr(
            "Stop at the peak, {peak}, instead of {strongest}: end {kept} higher in true quality "
            "({peak_gain} against {strongest_gain}), for {given_up} of the reward model's score.",
            peak=peak,
            strongest=strongest,
            kept=fmt.number(slack.gold_kept),
            peak_gain=fmt.signed(slack.peak_gold_gain),
            strongest_gain=fmt.signed(slack.strongest_gold_gain),
            given_up=fmt.share_percent(slack.score_given_up),
        )
        if source:
            line = f"{line} {slack_source()}"
    return f"{line} {left_out}".strip()


def stop_readouts(symbol: str, stops, at_stops: core.StopSlack) -> list[str]:
    """The stage's slack line at every stop of one slider, from where the student is, each
    at most READOUT_CHARACTERS long, e.g. for β = 4, 0.6 and 1 at b = 0, σ = 0:

    - 'Push on to β = 1: +0.56 true quality, +1.50 score' (gentler than the peak);
    - 'Back off to β = 1: +0.44 true quality, -1.33 score' (stronger);
    - 'At the peak: true quality is highest here' (the peak; a stop within
      core.PEAK_FLATNESS of it: 'At the peak: within 0.01 of β = 1's true quality').

    Differences are the peak's gains minus this stop's. ``stops`` are the slider's values in
    ``at_stops``' order; ``symbol`` its ("n" or "β"). A stop capped by the grid's edge says
    only where the peak clear of it is: its own numbers back no gain or loss.
    """
    peak = fmt.named(symbol, stops[at_stops.peak])
    return [_stop_line(index, peak, at_stops) for index in range(len(stops))]


def _stop_line(index: int, peak: str, at_stops: core.StopSlack) -> str:
    gold, score = at_stops.gold_to_peak[index], at_stops.score_to_peak[index]
    if at_stops.capped[index]:
        if not at_stops.any_clear:
            return tr("Capped here: no peak to read clear of the edge")
        return tr("Capped here; clear of the edge, the peak is {peak}", peak=peak)
    side = at_stops.side[index]
    if side == 0:
        if index != at_stops.peak:
            return tr("At the peak: within 0.01 of {peak}'s true quality", peak=peak)
        if not at_stops.rises_at_end:
            return tr("At the peak: true quality is highest here")
        if at_stops.capped.any():
            return tr("Highest clear of the grid's edge, still rising")
        return tr("Highest at the slider's end, still rising")
    numbers = {"peak": peak, "gold": fmt.signed(gold), "score": fmt.signed(round(score, 2))}
    if side < 0:
        return tr("Push on to {peak}: {gold} true quality, {score} score", **numbers)
    return tr("Back off to {peak}: {gold} true quality, {score} score", **numbers)
