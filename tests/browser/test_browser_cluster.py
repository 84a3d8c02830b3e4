"""The app through `make cluster` (HAProxy, two replicas) is the app: the same page as from one
server after the same slider move, in a real Chromium."""

from __future__ import annotations

import re
import urllib.parse
from collections.abc import Iterator

import pytest
from playwright.sync_api import expect

from tests.cluster.conftest import two_replicas
from tests.support import app_page, observer
from tests.support import stage_in_browser as stage
from tests.support.cluster_run import RunningCluster

pytestmark = [pytest.mark.browser, pytest.mark.cluster]

# The b slider by its accessible name (its label starts with the symbol), however it is drawn.
B_SLIDER_NAME = re.compile(r"^b\b")
WORLD_AFTER = "0.05,0.5"  # (b, σ) after one step of b from ?sigma=0.5


@pytest.fixture(scope="module")
def cluster(tmp_path_factory) -> Iterator[RunningCluster]:
    with two_replicas(tmp_path_factory.mktemp("cluster")) as running:
        yield running


def page_after_moving_b(browser, url: str) -> tuple[dict, list]:
    """Open `url`, press ArrowRight on the b slider, wait for the redraw; what the page shows."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = observer.new_observed_page(context)
    errors: list[str] = []
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    try:
        page.goto(url)
        app_page.wait_until_ready(page)
        stage.wait_until_drawn(page)  # its b slider has its stops only once drawn
        slider = page.get_by_role("slider", name=B_SLIDER_NAME)
        before = slider.get_attribute("aria-valuetext")
        slider.focus()
        observer.reset_chart_record(page)
        since = observer.page_now(page)
        slider.press("ArrowRight")
        expect(slider).not_to_have_attribute("aria-valuetext", before)
        observer.wait_for_rerun(page, since)
        # The new world may come from /worlds/ or, if not built yet, from the server after the
        # settle: wait for it and for the address, not for a fixed time after the rerun.
        expect(stage.root(page)).to_have_attribute("data-world", WORLD_AFTER)
        expect(page).to_have_url(re.compile(r"[?&]b=0\.05(&|$)"))
        shown = {
            "b": slider.get_attribute("aria-valuetext"),
            "query": urllib.parse.parse_qs(urllib.parse.urlsplit(page.url).query),
            "world": stage.root(page).get_attribute("data-world"),
            "readouts": stage.readouts(page),
            "cookies": {cookie["name"] for cookie in context.cookies()},
        }
        return shown, errors
    finally:
        context.close()


def test_the_cluster_shows_the_same_page_as_one_server(browser, app_server, cluster):
    single, single_errors = page_after_moving_b(browser, app_server.url + "?sigma=0.5")
    balanced, balanced_errors = page_after_moving_b(browser, cluster.url + "?sigma=0.5")

    assert balanced_errors == [] and single_errors == []
    assert single["query"] == {"b": ["0.05"], "sigma": ["0.5"]}
    assert "REPLICA" in balanced["cookies"], "HAProxy's sticky-session cookie"
    assert "REPLICA" not in single["cookies"]
    for shown in ("b", "query", "world", "readouts"):
        assert balanced[shown] == single[shown], shown
    assert len(balanced["readouts"]) == 8
