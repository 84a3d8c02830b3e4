"""The class poll: students guess where true quality peaks, the lecturer reveals the truth.

``poll.guesses`` is pure (parsing and checking what a visitor typed, making codes and tokens);
``poll.store`` keeps polls and guesses in any SQLAlchemy database (SQLite or PostgreSQL) and
never imports Streamlit, so both are tested without a page.
"""
