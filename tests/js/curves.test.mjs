// The curves (ui/playground/stage_assets/: curves.js, curves_world.js, curves_hover.js): both
// panels side by side or stacked, their curves and peak from the world, a world swapped in
// place, and the hover's text (true quality withheld while predicting); on the fake DOM with
// Python's world for b = 0.2, σ = 1.
import assert from "node:assert/strict";
import { test } from "node:test";

import { drawCurves } from "../../ui/playground/stage_assets/curves.js";
import { curvesHoverText, panelAt } from "../../ui/playground/stage_assets/curves_hover.js";
import { showCurvesWorld } from "../../ui/playground/stage_assets/curves_world.js";
import { formatTick } from "../../ui/playground/stage_assets/format.js";
import { installDom } from "./fake_dom.mjs";
import { stageData } from "./stage_harness.mjs";

const { world } = stageData();
const FONT_PX = 16;

// Both panels drawn at width x height: {svg, moving, panels, marks}.
function drawn(dom, width, height, { ticks = world.ticks, alsoShown = {} } = {}) {
  const svg = dom.document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const moving = dom.document.createElementNS("http://www.w3.org/2000/svg", "svg");
  const { panels, marks } = drawCurves(
    svg,
    moving,
    world,
    { width, height, fontPx: FONT_PX },
    ticks,
    alsoShown,
  );
  return { svg, moving, panels, marks };
}

// The middle of a panel's height at a pressure.
const at = (panel, pressure) => [panel.x(pressure), (panel.box.top + panel.box.bottom) / 2];

test("a wide chart has n's panel left of β's; a narrow one stacks them, β's on top", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const wide = drawn(dom, 640, 408);
  assert.equal(wide.svg.getAttribute("viewBox"), "0 0 640 408");
  assert.equal(wide.moving.getAttribute("width"), "640");
  assert.equal(wide.panels.n.box.left, 4.5 * FONT_PX); // tick labels, and the y axis's title
  assert.equal(wide.panels.beta.box.left, 320 + 4.5 * FONT_PX);
  assert.equal(wide.panels.n.box.bottom, wide.panels.beta.box.bottom);
  assert.deepEqual(wide.moving.children, [wide.marks]);
  const narrow = drawn(dom, 360, 720);
  assert.ok(narrow.panels.beta.box.bottom < narrow.panels.n.box.top, "β's panel above n's");
  assert.equal(narrow.panels.n.box.left, narrow.panels.beta.box.left);
  const titles = narrow.svg.querySelectorAll(".title").map((node) => node.textContent);
  assert.deepEqual(titles, ["KL penalty: gain", "Best-of-n: gain"]);
  // Each y axis says what it measures, along it, left of its tick labels (3.3 em).
  for (const key of ["beta", "n"]) {
    const [label] = narrow.svg.querySelectorAll(`[data-y-title="${key}"]`);
    assert.equal(label.textContent, "gain over base");
    const { box } = narrow.panels[key];
    assert.ok(Number(label.getAttribute("x")) < box.left - 3.3 * FONT_PX, key);
    assert.equal(Number(label.getAttribute("y")), (box.top + box.bottom) / 2, key);
    assert.match(label.getAttribute("transform"), /^rotate\(-90 /);
  }
});

test("each panel draws both whole curves in their colours, the peak's star, and the lesson's ticks", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { svg, panels } = drawn(dom, 640, 408);
  for (const key of ["beta", "n"]) {
    const group = svg.querySelector(`[data-panel="${key}"]`);
    const { curve } = world[key];
    const panel = panels[key];
    for (const [field, colour] of [
      ["proxy_gain", world.palette.proxy],
      ["gold_gain", world.palette.gold],
    ]) {
      const line = group.querySelector(`[data-series="${field}"]`);
      assert.equal(line.getAttribute("stroke"), colour);
      const points = line.getAttribute("points").split(" ");
      assert.equal(points.length, curve.pressure.length);
      const last = curve.pressure.length - 1;
      assert.equal(
        points[last],
        `${panel.x(curve.pressure[last]).toFixed(1)},${panel.y(curve[field][last]).toFixed(1)}`,
      );
    }
    // The star's first point is its top: 0.6 em above the peak of true quality.
    const star = group.querySelector(`[data-peak="${key}"]`).getAttribute("d");
    const [sx, sy] = star
      .match(/^M([-\d.]+),([-\d.]+)L/)
      .slice(1)
      .map(Number);
    assert.ok(Math.abs(sx - panel.x(curve.peak.pressure)) <= 0.05);
    assert.ok(Math.abs(sy - (panel.y(curve.peak.gold_gain) - 0.6 * FONT_PX)) <= 0.05);
    const xLabels = group.querySelectorAll('[data-tick="x"]').map((node) => node.textContent);
    assert.ok(xLabels.length >= 3, xLabels.join());
    assert.ok(
      xLabels.every((label) => world.ticks[key].map((tick) => formatTick(tick)).includes(label)),
      xLabels.join(),
    );
    const yLabels = group.querySelectorAll('[data-tick="y"]').map((node) => node.textContent);
    assert.ok(
      yLabels.every((label) => /^([+-]\d|0$)/.test(label)),
      yLabels.join(),
    );
  }
  const nLabels = svg
    .querySelector('[data-panel="n"]')
    .querySelectorAll('[data-tick="x"]')
    .map((node) => node.textContent);
  assert.ok(nLabels.includes("49") && nLabels.includes("10k"), nLabels.join());
});

