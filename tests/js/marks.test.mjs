// What moves with β and n (ui/playground/stage_assets/marks.js): the stops around a shown
// position, the clouds and the curves' marks placed between them (the last stop included),
// the guess's mark and the legend; on the fake DOM with Python's world for b = 0.2, σ = 1.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  between,
  drawLegend,
  drawMarks,
  moveClouds,
  modelText,
  showModel,
} from "../../ui/playground/stage_assets/marks.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

const close = (actual, expected, what) =>
  assert.ok(Math.abs(actual - expected) <= 0.051, `${what}: ${actual} against ${expected}`);

test("between gives the stops around a shown position, the last one included", () => {
  assert.deepEqual(between(0, 20), { low: 0, high: 1, t: 0 });
  assert.deepEqual(between(3.25, 20), { low: 3, high: 4, t: 0.25 });
  assert.deepEqual(between(18.5, 20), { low: 18, high: 19, t: 0.5 }); // gliding to the last
  assert.deepEqual(between(19, 20), { low: 19, high: 19, t: 0 }); // at the last: no stop beyond
  assert.deepEqual(between(0, 1), { low: 0, high: 0, t: 0 });
});

// A marker's translate(x,y) as numbers.
const placed = (marker) =>
  marker
    .getAttribute("transform")
    .match(/^translate\((.+),(.+)\)$/)
    .slice(1)
    .map(Number);

test("each cloud's markers sit on the world's cloud at the last stop, and half way on the way there", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom);
  const { x, y } = stage.planeScale;
  for (const key of ["beta", "n"]) {
    const last = world[key].stops.length - 1;
    const [before, end] = [world[key].cloud[last - 1], world[key].cloud[last]];
    const markers = stage.cloudGroups[key].children;
    assert.equal(markers.length, end.length / 2);
    for (const [shown, share] of [
      [last, 1],
      [last - 0.5, 0.5],
    ]) {
      const position = { beta: { shown: 0 }, n: { shown: 0 }, [key]: { shown } };
      moveClouds(stage.cloudGroups, world, position, stage.planeScale);
      assert.equal(stage.cloudGroups[key].dataset.shown, shown.toFixed(3));
      markers.forEach((marker, i) => {
        const at = (j) => ((1 - share) * before[j] + share * end[j]) / world.scale;
        const [px, py] = placed(marker);
        close(px, x(at(2 * i)), `${key} ${shown} marker ${i} x`);
        close(py, y(at(2 * i + 1)), `${key} ${shown} marker ${i} y`);
      });
    }
  }
});

// The marks group's circle for a method's gain, and its dashed line (the first line of its colour).
const dot = (group, key, field) => group.querySelector(`[data-mark="${key}-${field}"]`);

test("the marks sit on the curves at the last stop, and between the last two while gliding there", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom);
  const group = stage.curvesMarks;
  const none = { beta: null, n: null };
  for (const key of ["beta", "n"]) {
    const { stops, marks } = world[key];
    const last = stops.length - 1;
    const panel = stage.panels[key];
    const colour = key === "beta" ? world.palette.kl : world.palette.best_of_n;
    for (const [shown, share] of [
      [last, 1],
      [last - 0.5, 0.5],
    ]) {
      drawMarks(
        group,
        stage.panels,
        world,
        { beta: { shown: 0 }, n: { shown: 0 }, [key]: { shown } },
        none,
        16,
      );
      // The dashed line at the stop's pressure (between two stops: their geometric mean).
      const pressure = Math.exp(
        (1 - share) * Math.log(Number(stops[last - 1])) + share * Math.log(Number(stops[last])),
      );
      const line = group
        .querySelectorAll("line")
        .find((node) => node.getAttribute("stroke") === colour);
      close(Number(line.getAttribute("x1")), panel.x(pressure), `${key} ${shown} line`);
      for (const field of ["proxy_gain", "gold_gain"]) {
        const gain = (1 - share) * marks[field][last - 1] + share * marks[field][last];
        close(
          Number(dot(group, key, field).getAttribute("cy")),
          panel.y(gain),
          `${key} ${shown} ${field}`,
        );
        close(
          Number(dot(group, key, field).getAttribute("cx")),
          panel.x(pressure),
          `${key} ${shown} ${field} x`,
        );
      }
    }
  }
});

test("a guess is a dotted line labelled 'your guess', its label turned inwards near the right edge", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom);
  const group = stage.curvesMarks;
  const position = { beta: { shown: 0 }, n: { shown: 0 } };
  drawMarks(group, stage.panels, world, position, { beta: null, n: "49" }, 16);
  assert.equal(group.querySelectorAll("[data-guess-mark]").length, 1);
  const line = group.querySelector('[data-guess-mark="n"]');
  close(Number(line.getAttribute("x1")), stage.panels.n.x(49), "guess line");
  const label = group.querySelector(".guess-label");
  assert.equal(label.textContent, "your guess");
  assert.equal(label.getAttribute("text-anchor"), "start");
  drawMarks(group, stage.panels, world, position, { beta: null, n: "10000" }, 16);
  assert.equal(group.querySelector(".guess-label").getAttribute("text-anchor"), "end");
  drawMarks(group, stage.panels, world, position, { beta: null, n: null }, 16);
  assert.equal(group.querySelectorAll("[data-guess-mark]").length, 0, "redrawn: the guess gone");
});

test("the legend has its eight entries once, and presenter mode's reward model with b and σ; a new palette draws it again", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { world } = drawnStage(dom);
  const [legend, glossary] = [dom.document.createElement("div"), dom.document.createElement("p")];
  drawLegend(legend, glossary, world);
  const words = legend.children.map((item) => item.textContent);
  // First the entry presenter mode shows instead of "reward model" (stage.css), its b and σ
  // written by showModel.
  assert.deepEqual(words, [
    `reward model: ${modelText(world)}`,
    "reward model",
    "true quality",
    "its peak",
    "base model",
    "KL samples at β",
    "best-of-n winners",
    "600 answers",
    "darker: better",
  ]);
  assert.equal(legend.children[0].getAttribute("data-legend"), "model");
  showModel(legend, { ...world, b: 0.2, sigma: 1 });
  assert.equal(legend.children[0].textContent, "reward model: b = 0.2, σ = 1");
  assert.equal(modelText({ b: 0, sigma: 0.5 }), "b = 0, σ = 0.5");
  assert.equal(legend.querySelector('[data-legend="peak"]').textContent, "its peak");
  assert.equal(legend.children[1].getAttribute("data-legend"), "proxy");
  assert.equal(
    legend.children[0].querySelector("line").getAttribute("stroke"),
    world.palette.proxy,
  );
  assert.equal(
    legend.children[1].querySelector("line").getAttribute("stroke"),
    world.palette.proxy,
  );
  assert.equal(legend.children[2].querySelector("line").getAttribute("stroke"), world.palette.gold);
  assert.equal(glossary.textContent, world.glossary);
  const first = legend.children[0];
  drawLegend(legend, glossary, { ...world });
  assert.equal(legend.children[0], first, "the same palette: left as it is");
  drawLegend(legend, glossary, { ...world, palette: { ...world.palette, proxy: "#000000" } });
  assert.notEqual(legend.children[0], first);
  assert.equal(legend.children[0].querySelector("line").getAttribute("stroke"), "#000000");
});
