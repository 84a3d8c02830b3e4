"""Fixtures for the browser tests: one real `streamlit run app.py`, driven by headless Chromium.

pytest-playwright (pinned in requirements-dev.txt) runs Playwright and owns the `browser` and
`new_context` fixtures, so a failing test leaves a screenshot of each of its pages in
artifacts/failures/<test>/ (options in pyproject.toml's addopts). Add
`--tracing=retain-on-failure` for a Playwright trace too (`playwright show-trace trace.zip`):
off by default, as it makes the slider tests 2-3x slower. `--headed` and `--slowmo=MS` work.

Its launch options are overridden here so that the browser is the one
tests.support.chromium.choose_chromium picks: $CHROMIUM_PATH (or
$PLAYWRIGHT_CHROMIUM_EXECUTABLE), else Playwright's own build, else a system Chromium. Where none
is found the tests are skipped with a loud reason, except under CI=true, where they fail.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import expect

from poll_data.location import DATA_DIR_ENV
from scripts.warm_up import warm_up
from tests.support import app_page, chromium, observer
from tests.support.server import ServerStartError, StreamlitServer, start_streamlit

APP_SCRIPT = Path(__file__).resolve().parents[2] / "app.py"
# Playwright's expect() retries for 5 s by default: less than a world the server builds on
# demand takes at load 30 on 2 cores (~0.4 s of CPU each, several seconds of wall), and less
# than a rerun queued behind other engineers' tests. A hang guard, not a speed: bench/ times.
EXPECT_TIMEOUT_MS = 30_000
expect.set_options(timeout=EXPECT_TIMEOUT_MS)
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


def pytest_terminal_summary(terminalreporter, config) -> None:
    failures = Path(config.getoption("--output")).absolute()
    if terminalreporter.stats.get("failed") and failures.is_dir() and any(failures.iterdir()):
        terminalreporter.write_line(f"what the failing browser tests' pages showed: {failures}/")
    if _skip_reasons:
        terminalreporter.write_sep("!", "browser tests were SKIPPED", yellow=True, bold=True)
        terminalreporter.write_line(f"reason: {_skip_reasons[0]}")
        terminalreporter.write_line("under CI=true they would fail instead")


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args, playwright) -> dict:
    """pytest-playwright's options (--headed, --slowmo) applied to the Chromium chosen here."""
    try:
        options, _choice = chromium.launch_options(playwright)
    except chromium.BrowserNotFound as error:
        _unavailable(str(error))
    return {**options, **browser_type_launch_args}


_current_server: list[StreamlitServer] = []


@pytest.fixture(scope="session")
def app_server(tmp_path_factory) -> Iterator[StreamlitServer]:
    """`streamlit run app.py` on a free loopback port, its process group stopped at the end."""
    # The class poll's SQLite file goes to a temporary directory, not the checkout's data/.
    os.environ.setdefault(DATA_DIR_ENV, str(tmp_path_factory.mktemp("poll-data")))
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
        """Go to the app's `path` (e.g. "best-of-n?beta=1"); wait until run and drawn."""
        app_page.open_and_wait(self.page, self.server.url + path)


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


def _watched_tab(page, server: StreamlitServer) -> Tab:
    """A Tab on `page` that collects the console errors and uncaught exceptions it sees."""
    tab = Tab(page, server)

    def on_console(message) -> None:
        if message.type == "error" and not is_base_path_probe(message, server):
            tab.console_errors.append(f"{message.text} ({message.location.get('url')})")

    page.on("console", on_console)
    page.on("pageerror", lambda error: tab.console_errors.append(f"uncaught: {error}"))
    return tab


@pytest.fixture
def new_tab(new_context, request) -> Callable[..., Tab]:
    """Open tabs in fresh browser contexts: `new_tab("projector")`, `new_tab({"width": ...})`.

    The viewport is a name in app_page.VIEWPORTS or a {"width", "height"} dict; "phone" also
    gets a 2x touch screen. More keywords go to `browser.new_context`. Each tab has the timing
    observer and records console errors; it is on the shared `app_server` unless `server=` is
    given (then the shared one is not started). pytest-playwright closes the contexts at the
    end, screenshotting their pages if the test failed.
    """

    def make(
        viewport: str | dict = "desktop", *, server: StreamlitServer | None = None, **options
    ) -> Tab:
        if isinstance(viewport, str):
            if viewport not in app_page.VIEWPORTS:
                raise ValueError(f"no viewport {viewport!r}; known: {sorted(app_page.VIEWPORTS)}")
            if viewport == "phone":
                options = {**app_page.PHONE_OPTIONS, **options}
            viewport = app_page.VIEWPORTS[viewport]
        context = new_context(viewport=viewport, **options)
        page = observer.new_observed_page(context)
        return _watched_tab(page, server or request.getfixturevalue("app_server"))

    return make


@pytest.fixture
def desktop(new_tab, app_server) -> Tab:
    """A fresh browser context at a laptop's size (1280 x 900)."""
    return new_tab("desktop")


@pytest.fixture
def phone(new_tab, app_server) -> Tab:
    """A fresh browser context the size of a phone (390 x 844), with touch."""
    return new_tab("phone")
