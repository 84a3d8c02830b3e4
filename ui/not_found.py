"""A plain page for an address that names no page (e.g. /nonexistent or /Lesson).

Left alone, ``st.navigation`` runs the default page under Streamlit's bare "Page not found"
box. Instead, when the address names no page, the router adds one hidden page *at that
address* which lists the real pages: Streamlit finds it, so it sends no "not found" message,
and the visitor sees where to go. Nothing from the address is shown on the page. A nested
address (``/best-of-n/extra/path``) is sent to one that names no page by server/serving.py first.
"""

from __future__ import annotations

import streamlit as st
from streamlit.runtime.scriptrunner import get_script_run_ctx

from ui import page_css

TITLE = "Page not found"


def requested_path() -> str:
    """The page name in the address the browser asked for ('' for the default page or none)."""
    context = get_script_run_ctx()
    pages_manager = getattr(context, "pages_manager", None)
    return str(getattr(pages_manager, "intended_page_name", None) or "").strip().strip("/")


def unknown_page(pages: list) -> list:
    """[a hidden page listing ``pages``] if the address names none of them, else [].

    Parameters
    ----------
    pages : list of st.Page
        The app's real pages, in menu order.
    """
    requested = requested_path()
    known = {page.url_path for page in pages}
    # A page's url_path cannot hold "/"; server/serving.py sends a nested address to a flat one.
    if not requested or requested in known or "/" in requested:
        return []

    def page_not_found() -> None:
        page_css.page_style()  # as every page: until its CSS is in, the first paint hides the page
        st.title(TITLE)
        st.markdown("This address names no page of the app. Its pages are:")
        for page in pages:
            st.page_link(page, label=page.title, icon=page.icon or None)

    return [st.Page(page_not_found, title=TITLE, url_path=requested, visibility="hidden")]
