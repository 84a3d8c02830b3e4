// The stage's picture: laid out at the size measured, its still parts (curves, fields, answers)
// drawn once per world and size, its moving parts (clouds and marks) every frame while something
// moves. Functions of the Stage (stage.js), which hands itself in; what each chart draws is
// curves.js's, plane.js's and marks.js's.

import { drawCurves } from "./curves.js";
import { showCurvesWorld } from "./curves_world.js";
import { drawMarks, moveClouds } from "./marks.js";
import { drawStepPointers } from "./annotations.js";
import { drawPlane, showPlaneWorld } from "./plane.js";
import { measure } from "./sizes.js";
import { pinnedGains } from "./pin.js";
import { drawPinned } from "./pin_drawing.js";
import { timed } from "./profile.js";
import { announce } from "./settling.js";

export function scheduleLayout(stage) {
  if (stage.layoutPending) return;
  stage.layoutPending = true;
  requestAnimationFrame(() => {
    stage.layoutPending = false;
    if (stage.world) layout(stage, false);
  });
}

// A new world for b or σ: its own parts drawn in place at the size last measured (measuring
// here would force a layout mid-task); a resize since is the ResizeObserver's to redraw.
export function showWorld(stage) {
  if (!stage.size || stage.stillPending || stage.layoutPending) return layout(stage, true);
  drawStill(stage, true);
  drawMoving(stage);
  announce(stage);
}

export function layout(stage, worldChanged) {
  const size = timed("measure", () => measure(stage));
  if (size.curvesWidth < 80 || size.planeWidth < 80) {
    // Hidden or not laid out yet: draw when the ResizeObserver says it has a size.
    stage.stillPending = stage.stillPending || worldChanged;
    return;
  }
  const key = JSON.stringify(size);
  if (!worldChanged && key === stage.sizeKey && !stage.stillPending) {
    drawMoving(stage);
    return;
  }
  stage.sizeKey = key;
  stage.size = size;
  stage.stillPending = false;
  drawStill(stage);
  drawMoving(stage);
  announce(stage);
  stage.root.querySelector(".loading")?.remove();
  stage.root.getRootNode().host?.setAttribute("data-stage-drawn", ""); // ui/page_frame.py
}

// --- still parts: curves, fields, answers (once per world and size) ----------------------

function drawStill(stage, inPlace = false) {
  const { fontPx, curvesWidth, curvesHeight, planeWidth, chartHeight } = stage.size;
  // While predicting, the lesson's ticks (n = 49, β = 1: the answer) give way to even ones.
  const xTicks = stage.prediction.on && stage.predictTicks ? stage.predictTicks : stage.world.ticks;
  const pinned = { beta: pinnedGains(stage, "beta"), n: pinnedGains(stage, "n") };
  if (!(
    inPlace && timed("curves", () => showCurvesWorld(stage.panels, stage.world, xTicks, pinned))
  )) {
    const curves = timed("curves", () =>
      drawCurves(
        stage.curvesSvg,
        stage.curvesMoving,
        stage.world,
        { width: curvesWidth, height: curvesHeight, fontPx },
        xTicks,
        pinned,
      ),
    );
    stage.panels = curves.panels;
    stage.curvesMarks = curves.marks;
  }
  if (!(inPlace && timed("plane", () => showPlaneWorld(stage.plane, stage.world)))) {
    stage.plane = timed("plane", () =>
      drawPlane(
        stage.planeSvg,
        stage.planeMoving,
        stage.world,
        { width: planeWidth, height: chartHeight, fontPx },
        stage.goldCache,
      ),
    );
    stage.planeScale = stage.plane.scale;
    stage.cloudGroups = stage.plane.cloudGroups;
  }
  drawPinned(stage); // under the moving layers, so the current picture stays on top
  stage.root.dataset.stillDraws = String(Number(stage.root.dataset.stillDraws || 0) + 1);
}

// --- moving parts: clouds and marks (every frame while something moves) -----------------

export function drawMoving(stage) {
  if (!stage.size || !stage.cloudGroups) return;
  moveClouds(stage.cloudGroups, stage.world, stage.position, stage.planeScale);
  const guesses = stage.prediction.on ? stage.prediction.guess : { beta: null, n: null };
  drawStepPointers(
    stage,
    drawMarks(
      stage.curvesMarks,
      stage.panels,
      stage.world,
      stage.position,
      guesses,
      stage.size.fontPx,
    ),
  );
  stage.redraws += 1;
  stage.root.dataset.redraws = String(stage.redraws);
}
