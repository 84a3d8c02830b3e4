"""The Best-of-n page's parts: figures, their sentences and the answers it keeps.

Its settings (n, b, σ and the answers' seed) are rows of the one table, ``ui.settings``; its
cached results are ``ui.compute``'s, shared with the Playground's stage.

- ``figures``: each chart's builder (data in, plotly figure out, no widgets) beside the cached
  chart the page calls.
- ``text``: the sentences that go with them (the peak, the win chances).
- ``win_rate``: how often its pick beats a random answer, by the reward model and by true
  quality: the curve, its chart and its sentence.
- ``compute``: the numbers beyond best-of-n at the page's settings (Best-of-Poisson and soft
  best-of-n beside the KL optimum over the same 600 at n, and what noise alone, σ, does to
  best-of-n), pure and cached; ``research``: the block the page shows of them.
- ``answers``: what best-of-n keeps at n, written out with the model's numbers for it (the
  careful reader's count is ``ui.reading_text``, shared with the stage's answer panel), and
  the answer set's seed the address asks for (``?seed=``).
"""
