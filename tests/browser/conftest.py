"""Fixtures for the browser tests: one real `streamlit run app.py` and one headless Chromium.

The browser is chosen by bench.browser.choose_chromium: $CHROMIUM_PATH (or
$PLAYWRIGHT_CHROMIUM_EXECUTABLE), else Playwright's own build, else a system Chromium. Where
none is found the tests are skipped with a loud reason, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
if str(REPO_ROOT) not in sys.path:  # `pytest` run directly, not `python -m pytest`
    sys.path.insert(0, str(REPO_ROOT))

from bench import browser as chromium  # noqa: E402
from bench.serve import ServerStartError, StreamlitServer, start_streamlit  # noqa: E402
from scripts.warm_up import warm_up  # noqa: E402

APP_SCRIPT = REPO_ROOT / "app.py"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}  # an iPhone 12-15 in CSS pixels
SERVER_LOG_LINES = 200  # how much of the server log a failure report shows
BASE_PATH_PROBES = ("_stcore/health", "_stcore/host-config")

_skip_reasons: list[str] = []


def in_ci() -> bool:
    return os.environ.get("CI", "").strip().lower() in {"1", "true", "yes"}


def _unavailable(reason: str) -> None:
    """No browser: fail under CI (it must run there), else skip, loudly."""
    if in_ci():
        pytest.fail(f"CI=true but the browser tests cannot run: {reason}", pytrace=False)
    _skip_reasons.append(reason)
    pytest.skip(f"BROWSER TESTS NOT RUN: {reason}")


def pytest_terminal_summary(terminalreporter) -> None:
    if _skip_reasons:
        terminalreporter.write_sep("!", "browser tests were SKIPPED", yellow=True, bold=True)
        terminalreporter.write_line(f"reason: {_skip_reasons[0]}")
        terminalreporter.write_line("under CI=true they would fail instead")


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator[object]:
    """A headless Chromium for the whole session."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as error:
        _unavailable(f"the playwright package is missing ({error})")
    manager = sync_playwright().start()
    try:
        try:
            browser, _choice = chromium.launch_chromium(manager)
        except chromium.BrowserNotFound as error:
            _unavailable(str(error))
        yield browser
        browser.close()
    finally:
        manager.stop()


_current_server: list[StreamlitServer] = []


@pytest.fixture(scope="session")
def app_server(tmp_path_factory) -> Iterator[StreamlitServer]:
    """`streamlit run app.py` on a free loopback port, its process group stopped at the end."""
    # The class poll's SQLite file goes to a temporary directory, not the checkout's data/.
    os.environ.setdefault("POLL_DATA_DIR", str(tmp_path_factory.mktemp("poll-data")))
    try:
        server = start_streamlit(APP_SCRIPT, log_dir=tmp_path_factory.mktemp("streamlit"))
    except ServerStartError as error:
        pytest.fail(str(error), pytrace=False)
    # As `make run` and the Dockerfile do: run the app once before the first visitor.
    warm_up(server.port)
    _current_server.append(server)
    try:
        yield server
    finally:
        _current_server.remove(server)
        died = not server.is_running()
        server.stop()
        if died:
            print(f"\nthe streamlit server had died; its log:\n{server.log_text()}")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Attach the end of the server's log to every failing browser test's report."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and _current_server:
        lines = _current_server[-1].log_text().splitlines()[-SERVER_LOG_LINES:]
        report.sections.append(("streamlit server log (tail)", "\n".join(lines)))


@dataclass
class Tab:
    """A browser page on the app, with the console errors it has logged."""

    page: object
    server: StreamlitServer
    console_errors: list[str] = field(default_factory=list)

    def open(self, path: str = "") -> None:
        """Go to the app's `path` (e.g. "best-of-n?beta=1") and wait until fully drawn."""
        self.page.goto(self.server.url + path)
        chromium.wait_until_ready(self.page)


def is_base_path_probe(message, server: StreamlitServer) -> bool:
    """Streamlit's own 404s when a page is opened by its address (e.g. /lesson).

    Its frontend first guesses that the app is served under /lesson/ and asks for
    /lesson/_stcore/health and /lesson/_stcore/host-config; the 404s land in the console
    before it falls back to /. Any other failed request still counts.
    """
    url = message.location.get("url", "")
    return (
        "404" in message.text
        and url.startswith(server.url)
        and url.endswith(BASE_PATH_PROBES)
        and url not in {server.url + probe for probe in BASE_PATH_PROBES}
    )


def _tab(browser, server: StreamlitServer, **context_options) -> Iterator[Tab]:
    context = browser.new_context(**context_options)
    page = chromium.new_observed_page(context)
    tab = Tab(page, server)

    def on_console(message) -> None:
        if message.type == "error" and not is_base_path_probe(message, server):
            tab.console_errors.append(f"{message.text} ({message.location.get('url')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: tab.console_errors.append(f"uncaught: {error}"))
    try:
        yield tab
    finally:
        context.close()


@pytest.fixture
def desktop(chromium_browser, app_server) -> Iterator[Tab]:
    """A fresh browser context at a laptop's size."""
    yield from _tab(chromium_browser, app_server, viewport=DESKTOP)


@pytest.fixture
def phone(chromium_browser, app_server) -> Iterator[Tab]:
    """A fresh browser context the size of a phone, with touch."""
    yield from _tab(
        chromium_browser,
        app_server,
        viewport=PHONE,
        device_scale_factor=2,
        is_mobile=True,
        has_touch=True,
    )
