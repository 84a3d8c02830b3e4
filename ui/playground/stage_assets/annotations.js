// What the curves say beyond their lines: the stretch of the KL curve capped by the grid's edge
// (dotted and labelled "edge", so it cannot be read as the trade-off), and a story step's
// pointers (a short label and a line to the point its step line talks about). The pure parts
// (runs, dashes, targets, placement) are tested in tests/js/annotations.test.mjs.

import { el } from "./svg.js";
import { t } from "./words.js";

const DOT = 2; // px: a dot of the capped stretch, and 5 px of gap after it
const DOT_GAP = 5;
const CHAR_EM = 0.52; // a label's width per character, in em (Source Sans: ~0.5)

// The curve's segments in runs: [{from, to, capped}], point indices, each run sharing its end
// point with the next. A segment is capped where either end is (the per-point flags Python sends:
// core's edge check, edge mass >= 5% or true quality moving > 0.1 on a grid twice as wide).
export function runs(capped) {
  const out = [];
  for (let i = 0; i + 1 < capped.length; i += 1) {
    const segmentCapped = Boolean(capped[i] || capped[i + 1]);
    const last = out[out.length - 1];
    if (last && last.capped === segmentCapped) last.to = i + 1;
    else out.push({ from: i, to: i + 1, capped: segmentCapped });
  }
  return out;
}

// A stroke-dasharray for the polyline through points [[x, y], ...]: solid along clear runs,
// dotted along capped ones; null when nothing is capped (a plain line).
export function edgeDashes(points, capped) {
  const parts = runs(capped);
  if (!parts.some((part) => part.capped)) return null;
  const dashes = [];
  for (const part of parts) {
    let length = 0;
    for (let i = part.from; i < part.to; i += 1)
      length += Math.hypot(points[i + 1][0] - points[i][0], points[i + 1][1] - points[i][1]);
    if (!part.capped) {
      dashes.push(length, 0);
      continue;
    }
    const count = Math.max(1, Math.round(length / (DOT + DOT_GAP)));
    const period = length / count; // whole dots, so the next run starts on time
    for (let k = 0; k < count; k += 1)
      dashes.push((period * DOT) / (DOT + DOT_GAP), (period * DOT_GAP) / (DOT + DOT_GAP));
  }
  return dashes.map((value) => value.toFixed(1)).join(" ");
}

// The first capped point, or -1.
export function firstCapped(capped = []) {
  return capped.findIndex(Boolean);
}

// The point on a curve {pressure, gold_gain, peak} a step's pointer names, {pressure, gain},
// or null: "peak" its star, "below_base" the first point past the peak below 0, "end" the
// strongest point clear of the grid's edge, "mark" the current setting (markPressure,
// markGain). Points capped by the grid's edge are never named.
export function pointerTarget(curve, capped, where, mark) {
  const count = curve.pressure.length;
  const clear = (i) => !(capped && capped[i]);
  if (where === "peak") return { pressure: curve.peak.pressure, gain: curve.peak.gold_gain };
  if (where === "mark") return mark ? { pressure: mark.pressure, gain: mark.gain } : null;
  if (where === "end") {
    for (let i = count - 1; i >= 0; i -= 1)
      if (clear(i)) return { pressure: curve.pressure[i], gain: curve.gold_gain[i] };
    return null;
  }
  if (where === "below_base") {
    const peakIndex = curve.pressure.indexOf(curve.peak.pressure);
    for (let i = Math.max(peakIndex, 0); i < count && clear(i); i += 1) {
      if (curve.gold_gain[i] < 0) return { pressure: curve.pressure[i], gain: curve.gold_gain[i] };
    }
  }
  return null;
}

