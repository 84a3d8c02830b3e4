"""The pages beyond the lesson, Reward model and Compare: settings, cached results, figures, prose.

- ``settings``: their own settings and URL form; ``compute``: cached calls into core for both.
- ``figures``: data in, plotly figure out, no widgets.
- ``compare_text``: the Compare page's sentences that carry numbers and its paragraphs on what
  the sources found.
"""
