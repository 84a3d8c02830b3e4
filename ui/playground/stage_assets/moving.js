// β and n moving on the stage: a stop chosen (a drag, a key, a story step) shows its readouts
// and slider at once while the cloud glides there, frame by frame; Play sweeps a method from
// gentle to extreme and back. Under prefers-reduced-motion the picture jumps: no glide, and Play
// steps a stop a second with no frames between. Functions of the Stage (stage.js), which hands
// itself in.

import { showSlack, showWin } from "./controls.js";
import { clamp } from "./field.js";
import { stopHeading } from "./format.js";
import { glide, REDUCE_MOTION, REDUCED_STEP_MS, sweep, sweepStep, SWEEP_MS } from "./motion.js";
import { showAnswers } from "./answers.js";
import { setText } from "./svg.js";
import { drawMoving } from "./drawing.js";
import { settleSoon } from "./settling.js";
import { t } from "./words.js";

export function jumpTo(stage, key, index) {
  const position = stage.position[key];
  position.target = index;
  position.shown = index;
  showStop(stage, key);
}

export function moveTo(stage, key, index, { fromUser = false } = {}) {
  if (fromUser) stopPlaying(stage, false);
  stage.position[key].target = index;
  showStop(stage, key);
  animate(stage);
}

export function showStop(stage, key) {
  // Readouts and the slider follow the stop at once; the cloud glides there.
  const index = stage.stopIndex(key);
  const method = stage.world[key];
  const control = stage.controls[key];
  const stop = method.stops[index];
  const valueText = `${method.symbol} = ${stop}`;
  if (control.input.value !== String(index)) control.input.value = String(index);
  control.input.setAttribute("aria-valuetext", valueText);
  setText(control.output, `= ${stop}`);
  setText(control.heading, stopHeading(key, stop));
  for (const field of ["kl", "proxy", "gold", "length"]) {
    control.cells[field].textContent = method.readouts[field][index];
  }
  if (stage.hidingTruth()) control.cells.gold.textContent = "?";
  showSlack(control, method, index, stage.hidingTruth());
  showWin(control, method, index, stage.hidingTruth());
  control.edge.hidden = !(control.edge.textContent = method.edge ? method.edge.notes[index] : "");
  stage.root.dataset[key] = stop;
  showAnswers(stage);
}

// Whether the reader asked for reduced motion: the media query is read once per stage and kept
// up to date by its change event (a Play under way restarts in the new mode).
export function reducedMotion(stage) {
  if (stage.reduceMotion === undefined) {
    const query = typeof matchMedia === "function" ? matchMedia(REDUCE_MOTION) : null;
    stage.reduceMotion = Boolean(query && query.matches);
    query?.addEventListener?.("change", (event) => {
      stage.reduceMotion = Boolean(event.matches);
      const key = stage.playing && stage.playing.key;
      if (!key || !stage.root.isConnected) return;
      stopPlaying(stage, false);
      togglePlay(stage, key);
    });
  }
  return stage.reduceMotion;
}

export function togglePlay(stage, key) {
  if (stage.playing && stage.playing.key === key) {
    stopPlaying(stage, true);
    return;
  }
  stopPlaying(stage, false);
  stage.worlds.stopPlaying(false);
  const last = stage.world[key].stops.length - 1;
  const position = stage.position[key];
  const direction = position.target >= last ? -1 : 1;
  stage.playing = { key, direction, last: performance.now() };
  stage.controls[key].play.setAttribute("aria-pressed", "true");
  stage.controls[key].play.textContent = t("❚❚ Pause");
  if (reducedMotion(stage)) stepPlay(stage);
  else animate(stage);
}

function stepPlay(stage) {
  // Reduced motion: one whole stop a step, drawn once, bouncing off both ends as the sweep does.
  stage.playing.timer = setTimeout(() => {
    if (!stage.playing || !stage.root.isConnected || !stage.world) return;
    const { key } = stage.playing;
    const last = stage.world[key].stops.length - 1;
    const stepped = sweepStep(stage.stopIndex(key), stage.playing.direction, last);
    stage.playing.direction = stepped.direction;
    jumpTo(stage, key, stepped.index);
    drawMoving(stage);
    stepPlay(stage);
  }, REDUCED_STEP_MS);
}

export function stopPlaying(stage, settle) {
  if (!stage.playing) return;
  const { key, timer } = stage.playing;
  clearTimeout(timer);
  stage.playing = null;
  const position = stage.position[key];
  position.target = Math.round(position.target);
  showStop(stage, key);
  stage.controls[key].play.setAttribute("aria-pressed", "false");
  stage.controls[key].play.textContent = t("▶ Play");
  if (settle) settleSoon(stage);
  animate(stage);
}

function animate(stage) {
  if (stage.frame === null) {
    stage.lastFrame = performance.now();
    stage.frame = requestAnimationFrame((now) => tick(stage, now));
  }
}

function tick(stage, now) {
  stage.frame = null;
  if (!stage.root.isConnected || !stage.world) return;
  // A frame's timestamp can precede the moment it was asked for: count at least one frame.
  const elapsed = clamp(now - stage.lastFrame, 16, 1000);
  stage.lastFrame = now;
  const still = reducedMotion(stage); // the glide is instant: drawn once, at its stop
  if (stage.playing && !still) advancePlay(stage, now);
  let moving = Boolean(stage.playing) && !still;
  for (const key of ["beta", "n"]) {
    const position = stage.position[key];
    position.shown = still ? position.target : glide(position.shown, position.target, elapsed);
    moving = moving || position.shown !== position.target;
  }
  drawMoving(stage);
  if (moving) animate(stage);
}

function advancePlay(stage, now) {
  // Time-based, so a throttled background tab resumes where the sweep would be.
  const { key } = stage.playing;
  const last = stage.world[key].stops.length - 1;
  const position = stage.position[key];
  const elapsed = Math.min(now - stage.playing.last, 2 * SWEEP_MS);
  stage.playing.last = now;
  const swept = sweep(position.target, stage.playing.direction, elapsed, last);
  stage.playing.direction = swept.direction;
  const before = stage.stopIndex(key);
  position.target = swept.target;
  position.shown = position.target; // the sweep itself is the glide
  if (stage.stopIndex(key) !== before) showStop(stage, key);
}
