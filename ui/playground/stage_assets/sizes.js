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
