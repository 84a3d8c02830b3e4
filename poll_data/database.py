"""How the class poll talks to its database, whatever the poll: engine options for SQLite and
PostgreSQL, one writer at a time on SQLite, writes counted per minute (the rate limits), and any
database error turned into one plain message (:class:`StoreUnavailable`). The poll's rules and
tables are ``poll_data.store`` and ``poll_data.ratings``; neither repeats this.
"""

from __future__ import annotations

import contextlib
import functools
import logging
import threading

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Engine

from common.i18n import tr

RATE_WINDOW_SECONDS = 60.0  # rate limits count writes per minute
SQLITE_BUSY_SECONDS = 5  # a writer waits this long for the file's lock before giving up
POSTGRES_CONNECT_SECONDS = 5  # a server that does not answer within this is reported down

_LOG = logging.getLogger("poll_data.store")  # the host's log names the store, as before


def unavailable() -> str:
    """What a visitor reads when the database is down or busy (in their language)."""
    return tr(
        "The class poll's database cannot be reached right now (it is down or busy). "
        "Try again in a moment; the rest of the app works as usual."
    )


class StoreUnavailable(RuntimeError):
    """The database is down, locked or refused the query; ``str(error)`` is for the visitor."""


def guarded(function):
    """Turn any database error into StoreUnavailable, so a page shows a message, not a trace."""

    @functools.wraps(function)
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        except sa.exc.SQLAlchemyError as error:
            # The visitor gets the plain message; the host's log gets the reason, one line.
            _LOG.warning("class poll: %s failed: %s", function.__name__, str(error).splitlines()[0])
            raise StoreUnavailable(unavailable()) from error

    return call


def engine_options(url: str, *, busy_seconds: float = SQLITE_BUSY_SECONDS) -> dict:
    """create_engine() arguments for this URL: how long to wait for a lock or a server."""
    if url.startswith("sqlite"):
        return {"connect_args": {"timeout": busy_seconds}}
    return {
        # Text as UTF-8 whatever the server's encoding: on a SQL_ASCII database (an initdb
        # without a locale) psycopg would hand back bytes, and SQLAlchemy's first query fails
        # with a TypeError (found running the compose setup on such a server).
        "connect_args": {"connect_timeout": POSTGRES_CONNECT_SECONDS, "client_encoding": "utf8"},
        "pool_pre_ping": True,  # a restarted server's dead connections are replaced, not used
    }


def sqlite_per_connection(dbapi_connection, _record) -> None:
    """synchronous=NORMAL: in WAL mode a commit then waits for no disk flush (~10 ms here).

    SQLite's documented trade: the file cannot be corrupted, and a crash of the server
    process loses nothing; only a power cut may undo the last moments' answers.
    """
    dbapi_connection.execute("PRAGMA synchronous=NORMAL")


def counted_upsert(connection, table: sa.Table, *, keys: dict, values: dict, now: float,
                   limit: int) -> bool:  # fmt: skip
    """Insert or update ``table``'s row at ``keys`` with ``values``, counting writes in its
    ``window_start``/``window_count`` columns: refused (False) past ``limit`` in a minute."""
    insert = postgresql.insert if connection.dialect.name == "postgresql" else sqlite.insert
    statement = insert(table).values(**keys, **values, window_start=now, window_count=1)
    new_minute = table.c.window_start <= now - RATE_WINDOW_SECONDS
    statement = statement.on_conflict_do_update(
        index_elements=[table.c[name] for name in keys],
        set_={
            **{name: statement.excluded[name] for name in values},
            "window_start": sa.case((new_minute, now), else_=table.c.window_start),
            "window_count": sa.case((new_minute, 1), else_=table.c.window_count + 1),
        },
        where=sa.or_(new_minute, table.c.window_count < limit),
    )
    # RETURNING gives a row exactly when one was written (rowcount is not reliable for an
    # upsert under psycopg); SQLite has had RETURNING since 3.35.
    written = connection.execute(statement.returning(table.c.window_count)).first()
    return written is not None


_SQLITE_WRITE_LOCK = threading.Lock()


def writer_lock(engine: Engine):
    """On SQLite, one writer at a time in this process: threads queue on a lock in turn.

    SQLite allows one writer per file; left to its busy handler, 100 concurrent writers
    sleep and retry (1, 2, 5 ... 100 ms) and a few wait seconds. Other processes still meet
    the busy timeout. PostgreSQL locks rows itself, so it needs nothing here.
    """
    if engine.dialect.name == "sqlite":
        return _SQLITE_WRITE_LOCK
    return contextlib.nullcontext()