// Where a pointer's label goes for a point (px, py) in a panel's box: above it, or below if
// ``below`` (a fall below the base, the current setting: the room under the curve) or with no room above; on the
// side with more room, inside the box; and its line from label to point.
// ``width``: the label's drawn width if measured (else estimated from its characters: bold
// German ran past the panel's edge, "noch wenig Druck" cut after its "c").
export function placePointer(px, py, box, fontPx, text, below = false, width = 0) {
  width = width > 0 ? width : CHAR_EM * fontPx * text.length;
  const roomBelow = py + 2.4 * fontPx <= box.bottom;
  const above = !(below && roomBelow) && py - 2.2 * fontPx >= box.top;
  const y = above ? py - 1.3 * fontPx : py + 2.0 * fontPx;
  const toLeft = px > (box.left + box.right) / 2;
  const wanted = toLeft ? px - 0.8 * fontPx - width : px + 0.8 * fontPx;
  const left = Math.min(
    Math.max(wanted, box.left + 0.2 * fontPx),
    box.right - width - 0.2 * fontPx,
  );
  const lineFrom = [toLeft ? left + width : left, above ? y + 0.25 * fontPx : y - 0.9 * fontPx];
  return { x: left, y, anchor: "start", lineFrom, lineTo: [px, py] };
}

// The story step whose settings the stage shows (world's b and σ, the β and n stops), or null.
export function stepShown(steps, world, stops) {
  return (
    (steps || []).find(
      ({ values }) =>
        values.b === world.b &&
        values.sigma === world.sigma &&
        values.beta === Number(stops.beta) &&
        values.n === Number(stops.n),
    ) || null
  );
}

// The capped stretch of a panel: a faint band from its first capped point to the box's right,
// labelled "edge" at its foot. Nothing where no point is capped.
export function drawEdge(group, panel, capped, palette) {
  const first = firstCapped(capped);
  if (first < 0) return;
  const { box, x, fontPx } = panel;
  const left = Math.max(box.left, x(panel.curvePressure[first]));
  el(
    "svg:rect",
    {
      x: left,
      y: box.top,
      width: Math.max(box.right - left, 1),
      height: box.bottom - box.top,
      fill: palette.ink,
      opacity: 0.07,
      "data-edge-band": panel.key,
    },
    group,
  );
  el(
    "svg:text",
    {
      x: box.right - 0.2 * fontPx,
      y: box.bottom - 0.35 * fontPx,
      "text-anchor": "end",
      class: "edge-label",
    },
    group,
    t("edge"),
  );
}

// A step's pointers on its panels (drawn with the moving marks).
export function drawPointers(group, panels, world, step, marks) {
  if (!step) return;
  for (const [key, where, text] of step.points_at) {
    const panel = panels[key];
    const { curve, edge } = world[key];
    const target = pointerTarget(curve, edge?.capped, where, marks[key]);
    if (!panel || !target) continue;
    const fontPx = panel.fontPx;
    const [px, py] = [panel.x(target.pressure), panel.y(target.gain)];
    const below = where === "below_base" || where === "mark";
    let place = placePointer(px, py, panel.box, fontPx, text, below);
    const label = el(
      "svg:text",
      { x: place.x, y: place.y, class: "pointer", "data-pointer": `${key}-${where}` },
      group,
      text,
    );
    // Placed again by its drawn width (bold, another language's letters), once drawn.
    const drawn = label.getComputedTextLength ? label.getComputedTextLength() : 0;
    if (drawn > 0) {
      place = placePointer(px, py, panel.box, fontPx, text, below, drawn);
      label.setAttribute("x", place.x);
      label.setAttribute("y", place.y);
    }
    el(
      "svg:line",
      {
        x1: place.lineFrom[0],
        y1: place.lineFrom[1],
        x2: px,
        y2: py,
        stroke: world.palette.ink,
        "stroke-width": 1.5,
        "data-pointer-line": key,
      },
      group,
    );
    group.appendChild(label); // over its line
  }
}

// The pointers of the story step the stage shows (its steps from Python, its β and n stops in
// its root's data), if any; gold: where true quality's marks are (marks.js's drawMarks).
export function drawStepPointers(stage, gold) {
  const step = stepShown(stage.steps, stage.world, stage.root.dataset);
  drawPointers(stage.curvesMarks, stage.panels, stage.world, step, gold);
}
