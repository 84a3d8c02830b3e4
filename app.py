"""Reward hacking, live: a teaching demo of reward-model overoptimization.

The router: one page per file in pages/, the Playground first and by default.
"""

import streamlit as st

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
        "pages/kl_penalty.py", title="KL penalty", icon=":material/balance:", url_path="kl-penalty"
    ),
    st.Page("pages/lesson.py", title="Lesson", icon=":material/menu_book:", url_path="lesson"),
    st.Page("pages/defenses.py", title="Defenses", icon=":material/shield:", url_path="defenses"),
]

# One menu, across the top: it leaves the whole width to the charts, and the pages/ folder is
# not listed a second time (st.navigation replaces its automatic sidebar menu).
st.navigation(PAGES, position="top").run()
