"""The Defenses page's parts: cached results, words and figures.

Its settings (b′, k, ρ, the ensemble's mean/min, λ, m) are rows of the one table,
``ui.settings``, and σ's opening value there (``PAGE_OPENINGS``).

- ``compute``: cached calls into ``core.defended`` and ``core.spot_checks``, keyed by the
  rounded settings; ``store``: results at the sections' defaults kept on disk.
- ``text``: readouts and sentences (numbers put in words; pure functions tested alone);
  ``view``: each section drawn (its sliders, words, readouts as metrics, chart);
  ``research_text``: the words for the research since Gao (pure, walked over every stop).
- ``figures``: data in, plotly figure out; ``cached_figures``: those figures built once per
  setting and shared by every session.
"""
