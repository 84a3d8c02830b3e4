// The stage's picture (ui/playground/stage_assets/drawing.js), on the fake DOM with the world
// Python sends for b = 0.2, σ = 1: still parts drawn once per world and size, moving parts
// every time, a hidden stage drawn once it has a size, layouts asked for within a frame run
// once, and a new world drawn in place.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  drawMoving,
  layout,
  scheduleLayout,
  showWorld,
} from "../../ui/playground/stage_assets/drawing.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage, LAPTOP } from "./stage_harness.mjs";

const stillDraws = (stage) => Number(stage.root.dataset.stillDraws);

test("the same size redraws only the moving parts; a new size or world draws the still ones again", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom);
  assert.equal(stillDraws(stage), 1);
  const redraws = stage.redraws;
  layout(stage, false);
  assert.deepEqual([stillDraws(stage), stage.redraws], [1, redraws + 1]);
  drawMoving(stage);
  assert.equal(stage.redraws, redraws + 2);
  stage.curvesFigure.clientWidth = LAPTOP.curvesWidth - 100;
  layout(stage, false);
  assert.equal(stillDraws(stage), 2);
  layout(stage, true);
  assert.equal(stillDraws(stage), 3);
});

test("a stage with no room draws nothing, and draws its new world once it has a size", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom);
  stage.curvesFigure.clientWidth = 40; // hidden, or not laid out yet
  layout(stage, true);
  assert.equal(stillDraws(stage), 1);
  layout(stage, false);
  assert.equal(stillDraws(stage), 1);
  stage.curvesFigure.clientWidth = LAPTOP.curvesWidth;
  layout(stage, false); // the same size as before, but a world is waiting
  assert.equal(stillDraws(stage), 2);
});

test("layouts asked for within one frame run once, at the frame", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom);
  const redraws = stage.redraws;
  for (let i = 0; i < 5; i += 1) scheduleLayout(stage);
  assert.equal(stage.redraws, redraws);
  dom.clock.tick(16);
  assert.equal(stage.redraws, redraws + 1);
});

test("a new world at the size last measured is drawn in place: the panels kept, their numbers new", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom);
  const { panels } = stage;
  showWorld(stage);
  assert.equal(stage.panels, panels);
  assert.equal(stillDraws(stage), 2);
  stage.stillPending = true; // a world that came while the stage had no size: laid out anew
  showWorld(stage);
  assert.notEqual(stage.panels, panels);
});
