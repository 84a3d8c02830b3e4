// How big the stage's charts are: measured from the page, fitted to a projector or a phone.

import { clamp } from "./field.js";

const STACKED_BELOW = 720; // px: narrower than this, the stage stacks (plane first)
const MIN_CHART_HEIGHT = 230; // px: charts never get shorter than this, but to fit a projector:
const MIN_FITTED_HEIGHT = 170; // px: side by side, down to this to end on a 1280x720 screen (step 2: 4-line slack notes)
const MIN_STACKED_PANEL = 200; // px: one panel of the curves, stacked on a phone

// The font size and both charts' sizes for the stage's elements {root, curvesFigure, planeFigure}.
export function measure({ root, curvesFigure, planeFigure }) {
  const fontPx = parseFloat(getComputedStyle(root).fontSize) || 16;
  const stacked = root.clientWidth < STACKED_BELOW;
  const curvesWidth = curvesFigure.clientWidth;
  const planeWidth = planeFigure.clientWidth;
  let chartHeight;
  if (stacked) {
    chartHeight = Math.round(clamp(planeWidth, MIN_CHART_HEIGHT, 0.6 * window.innerHeight));
  } else {
    // Fill the first screen: from the charts' top (scrolled to the page's top) to its bottom.
    const top = curvesFigure.getBoundingClientRect().top + scrolledBy(root);
    const room = window.innerHeight - top - 6; // the last 6 px: clear of the screen's edge
    chartHeight = Math.round(clamp(room, MIN_FITTED_HEIGHT, Math.max(MIN_CHART_HEIGHT, 1.1 * planeWidth)));
  }
  const curvesHeight = stacked ? Math.round(clamp(1.1 * curvesWidth, 2 * MIN_STACKED_PANEL, 900)) : chartHeight;
  return { fontPx, stacked, curvesWidth, planeWidth, chartHeight, curvesHeight };
}

function scrolledBy(root) {
  let total = 0;
  let node = root.getRootNode().host || root;
  while (node && node !== document.documentElement) {
    total += node.scrollTop || 0;
    node = node.parentElement;
  }
  return total + (document.scrollingElement ? document.scrollingElement.scrollTop : 0);
}

const CARD_GAP = { x: 14, y: 16 }; // px from the pointer to a hover card: clear of a finger
const CARD_MARGIN = 4; // px kept between a card and the screen's edge

// Where a hover or tap card w x h px goes for a pointer at (x, y) on a viewWidth x viewHeight
// screen, in screen px: right of and below the pointer, flipped left or up where it would run
// off the screen (a tap near a phone's bottom opened its card at y 854-1,002 of 844), and
// slid inside it where neither side holds it whole.
export function cardPlace({ x, y, width, height, viewWidth, viewHeight }) {
  const along = (at, size, gap, view) => {
    const after = at + gap;
    const before = at - gap - size;
    const start = after + size <= view - CARD_MARGIN || before < CARD_MARGIN && view - after >= at ? after : before;
    return clamp(start, CARD_MARGIN, Math.max(CARD_MARGIN, view - size - CARD_MARGIN));
  };
  return { left: along(x, width, CARD_GAP.x, viewWidth), top: along(y, height, CARD_GAP.y, viewHeight) };
}

// Places `card` (absolutely positioned inside `root`) for the pointer `event`: cardPlace's
// place, across the part of the screen the stage spans, down the whole screen; in root's px.
export function placeCard(root, card, event) {
  card.style.left = "0px"; // measured where it can take its natural width
  card.style.top = "0px";
  const bounds = root.getBoundingClientRect();
  const from = Math.max(0, bounds.left);
  const to = Math.min(window.innerWidth, bounds.left + root.clientWidth);
  const { left, top } = cardPlace({
    x: event.clientX - from, y: event.clientY, width: card.offsetWidth, height: card.offsetHeight,
    viewWidth: to - from, viewHeight: window.innerHeight,
  });
  card.style.left = `${left + from - bounds.left}px`;
  card.style.top = `${top - bounds.top}px`;
}
