"""The class poll's page scripts and CSS (fixed text, never a visitor's): the lecturer's screen
back at its top after Start, the room code and count sized for the back row, a phone's number
keyboard for the guess box."""

# Pressing Start (below the fold on a projector) scrolls the page, and Streamlit keeps the
# scroll: the lecturer's screen opened with its controls and room code out of view.
TO_TOP_SCRIPT = """<script>
document.querySelector('[data-testid="stMain"]')?.scrollTo(0, 0);
</script>"""
# The room code and the answers' count for the back row: the code 48 px at 1280 px wide (72
# at 1920), the 48 px a 1280 px projector needs to be read from ~15 m, and its heading 36 px,
# so both hold one line of the join column (at 56 px each took two, 152 px, and pushed the QR
# code below the fold); the count 3.5rem (56 px). The keys are ours, never a URL's.
# The code a block of its own line's height: wrapped under "Room code:" in a rating room's
# narrower column, its background covered the heading's lower half. No padding above or below:
# with it the QR code under it ended 5 px below a 1280x720 screen.
BACK_ROW_CSS = """<style>
.st-key-poll_room_code h2 { font-size: clamp(2.25rem, 2.8vw, 3.75rem); line-height: 1.2; }
.st-key-poll_room_code code { font-size: clamp(3rem, 3.75vw, 5rem); line-height: 1.2;
  display: inline-block; padding-block: 0; }
.st-key-poll_count [data-testid="stMetricValue"],
.st-key-poll_count [data-testid="stMetricValue"] p { font-size: 3.5rem; line-height: 1.2; }
</style>"""
# A phone's number keyboard for the guess box (Streamlit's text input has no inputmode): set
# on the box now and whenever Streamlit draws it again. "decimal" where β is asked.
KEYBOARD_SCRIPT = """<script>
(() => {
  const mode = "%s";
  const mark = () => document.querySelectorAll(".st-key-poll_guess input")
    .forEach((box) => { if (box.inputMode !== mode) box.inputMode = mode; });
  mark();
  if (!window.pollKeyboard) {
    window.pollKeyboard = new MutationObserver(() => window.pollKeyboardMark());
    window.pollKeyboard.observe(document.body, { childList: true, subtree: true });
  }
  window.pollKeyboardMark = mark;
})();
</script>"""
