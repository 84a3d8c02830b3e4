"""The Reward model page's parts: cached results, prose.

Its settings (pairs, spread, noise, prior) are rows of the one table, ``ui.settings``; its
figures, the fitted plane and the overoptimization curves, are ``ui.fitted_model_figures``
(shared: the class poll's rating screens draw them too).

- ``compute``: cached calls into core (the Bradley–Terry fit, what the comparisons carry of
  b, the fitted model on the grid, both optimizers on that model and how far each declines).
- ``text``: the sentences that carry numbers (the readouts, the prior's share, why narrow
  comparisons teach length-is-good, what each curve does, why b is not defined).
"""
