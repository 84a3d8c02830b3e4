"""Reward hacking, live: a teaching demo of reward-model overoptimization.

The router: one page per file in pages/, the Playground first and by default.
"""

import streamlit as st

from ui import history, not_found

if __name__ == "__main__":  # each run of the page script
    st.set_page_config(page_title="Reward hacking, live", page_icon="🎯", layout="wide")

    # One row per page (its file in pages/, its menu title, its Material icon); the address of
    # pages/best_of_n.py is /best-of-n, and the first page is also the app's root.
    PAGE_ROWS = (
        ("playground", "Playground", "tune"),
        ("best_of_n", "Best-of-n", "emoji_events"),
        ("kl_penalty", "KL penalty", "balance"),
        ("lesson", "Lesson", "menu_book"),
        ("reward_model", "Reward model", "groups"),
        ("compare", "Compare", "compare"),
        ("class_poll", "Class poll", "how_to_vote"),
        ("defenses", "Defenses", "shield"),
        ("checker", "Checkers", "fact_check"),
    )
    # A page whose address is not its file's name: the class poll keeps /poll, the address
    # every room link and every doc already gives.
    ADDRESSES = {"class_poll": "poll"}
    PAGES = [
        st.Page(
            f"pages/{name}.py",
            title=title,
            icon=f":material/{icon}:",
            url_path=ADDRESSES.get(name, name.replace("_", "-")),
            default=index == 0,
        )
        for index, (name, title, icon) in enumerate(PAGE_ROWS)
    ]

    # One menu, across the top: it leaves the whole width to the charts, and the pages/ folder is
    # not listed a second time (st.navigation replaces its automatic sidebar menu).
    # An address that names no page gets a plain page listing the real ones (ui/not_found.py).
    # Every URL change one action of the reader makes is one entry in the browser's history.
    history.keep_one_entry_per_action()
    st.navigation(PAGES + not_found.unknown_page(PAGES), position="top").run()
else:
    # Imported, not run as the page script: `streamlit run app.py` finds this ASGI app (it
    # reads the file for it) and serves it, so every way of starting the app gets
    # ui/serving.py's first paint, gzip and device cookie. Pages are st.navigation's, never
    # the pages/ folder's: told so before the first session, the first visitor's deep link
    # meets no "Page not found" (Streamlit guesses from the folder until a run says otherwise).
    from streamlit.runtime.pages_manager import PagesManager

    from ui import serving

    PagesManager.uses_pages_directory = False
    app = st.App(__file__, middleware=serving.middleware())
