// The screen's size and where a fitted chart starts on it, for ui/screen.py.
//
// Plotly's text sizes and a chart's height are fixed in the figure Python builds, and Python
// cannot see the browser's window: this reports it, in steps of 10 px (a scrollbar or a 1 px
// reflow reruns nothing), whenever it changes: on mount, on resize, and when what sits above
// the chart settles (maths and fonts arrive late and move the chart down).

const STEP = 10; // px
const round = (value) => Math.round(value / STEP) * STEP;
const REPORTER = "__screenReporter"; // the current mount's listeners, removed by the next

export default function ({ data, setStateValue }) {
  if (window[REPORTER]) window[REPORTER]();
  let last = JSON.stringify(data.known);
  const measure = () => {
    const chart = document.querySelector(`.st-key-${data.chart}`);
    if (!chart) return;
    // Streamlit scrolls its main area, not the window: a top counted from the page's start.
    const main = document.querySelector('[data-testid="stMain"]');
    const scrolled = window.scrollY + (main ? main.scrollTop : 0);
    const top = chart.getBoundingClientRect().top + scrolled;
    const now = { width: round(innerWidth), height: round(innerHeight), top: round(top) };
    const text = JSON.stringify(now);
    if (text !== last) {
      last = text;
      setStateValue("screen", now);
    }
  };
  let frame = 0;
  const later = () => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(measure);
  };
  const observer = new ResizeObserver(later);
  const content = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (content) observer.observe(content);
  // And every block the chart sits in: a line added above it in a column shorter than its
  // neighbour (the poll's verdict beside the QR code) moves it without resizing the page, and
  // the histogram stayed fitted to where it had been (ending at 778 px of 720).
  const chart = document.querySelector(`.st-key-${data.chart}`);
  for (let block = chart && chart.parentElement; block && block !== content;) {
    if (block.getAttribute("data-testid") === "stVerticalBlock") observer.observe(block);
    block = block.parentElement;
  }
  addEventListener("resize", later);
  later();
  const stop = () => {
    cancelAnimationFrame(frame);
    observer.disconnect();
    removeEventListener("resize", later);
    window[REPORTER] = null;
  };
  window[REPORTER] = stop;
  return stop;
}
