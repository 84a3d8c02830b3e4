"""A lecturer's deep link, opened first on a freshly started server that nothing warmed up
(app.py tells Streamlit before the first session that the pages are st.navigation's)."""

from pathlib import Path

import pytest

from tests.support.server import start_streamlit

pytestmark = pytest.mark.browser

APP_SCRIPT = Path(__file__).resolve().parents[2] / "app.py"


def test_a_deep_link_on_a_fresh_server_opens_its_page_without_a_not_found_box(new_tab, tmp_path):
    # A server of its own: the shared one has long since served other pages.
    with start_streamlit(APP_SCRIPT, log_dir=tmp_path) as server:
        tab = new_tab("projector", server=server)
        page = tab.page
        try:
            tab.open("best-of-n?n=590")
            assert page.locator("h1").first.inner_text().startswith("Best-of-n")
            assert page.get_by_text("Page not found").count() == 0
            assert page.locator('[role="dialog"]').count() == 0
        finally:
            page.context.close()  # while the server is up, so a failure's screenshot shows the page
