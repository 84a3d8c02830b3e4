"""What every layer above core shares and nothing below it needs (pure, no Streamlit).

- ``format``: every number and "name = value" the screen writes (gains +0.52, -0.001, never
  -0.00; KL; percents; "β = 0.3", "n = 10,000"; ticks); import it as ``fmt``. The poll's rules
  (``poll_data``) write their numbers with it as the pages do, so it sits below both.
- ``i18n``: the words in the reader's language: ``tr("English {n}", n=...)`` looks the English
  text up in ``locales/<language>/*.json`` (English the fallback); ``ui.language`` says which.
"""
