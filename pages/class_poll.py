"""Class poll: a lecturer starts a poll, students guess on their phones, the truth is revealed.

The address says who is here: ``?lecturer=TOKEN`` (the lecturer's own link), ``?room=CODE``
(a student's join link), or neither (start or join a poll); ``?ask=STEP`` (the Playground's
"Ask the room") opens the start screen on that story step's question, even for a lecturer
whose device leads another poll. A database that is down gives a
plain note here; the other pages do not use it.
"""

import streamlit as st

from common.i18n import tr
from poll_data import store
from ui import page_css, presenter, state
from ui.address import ASK_KEY
from ui.class_poll import db as poll_db
from ui.class_poll import identity
from ui.class_poll import views as poll_views

state.settle_url("poll", ())  # no settings here; it notes the visit (presenter mode follows)
page_css.page_style()
# The lecturer's Reveal, Close and New poll go beside the title: on a 1280x720 projector
# they were below the fold (y 801-841), under the QR code.
with st.container(horizontal=True, vertical_alignment="center", gap="large", key="poll-title"):
    st.title(tr("Class poll"), width="content")
    controls = st.container(horizontal=True, width="content", gap="small", key="poll-controls")

lecturer_token, room_code = identity.poll_identity()
asking = room_code is None and ASK_KEY in state.query()  # a new question to start
# A phone stacks the start screen's two columns, the students' room-code box first: the CSS
# is in the page's first bytes (server/serving.py's FRAME_CSS). A laptop keeps the lecturers'
# form on the left.

try:
    engine = poll_db.poll_engine()
    if lecturer_token is not None and not asking:
        poll_views.lecturer_screen(engine, lecturer_token, controls)
    elif room_code is not None:
        poll_views.student_screen(engine, room_code)
    else:
        poll_views.start_screen(engine)
except store.StoreUnavailable as error:
    st.warning(str(error))
if room_code is None:  # a student's phone has no use for it
    presenter.switch()
