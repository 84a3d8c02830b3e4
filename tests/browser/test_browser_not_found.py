"""An address that names no page shows a plain page listing the real ones."""

import pytest

pytestmark = pytest.mark.browser

REAL_PAGES = ("Playground", "Best-of-n", "KL penalty", "Lesson", "Class poll")


@pytest.mark.parametrize("path", ["nonexistent", "Lesson", "best-of-n/extra/path", "x/y?beta=0.3"])
def test_an_unknown_address_lists_the_real_pages_instead_of_a_bare_not_found_box(desktop, path):
    desktop.open(path)
    page = desktop.page
    # A nested address was blank (its bundles came back as the page); now it is sent to a flat
    # one that names no page, its query kept.
    assert page.url.split("/", 3)[3] == path.replace("/", "_")
    assert page.locator("h1").first.inner_text() == "Page not found"
    body = page.locator('[data-testid="stMain"]')
    for title in REAL_PAGES:
        assert body.get_by_role("link", name=title).count() == 1, title
    # Streamlit's own box would say "You have requested page /nonexistent, but no
    # corresponding file was found": it must not appear, nor the Playground's sliders.
    assert page.get_by_text("no corresponding file").count() == 0
    assert page.locator('[role="dialog"]').count() == 0
    assert page.locator('[data-testid="stSlider"]').count() == 0
    # A link on it leads to that page.
    body.get_by_role("link", name="Lesson").click()
    page.wait_for_url("**/lesson")
    page.get_by_role("heading", name="The lesson in plain words").wait_for()
    assert not desktop.console_errors, desktop.console_errors
