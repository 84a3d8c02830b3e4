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
    chartHeight = Math.round(
      clamp(room, MIN_FITTED_HEIGHT, Math.max(MIN_CHART_HEIGHT, 1.1 * planeWidth)),
    );
  }
  const curvesHeight = stacked
    ? Math.round(clamp(1.1 * curvesWidth, 2 * MIN_STACKED_PANEL, 900))
    : chartHeight;
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

const CARD_GAP = { x: 14, y: 16 }; // px from the pointer
const CARD_MARGIN = 4; // px from the screen's edge

// A card's place for a pointer at (x, y): right of and below it, flipped left or up where it
// would run off the screen (a phone's tap card opened at y 854-1,002 of 844).
export function cardPlace({ x, y, width, height, viewWidth, viewHeight }) {
  const along = (at, size, gap, view) => {
    const after = at + gap;
    const before = at - gap - size;
    const start =
      after + size <= view - CARD_MARGIN || (before < CARD_MARGIN && view - after >= at)
        ? after
        : before;
    return clamp(start, CARD_MARGIN, Math.max(CARD_MARGIN, view - size - CARD_MARGIN));
  };
  return {
    left: along(x, width, CARD_GAP.x, viewWidth),
    top: along(y, height, CARD_GAP.y, viewHeight),
  };
}

// Places `card` (absolute in `root`) for the pointer `event`.
export function placeCard(root, card, event) {
  Object.assign(card.style, { left: "0px", top: "0px" }); // its natural size, measured
  const bounds = root.getBoundingClientRect();
  const from = Math.max(0, bounds.left);
  const to = Math.min(window.innerWidth, bounds.left + root.clientWidth);
  const { left, top } = cardPlace({
    x: event.clientX - from,
    y: event.clientY,
    width: card.offsetWidth,
    height: card.offsetHeight,
    viewWidth: to - from,
    viewHeight: window.innerHeight,
  });
  Object.assign(card.style, {
    left: `${left + from - bounds.left}px`,
    top: `${top - bounds.top}px`,
  });
}
