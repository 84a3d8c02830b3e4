"""The page "Rewards you can check": cached results, figures, sentences.

Its settings (its own β, the two tasks' pass@1, the checker's looseness h, the hack rate q, the
charts' axis and the monitor's mode) are rows of the one table, ``ui.settings``.

- ``compute``: cached calls into ``core.checker``, keyed by the rounded settings, and the
  numbers its sentences state (pass@k's odds, the prices of skill and of a hack, what a
  group-based learner sees, the monitor's rules).
- ``figures``: data in, plotly figure out, no widgets.
- ``text``: the sentences that carry numbers (numbers in, words out: no core calls) and the
  fixed paragraphs.
- ``curriculum_text``: the curriculum question (which mix of the two tasks, trained at one KL,
  solves the most; ``core.curriculum``) and its answer at the page's settings.
- ``guess_text``: the guess's options, its right answers (the best stop, ties said as ties, or
  "past 0.02" where the solve rate is higher just past the slider's end) and the reveal.
"""
