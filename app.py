"""Reward hacking, live: a teaching demo of reward-model overoptimization.

The router: one page per file in pages/, the Playground first and by default.
"""

import streamlit as st

from ui import history, not_found

if __name__ == "__main__":  # each run of the page script
    st.set_page_config(page_title="Reward hacking, live", page_icon="🎯", layout="wide")

    PAGES = [
        st.Page("pages/playground.py", title="Playground", icon=":material/tune:", default=True),
        st.Page(
            "pages/best_of_n.py",
            title="Best-of-n",
            icon=":material/emoji_events:",
            url_path="best-of-n",
        ),
        st.Page(
            "pages/kl_penalty.py",
            title="KL penalty",
            icon=":material/balance:",
            url_path="kl-penalty",
        ),
        st.Page("pages/lesson.py", title="Lesson", icon=":material/menu_book:", url_path="lesson"),
        st.Page(
            "pages/reward_model.py",
            title="Reward model",
            icon=":material/groups:",
            url_path="reward-model",
        ),
        st.Page("pages/compare.py", title="Compare", icon=":material/compare:", url_path="compare"),
        st.Page(
            "pages/poll.py", title="Class poll", icon=":material/how_to_vote:", url_path="poll"
        ),
        st.Page(
            "pages/defenses.py", title="Defenses", icon=":material/shield:", url_path="defenses"
        ),
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
