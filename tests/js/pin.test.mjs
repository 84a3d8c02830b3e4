// The pin's picture and its URL form (ui/playground/stage_assets/pin.js): the same cut of a
// world as Python's ui/playground/pin.py snapshot, written as the address writes it; its buttons
// and Python's pin (pin_controls.js), and the pinned picture drawn (pin_drawing.js), on the fake
// DOM with the world Python sends for b = 0.2, σ = 1.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  pinLabel,
  pinnedGains,
  pinText,
  snapshotOf,
} from "../../ui/playground/stage_assets/pin.js";
import {
  buildPinControls,
  receivePin,
  showPinControls,
} from "../../ui/playground/stage_assets/pin_controls.js";
import { drawPinned } from "../../ui/playground/stage_assets/pin_drawing.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

const method = (stops) => ({
  stops,
  curve: { pressure: [1, 2], proxy_gain: [0, 1], gold_gain: [0, 0.5], peak: { pressure: 2 } },
  cloud: stops.map((_, i) => [i, 10 * i]),
  marks: { proxy_gain: stops.map((_, i) => i / 10), gold_gain: stops.map((_, i) => -i / 10) },
});
const world = {
  b: 0.2,
  sigma: 1,
  beta: method(["10", "4", "0.3"]),
  n: method(["1", "49", "10000"]),
};

test("snapshotOf keeps each method's stop, whole curve, and cloud and marks at that stop", () => {
  const picture = snapshotOf(world, { beta: 2, n: 1 });
  assert.equal(picture.b, 0.2);
  assert.equal(picture.sigma, 1);
  assert.equal(picture.beta.stop, "0.3");
  assert.deepEqual(picture.beta.cloud, [2, 20]);
  assert.deepEqual(picture.beta.mark, { proxy_gain: 0.2, gold_gain: -0.2 });
  assert.equal(picture.n.stop, "49");
  assert.deepEqual(picture.n.mark, { proxy_gain: 0.1, gold_gain: -0.1 });
  assert.equal(picture.n.curve, world.n.curve);
});

test("pinText writes the address's b_σ_β_n and pinLabel names it with symbols", () => {
  const picture = snapshotOf(world, { beta: 2, n: 2 });
  assert.equal(pinText(picture), "0.2_1_0.3_10000");
  assert.equal(pinLabel(picture), "b = 0.2, σ = 1, β = 0.3, n = 10,000");
});

test("Pin keeps the picture at the stage's stops, Clear drops it, each press told; the label names it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, root } = drawnStage(dom, { beta: "0.6", n: "10000" });
  const parent = dom.document.createElement("div");
  let presses = 0;
  buildPinControls(stage, parent, () => (presses += 1));
  const [pin, clear] = ["pin", "clear"].map((kind) =>
    parent.querySelector(`[data-pin-action="${kind}"]`),
  );
  assert.equal(clear.disabled, true, "nothing to clear");
  pin.click();
  assert.deepEqual([stage.pin.text, presses], ["0.2_1_0.6_10000", 1]);
  showPinControls(stage);
  assert.equal(clear.disabled, false);
  assert.equal(
    stage.pinControls.label.textContent,
    "Pinned (faded, dashed): b = 0.2, σ = 1, β = 0.6, n = 10,000",
  );
  assert.equal(root.dataset.pin, "0.2_1_0.6_10000");
  clear.click();
  assert.deepEqual([stage.pin, presses], [null, 2]);
});

test("Python's pin is taken once per request id: its picture, or none without one", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom);
  const snapshot = snapshotOf(world, { beta: 2, n: 1 });
  assert.equal(receivePin(stage, { id: 7, text: pinText(snapshot), snapshot }), true);
  assert.equal(stage.pin.picture, snapshot);
  assert.equal(receivePin(stage, { id: 7, text: "", snapshot: null }), false, "the same id");
  assert.equal(stage.pin.picture, snapshot);
  assert.equal(receivePin(stage, { id: 8, text: pinText(snapshot), snapshot: null }), true);
  assert.equal(stage.pin, null);
  assert.equal(stage.root.dataset.pin, "");
});

