"""The Defenses page in a real Chromium: it loads, its controls write the address, bad links
are corrected with a note, and nothing scrolls sideways on a phone. No console errors."""

import re
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import expect
from test_browser_phone import assert_no_sideways_scrolling

from tests.support import app_page, observer

pytestmark = pytest.mark.browser

PATH = "defenses"
CHARTS = 4  # four defenses, both methods in each figure


def query_of(page) -> dict[str, list[str]]:
    return parse_qs(urlsplit(page.url).query)


def test_the_defenses_page_loads_and_its_controls_write_the_address(desktop):
    desktop.open(f"{PATH}?sigma=1")
    page = desktop.page
    assert page.locator('[data-testid="stException"]').count() == 0
    assert page.locator("h1").first.inner_text().startswith("Defenses")
    charts = app_page.chart_fingerprints(page)
    assert len(charts) == 1 and all(charts.values()), charts  # the first defense's
    # The other three open on request, each to a drawn chart of its own.
    assert app_page.open_every_closed_chart(page) == CHARTS - 1
    charts = app_page.chart_fingerprints(page)
    assert len(charts) == CHARTS and all(charts.values()), charts
    assert len(set(charts.values())) == CHARTS, "four different figures"
    app_page.screenshot(page, app_page.SCREENSHOT_DIR / "desktop-defenses.png")

    # A key press on k moves it one stop right (4 -> 6) and the address follows.
    before = app_page.metric_values(page)
    app_page.press_on_slider(page, "k", "ArrowRight")
    expect(page).to_have_url(re.compile(r"[?&]k=6(&|$)"))
    assert app_page.metric_values(page) != before

    # The ensemble's combination: "min" is written to the address as it reads.
    since = observer.page_now(page)
    page.locator(".st-key-agg button", has_text="min").first.click()
    observer.wait_for_rerun(page, since)
    expect(page).to_have_url(re.compile(r"[?&]agg=min(&|$)"))

    # The link offered to copy says what the address bar says.
    offered = [text for text in app_page.offered_links(page) if text.startswith(desktop.server.url)]
    assert offered and parse_qs(urlsplit(offered[0]).query) == query_of(page), offered
    assert desktop.console_errors == []


def test_a_hostile_link_is_corrected_with_a_plain_note(desktop):
    desktop.open(f"{PATH}?k=abc&m=1e99&agg=%3Cb%3Ex%3C/b%3E&lam=-3")
    page = desktop.page
    assert page.locator('[data-testid="stException"]').count() == 0
    alert = page.locator('[data-testid="stAlert"]').first
    for words in ("not a number", "nearest end", "neither"):
        expect(alert).to_contain_text(words)
    assert page.locator('[data-testid="stAlert"] b').count() == 0, "no HTML from the URL"
    # k and agg back to their defaults (left out), m and lam at their nearest ends; σ = 0.5 is
    # the page's own opening σ, written by its first run.
    app_page.expect_query(page, {"m": ["10000"], "lam": ["0"], "sigma": ["0.5"]})
    assert app_page.slider_thumb(page, "m").get_attribute("aria-valuetext") in (None, "10000")
    assert desktop.console_errors == []


def test_the_defenses_page_fits_a_phone(phone):
    phone.open(PATH)
    assert phone.page.locator('[data-testid="stException"]').count() == 0
    assert_no_sideways_scrolling(phone.page, PATH)
    app_page.screenshot(phone.page, app_page.SCREENSHOT_DIR / "phone-defenses.png")
    assert phone.console_errors == []
