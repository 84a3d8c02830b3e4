"""The KL penalty page's parts.

Its settings (β, b, σ) are rows of the one table, ``ui.settings``; its cached results are
``ui.compute``'s, shared with the Playground's stage.

- ``figures``: each chart's builder (π_β as a heat map, the grid against the closed form) beside
  the cached chart the page calls.
- ``compute``: where the grid's edge caps the KL curve at (b, σ), cached (the edge caption's
  numbers).
- ``text``: the sentences that describe them (the edge's caption, the curves and the heat map
  in words).
"""
