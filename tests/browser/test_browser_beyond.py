"""The Reward model, Compare and Checkers pages in a real Chromium: their sliders and switches
rerun the page and write the address. (Each page's charts on load and a phone's width are
test_browser_pages' and test_browser_phone's, for every page.)"""

import re

import pytest
from playwright.sync_api import expect

from tests.support import app_page, observer
from tests.support import stage_in_browser as stage

pytestmark = pytest.mark.browser


def test_reward_model_slider_reruns_and_writes_the_address(desktop):
    desktop.open("reward-model")
    page = desktop.page
    before = app_page.metric_values(page)
    record = app_page.press_on_slider(page, "pairs", "End")
    assert record["finishStatus"] is not None
    expect(page).to_have_url(re.compile(r"[?&]pairs=200000(&|$)"))
    after = app_page.metric_values(page)
    assert after != before and after[0].replace(".", "").isdigit()
    assert desktop.console_errors == []


def test_reward_model_link_opens_the_playground_at_the_learned_b(desktop):
    desktop.open("reward-model?pairs=200000&spread=1&prior=0")
    page = desktop.page
    link = page.locator('[data-testid="stPageLink"] a').first
    before = observer.page_now(page)
    link.click()
    observer.wait_for_rerun(page, before)
    app_page.wait_until_ready(page)
    expect(page).to_have_url(re.compile(r"/\?(.*&)?b=1(&|$)"))  # the Playground, b = 1
    stage.wait_until_drawn(page)
    assert stage.shown(page, "b") == "1"  # b is on the stage
    assert desktop.console_errors == []


def test_tails_switch_reruns_and_writes_the_address(desktop):
    desktop.open("compare")
    page = desktop.page
    before_values = app_page.metric_values(page)
    since = observer.page_now(page)
    page.locator(".st-key-tails button", has_text="heavy").first.click()
    observer.wait_for_rerun(page, since)
    expect(page).to_have_url(re.compile(r"[?&]tails=heavy(&|$)"))
    assert app_page.metric_values(page) != before_values
    assert desktop.console_errors == []


def test_the_kl_tails_open_on_request_with_their_chart(desktop):
    desktop.open("compare?tails=heavy")
    page = desktop.page
    assert len(app_page.chart_fingerprints(page)) == 2  # closed: Gao's and best-of-n's only
    since = observer.page_now(page)
    page.locator('[data-testid="stExpander"] summary', has_text="The KL optimum with").click()
    observer.wait_for_rerun(page, since)
    app_page.wait_until_ready(page)
    charts = app_page.chart_fingerprints(page)
    assert len(charts) == 3 and all(charts.values()), charts
    values = app_page.metric_values(page)
    assert values[3:] == ["0.61", "+32.47", "-0.12", "-6.86"], values
    assert page.get_by_text("Near the grid's edge: in 2 of the 20 heavy draws").count() == 1
    assert desktop.console_errors == []


def test_hostile_address_gives_a_note_and_valid_settings(desktop):
    desktop.open("reward-model?pairs=%3Cscript%3E&noise=-1&prior=5")
    page = desktop.page
    warning = page.locator('[data-testid="stAlert"]').first
    expect(warning).to_contain_text("not a number")
    expect(warning).to_contain_text("nearest")
    app_page.expect_query(page, {"noise": ["0.05"], "prior": ["3"]})
    assert desktop.console_errors == []


def test_the_checker_page_walk_a_slider_a_guess_and_the_monitor(desktop):
    """Rewards you can check: β's slider reruns and writes the address, the guess is revealed
    with the solve rate drawn in, the monitor's switch moves hacking out of sight."""
    desktop.open("checker")
    page = desktop.page
    assert page.locator('[data-testid="stException"]').count() == 0
    charts = app_page.chart_fingerprints(page)
    assert len(charts) == 2 and all(charts.values()), charts
    record = app_page.press_on_slider(page, "check_beta", "End")
    assert record["finishStatus"] is not None
    expect(page).to_have_url(re.compile(r"[?&]check_beta=0\.02(&|$)"))
    # Both tasks' sentences and the chart's text alternative say it.
    expect(page.get_by_text("at β = 0.02 the checker passes 90% of attempts")).to_have_count(3)
    drawn = app_page.chart_fingerprints(page)
    since = observer.page_now(page)
    page.get_by_role("button", name="Reveal the solve rate").click()
    observer.wait_for_rerun(page, since)
    expect(page.get_by_text("You guessed β = 0.1. On the left task the solve rate")).to_be_visible()
    expect(page.get_by_text("solve rate's highest").first).to_be_attached()
    assert app_page.chart_fingerprints(page) != drawn  # the solve rate and its peak drawn in
    since = observer.page_now(page)
    page.locator(".st-key-monitor button", has_text="penalize").first.click()
    observer.wait_for_rerun(page, since)
    expect(page).to_have_url(re.compile(r"[?&]monitor=penalize(&|$)"))
    hidden = "hacks are 100% of attempts, 100% of them hidden; the monitor catches 5.0%"
    expect(page.get_by_text(hidden)).to_have_count(2)  # the sentence and the chart's text
    assert desktop.console_errors == []
