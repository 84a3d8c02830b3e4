"""Every page opens from the navigation and draws its charts; screenshots for people to look at."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.support import app_page, observer
from tests.support import stage_in_browser as stage

pytestmark = pytest.mark.browser

NAV_LINKS = '[data-testid="stSidebarNavLink"], [data-testid="stTopNavLink"]'
# Charts each page must draw at least, by URL path (docs/design.md §4); the Lesson is words and
# code.
# The Playground draws its two charts on its stage, not with plotly (checked apart).
MIN_CHARTS = {
    "": 0,
    "best-of-n": 1,
    "kl-penalty": 1,
    "lesson": 0,
    "reward-model": 3,
    "compare": 2,
    "poll": 0,
    "defenses": 1,  # the first defense's; the other three open on request
    "checker": 2,  # the two tasks side by side, the monitor
}


def page_slug(url: str) -> str:
    return urlsplit(url).path.strip("/") or "playground"


def test_each_page_opens_from_the_navigation(desktop):
    desktop.open()
    page = desktop.page
    links = page.locator(NAV_LINKS)
    targets = [(link.inner_text().strip(), link.get_attribute("href")) for link in links.all()]
    paths = {urlsplit(href).path.strip("/") for _, href in targets}
    assert paths == set(MIN_CHARTS), f"navigation offers {sorted(paths)}"

    # Visit every other page, then come back to the first: each arrives by a click.
    order = targets[1:] + targets[:1]
    for title, href in order:
        before = observer.page_now(page)
        page.locator(NAV_LINKS).and_(page.locator(f'[href="{href}"]')).first.click()
        observer.wait_for_rerun(page, before)
        app_page.wait_until_ready(page)
        path = urlsplit(page.url).path.strip("/")
        assert path == urlsplit(href).path.strip("/"), f"clicked {title!r}, landed on {page.url}"
        assert page.locator('[data-testid="stException"]').count() == 0, title
        assert page.locator("h1").count() >= 1, f"{title}: no page title"
        if path == "":
            stage.wait_until_drawn(page)
        charts = app_page.chart_fingerprints(page)
        assert len(charts) >= MIN_CHARTS[path], f"{title}: only {len(charts)} charts"
        assert all(charts.values()), f"{title}: a chart has no figure: {charts}"
        app_page.screenshot(page, app_page.SCREENSHOT_DIR / f"desktop-{page_slug(page.url)}.png")
    assert desktop.console_errors == []


def test_the_redraw_button_says_what_it_does_beside_it_and_leaves_no_tooltip(desktop):
    desktop.open("best-of-n")
    page = desktop.page
    button = page.get_by_role("button", name="Draw another 600 answers")
    words = page.get_by_text("600 fresh draws from the base model; each draw's seed is kept")
    expect(words).to_be_visible()
    # Beside the button: in its column, just under it (not at the page's foot).
    near, said = button.bounding_box(), words.bounding_box()
    assert abs(said["x"] - near["x"]) < 40 and 0 <= said["y"] - near["y"] < 120, (near, said)
    before = observer.page_now(page)
    button.hover()
    button.click()
    observer.wait_for_rerun(page, before)
    expect(page).to_have_url(re.compile(r"[?&]seed=1(&|$)"))
    # The pointer still rests on the button: no tooltip is up (it had none to leave behind).
    button.hover()
    expect(page.locator('[data-testid="stTooltipContent"], [role="tooltip"]')).to_have_count(0)
    expect(words).to_be_visible()
    assert desktop.console_errors == []
