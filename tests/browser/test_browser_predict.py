"""Predict, then reveal (?predict=1) in a real Chromium: nothing on screen names or marks true
quality's peak before Reveal (ticks, marks, legend, hover, story), and each Guess button sits
beside the slider it reads, on a laptop and on a phone."""

import re

import pytest
from playwright.sync_api import expect

from tests.support import app_page
from tests.support import stage_in_browser as stage_page

pytestmark = pytest.mark.browser

HOVER_POINTS = 24  # places across each curves panel where the hover text is read


def axis_ticks(page, key: str) -> list[str]:
    """The tick labels under a curves panel's axis, left to right."""
    return (
        stage_page.root(page)
        .locator(f'[data-panel="{key}"] .axis text')
        .evaluate_all(
            "(texts) => texts.sort((a, b) => a.getAttribute('x') - b.getAttribute('x'))"
            ".map((text) => text.textContent)"
        )
    )


def hover_texts(page, key: str) -> list[str]:
    """What the stage's hover box says at HOVER_POINTS places across a curves panel."""
    panel = stage_page.root(page).locator(f'[data-panel="{key}"] polyline').first.bounding_box()
    tooltip = stage_page.root(page).locator(".tooltip")
    texts = []
    for step in range(HOVER_POINTS):
        x = panel["x"] + (step + 0.5) / HOVER_POINTS * panel["width"]
        page.mouse.move(x, panel["y"] + panel["height"] / 2)
        expect(tooltip).to_be_visible()
        texts.append(tooltip.inner_text())
    page.mouse.move(0, 0)
    return texts


def test_nothing_names_or_marks_the_peak_before_reveal(desktop):
    desktop.open("?predict=1")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    root = stage_page.root(page)
    expect(root.locator('[data-testid="predict"]')).to_be_visible()
    # Ticks chosen without regard to the peak: no n = 49 on the axis.
    assert axis_ticks(page, "n") == ["1", "10", "100", "1,000", "10k"]
    # β's even ticks, none of the lesson's (0.6, 0.4, 0.3: where the peak and fall are); a tick
    # too close to its neighbour on a narrow axis is left out (0.5 beside 0.25 since the axis
    # got its title), both ends kept.
    beta_ticks = axis_ticks(page, "beta")
    assert set(beta_ticks) <= {"10", "5", "2", "1", "0.5", "0.25"} and len(beta_ticks) >= 4
    assert beta_ticks[0] == "10" and beta_ticks[-1] == "0.25"
    # No peak mark, no true-quality curve or readout, no "its peak" in the legend.
    expect(root.locator("[data-peak]")).to_have_count(2)
    for peak in root.locator("[data-peak]").all():
        expect(peak).to_be_hidden()
    expect(root.locator('[data-series="gold_gain"]').first).to_be_hidden()
    expect(root.locator('[data-legend="peak"]')).to_be_hidden()
    expect(page.locator('[data-readout="n-gold"]')).to_have_text("?")
    expect(root.locator('[data-slack="n"]')).to_have_text("")
    # Hover: the reward model's numbers, never true quality's.
    for key in ("n", "beta"):
        for text in hover_texts(page, key):
            # The grid's edge note may follow (a capped β), never a number for true quality.
            assert re.search(r"true quality \?( · capped by the grid's edge .*)?$", text), text
    # The story waits for Reveal: no steps to press, no step line naming the peak.
    expect(page.get_by_role("button", name="Next Shortcut →")).to_have_count(0)
    expect(page.locator(".st-key-step-1")).to_have_count(0)
    expect(page.get_by_text("The story's steps come back after Reveal")).to_be_visible()
    expect(page.get_by_text("True quality at its best")).to_have_count(0)
    page_text = page.locator('[data-testid="stMain"]').inner_text() + root.inner_text()
    assert not re.search(r"\b49\b", page_text), "n = 49 is written somewhere on the page"
    # A guess with the button beside the n slider, then Reveal: the truth and the story return.
    stage_page.slider(page, "n").press("End")
    root.locator('.method.n [data-guess="n"]').click()
    expect(page).to_have_url(re.compile(r"[?&]guess_n=10000(&|$)"))
    # The link to copy asks its reader to predict too, and holds no guess of the sender's.
    expect(page.locator(".rh-link input")).to_have_value(re.compile(r"\?(.*&)?predict=1(&|$)"))
    assert all("guess" not in link for link in app_page.offered_links(page))
    root.get_by_role("button", name="Reveal the truth").click()
    expect(root.locator(".predict-text")).to_contain_text("true quality peaks at n = 49")
    expect(root.locator('[data-peak="n"]')).to_be_visible()
    expect(page.get_by_role("button", name="Next Shortcut →")).to_be_visible()
    expect(page).to_have_url(re.compile(r"[?&]revealed=1(&|$)"))
    assert all("revealed" not in link for link in app_page.offered_links(page))
    # Back: the picture before Reveal, with the guess kept and the truth hidden again.
    page.go_back()
    app_page.expect_query(page, {"n": ["10000"], "predict": ["1"], "guess_n": ["10000"]})
    expect(root).not_to_have_attribute("data-revealed", "true")
    expect(root.locator('[data-peak="n"]')).to_be_hidden()
    expect(page.locator('[data-readout="n-gold"]')).to_have_text("?")
    expect(root.locator(".predict-text")).not_to_contain_text("peaks at")
    expect(root.get_by_role("button", name="Reveal the truth")).to_be_enabled()
    expect(page.get_by_text("The story's steps come back after Reveal")).to_be_visible()
    app_page.expect_query(page, {"n": ["10000"], "predict": ["1"], "guess_n": ["10000"]})
    assert desktop.console_errors == []


def test_on_a_phone_each_guess_button_sits_beside_its_slider(phone):
    phone.open("?predict=1")
    page = phone.page
    stage_page.wait_until_drawn(page)
    root = stage_page.root(page)
    for key in ("n", "beta"):
        button = root.locator(f'[data-guess="{key}"]')
        expect(button).to_be_visible()
        button_box = button.bounding_box()
        slider_box = stage_page.slider(page, key).bounding_box()
        middle = button_box["y"] + button_box["height"] / 2
        assert slider_box["y"] <= middle <= slider_box["y"] + slider_box["height"], (
            f"Guess {key} at y = {middle:.0f}, its slider at {slider_box['y']:.0f}"
        )
        assert button_box["height"] >= 24 and button_box["width"] >= 24  # WCAG 2.5.8
    # Each button guesses its own slider's value.
    stage_page.slider(page, "beta").press("End")
    root.locator('[data-guess="beta"]').tap()
    expect(page).to_have_url(re.compile(r"[?&]guess_beta=0\.25(&|$)"))
