"""The Reward model page's parts: cached results, figures, prose.

Its settings (pairs, spread, noise, prior) are rows of the one table, ``ui.settings``.

- ``compute``: cached calls into core (the Bradley–Terry fit, the b its curves are drawn at,
  the fitted model on the grid).
- ``figures``: data in, plotly figure out, no widgets: the fitted plane and the
  overoptimization curves (the class poll's rating screens draw them too).
- ``text``: the sentences that carry numbers (which b is drawn).
"""
