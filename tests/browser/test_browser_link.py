"""A copied link restores the setting: after a reload, and for someone else who opens it."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect

from tests.support import app_page
from tests.support import stage_in_browser as stage

pytestmark = pytest.mark.browser

STAGE_MOVES = (("beta", "ArrowRight"), ("beta", "ArrowRight"), ("n", "End"))


def shown_setting(page) -> dict[str, str]:
    """What the stage shows (b on the stage too), e.g. {"beta": "6", "n": "10000", "b": "0.05"}."""
    stage.wait_until_drawn(page)
    return {key: stage.shown(page, key) for key in ("beta", "n", "b")}


def test_copied_link_restores_the_setting(desktop, new_tab, app_server):
    desktop.open()
    page = desktop.page
    stage.wait_until_drawn(page)
    for key, keyboard_key in STAGE_MOVES:
        stage.slider(page, key).press(keyboard_key)
    stage.expect_url_holds(page, "n", "10000")
    stage.slider(page, "b").press("ArrowRight")
    expect(stage.root(page)).to_have_attribute("data-world", "0.05,0")  # the new world drawn
    # The world is drawn from /worlds/ before the settled b reaches Python and the address.
    stage.expect_url_holds(page, "b", "0.05")
    # The run that wrote the address draws the copy box after it: wait for the box too.
    expect(page.locator(".rh-link input").first).to_have_value(re.compile(r"[?&]b=0\.05(&|$)"))
    setting = shown_setting(page)
    readouts = stage.readouts(page)
    query = parse_qs(urlsplit(page.url).query)
    for key in ("beta", "n", "b"):
        assert query.get(key) == [setting[key]], f"the address bar lost {key}: {page.url}"

    # The link the page offers to copy says the same as the address bar.
    offered = [text for text in app_page.offered_links(page) if text.startswith(app_server.url)]
    assert offered, "the page offers no link to copy"
    link = offered[0]
    assert parse_qs(urlsplit(link).query) == query, f"offered {link}, address bar {page.url}"

    # Reload: the same screen.
    page.reload()
    app_page.wait_until_ready(page)
    assert shown_setting(page) == setting
    assert stage.readouts(page) == readouts

    # Someone else opens the link: a fresh browser context, nothing shared.
    visitor = new_tab("desktop").page
    app_page.open_and_wait(visitor, link)
    assert shown_setting(visitor) == setting
    assert stage.readouts(visitor) == readouts
    assert parse_qs(urlsplit(visitor.url).query) == query
    assert desktop.console_errors == []
