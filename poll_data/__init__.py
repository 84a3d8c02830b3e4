"""The class poll's rules and storage (its screens are ``ui.class_poll``, its page
pages/class_poll.py): students guess where true quality peaks, the lecturer reveals the truth.

``guesses`` is pure (parsing and checking what a visitor typed, making codes and tokens);
``store`` keeps polls and guesses in any SQLAlchemy database (SQLite or PostgreSQL), with
its words to a visitor in ``store_text`` (a refused room, a guess's receipt),
``ratings`` rating rooms' choices, ``step_polls`` a story step's question and its taps,
and none imports Streamlit, so all are tested without a page. ``devices`` makes one
anonymous student per device: the signed device cookie and the per-room id made from it.
``database`` is how they talk to a database (engine options, one SQLite writer at a time,
writes counted per minute, errors as one plain message); ``location`` the one place that
reads where the data lives (``POLL_DATABASE_URL``, else a SQLite file).
Every number the poll writes ("n = 1,000", "β = 0.33", "49.5 rounded to …") comes from
``common.format``, the screen's one way to write a number (it imports nothing); nothing here
imports ``ui`` (tests/app/test_layers.py).
"""

# A rating room's and a step room's tables join the poll's schema wherever the store is used
# (made, purged).
from poll_data import ratings as ratings  # noqa: E402
from poll_data import step_polls as step_polls  # noqa: E402
