"""An answer's sentences as a careful reader counts them, said in words (pure): the Best-of-n
page's answers (ui/best_of_n/answers.py) and the stage's answer panel
(ui/playground/answer_panel.py) both say it, so it lives below both."""

from __future__ import annotations

from common.i18n import tr
from core import answer_counts


def sentences_read(sentences) -> str:
    """'7 sentences: 5 good points, 0 wrong, 2 padding', as a careful reader counts them
    (core.answer_counts' GOOD_KINDS, WRONG_KINDS, PADDING_KINDS)."""
    good, wrong, padding = answer_counts.read_counts(sentences)
    return tr(
        "{count} sentences: {good} good points, {wrong} wrong, {padding} padding",
        count=len(sentences),
        good=good,
        wrong=wrong,
        padding=padding,
    )
