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
