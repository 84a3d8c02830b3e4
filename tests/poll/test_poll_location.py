"""Where the poll keeps its data: the URL given (secrets), else $POLL_DATABASE_URL, else a SQLite
file in $POLL_DATA_DIR; PostgreSQL URLs get psycopg 3's driver (the app ships no psycopg2)."""

from __future__ import annotations

from poll_data import location

POSTGRES = "postgresql://poll:secret@db:5432/poll"


def test_a_given_url_wins_over_the_environment():
    environ = {location.DATABASE_URL_ENV: "sqlite:////elsewhere.db"}
    assert location.database_url(given="sqlite:////given.db", environ=environ) == (
        "sqlite:////given.db"
    )


def test_the_environment_names_the_shared_database_with_psycopg_3():
    url = location.database_url(environ={location.DATABASE_URL_ENV: f"  {POSTGRES}  "})
    assert url == "postgresql+psycopg://poll:secret@db:5432/poll"
    short = location.database_url(environ={location.DATABASE_URL_ENV: "postgres://u:p@h/d"})
    assert short.startswith("postgresql+psycopg://u:p@h/d")


def test_without_a_url_a_sqlite_file_is_made_in_the_data_folder(tmp_path):
    folder = tmp_path / "new" / "folder"
    blank = {location.DATABASE_URL_ENV: "   ", location.DATA_DIR_ENV: str(folder)}
    assert location.database_url(given="  ", environ=blank) == (
        f"sqlite:///{folder.resolve() / location.SQLITE_FILE}"
    )
    assert folder.is_dir()
