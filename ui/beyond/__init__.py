"""The pages beyond the lesson, Reward model and Compare: cached results, figures, prose.

Their settings (pairs, spread, noise, prior; tails) are rows of the one table, ``ui.settings``.

- ``compute``: cached calls into core for both.
- ``figures``: data in, plotly figure out, no widgets.
- ``reward_text``: the Reward model page's sentences that carry numbers (which b is drawn).
- ``compare_text``: the Compare page's sentences that carry numbers and its paragraphs on what
  the sources found.
"""
