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
/* A page's main chart (in the container keyed main-chart): until it is drawn at its final
   size (its sketch after the screen's report, or plotly's chart), what follows it on the page
   waits unseen. Drawn at once, the words under it came before the sliders and the chart above
   them and were pushed down (CLS 0.2-0.4 on a phone's first visit at 1.5 Mbit/s), then moved
   again when the chart was fitted to the screen. Unseen, not undrawn: it keeps its place,
   and shows after 15 s whatever happens. In the page's first bytes: sent with the run, the
   rule came after b and σ's row, drawn under the chart on a phone, and the row dropped when
   the chart came (CLS 0.12-0.19 on KL penalty, Best-of-n, Defenses and Checkers). Drawn
   before the screen's report (its sketch marked rh-provisional), plotly's chart is not yet at
   its final size either: it grew when fitted, or was redrawn stacked (Checkers), and b's row
   dropped under it (CLS 0.12-0.16 on KL penalty and Checkers). */
@keyframes rh-after-chart { to { visibility: visible; } }
/* On a phone the page's own slider, then the chart, then b and σ (phone-first order): the
   chart's room held from the first paint, so the row under it does not drop when the chart
   comes (330-420 px on Best-of-n and Defenses: CLS 0.12-0.17 at 1.5 Mbit/s without it). Only
   where b's row follows: Checkers' chart, redrawn stacked once the screen is known, jumped
   more with it (CLS 0.15). */
@media (max-width: 640px) {
  [data-testid="stVerticalBlock"] > :is(.st-key-main-chart, :has(> .st-key-main-chart)):has(
    + * .st-key-hint-b) { min-height: 330px; } }
/* And the labels and captions in it: Streamlit sets them visible on their own, and they showed
   through a hidden row (Checkers' task sliders' labels were seen under the chart and moved
   408->828 when it came, CLS 0.135 on a phone). Those alone, not every element under the
   following rows ("~ * *"): after a :has(), a rule over a whole subtree made Chromium restyle
   every chart under the main one at each step of plotly's drawing (Best-of-n: 37.8 s of style
   recalculation in a first visit at load 5, 1.4 s without). */
[data-testid="stVerticalBlock"] > :is(.st-key-main-chart, :has(.st-key-main-chart)):is(
  :has(.rh-provisional), :not(:has(.rh-sketch, [data-testid="stPlotlyChart"] .main-svg))) ~ *,
[data-testid="stVerticalBlock"] > :is(.st-key-main-chart, :has(.st-key-main-chart)):is(
  :has(.rh-provisional), :not(:has(.rh-sketch, [data-testid="stPlotlyChart"] .main-svg))) ~ *
  :is([data-testid="stWidgetLabel"], [data-testid="stCaptionContainer"]) {
  visibility: hidden; animation: rh-after-chart 0s 15s forwards; }
/* The Playground's stage: until its first drawing, what follows it on the page waits unseen:
   drawn at once, it was pushed down by the stage's 500-1200 px (CLS 0.2 at 1280x720, 0.8 on a
   phone, at 1.5 Mbit/s). Unseen, not undrawn: it keeps its place, and shows after 15 s
   whatever happens. A rerun over 0.5 s fades a stale element to 33%; the stage keeps its last
   picture, unfaded. Here rather than in the page's run: one st.html less in every visitor's
   first page (bench.first_page). */
@keyframes rh-after-stage { to { visibility: visible; } }
[data-testid="stVerticalBlock"]
  > :is(.st-key-stage, :has(.st-key-stage)):not(:has([data-stage-drawn])) ~ * {
  visibility: hidden; animation: rh-after-stage 0s 15s forwards; }
.st-key-stage[data-stale="true"], [data-stale="true"]:has(.st-key-stage) {
  opacity: 1 !important; transition: none !important; }
/* A chart whose drawing code never came (plotly's bundle: a dropped connection, or a tab
   opened before the app was updated, whose bundle's name is gone): Streamlit showed "TypeError:
   Failed to fetch dynamically imported module: (its address)" in its place. Where the sketch
   stands in (a page's main chart) nothing is said; elsewhere, what to do, in words. */
[class*="st-key-described-"] .stPrintGraphic > [data-testid="stAlertContainer"] {
  display: none; }
/* Said on the chart's own wrapper (outside a page's main chart, where the sketch stands in),
   not from a :has() over the chart's box, which restyled its whole subtree, plotly's SVG
   included, at each step of its drawing. */
.stPrintGraphic:has(> [data-testid="stAlertContainer"]):not(.st-key-main-chart *)::before {
  content: "This chart's code did not arrive (a network error): reload the page to draw it.";
  font-style: italic; }
"""
