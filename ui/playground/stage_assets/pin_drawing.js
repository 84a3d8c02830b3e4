// The pinned picture drawn under the current one: its curves dashed and its marks hollow on
// the curves' panels, its clouds hollow on the plane (KL circles, best-of-n diamonds), all
// faded. The picture is pin.js's.

import { el } from "./svg.js";

const PIN_OPACITY = 0.45; // faded, yet a projector's back row still tells it from the grid
const PIN_DASH = "7 5"; // the pinned curves: dashed, so colour-blind readers tell them apart too

// The pinned curves, marks and clouds, under the current picture's moving parts.
export function drawPinned(stage) {
  for (const svg of [stage.curvesSvg, stage.planeSvg]) svg.querySelector("[data-pinned]")?.remove();
  if (!stage.pin || !stage.panels || !stage.planeScale) return;
  drawPinnedCurves(stage);
  drawPinnedClouds(stage);
}

// Each method's pinned curves, dashed, with a hollow mark at its stop (if inside its panel).
function drawPinnedCurves(stage) {
  const { picture } = stage.pin;
  const palette = stage.world.palette;
  const fontPx = stage.size.fontPx;
  const curves = el("svg:g", { "data-pinned": "curves", opacity: PIN_OPACITY }, stage.curvesSvg);
  for (const key of ["beta", "n"]) {
    const { x, y, box } = stage.panels[key];
    const { curve, mark, stop } = picture[key];
    for (const [field, colour] of [
      ["proxy_gain", palette.proxy],
      ["gold_gain", palette.gold],
    ]) {
      const points = curve.pressure.map(
        (value, i) => `${x(value).toFixed(1)},${y(curve[field][i]).toFixed(1)}`,
      );
      el(
        "svg:polyline",
        {
          points: points.join(" "),
          fill: "none",
          stroke: colour,
          "stroke-width": 0.16 * fontPx,
          "stroke-dasharray": PIN_DASH,
          "data-pinned-series": `${key}-${field}`,
        },
        curves,
      );
      const px = x(Number(stop));
      if (px >= box.left - 1 && px <= box.right + 1) {
        el(
          "svg:circle",
          {
            cx: px,
            cy: y(mark[field]),
            r: 0.36 * fontPx,
            fill: "white",
            stroke: colour,
            "stroke-width": 2.5,
            "data-pinned-mark": `${key}-${field}`,
          },
          curves,
        );
      }
    }
  }
}

// Each method's pinned cloud on the plane, hollow, the points inside the plane only.
function drawPinnedClouds(stage) {
  const { picture } = stage.pin;
  const palette = stage.world.palette;
  const fontPx = stage.size.fontPx;
  const { x, y, box } = stage.planeScale;
  const plane = el("svg:g", { "data-pinned": "plane", opacity: PIN_OPACITY }, stage.planeSvg);
  const scale = stage.world.scale;
  const size = Math.max(4, 0.32 * fontPx);
  for (const key of ["beta", "n"]) {
    const colour = key === "beta" ? palette.kl : palette.best_of_n;
    const cloud = picture[key].cloud;
    const group = el(
      "svg:g",
      { fill: "white", stroke: colour, "stroke-width": 2, "data-pinned-cloud": key },
      plane,
    );
    for (let i = 0; i < cloud.length; i += 2) {
      const [px, py] = [x(cloud[i] / scale), y(cloud[i + 1] / scale)];
      if (px < box.left || px > box.right || py < box.top || py > box.bottom) continue;
      el("svg:path", { d: shapeAt(key, px, py, size) }, group);
    }
  }
}

function shapeAt(key, px, py, size) {
  // The pinned clouds keep their methods' shapes, hollow: KL circles, best-of-n diamonds.
  const [cx, cy] = [px.toFixed(1), py.toFixed(1)];
  if (key === "beta")
    return `M${(px + size).toFixed(1)} ${cy}A${size} ${size} 0 1 1 ${(px - size).toFixed(1)} ${cy}A${size} ${size} 0 1 1 ${(px + size).toFixed(1)} ${cy}Z`;
  const d = 1.3 * size;
  return `M${cx} ${(py - d).toFixed(1)}L${(px + d).toFixed(1)} ${cy}L${cx} ${(py + d).toFixed(1)}L${(px - d).toFixed(1)} ${cy}Z`;
}
