"""The page's frame: the title's size and the room above it, as CSS (pure).

It is in the page itself (server/serving.py's first paint, from the first byte) as well as in
ui/page_css.py's CSS. Only in the script's CSS, it came with the first run; on a busy server the
page was shown before that (the first paint's 8 s wait ran out), and when it came the title
shrank from two lines to one on a phone and everything moved up 18 px (CLS 0.25 at load 30).
"""

FRAME_CSS = """
h1 { font-size: clamp(1.5rem, 2vw, 2.6rem) !important; padding: 0 !important; }
/* The Playground must fit a 1280x720 projector: no tall empty band above the title. */
[data-testid="stMainBlockContainer"] { padding-top: 3.6rem !important; }
/* The class poll's start screen on a phone: the students' room-code box first (they type the
   address from the projector and land here; it was at y 982 of an 844 px screen), the
   lecturers' form after it. In the page's first bytes: sent with the page's run (st.html), it
   was applied after the columns were drawn and the form jumped down (CLS 0.25 on a phone). */
@media (max-width: 640px) {
  [data-testid="stColumn"]:has(.st-key-poll_room) { order: -1; } }
"""
