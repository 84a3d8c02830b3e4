"""The Reward model page's parts: cached results, prose.

Its settings (pairs, spread, noise, prior) are rows of the one table, ``ui.settings``; its
figures, the fitted plane and the overoptimization curves, are ``ui.fitted_model_figures``
(shared: the class poll's rating screens draw them too).

- ``compute``: cached calls into core (the Bradley–Terry fit, the b its curves are drawn at,
  the fitted model on the grid).
- ``text``: the sentences that carry numbers (which b is drawn).
"""
