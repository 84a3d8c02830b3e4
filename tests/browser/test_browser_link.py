"""A copied link restores the setting: after a reload, and for someone else who opens it."""

from urllib.parse import parse_qs, urlsplit

import pytest

from tests.support import app_page

pytestmark = pytest.mark.browser

SLIDER_KEYS = ("beta", "n", "b", "sigma")
MOVES = (("beta", "ArrowRight"), ("beta", "ArrowRight"), ("n", "End"), ("b", "ArrowRight"))


def shown_setting(page) -> dict[str, str]:
    """What each slider shows, e.g. {"beta": "2.5", ...}."""
    return {
        key: app_page.slider_thumb(page, key).get_attribute("aria-valuetext") for key in SLIDER_KEYS
    }


def test_copied_link_restores_the_setting(desktop, new_tab, app_server):
    desktop.open()
    page = desktop.page
    for key, keyboard_key in MOVES:
        app_page.press_on_slider(page, key, keyboard_key)
    setting = shown_setting(page)
    readouts = app_page.metric_values(page)
    query = parse_qs(urlsplit(page.url).query)
    for key in ("beta", "n", "b"):
        assert query.get(key) == [setting[key]], f"the address bar lost {key}: {page.url}"

    # The link the page offers to copy says the same as the address bar.
    offered = [
        text.strip()
        for text in page.locator('[data-testid="stCode"]').all_inner_texts()
        if text.strip().startswith(app_server.url)
    ]
    assert offered, "the page offers no link to copy"
    link = offered[0]
    assert parse_qs(urlsplit(link).query) == query, f"offered {link}, address bar {page.url}"

    # Reload: the same screen.
    page.reload()
    app_page.wait_until_ready(page)
    assert shown_setting(page) == setting
    assert app_page.metric_values(page) == readouts

    # Someone else opens the link: a fresh browser context, nothing shared.
    visitor = new_tab("desktop").page
    app_page.open_and_wait(visitor, link)
    assert shown_setting(visitor) == setting
    assert app_page.metric_values(visitor) == readouts
    assert parse_qs(urlsplit(visitor.url).query) == query
    assert desktop.console_errors == []