test("the pinned picture is drawn once, dashed and hollow: both curves and a mark a method, its clouds", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom, { beta: "1", n: "49" });
  stage.pin = { text: "x", picture: snapshotOf(world, { beta: 0, n: 3 }) };
  drawPinned(stage);
  drawPinned(stage); // drawn again: the last one taken away first
  const curves = stage.curvesSvg.querySelectorAll('[data-pinned="curves"]');
  assert.equal(curves.length, 1);
  const series = curves[0].querySelectorAll("polyline");
  assert.deepEqual(
    series.map((line) => line.getAttribute("data-pinned-series")),
    ["beta-proxy_gain", "beta-gold_gain", "n-proxy_gain", "n-gold_gain"],
  );
  assert.ok(series.every((line) => line.getAttribute("stroke-dasharray") === "7 5"));
  const marks = curves[0].querySelectorAll("circle"); // both stops are inside their panels
  assert.deepEqual(
    marks.map((mark) => [mark.getAttribute("data-pinned-mark"), mark.getAttribute("fill")]),
    ["beta-proxy_gain", "beta-gold_gain", "n-proxy_gain", "n-gold_gain"].map((name) => [
      name,
      "white",
    ]),
  );
  for (const key of ["beta", "n"]) {
    const cloud = stage.planeSvg.querySelector(`[data-pinned-cloud="${key}"]`);
    assert.equal(cloud.querySelectorAll("path").length, world[key].cloud[0].length / 2, key);
    assert.equal(cloud.getAttribute("fill"), "white");
  }
  stage.pin = null;
  drawPinned(stage);
  assert.equal(stage.curvesSvg.querySelector("[data-pinned]"), null);
  assert.equal(stage.planeSvg.querySelector("[data-pinned]"), null);
});

test("the pinned chart keeps its gold curve: drawn where the pinned gold is, the axis holding it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom, { beta: "1", n: "49" });
  // A pinned picture whose true quality falls 30 below the current one's: only its gold curve
  // reaches there, so only its gold gains can widen the y axis to hold it.
  const picture = snapshotOf(world, { beta: 0, n: 3 });
  for (const key of ["beta", "n"]) {
    const curve = picture[key].curve;
    picture[key] = {
      ...picture[key],
      curve: { ...curve, gold_gain: curve.gold_gain.map((g) => g - 30) },
    };
  }
  stage.pin = { text: pinText(picture), picture };
  for (const key of ["beta", "n"]) {
    const { proxy_gain: proxy, gold_gain: gold } = picture[key].curve;
    assert.deepEqual(pinnedGains(stage, key), [...proxy, ...gold]);
  }
  stage.layout(true); // redrawn with the pin, as when a pin arrives
  for (const key of ["beta", "n"]) {
    const { x, y, box } = stage.panels[key];
    const curve = picture[key].curve;
    const line = stage.curvesSvg.querySelector(`[data-pinned-series="${key}-gold_gain"]`);
    assert.ok(line, `${key}: the pinned gold curve is drawn`);
    const points = line
      .getAttribute("points")
      .split(" ")
      .map((pair) => pair.split(",").map(Number));
    assert.equal(points.length, curve.pressure.length);
    points.forEach(([px, py], i) => {
      assert.ok(Math.abs(px - x(curve.pressure[i])) <= 0.05, `${key} x ${i}`);
      assert.ok(Math.abs(py - y(curve.gold_gain[i])) <= 0.05, `${key} y ${i}`);
      assert.ok(
        py >= box.top - 0.05 && py <= box.bottom + 0.05,
        `${key}: point ${i} off the panel`,
      );
    });
    assert.ok(y.invert(box.bottom) <= Math.min(...curve.gold_gain), `${key}: the axis holds it`);
  }
});
