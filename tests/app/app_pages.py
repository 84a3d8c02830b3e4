"""Helpers for the AppTest page tests: open a page of the app, read its sliders and readouts.

(A plain module, not a conftest.py: tests/browser has a conftest of its own, and two
modules named conftest cannot both be imported by name in one pytest run.)
"""

from pathlib import Path

from streamlit.testing.v1 import AppTest

APP = str(Path(__file__).resolve().parents[2] / "app.py")
TIMEOUT_SECONDS = 60  # a cold first run computes curves for the page; later runs are cached

PAGES = {
    "playground": "pages/playground.py",
    "best_of_n": "pages/best_of_n.py",
    "kl_penalty": "pages/kl_penalty.py",
    "lesson": "pages/lesson.py",
}
# The sliders each page shows.
PAGE_SLIDERS = {
    "playground": ("beta", "n", "b", "sigma"),
    "best_of_n": ("n", "b", "sigma"),
    "kl_penalty": ("beta", "b", "sigma"),
    "lesson": (),
}


def open_page(page: str = "playground", query: dict | None = None) -> AppTest:
    """Run the app, then (if asked) the page, with ``query`` as the address's parameters."""
    app = AppTest.from_file(APP, default_timeout=TIMEOUT_SECONDS)
    if page == "playground":
        app.query_params.update(query or {})
        return app.run()
    # Streamlit drops, on a page switch, URL parameters that a slider of the page left behind
    # owns; pass through the Lesson (no sliders) so the target page sees the query as a fresh
    # visitor opening the link would.
    app.run().switch_page(PAGES["lesson"]).run()
    app.query_params.clear()
    app.query_params.update(query or {})
    return app.switch_page(PAGES[page]).run()


def readouts(app: AppTest) -> list[str]:
    """Every metric's value on the page, in page order."""
    return [metric.value for metric in app.metric]


def slider_values(app: AppTest) -> dict:
    return {slider.key: slider.value for slider in app.select_slider}


def warnings_text(app: AppTest) -> str:
    return "\n".join(warning.value for warning in app.warning)


def assert_clean(app: AppTest) -> None:
    """No exception element and no error element on the page."""
    assert not app.exception, [exception.message for exception in app.exception]
    assert not app.error, [error.value for error in app.error]
