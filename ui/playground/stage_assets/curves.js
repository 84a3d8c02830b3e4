// The curves: reward model and true quality against each method's pressure, one panel each,
// with the peak of true quality starred; and their hover readouts.

import { interpolateAt } from "./field.js";
import { formatTick, pressureHoverText, signedText, signedTick } from "./format.js";
import { linearScale, logScale, niceDomain, readableTicks, spacedTicks } from "./scales.js";
import { el, sizeLike, starPath } from "./svg.js";
import { drawEdge, edgeDashes } from "./annotations.js";

const PANELS = [["n", "Best-of-n: gain", "bon-title"], ["beta", "KL penalty: gain", "kl-title"]];
const Y_TITLE_EM = 1.2; // room left of the tick labels (3.3 em) for the y axis's title

// Draws both panels into svg (x ticks from xTicks[key]; each y axis also holding the gains
// alsoShown[key], a pinned picture's) and an empty marks layer into moving; returns the panels
// {beta, n: {box, x, y, key, ...}} and the marks' group.
export function drawCurves(svg, moving, world, { width, height, fontPx }, xTicks, alsoShown = {}) {
  sizeLike(svg, width, height);
  const sideBySide = width >= 1.5 * height;
  const margin = { left: (3.3 + Y_TITLE_EM) * fontPx, right: 0.8 * fontPx, top: 1.5 * fontPx, bottom: 2.7 * fontPx };
  const cells = sideBySide
    ? [[0, 0, width / 2, height], [width / 2, 0, width / 2, height]]
    : [[0, 0, width, height / 2], [0, height / 2, width, height / 2]];
  const content = el("svg:g", {});
  const panels = {};
  // Stacked (a phone), under the β then n sliders: β's panel first, so each slider's panel
  // ends ~520 px below it and stays on screen while the slider is dragged in the top third.
  const order = sideBySide ? PANELS : [...PANELS].reverse();
  order.forEach(([key, title, titleClass], index) => {
    const [x0, y0, w, h] = cells[index];
    const box = { left: x0 + margin.left, right: x0 + w - margin.right, top: y0 + margin.top, bottom: y0 + h - margin.bottom };
    panels[key] = drawPanel(content, world, key, { box, title, titleClass, fontPx, xTicks: xTicks[key], alsoShown: alsoShown[key] || [] });
  });
  svg.replaceChildren(...content.childNodes);
  sizeLike(moving, width, height);
  const marks = el("svg:g", { class: "marks" });
  moving.replaceChildren(marks);
  return { panels, marks };
}

// A new world on drawn panels, in place: each panel's y axis, curves and peak; its x axis and
// titles stay. False, drawing nothing, where a panel's x axis would change.
export function showCurvesWorld(panels, world, xTicks, alsoShown = {}) {
  const fresh = {};
  for (const key of ["beta", "n"]) {
    const panel = panels[key];
    fresh[key] = panelScales(world[key].curve, key, panel.box, panel.fontPx, alsoShown[key] || []);
    const { domain } = fresh[key];
    if (domain.some((value, i) => value !== panel.domain[i]) || String(xTicks[key]) !== String(panel.xTicks)) return false;
  }
  for (const key of ["beta", "n"]) {
    Object.assign(panels[key], fresh[key]);
    drawPanelWorld(panels[key], world);
  }
  return true;
}

function panelScales(curve, key, box, fontPx, alsoShown) {
  const xs = curve.pressure;
  const low = Math.min(...curve.proxy_gain, ...curve.gold_gain, ...alsoShown);
  const high = Math.max(...curve.proxy_gain, ...curve.gold_gain, ...alsoShown);
  const room = 0.08 * (high - low) + 0.1;
  const [bottom, top] = niceDomain(low - room, high + room, box.bottom - box.top, fontPx);
  const y = linearScale([bottom, top], [box.bottom, box.top]);
  const domain = key === "n" ? [xs[0], xs[xs.length - 1] * 1.08] : [xs[0] * 1.06, xs[xs.length - 1] / 1.06];
  const x = logScale(domain, [box.left, box.right]);
  return { x, y, domain, yTicks: readableTicks(bottom, top, box.bottom - box.top, fontPx) };
}

