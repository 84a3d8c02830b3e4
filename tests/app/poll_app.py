"""The Class poll page in AppTest: a fresh SQLite file per test, and small readers of what the
page showed. (A plain module, not a conftest.py: see tests/app/app_pages.py.)"""

from __future__ import annotations

import re

import pytest
from app_pages import APP, TIMEOUT_SECONDS
from streamlit.testing.v1 import AppTest

from poll_data import location
from ui.address import LECTURER

POLL_PAGE = "pages/class_poll.py"


@pytest.fixture(autouse=True)
def poll_data_dir(tmp_path, monkeypatch):
    """Each test's poll database is a fresh SQLite file in its own directory."""
    monkeypatch.delenv(location.DATABASE_URL_ENV, raising=False)
    monkeypatch.setenv(location.DATA_DIR_ENV, str(tmp_path / "data"))
    return tmp_path / "data"


def open_poll(query: dict | None = None) -> AppTest:
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_SECONDS).run()
    app.query_params.clear()
    app.query_params.update(query or {})
    return app.switch_page(POLL_PAGE).run()


def assert_no_exception(app: AppTest) -> None:
    assert not app.exception, [exception.message for exception in app.exception]
    assert not app.error, [error.value for error in app.error]


def texts(elements) -> str:
    return "\n".join(str(element.value) for element in elements)


def started(lecturer: AppTest) -> tuple[AppTest, str, str]:
    """A lecturer who has just pressed Start: (their AppTest, lecturer token, room code)."""
    assert_no_exception(lecturer)
    # The token is kept in the session, out of the address a projector shows (ui/address.py).
    assert "lecturer" not in lecturer.query_params
    token = lecturer.session_state[LECTURER]
    room = re.search(r"Room code: `([A-Z0-9]{6})`", texts(lecturer.markdown)).group(1)
    return lecturer, token, room
