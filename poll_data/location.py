"""Where the class poll keeps its data: the one place that reads the settings for it.

In order: a URL given by the caller (``[connections.poll] url`` in ``.streamlit/secrets.toml``,
which ui/class_poll/db.py reads through Streamlit); the environment variable
``POLL_DATABASE_URL``; else a SQLite file, ``poll.sqlite3``, in ``$POLL_DATA_DIR`` or ``data/``
beside the app (made on first use, so ``make run`` needs no set-up). Every deploy file
(``deploy/compose/compose.yaml``, ``deploy/k8s/deployment.yaml``) and ``scripts/cluster.py``
pass the database under ``DATABASE_URL_ENV``; tests/cluster/test_deploy_files.py fails on any
other name. A PostgreSQL URL may be written ``postgresql://user:password@host/db``: it is opened
with psycopg (version 3), which this app ships.

Several replicas must share one PostgreSQL: with a SQLite file each, a phone that lands on
another replica than the lecturer's finds "No open poll".
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

import sqlalchemy as sa

DATABASE_URL_ENV = "POLL_DATABASE_URL"  # the one name every deploy file uses
DATA_DIR_ENV = "POLL_DATA_DIR"  # where the SQLite file goes when no URL is given
DEFAULT_DATA_DIR = Path(__file__).resolve().parents[1] / "data"  # git-ignored
SQLITE_FILE = "poll.sqlite3"


def database_url(*, given: str = "", environ: Mapping[str, str] | None = None) -> str:
    """The poll's SQLAlchemy URL: ``given`` if not blank, else ``$POLL_DATABASE_URL``, else the
    SQLite file (its folder made). ``postgresql://`` URLs are given psycopg 3's driver name
    (SQLAlchemy's default for them is psycopg2, which this app does not ship)."""
    environ = os.environ if environ is None else environ
    url = given.strip() or environ.get(DATABASE_URL_ENV, "").strip()
    if not url:
        directory = Path(environ.get(DATA_DIR_ENV, "").strip() or DEFAULT_DATA_DIR)
        directory.mkdir(parents=True, exist_ok=True)
        return f"sqlite:///{directory.resolve() / SQLITE_FILE}"
    parsed = sa.engine.make_url(url)
    if parsed.drivername in ("postgresql", "postgres"):
        parsed = parsed.set(drivername="postgresql+psycopg")
    return parsed.render_as_string(hide_password=False)
