"""The story's seven steps: each a setting of the lesson's four sliders and a line to read (pure).

The Playground's story bar (``ui.playground.story_bar``) steps through them, the Lesson links to
each, and the stage builds their worlds first. Every value is a stop of its row in
``ui.settings``.

Their words are in the reader's language (``common.i18n``): ``PRESETS`` is a sequence whose
items are built, once per language, by :func:`presets_in`; its values are the same in every
language.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from common import i18n
from common.i18n import tr


@dataclass(frozen=True)
class Preset:
    """A setting of all four sliders that tells one step of the story."""

    name: str  # the button's label
    story: str  # one line: what to look at
    values: Mapping[str, float]  # a value for every key in KEYS
    # The story in one projector line (presenter mode, after "Step 2 of 7 · The peak: "):
    # at most ~75 characters, so the line fits 1280 px; no number the values do not set.
    headline: str = ""
    # What the line talks about, pointed at on the stage's curves: (panel "beta" or "n", where
    # on its true-quality curve, label). Where: "peak" (its star), "below_base" (the first
    # point past the peak below the base model), "end" (the strongest point clear of the grid's
    # edge) or "mark" (the current setting); placed from the world's numbers (curves.js).
    points_at: tuple[tuple[str, str, str], ...] = ()


def _presets() -> tuple[Preset, ...]:
    """The steps, their words in the current language (``tr``)."""
    return _problem() + _fixes()


def _problem() -> tuple[Preset, ...]:
    """Steps 1-3: the default, the peak, overoptimized (``tr``)."""
    return (
        Preset(
            tr("Lesson default"),
            tr(
                "The lesson's toy: the reward model thinks longer is always better. Little "
                "pressure yet."
            ),
            {"beta": 4.0, "n": 1, "b": 0.0, "sigma": 0.0},
            headline=tr("little pressure yet; the reward model thinks longer is always better."),
            points_at=(("beta", "mark", tr("little pressure yet")),),
        ),
        Preset(
            tr("The peak"),
            tr(
                "True quality at its best: β = 1 for the penalty, n = 49 for best-of-n on this "
                "draw of 600 answers (only 1 of 200 fresh draws peaks between n = 45 and 55: the "
                "Best-of-n page redraws them)."
            ),
            {"beta": 1.0, "n": 49, "b": 0.0, "sigma": 0.0},
            headline=tr("true quality at its best, at β = 1 and n = 49."),
            points_at=(("n", "peak", tr("the peak")), ("beta", "peak", tr("the peak"))),
        ),
        Preset(
            tr("Overoptimized"),
            tr(
                "β = 0.3, n = 590: the reward model's score still climbs, true quality's gain is "
                "gone: best-of-n at the base model's (-0.001) on this draw of 600 (3 of 200 fresh "
                "draws first fall below it between n = 560 and 620), the KL optimum far below "
                "(-4.37)."
            ),
            {"beta": 0.3, "n": 590, "b": 0.0, "sigma": 0.0},
            headline=tr(
                "the reward model's score still climbs; true quality falls below the base."
            ),
            points_at=(
                ("n", "below_base", tr("below the base")),
                ("beta", "below_base", tr("below the base")),
            ),
        ),
    )


def _fixes() -> tuple[Preset, ...]:
    """Steps 4-7: the fix, noise, both, and best-of-n out of answers (``tr``)."""
    return (
        Preset(
            tr("Fix: b = 0.2"),
            tr(
                "Same pressure, but the reward model learned a fifth of the padding penalty: the "
                "decline is gone, always for the KL optimum, on this draw of 600 answers for "
                "best-of-n (112 of 200 fresh draws still fall more than 0.01 from their best: the "
                "Lesson counts them)."
            ),
            {"beta": 0.3, "n": 590, "b": 0.2, "sigma": 0.0},
            headline=tr(
                "a fifth of the padding penalty learned: no decline (best-of-n: on this draw)."
            ),
            points_at=(("n", "end", tr("no decline")), ("beta", "end", tr("no decline"))),
        ),
        Preset(
            tr("Noisy reward model"),
            tr(
                "The lesson's reward model plus errors nobody mapped (σ = 0.5): true quality "
                "peaks sooner (best-of-n at about n = 6) and n = 200 is already worse than the "
                "base model."
            ),
            {"beta": 0.6, "n": 200, "b": 0.0, "sigma": 0.5},
            headline=tr("other errors (σ = 0.5): true quality peaks sooner, falls below the base."),
            points_at=(("n", "peak", tr("peaks sooner")), ("beta", "peak", tr("the peak"))),
        ),
        Preset(
            tr("The fix, with other errors left"),
            tr(
                "b = 0.2, σ = 1: best-of-n stalls at +1.57, as at b = 0 (+1.52): on this draw "
                "other errors swamp the padding flaw (b = 0.2 moves it under 0.1 in only 52 of "
                "200 fresh draws). b = 0.2 saves the KL optimum (+1.39 at β = 0.4; -0.65 at b = "
                "0), not best-of-n."
            ),
            # β = 0.4, not 0.3: at 0.3 8.3% of the optimum sits on the grid's edge (0.28% here).
            {"beta": 0.4, "n": 590, "b": 0.2, "sigma": 1.0},
            headline=tr("b = 0.2 and σ = 1: pushing harder barely hurts, and barely helps."),
            points_at=(("n", "end", tr("stalls")), ("beta", "end", tr("stalls"))),
        ),
        Preset(
            tr("Best-of-n runs out of answers"),
            tr(
                "n = 10,000 draws from only 600 answers: best-of-n nearly always keeps the reward "
                "model's single favourite, and its KL stops just short of log 600."
            ),
            # β = 0.3, not 0.25: at 0.25 8.4% of the optimum sits on the grid's edge (2.1% here).
            {"beta": 0.3, "n": 10000, "b": 0.0, "sigma": 0.0},
            headline=tr(
                "n = 10,000 from 600 answers: best-of-n keeps the reward model's favourite."
            ),
            # Short: "runs out of answers" ran past its panel into β's axis title at 1280x720.
            points_at=(("n", "end", tr("out of answers")),),
        ),
    )


@functools.cache
def presets_in(code: str) -> tuple[Preset, ...]:
    """The seven steps, their words in language ``code`` (built once per language)."""
    with i18n.using(code):
        return _presets()


class _Steps(Sequence[Preset]):
    """The steps in the reader's language at each look (``common.i18n.language()``)."""

    def __getitem__(self, index):
        return presets_in(i18n.language())[index]

    def __len__(self) -> int:
        return len(presets_in(i18n.ENGLISH))


PRESETS: Sequence[Preset] = _Steps()