function drawPanel(parent, world, key, { box, title, titleClass, fontPx, xTicks, alsoShown }) {
  const scales = panelScales(world[key].curve, key, box, fontPx, alsoShown);
  const { x } = scales;
  const group = el("svg:g", { "data-panel": key }, parent);
  const yAxis = el("svg:g", {}, group); // under the x axis, as the grid lines always were
  const axis = el("svg:g", { class: "axis" }, group);
  el("svg:line", { x1: box.left, x2: box.right, y1: box.bottom, y2: box.bottom }, axis);
  el("svg:line", { x1: box.left, x2: box.left, y1: box.top, y2: box.bottom }, axis);
  for (const tick of spacedTicks(xTicks, x, box, fontPx)) {
    el("svg:line", { x1: x(tick), x2: x(tick), y1: box.bottom, y2: box.bottom + 0.3 * fontPx }, axis);
    el("svg:text", { x: x(tick), y: box.bottom + 1.25 * fontPx, "text-anchor": "middle", "data-tick": "x" }, axis, formatTick(tick));
  }
  const axisTitle = key === "n" ? "n, answers drawn (log) →" : "β (log; weaker →)";
  el("svg:text", { x: (box.left + box.right) / 2, y: box.bottom + 2.45 * fontPx, "text-anchor": "middle" }, group, axisTitle);
  el("svg:text", { class: `title ${titleClass}`, x: box.left, y: box.top - 0.4 * fontPx }, group, title);
  const [tx, ty] = [box.left - (3.3 + 0.55 * Y_TITLE_EM) * fontPx, (box.top + box.bottom) / 2]; // what y measures
  el("svg:text", { class: "y-title", x: tx, y: ty, "text-anchor": "middle", "dominant-baseline": "central", transform: `rotate(-90 ${tx} ${ty})`, "data-y-title": key }, group, "gain over base");
  const series = el("svg:g", {}, group);
  const panel = { box, key, fontPx, xTicks, yAxis, series, ...scales };
  drawPanelWorld(panel, world);
  return panel;
}

// The world's part of a panel: the y axis's grid lines, ticks and zero line; both curves and the peak.
function drawPanelWorld(panel, world) {
  const { box, key, fontPx, x, y, yTicks } = panel;
  const { curve } = world[key];
  const { palette } = world;
  panel.yAxis.replaceChildren();
  for (const tick of yTicks) {
    el("svg:line", { class: "gridline", x1: box.left, x2: box.right, y1: y(tick), y2: y(tick) }, panel.yAxis);
    el("svg:text", { x: box.left - 0.3 * fontPx, y: y(tick) + 0.35 * fontPx, "text-anchor": "end", "data-tick": "y" }, panel.yAxis, signedTick(tick));
  }
  el("svg:line", { x1: box.left, x2: box.right, y1: y(0), y2: y(0), stroke: palette.ink, "stroke-dasharray": "3 4", "stroke-width": 1.3 }, panel.yAxis);
  panel.series.replaceChildren();
  // The KL curve's stretch capped by the grid's edge: dotted, over a faint band labelled "edge".
  const capped = world[key].edge?.capped || [];
  panel.curvePressure = curve.pressure;
  drawEdge(panel.series, panel, capped, palette);
  for (const [field, colour] of [["proxy_gain", palette.proxy], ["gold_gain", palette.gold]]) {
    const points = curve.pressure.map((value, i) => [x(value), y(curve[field][i])]);
    const dashes = edgeDashes(points, capped);
    el("svg:polyline", { points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "), fill: "none", stroke: colour, "stroke-width": 0.22 * fontPx, "stroke-linejoin": "round", "data-series": field, ...(dashes ? { "stroke-dasharray": dashes } : {}) }, panel.series);
  }
  const { peak } = curve;
  el("svg:path", { d: starPath(x(peak.pressure), y(peak.gold_gain), 0.6 * fontPx), fill: palette.gold, stroke: palette.ink, "stroke-width": 1.5, "data-peak": key }, panel.series);
}

// The panel under pixel (px, py): n's first, as the hover always looked; or null.
export function panelAt(panels, px, py) {
  for (const key of ["n", "beta"]) {
    const { box } = panels[key];
    if (px >= box.left && px <= box.right && py >= box.top && py <= box.bottom) return panels[key];
  }
  return null;
}

// The curves' hover at pixel (px, py), or null outside both panels; "?" for hidden truth.
export function curvesHoverText(world, panels, px, py, hidingTruth) {
  const panel = panelAt(panels, px, py);
  if (!panel) return null;
  const { curve, edge } = world[panel.key];
  const pressure = panel.x.invert(px);
  const proxy = interpolateAt(curve.pressure, curve.proxy_gain, pressure);
  const gold = interpolateAt(curve.pressure, curve.gold_gain, pressure);
  const label = pressureHoverText(panel.key, curve.pressure[proxy.index]);
  const goldText = hidingTruth ? "?" : signedText(gold.value);
  const edgeText = edge?.hover[proxy.index]; // capped by the grid's edge, or ""
  return `${label} · reward model ${signedText(proxy.value)} · true quality ${goldText}${edgeText ? ` · ${edgeText}` : ""}`;
}
