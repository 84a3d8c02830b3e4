"""The Class poll page on a real PostgreSQL server, reached the two documented ways:
``[connections.poll] url`` in secrets.toml and the POLL_DATABASE_URL environment variable."""

from __future__ import annotations

from pathlib import Path

import pytest
from poll_databases import fresh_engine, start_postgres
from streamlit.testing.v1 import AppTest

from poll_data import location
from tests.support.app_test import TIMEOUT_SECONDS
from ui import link_box

pytestmark = pytest.mark.slow  # make test-fast leaves it out: a throwaway PostgreSQL server

APP = str(Path(__file__).resolve().parents[2] / "app.py")


@pytest.fixture(scope="module")
def postgres():
    server = start_postgres()
    fresh_engine(server.url).dispose()  # empty poll tables
    yield server
    server.remove()


def plain_url(server) -> str:
    """The URL as a host would write it: no driver named (the app picks psycopg)."""
    return server.url.replace("postgresql+psycopg://", "postgresql://")


def open_poll(*, query: dict | None = None, secrets: dict | None = None) -> AppTest:
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_SECONDS)
    app.secrets.update(secrets or {})
    app.run()
    app.query_params.clear()
    app.query_params.update(query or {})
    return app.switch_page("pages/class_poll.py").run()


def assert_no_exception(app: AppTest) -> None:
    assert not app.exception, [exception.message for exception in app.exception]


def test_a_poll_through_secrets_and_the_environment_then_the_server_stops(postgres, monkeypatch):
    monkeypatch.delenv(location.DATA_DIR_ENV, raising=False)
    lecturer = open_poll(secrets={"connections": {"poll": {"url": plain_url(postgres)}}})
    lecturer.button(key="poll_start").click().run()
    assert_no_exception(lecturer)
    links = [link_box.link_in(html.proto.body) for html in lecturer.get("html")]
    join_link = next(link for link in links if link and "room=" in link)
    room = join_link.rsplit("=", 1)[1]

    monkeypatch.setenv(location.DATABASE_URL_ENV, plain_url(postgres))
    student = open_poll(query={"room": room})
    student.text_input(key="poll_guess").set_value("49")
    student.button(key="poll_send").click().run()
    assert_no_exception(student)
    assert "Your guess n = 49 is in." in [success.value for success in student.success]
    lecturer.run()
    assert lecturer.metric[0].value == "1"

    postgres.stop()
    try:
        student.text_input(key="poll_guess").set_value("50")
        student.button(key="poll_send").click().run()
        assert_no_exception(student)
        assert any("cannot be reached right now" in w.value for w in student.warning)
        student.switch_page("pages/lesson.py").run()
        assert_no_exception(student)
        assert student.title[0].value == "The lesson in plain words"
    finally:
        postgres.start()
    lecturer.run()
    assert_no_exception(lecturer)
    assert lecturer.metric[0].value == "1", "the vote survived, the refused one was not written"
