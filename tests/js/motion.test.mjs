// How β and n move between stops (ui/playground/stage_assets/motion.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { glide, sweep, sweepStep } from "../../ui/playground/stage_assets/motion.js";

test("a cloud glides part of the way each frame and arrives within 0.002 of a stop", () => {
  const first = glide(0, 1, 70); // one time constant: 1 - 1/e of the way
  assert.ok(Math.abs(first - 0.6321205588) < 1e-9, `${first}`);
  assert.ok(glide(first, 1, 16) > first && glide(first, 1, 16) < 1);
  assert.equal(glide(0.999, 1, 16), 1);
  assert.equal(glide(3, 3, 16), 3);
  assert.ok(glide(5, 2, 70) < 5); // and downwards
});

test("play sweeps the stops in 6 s and bounces off both ends", () => {
  assert.deepEqual(sweep(0, 1, 3000, 20), { target: 10, direction: 1 });
  assert.deepEqual(sweep(18, 1, 1200, 20), { target: 18, direction: -1 }); // 22 -> 18, turned
  assert.deepEqual(sweep(1, -1, 600, 20), { target: 1, direction: 1 }); // -1 -> 1, turned
  assert.deepEqual(sweep(20, -1, 300, 20), { target: 19, direction: -1 });
});

test("b and σ's Play steps one stop of the same sweep, bouncing off both ends", () => {
  assert.deepEqual(sweepStep(5, 1, 20), { index: 6, direction: 1 });
  assert.deepEqual(sweepStep(20, 1, 20), { index: 19, direction: -1 }); // the top: turned
  assert.deepEqual(sweepStep(0, -1, 20), { index: 1, direction: 1 }); // 0: turned
  assert.deepEqual(sweepStep(1, -1, 20), { index: 0, direction: -1 });
  // Any number of stops: one stop a step, though SWEEP_MS / 7 is not a whole number of ms.
  for (let index = 0; index < 7; index += 1)
    assert.deepEqual(sweepStep(index, 1, 7), { index: index + 1, direction: 1 });
  assert.deepEqual(sweepStep(0, 1, 0), { index: 0, direction: 1 }, "one stop: it stays");
});
