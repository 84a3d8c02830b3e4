// The stage's pin: one picture (b, σ, β, n) kept, faded and dashed, beside the current one.
//
// Pin cuts the picture from the world on screen (both curves, each method's cloud and marks
// at its stop: the same cut as ui/playground/pin.py's snapshot) and reports it with β and n; Clear
// drops it. Python keeps it in the address (?pin=b_σ_β_n) and, when the address decides
// (a link opened, Back or Forward), sends its picture with a new request id.

import { el } from "./svg.js";

const PIN_OPACITY = 0.45; // faded, yet a projector's back row still tells it from the grid
const PIN_DASH = "7 5"; // the pinned curves: dashed, so colour-blind readers tell them apart too

// The picture of `world` at the stops `indices` ({beta, n}) that a pin keeps.
export function snapshotOf(world, indices) {
  const picture = { b: world.b, sigma: world.sigma };
  for (const key of ["beta", "n"]) {
    const method = world[key];
    const index = indices[key];
    picture[key] = {
      stop: method.stops[index],
      curve: method.curve,
      cloud: method.cloud[index],
      mark: { proxy_gain: method.marks.proxy_gain[index], gold_gain: method.marks.gold_gain[index] },
    };
  }
  return picture;
}

// How the address writes a pin ("0.2_0.5_0.3_49") and how the stage names it.
export const pinText = (picture) => [picture.b, picture.sigma, picture.beta.stop, picture.n.stop].join("_");
export const pinLabel = (picture) =>
  `b = ${picture.b}, σ = ${picture.sigma}, β = ${picture.beta.stop}, n = ${Number(picture.n.stop).toLocaleString("en")}`;

// The Pin and Clear buttons and the pin's label, in `parent`; `onChange()` after each press.
export function buildPinControls(stage, parent, onChange) {
  const box = stage.pinControls = {};
  box.pin = button(parent, "📌 Pin this picture", "pin", "Keep this picture, faded, while you change the settings");
  box.clear = button(parent, "Clear pin", "clear", "Remove the pinned picture");
  box.label = document.createElement("span");
  box.label.className = "pin-label";
  box.label.dataset.pinLabel = "";
  parent.appendChild(box.label);
  box.pin.addEventListener("click", () => {
    const indices = { beta: stage.stopIndex("beta"), n: stage.stopIndex("n") };
    const picture = snapshotOf(stage.world, indices);
    stage.pin = { text: pinText(picture), picture };
    onChange();
  });
  box.clear.addEventListener("click", () => {
    stage.pin = null;
    onChange();
  });
  showPinControls(stage);
}

function button(parent, text, kind, title) {
  const node = document.createElement("button");
  Object.assign(node, { type: "button", className: `play tool pin-${kind}`, textContent: text, title });
  node.dataset.pinAction = kind;
  parent.appendChild(node);
  return node;
}

export function showPinControls(stage) {
  const box = stage.pinControls;
  if (!box) return;
  box.clear.disabled = !stage.pin;
  box.label.textContent = stage.pin ? `Pinned (faded, dashed): ${pinLabel(stage.pin.picture)}` : "";
  stage.root.dataset.pin = stage.pin ? stage.pin.text : "";
}

// Python's pin ({id, text, snapshot}); taken when the address set it (a new id). True if taken.
export function receivePin(stage, sent) {
  if (!sent || sent.id === stage.pinRequestId) return false;
  stage.pinRequestId = sent.id;
  stage.pin = sent.text && sent.snapshot ? { text: sent.text, picture: sent.snapshot } : null;
  showPinControls(stage);
  return true;
}

// What a settled report says of the pin: its text, or "" when nothing is pinned.
export const pinReport = (stage) => (stage.pin ? stage.pin.text : "");

// The pinned gains' range on a method's panel, so its axis holds both pictures.
export function pinnedGains(stage, key) {
  if (!stage.pin) return [];
  const curve = stage.pin.picture[key].curve;
  return [...curve.proxy_gain, ...curve.gold_gain];
}

// The pinned curves, marks and clouds, under the current picture's moving parts.
export function drawPinned(stage) {
  for (const svg of [stage.curvesSvg, stage.planeSvg]) svg.querySelector("[data-pinned]")?.remove();
  if (!stage.pin || !stage.panels || !stage.planeScale) return;
  const { picture } = stage.pin;
  const palette = stage.world.palette;
  const fontPx = stage.size.fontPx;
  const curves = el("svg:g", { "data-pinned": "curves", opacity: PIN_OPACITY }, stage.curvesSvg);
  for (const key of ["beta", "n"]) {
    const { x, y, box } = stage.panels[key];
    const { curve, mark, stop } = picture[key];
    for (const [field, colour] of [["proxy_gain", palette.proxy], ["gold_gain", palette.gold]]) {
      const points = curve.pressure.map((value, i) => `${x(value).toFixed(1)},${y(curve[field][i]).toFixed(1)}`);
      el("svg:polyline", { points: points.join(" "), fill: "none", stroke: colour, "stroke-width": 0.16 * fontPx, "stroke-dasharray": PIN_DASH, "data-pinned-series": `${key}-${field}` }, curves);
      const px = x(Number(stop));
      if (px >= box.left - 1 && px <= box.right + 1) {
        el("svg:circle", { cx: px, cy: y(mark[field]), r: 0.36 * fontPx, fill: "white", stroke: colour, "stroke-width": 2.5, "data-pinned-mark": `${key}-${field}` }, curves);
      }
    }
  }
  const { x, y, box } = stage.planeScale;
  const plane = el("svg:g", { "data-pinned": "plane", opacity: PIN_OPACITY }, stage.planeSvg);
  const scale = stage.world.scale;
  const size = Math.max(4, 0.32 * fontPx);
  for (const key of ["beta", "n"]) {
    const colour = key === "beta" ? palette.kl : palette.best_of_n;
    const cloud = picture[key].cloud;
    const group = el("svg:g", { fill: "white", stroke: colour, "stroke-width": 2, "data-pinned-cloud": key }, plane);
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
  if (key === "beta") return `M${(px + size).toFixed(1)} ${cy}A${size} ${size} 0 1 1 ${(px - size).toFixed(1)} ${cy}A${size} ${size} 0 1 1 ${(px + size).toFixed(1)} ${cy}Z`;
  const d = 1.3 * size;
  return `M${cx} ${(py - d).toFixed(1)}L${(px + d).toFixed(1)} ${cy}L${cx} ${(py + d).toFixed(1)}L${(px - d).toFixed(1)} ${cy}Z`;
}