test("a pinned picture's gains widen the y axis to hold them", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const plain = drawn(dom, 640, 408).panels.n;
  const pinned = drawn(dom, 640, 408, { alsoShown: { n: [-9] } }).panels.n;
  assert.ok(plain.y.invert(plain.box.bottom) > -9);
  assert.ok(pinned.y.invert(pinned.box.bottom) <= -9, `${pinned.y.invert(pinned.box.bottom)}`);
});

test("a world is swapped in place when its x axes fit, and refused when the ticks differ", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { svg, panels } = drawn(dom, 640, 408);
  const title = svg.querySelector(".kl-title");
  const raised = structuredClone(world);
  raised.n.curve.gold_gain = raised.n.curve.gold_gain.map((gain) => gain + 1);
  assert.equal(showCurvesWorld(panels, raised, world.ticks), true);
  assert.equal(svg.querySelector(".kl-title"), title, "the titles stay");
  const line = svg.querySelector('[data-panel="n"]').querySelector('[data-series="gold_gain"]');
  const first = line.getAttribute("points").split(" ")[0];
  assert.equal(
    first,
    `${panels.n.x(raised.n.curve.pressure[0]).toFixed(1)},${panels.n.y(raised.n.curve.gold_gain[0]).toFixed(1)}`,
  );
  const before = line.getAttribute("points");
  assert.equal(showCurvesWorld(panels, world, { ...world.ticks, n: [1, 100, 10000] }), false);
  assert.equal(
    svg
      .querySelector('[data-panel="n"]')
      .querySelector('[data-series="gold_gain"]')
      .getAttribute("points"),
    before,
    "nothing drawn",
  );
});

test("the hover names the pressure and both gains there; true quality is '?' while predicting", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { panels } = drawn(dom, 640, 408);
  // At n = 49, a point of the curve and a stop: the hover says what the readouts there say.
  const [px, py] = at(panels.n, 49);
  assert.equal(panelAt(panels, px, py), panels.n);
  const stop = world.n.stops.indexOf("49");
  const [proxy, gold] = [world.n.readouts.proxy[stop], world.n.readouts.gold[stop]];
  assert.deepEqual([proxy, gold], ["+3.16", "+1.56"]);
  assert.equal(
    curvesHoverText(world, panels, px, py, false),
    `n ≈ 49 · reward model ${proxy} · true quality ${gold}`,
  );
  assert.equal(
    curvesHoverText(world, panels, px, py, true),
    `n ≈ 49 · reward model ${proxy} · true quality ?`,
  );
  // β's curve near the grid's edge carries Python's note after the gains.
  const index = world.beta.edge.hover.findIndex(Boolean);
  const [bx, by] = at(panels.beta, world.beta.curve.pressure[index]);
  assert.equal(panelAt(panels, bx, by), panels.beta);
  const text = curvesHoverText(world, panels, bx, by, true);
  assert.match(text, /^β ≈ [\d.]+ · reward model [+-]\d+\.\d\d · true quality \? · /);
  assert.ok(text.endsWith(` · ${world.beta.edge.hover[index]}`), text);
  // Outside both panels: nothing.
  assert.equal(panelAt(panels, 1, 1), null);
  assert.equal(curvesHoverText(world, panels, 1, 1, false), null);
  assert.equal(curvesHoverText(world, panels, 320, py, false), null, "between the panels");
});
