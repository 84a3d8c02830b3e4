"""The story's buttons on the Playground: no tooltip stays up after a click, over the
navigation or the step line; what the tooltips said is said in words on the page."""

import pytest
from playwright.sync_api import expect

from tests.support import stage_in_browser as stage_page

pytestmark = pytest.mark.browser

TOOLTIP = '[data-testid="stTooltipContent"], [role="tooltip"]'


@pytest.mark.parametrize("present", [False, True], ids=["normal", "presenter"])
def test_no_tooltip_stays_up_after_a_click_on_the_story_buttons(desktop, present):
    desktop.open("?present=1" if present else "")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    for key, shown_after in (("step-next", "49"), ("step-2", "590"), ("step-back", "49")):
        button = page.locator(f".st-key-{key} button").locator("visible=true").first
        button.hover()
        page.wait_for_timeout(600)  # Streamlit's tooltips open after a short hover delay
        expect(page.locator(TOOLTIP)).to_have_count(0)
        button.click()  # the pointer stays on the button, as a lecturer's does
        expect(stage_page.root(page)).to_have_attribute("data-n", shown_after)
        page.wait_for_timeout(600)
        expect(page.locator(TOOLTIP)).to_have_count(0)
    # What the tooltips said is still said: the shortcut on the buttons, the steps' names to
    # screen readers.
    expect(page.get_by_role("button", name="Next Shortcut →")).to_be_visible()
    expect(page.get_by_role("button", name="Back Shortcut ←")).to_be_visible()
    described = page.locator(".st-key-described-story")
    expect(described).to_contain_text("the ← and → keys move between them")
    expect(described).to_contain_text("2: The peak")
    expect(described).to_contain_text("7: Best-of-n runs out of answers")
    assert desktop.console_errors == []


LIT = '[class*="st-key-step-"] [data-testid="stBaseButton-primary"]'  # the step lit


def test_a_move_off_a_step_unlights_it_a_move_back_relights_it_and_next_counts_from_it(desktop):
    """The steps sit outside the stage's fragment: a settle that leaves or reaches a step
    reruns the whole page so they follow (pages/playground.py). Each move is still one entry
    in the history, and the step's line comes and goes with the step."""
    desktop.open("")
    page = desktop.page
    stage_page.wait_until_drawn(page)
    root = stage_page.root(page)
    page.locator(".st-key-step-1 button").click()  # step 2: β = 1, n = 49
    expect(root).to_have_attribute("data-n", "49")
    expect(page.locator(LIT)).to_have_text("2")
    expect(page.get_by_text("Step 2 of 7")).to_be_visible()
    start = page.evaluate("() => history.length")
    beta = stage_page.slider(page, "beta")
    # β 0.8 and 0.7 (off the story), 0.8, then 1 (step 2 again), and 0.8 once more.
    for moves, (key, shown) in enumerate(
        (
            ("ArrowRight", "0.8"),
            ("ArrowRight", "0.7"),
            ("ArrowLeft", "0.8"),
            ("ArrowLeft", "1"),
            ("ArrowRight", "0.8"),
        ),
        start=1,
    ):
        beta.press(key)
        expect(root).to_have_attribute("data-beta", shown)
        stage_page.expect_url_holds(page, "beta", shown)
        on_step = shown == "1"
        expect(page.locator(LIT)).to_have_count(1 if on_step else 0)
        expect(page.get_by_text("Step 2 of 7")).to_have_count(1 if on_step else 0)
        assert page.evaluate("() => history.length") == start + moves, f"move {moves}: one entry"
    # Off the story, Next goes on from the step last chosen.
    page.get_by_role("button", name="Next").click()
    expect(root).to_have_attribute("data-n", "590")
    expect(page.locator(LIT)).to_have_text("3")
    assert desktop.console_errors == []
