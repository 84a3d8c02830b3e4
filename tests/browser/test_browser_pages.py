"""Every page opens from the navigation and draws its charts; screenshots for people to look at."""

import re
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from tests.support import app_page, observer
from tests.support import stage_in_browser as stage
from tests.support.stage_root_js import STAGE_ROOT_JS
from ui.story_steps import PRESETS

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
        if path == "best-of-n":  # on this visit, not a page load of its own (~25 s of CPU)
            the_redraw_button_says_what_it_does_beside_it_and_leaves_no_tooltip(page)
    assert "best-of-n" in {urlsplit(href).path.strip("/") for _, href in order}
    assert desktop.console_errors == []


def the_redraw_button_says_what_it_does_beside_it_and_leaves_no_tooltip(page) -> None:
    """Best-of-n's "Draw another 600 answers": its words beside it, its click writes seed=1,
    and no tooltip is left up. Checked in test_each_page_opens_from_the_navigation's walk (it
    was a test that loaded Best-of-n for itself: 40 s in the last CI run)."""
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


# In the stage's shadow root: where β's controls, b and σ's and the curves start, in px.
STAGE_TOPS_JS = f"""
() => {{
  const root = ({STAGE_ROOT_JS})();
  const top = (selector) => {{
    const element = root.querySelector(selector);
    return element ? Math.round(element.getBoundingClientRect().top) : null;
  }};
  return {{beta: top('.method.beta'), world: top('.reward-model'),
           curves: top('svg[data-chart="curves"]'), legend: top('.legend'),
           note: (() => {{ const note = root.querySelector('.edge-note:not([hidden])');
                          return note && note.getBoundingClientRect().bottom; }})()}};
}}
"""


def test_a_laptops_playground_puts_beta_and_n_first_and_holds_still(new_tab):
    """At 1440 x 900: β and n before b and σ (b/σ stood above them, y 199 against 278);
    leaving a story step by its slider moves no chart (27 px up on release); a click on the
    page draws no focus frame around it; at β = 0.25 the grid-edge note ends above the legend
    (it hung over the legend's first entries)."""
    tab = new_tab({"width": 1440, "height": 900})
    page = tab.page
    step = PRESETS[2]
    tab.open("?" + "&".join(f"{key}={value:g}" for key, value in step.values.items()))
    stage.wait_until_drawn(page)
    expect(page.get_by_text("Step 3 of 7")).to_be_visible()
    on_step = page.evaluate(STAGE_TOPS_JS)
    assert on_step["beta"] < on_step["curves"] < on_step["world"], on_step
    stage.slider(page, "beta").press("Home")
    stage.expect_url_holds(page, "beta", "10")
    app_page.wait_until_ready(page)
    page.wait_for_timeout(1_000)  # the step line's rerun, if it moved anything
    off_step = page.evaluate(STAGE_TOPS_JS)
    assert off_step["curves"] == on_step["curves"], (on_step, off_step)
    page.mouse.click(720, 880)
    frame = page.evaluate(
        "() => { const a = document.activeElement; const s = getComputedStyle(a);"
        " return [a.getAttribute('data-testid'), s.outlineStyle]; }"
    )
    assert frame[1] == "none", f"a click framed {frame[0]}"
    tab.open("?beta=0.25")
    stage.wait_until_drawn(page)
    capped = page.evaluate(STAGE_TOPS_JS)
    assert capped["note"] is not None and capped["note"] <= capped["legend"], capped
    app_page.screenshot(page, app_page.SCREENSHOT_DIR / "laptop-playground-edge.png")
    assert tab.console_errors == []
