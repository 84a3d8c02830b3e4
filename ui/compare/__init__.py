"""The Compare page's parts: cached results, figures, prose.

Its settings (tails and the Playground's b and σ) are rows of the one table, ``ui.settings``.

- ``compute``: cached calls into core (Gao et al.'s fits, the heavy-tail experiments, the two
  methods at equal KL, and the KL optimum over best-of-n's own 600 answers beside them).
- ``figures``: data in, plotly figure out, no widgets (their frame and gain line are
  ``ui.gain_charts``, shared with the Reward model page).
- ``text``: the sentences that carry numbers (which law fits, method or support), the tables'
  records, and the paragraphs on what the sources found; ``selections_text``: Best-of-Poisson's,
  soft best-of-n's and the win rates' sentences.
"""
