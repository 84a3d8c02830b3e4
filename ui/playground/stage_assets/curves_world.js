// Each curve panel's world part, the part a new (b, σ) changes: its scales, the y axis's grid
// lines, ticks and zero line, both curves and the peak of true quality, starred. A new world is
// drawn into the panels in place when their x axes fit (curves.js draws the frames).

import { linearScale, logScale, niceDomain, readableTicks } from "./scales.js";
import { signedTick } from "./format.js";
import { el, starPath } from "./svg.js";
import { drawEdge, edgeDashes } from "./annotations.js";

// A new world on drawn panels, in place: each panel's y axis, curves and peak; its x axis and
// titles stay. False, drawing nothing, where a panel's x axis would change.
export function showCurvesWorld(panels, world, xTicks, alsoShown = {}) {
  const fresh = {};
  for (const key of ["beta", "n"]) {
    const panel = panels[key];
    fresh[key] = panelScales(world[key].curve, key, panel.box, panel.fontPx, alsoShown[key] || []);
    const { domain } = fresh[key];
    if (
      domain.some((value, i) => value !== panel.domain[i]) ||
      String(xTicks[key]) !== String(panel.xTicks)
    )
      return false;
  }
  for (const key of ["beta", "n"]) {
    Object.assign(panels[key], fresh[key]);
    drawPanelWorld(panels[key], world);
  }
  return true;
}

export function panelScales(curve, key, box, fontPx, alsoShown) {
  const xs = curve.pressure;
  const low = Math.min(...curve.proxy_gain, ...curve.gold_gain, ...alsoShown);
  const high = Math.max(...curve.proxy_gain, ...curve.gold_gain, ...alsoShown);
  const room = 0.08 * (high - low) + 0.1;
  const [bottom, top] = niceDomain(low - room, high + room, box.bottom - box.top, fontPx);
  const y = linearScale([bottom, top], [box.bottom, box.top]);
  const domain =
    key === "n" ? [xs[0], xs[xs.length - 1] * 1.08] : [xs[0] * 1.06, xs[xs.length - 1] / 1.06];
  const x = logScale(domain, [box.left, box.right]);
  return { x, y, domain, yTicks: readableTicks(bottom, top, box.bottom - box.top, fontPx) };
}

// The world's part of a panel: the y axis's grid lines, ticks and zero line; both curves and the peak.
export function drawPanelWorld(panel, world) {
  drawYAxis(panel, world.palette);
  drawSeries(panel, world);
}

// The y axis's grid lines, tick labels and dashed zero line, for the panel's scales.
function drawYAxis(panel, palette) {
  const { box, fontPx, y, yTicks } = panel;
  panel.yAxis.replaceChildren();
  for (const tick of yTicks) {
    el(
      "svg:line",
      { class: "gridline", x1: box.left, x2: box.right, y1: y(tick), y2: y(tick) },
      panel.yAxis,
    );
    el(
      "svg:text",
      {
        x: box.left - 0.3 * fontPx,
        y: y(tick) + 0.35 * fontPx,
        "text-anchor": "end",
        "data-tick": "y",
      },
      panel.yAxis,
      signedTick(tick),
    );
  }
  el(
    "svg:line",
    {
      x1: box.left,
      x2: box.right,
      y1: y(0),
      y2: y(0),
      stroke: palette.ink,
      "stroke-dasharray": "3 4",
      "stroke-width": 1.3,
    },
    panel.yAxis,
  );
}

// Both curves (dotted where the grid's edge caps them) and the peak's star.
function drawSeries(panel, world) {
  const { key, fontPx, x, y } = panel;
  const { curve } = world[key];
  const { palette } = world;
  panel.series.replaceChildren();
  // The KL curve's stretch capped by the grid's edge: dotted, over a faint band labelled "edge".
  const capped = world[key].edge?.capped || [];
  panel.curvePressure = curve.pressure;
  drawEdge(panel.series, panel, capped, palette);
  for (const [field, colour] of [
    ["proxy_gain", palette.proxy],
    ["gold_gain", palette.gold],
  ]) {
    const points = curve.pressure.map((value, i) => [x(value), y(curve[field][i])]);
    const dashes = edgeDashes(points, capped);
    el(
      "svg:polyline",
      {
        points: points.map(([px, py]) => `${px.toFixed(1)},${py.toFixed(1)}`).join(" "),
        fill: "none",
        stroke: colour,
        "stroke-width": 0.22 * fontPx,
        "stroke-linejoin": "round",
        "data-series": field,
        ...(dashes ? { "stroke-dasharray": dashes } : {}),
      },
      panel.series,
    );
  }
  const { peak } = curve;
  el(
    "svg:path",
    {
      d: starPath(x(peak.pressure), y(peak.gold_gain), 0.6 * fontPx),
      fill: palette.gold,
      stroke: palette.ink,
      "stroke-width": 1.5,
      "data-peak": key,
    },
    panel.series,
  );
}
