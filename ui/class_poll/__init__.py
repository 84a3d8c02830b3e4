"""The class poll's parts (its rules and storage are the ``poll_data`` package; this is its
screen).

- ``db``: which database the poll uses (``st.connection``), SQLite by default.
- ``views``: the three screens (start, lecturer, student), chosen by the address.
- ``identity``: who is asking: the lecturer's token and the room the address names (the token
  kept in the session), the device's anonymous student id in a room, its id for the cap on
  opening rooms.
- ``figures``: the histogram of guesses, and after Reveal the true peak over it.
- ``guess_text``: the reveal in words (pure): "peaks at" only where true quality turns down
  inside the question's range, else "is highest at" its end.
- ``export``: that histogram to take away: its counts as CSV, the picture as SVG and PNG
  (``downloads.js``, an ES module that imports the shared ``ui/shared_assets/save_file.js``,
  joined by ``ui.js_modules``).
- ``rating_views``: a rating poll's screens: the phone's pair of answers, the lecturer's live fit.
- ``rating_data``: a rating room's cached calls into core (its pairs, their texts, the fit, what
  optimizing the room's reward model does).
- ``rating_text``: what the lecturer's screen says about a room's fit (pure sentence builders):
  its weights, b's interval, agreement beside the reference, the curves, the Playground link.
- ``step_views``: a story step's question as a poll: the start form (a step, or the Playground's
  ``?ask=``), the phone's big answer buttons, the projector's live bars and Reveal.
- ``step_text``: what those screens say (pure): a bar per answer with its count, the setting,
  the reveal, a phone's confirmation, the counts as CSV.
- ``ask_url``: the Playground's "Ask the room" address read into a step and a setting, every
  unusable value made the nearest valid one with a sentence (pure).
- ``page_scripts``: the screens' fixed scripts and CSS (back to the top after Start, the room
  code for the back row, a phone's number keyboard).
- ``live``: reading a poll for a screen that refreshes itself (a database that is down is a
  warning, never a traceback).
"""
