"""The class poll's parts (the poll's data and rules are the ``poll`` package; this is its screen).

- ``db``: which database the poll uses (``st.connection``), SQLite by default.
- ``views``: the three screens (start, lecturer, student), chosen by the address.
- ``figures``: the histogram of guesses, and after Reveal the true peak over it.
- ``export``: that histogram to take away: its counts as CSV, the picture as SVG and PNG
  (``downloads.js``, an ES module that imports the stage's ``export.js``, joined by
  ``playground.stage_modules``).
"""
