"""Which database the class poll uses, opened through ``st.connection(..., type="sql")``.

In order: ``[connections.poll] url`` in ``.streamlit/secrets.toml``; then what
:func:`poll_data.location.database_url` reads (``$POLL_DATABASE_URL``, else a SQLite file).

``st.connection`` keeps each connection in Streamlit's resource cache for the life of the
process, and ``BaseConnection.__del__`` unregisters it from Streamlit's secrets. Left to the
interpreter's exit, that ran after Streamlit's modules were torn down and printed "Exception
ignored in BaseConnection.__del__" once per connection (27 at the end of tests/app); so a
process that opened the poll drops its connections at exit, while Streamlit is whole.
"""

from __future__ import annotations

import atexit
import functools
import gc
import logging

import sqlalchemy as sa
import streamlit as st
from sqlalchemy.engine import Engine

from poll_data import database, location, store

_LOG = logging.getLogger(__name__)
CONNECTION_NAME = "poll"  # [connections.poll] in secrets.toml
SCHEMA_ENTRIES = 4  # databases whose tables this process has made (one in practice)


def database_url() -> str:
    """The poll's database URL (see the module's docstring for the order)."""
    return location.database_url(given=_secrets_url())


def _secrets_url() -> str:
    if not st.secrets.load_if_toml_exists():
        return ""
    section = st.secrets.get("connections", {}).get(CONNECTION_NAME, {})
    return str(section.get("url", "")).strip()


def poll_engine() -> Engine:
    """The poll's engine with its tables made.

    Raises
    ------
    StoreUnavailable
        The database cannot be opened or reached (its message is for the visitor).
    """
    try:
        url = database_url()
        connection = st.connection(
            CONNECTION_NAME, type="sql", url=url, **database.engine_options(url)
        )
    except (OSError, sa.exc.SQLAlchemyError, ImportError, ValueError) as error:
        _LOG.warning("class poll: cannot open the database: %s", error)
        raise store.StoreUnavailable(database.unavailable()) from error
    _close_at_exit()
    _schema_made(url, connection.engine)
    return connection.engine


@functools.cache
def _close_at_exit() -> None:
    """Once per process: drop the poll's connections at exit (see the module's docstring)."""
    atexit.register(close_connections)


def close_connections() -> None:
    """Drop every connection ``st.connection`` keeps (and the rest of Streamlit's resource
    cache), closing their engines' pools, while Streamlit's modules are still whole."""
    st.cache_resource.clear()
    gc.collect()  # a connection held only through a reference cycle goes now too


@st.cache_resource(max_entries=SCHEMA_ENTRIES, show_spinner=False)
def _schema_made(url: str, _engine: Engine) -> bool:
    """Make the tables and purge old polls once per database per process.

    A failure raises (StoreUnavailable) and is not cached, so the next visit tries again.
    """
    store.create_schema(_engine)
    store.purge_old_polls(_engine)
    return True
