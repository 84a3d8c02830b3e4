"""Reward hacking, live: a teaching demo of reward-model overoptimization.

The router: one page per file in pages/, the Playground first and by default.
"""

import streamlit as st

from common.i18n import tr
from ui import language, not_found
from ui.pages_table import PAGE_TABLE, menu_title

if __name__ == "__main__":  # each run of the page script
    language.settle()  # ?lang=, the session's, or the browser's: tr() follows it (common.i18n)
    st.set_page_config(page_title=tr("Reward hacking, live"), page_icon="🎯", layout="wide")

    # One st.Page per row of the page table (ui/pages_table.py: file, title, icon, address),
    # titled in the reader's language (settled above);
    # the first page is also the app's root.
    PAGES = [
        st.Page(
            page.file,
            title=menu_title(page),  # in the reader's language
            icon=page.material_icon,
            url_path=page.address,
            default=index == 0,
        )
        for index, page in enumerate(PAGE_TABLE)
    ]

    # One menu, across the top: it leaves the whole width to the charts, and the pages/ folder is
    # not listed a second time (st.navigation replaces its automatic sidebar menu).
    # An address that names no page gets a plain page listing the real ones (ui/not_found.py).
    # Every URL change one action of the reader makes is one entry in the browser's history:
    # ui/history.py's keeper, in the page's <head> (server/serving.py), not mounted per run.
    st.navigation(PAGES + not_found.unknown_page(PAGES), position="top").run()
else:
    # Imported, not run as the page script: `streamlit run app.py` finds this ASGI app (it
    # reads the file for it) and serves it, so every way of starting the app gets
    # server/serving.py's first paint, gzip and device cookie. Pages are st.navigation's, never
    # the pages/ folder's: told so before the first session, the first visitor's deep link
    # meets no "Page not found" (Streamlit guesses from the folder until a run says otherwise).
    from streamlit.runtime.pages_manager import PagesManager

    from server import serving

    PagesManager.uses_pages_directory = False
    app = st.App(__file__, middleware=serving.middleware())
