// prefers-reduced-motion on the stage (moving.js, motion.js; WCAG 2.3.3), on the fake DOM with
// the world for b = 0.2, σ = 1: a chosen stop is drawn at once (no glide), Play jumps a whole
// stop a second with no animation frame between, the query is read once per stage and its change
// switches a Play under way; without it, the glide and the sweep are as before.
import assert from "node:assert/strict";
import { test } from "node:test";

import { REDUCE_MOTION, REDUCED_STEP_MS } from "../../ui/playground/stage_assets/motion.js";
import { moveTo, togglePlay } from "../../ui/playground/stage_assets/moving.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

const REDUCED = { [REDUCE_MOTION]: true };

// The animation frames asked for from now on (the fake clock's own request, counted).
function countFrames() {
  const counted = { frames: 0 };
  const ask = globalThis.requestAnimationFrame;
  globalThis.requestAnimationFrame = (callback) => {
    counted.frames += 1;
    return ask(callback);
  };
  return counted;
}

test("reduced motion: a chosen stop is drawn at its place in one frame, with no glide", (t) => {
  const dom = installDom({ media: REDUCED });
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom, { beta: "1", n: "49" });
  const from = world.n.stops.indexOf("49");
  const counted = countFrames();
  const redraws = stage.redraws;
  moveTo(stage, "n", from + 4, { fromUser: true });
  dom.clock.tick(16);
  assert.equal(stage.position.n.shown, from + 4, "the first frame draws it at its stop");
  assert.equal(stage.frame, null, "and asks for no other");
  dom.clock.tick(1000);
  assert.equal(counted.frames, 1);
  assert.equal(stage.redraws, redraws + 1, "one picture: the new one");
});

test("reduced motion: Play steps one whole stop a second, no frame between, and bounces", (t) => {
  const dom = installDom({ media: REDUCED });
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { beta: "1", n: "49" });
  const stops = world.beta.stops;
  const start = stops.indexOf("1");
  const counted = countFrames();
  togglePlay(stage, "beta");
  assert.equal(stage.controls.beta.play.getAttribute("aria-pressed"), "true");
  const seen = [];
  for (let step = 0; step < 2 * stops.length; step += 1) {
    for (let sample = 0; sample < 10; sample += 1) {
      dom.clock.tick(REDUCED_STEP_MS / 10);
      const { shown, target } = stage.position.beta;
      assert.ok(Number.isInteger(shown) && shown === target, `between stops: ${shown}`);
    }
    seen.push(stage.position.beta.target);
    assert.equal(root.dataset.beta, stops[seen.at(-1)], "the readouts follow each step");
  }
  assert.equal(counted.frames, 0, "no animation frame at all");
  assert.equal(seen[0], start + 1, "one stop after one second");
  const moves = seen.map((index, at) => index - (at ? seen[at - 1] : start));
  assert.ok(
    moves.every((move) => Math.abs(move) === 1),
    `a stop a step: ${moves}`,
  );
  assert.ok(seen.includes(stops.length - 1) && seen.includes(0), "both ends reached");
  togglePlay(stage, "beta"); // Pause: the step timer goes with it
  const paused = stage.position.beta.target;
  dom.clock.tick(5 * REDUCED_STEP_MS);
  assert.equal(stage.position.beta.target, paused);
  assert.equal(stage.playing, null);
});

test("the query is read once per stage; its change switches a Play under way", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom, { beta: "1", n: "49" });
  togglePlay(stage, "beta");
  dom.clock.tick(500);
  const swept = stage.position.beta.target;
  assert.ok(!Number.isInteger(swept), `without the preference Play sweeps: ${swept}`);
  const counted = countFrames();
  dom.media.setMedia(REDUCE_MOTION, true);
  assert.ok(Number.isInteger(stage.position.beta.target), "the sweep stops on a whole stop");
  dom.clock.tick(3 * REDUCED_STEP_MS);
  const framesWhileReduced = counted.frames;
  assert.ok(framesWhileReduced <= 1, `no frames while stepping (${framesWhileReduced})`);
  assert.equal(stage.playing.key, "beta", "still playing, in steps");
  dom.media.setMedia(REDUCE_MOTION, false);
  dom.clock.tick(500);
  assert.ok(counted.frames > framesWhileReduced + 10, "frames again once motion is allowed");
  moveTo(stage, "n", 3);
  moveTo(stage, "n", 5, { fromUser: true });
  assert.equal(dom.media.asked, 1, "matchMedia asked once");
});

test("without the preference a move still glides over several frames", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom, { beta: "1", n: "49" });
  const from = world.n.stops.indexOf("49");
  moveTo(stage, "n", from + 4);
  dom.clock.tick(16);
  const shown = stage.position.n.shown;
  assert.ok(shown > from && shown < from + 4, `one frame in: ${shown}`);
});
