"""The page's frame: the title's size and the room above it, as CSS (pure).

It is in the page itself (ui/serving.py's first paint, from the first byte) as well as in
ui/layout.py's CSS. Only in the script's CSS, it came with the first run; on a busy server the
page was shown before that (the first paint's 8 s wait ran out), and when it came the title
shrank from two lines to one on a phone and everything moved up 18 px (CLS 0.25 at load 30).
"""

FRAME_CSS = """
h1 { font-size: clamp(1.5rem, 2vw, 2.6rem) !important; padding: 0 !important; }
/* The Playground must fit a 1280x720 projector: no tall empty band above the title. */
[data-testid="stMainBlockContainer"] { padding-top: 3.6rem !important; }
"""
