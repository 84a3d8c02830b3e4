"""The Defenses page's parts: its settings, cached results, words and figures.

- ``settings``: the page's own settings (spot checks, ensemble size and rule, b′) and their URL.
- ``compute``: cached calls into ``core.defended`` and ``core.spot_checks``, keyed by the
  rounded settings; ``store``: results at the sections' defaults kept on disk.
- ``view``: readouts and sentences (numbers put in words; pure functions tested alone).
- ``figures``: data in, plotly figure out; ``charts``: those figures built once per setting and
  shared by every session.
"""
