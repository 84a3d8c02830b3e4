"""A copied link restores the setting: after a reload, and for someone else who opens it."""

from urllib.parse import parse_qs, urlsplit

import pytest

from bench import browser as chromium

pytestmark = pytest.mark.browser

SLIDER_KEYS = ("beta", "n", "b", "sigma")
MOVES = (("beta", "ArrowRight"), ("beta", "ArrowRight"), ("n", "End"), ("b", "ArrowRight"))


def shown_setting(page) -> dict[str, str]:
    """What each slider shows, e.g. {"beta": "2.5", ...}."""
    return {
        key: chromium.slider_thumb(page, key).get_attribute("aria-valuetext") for key in SLIDER_KEYS
    }


def test_copied_link_restores_the_setting(desktop, chromium_browser, app_server):
    desktop.open()
    page = desktop.page
    for key, keyboard_key in MOVES:
        chromium.press_on_slider(page, key, keyboard_key)
    setting = shown_setting(page)
    readouts = chromium.metric_values(page)
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
    chromium.wait_until_ready(page)
    assert shown_setting(page) == setting
    assert chromium.metric_values(page) == readouts

    # Someone else opens the link: a fresh browser context, nothing shared.
    context = chromium_browser.new_context(viewport={"width": 1280, "height": 900})
    try:
        visitor = chromium.new_observed_page(context)
        visitor.goto(link)
        chromium.wait_until_ready(visitor)
        assert shown_setting(visitor) == setting
        assert chromium.metric_values(visitor) == readouts
        assert parse_qs(urlsplit(visitor.url).query) == query
    finally:
        context.close()
    assert desktop.console_errors == []
