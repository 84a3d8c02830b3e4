// The curves: reward model and true quality against each method's pressure, one panel each,
// side by side or stacked. This module draws the panels' frames (their places, x axes and
// titles); each panel's world part (y axis, both curves, the peak) is curves_world.js's, and
// the hover's readout curves_hover.js's.

import { formatTick } from "./format.js";
import { spacedTicks } from "./scales.js";
import { el, sizeLike } from "./svg.js";
import { drawPanelWorld, panelScales } from "./curves_world.js";
import { t } from "./words.js";

const PANELS = [
  ["n", () => t("Best-of-n: gain"), "bon-title"],
  ["beta", () => t("KL penalty: gain"), "kl-title"],
];
const Y_TITLE_EM = 1.2; // room left of the tick labels (3.3 em) for the y axis's title

// Draws both panels into svg (x ticks from xTicks[key]; each y axis also holding the gains
// alsoShown[key], a pinned picture's) and an empty marks layer into moving; returns the panels
// {beta, n: {box, x, y, key, ...}} and the marks' group.
export function drawCurves(svg, moving, world, { width, height, fontPx }, xTicks, alsoShown = {}) {
  sizeLike(svg, width, height);
  const sideBySide = width >= 1.5 * height;
  const margin = {
    left: (3.3 + Y_TITLE_EM) * fontPx,
    right: 0.8 * fontPx,
    top: 1.5 * fontPx,
    bottom: 2.7 * fontPx,
  };
  const cells = sideBySide
    ? [
        [0, 0, width / 2, height],
        [width / 2, 0, width / 2, height],
      ]
    : [
        [0, 0, width, height / 2],
        [0, height / 2, width, height / 2],
      ];
  const content = el("svg:g", {});
  const panels = {};
  // Stacked (a phone), under the β then n sliders: β's panel first, so each slider's panel
  // ends ~520 px below it and stays on screen while the slider is dragged in the top third.
  const order = sideBySide ? PANELS : [...PANELS].reverse();
  order.forEach(([key, title, titleClass], index) => {
    const [x0, y0, w, h] = cells[index];
    const box = {
      left: x0 + margin.left,
      right: x0 + w - margin.right,
      top: y0 + margin.top,
      bottom: y0 + h - margin.bottom,
    };
    panels[key] = drawPanel(content, world, key, {
      box,
      title: title(),
      titleClass,
      fontPx,
      xTicks: xTicks[key],
      alsoShown: alsoShown[key] || [],
    });
  });
  svg.replaceChildren(...content.childNodes);
  sizeLike(moving, width, height);
  const marks = el("svg:g", { class: "marks" });
  moving.replaceChildren(marks);
  return { panels, marks };
}

// One panel: its x axis, ticks and titles, then its world part (curves_world.js).
function drawPanel(parent, world, key, { box, title, titleClass, fontPx, xTicks, alsoShown }) {
  const scales = panelScales(world[key].curve, key, box, fontPx, alsoShown);
  const { x } = scales;
  const group = el("svg:g", { "data-panel": key }, parent);
  const yAxis = el("svg:g", {}, group); // under the x axis, as the grid lines always were
  const axis = el("svg:g", { class: "axis" }, group);
  el("svg:line", { x1: box.left, x2: box.right, y1: box.bottom, y2: box.bottom }, axis);
  el("svg:line", { x1: box.left, x2: box.left, y1: box.top, y2: box.bottom }, axis);
  for (const tick of spacedTicks(xTicks, x, box, fontPx)) {
    el(
      "svg:line",
      { x1: x(tick), x2: x(tick), y1: box.bottom, y2: box.bottom + 0.3 * fontPx },
      axis,
    );
    el(
      "svg:text",
      { x: x(tick), y: box.bottom + 1.25 * fontPx, "text-anchor": "middle", "data-tick": "x" },
      axis,
      formatTick(tick),
    );
  }
  const axisTitle = key === "n" ? t("n, answers drawn (log) →") : t("β (log; weaker →)");
  el(
    "svg:text",
    { x: (box.left + box.right) / 2, y: box.bottom + 2.45 * fontPx, "text-anchor": "middle" },
    group,
    axisTitle,
  );
  el(
    "svg:text",
    { class: `title ${titleClass}`, x: box.left, y: box.top - 0.4 * fontPx },
    group,
    title,
  );
  const [tx, ty] = [box.left - (3.3 + 0.55 * Y_TITLE_EM) * fontPx, (box.top + box.bottom) / 2]; // what y measures
  el(
    "svg:text",
    {
      class: "y-title",
      x: tx,
      y: ty,
      "text-anchor": "middle",
      "dominant-baseline": "central",
      transform: `rotate(-90 ${tx} ${ty})`,
      "data-y-title": key,
    },
    group,
    t("gain over base"),
  );
  const series = el("svg:g", {}, group);
  const panel = { box, key, fontPx, xTicks, yAxis, series, ...scales };
  drawPanelWorld(panel, world);
  return panel;
}
