// The pin's picture and its URL form (ui/playground/stage_assets/pin.js): the same cut of a
// world as Python's ui/playground/pin.py snapshot, written as the address writes it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { pinLabel, pinText, snapshotOf } from "../../ui/playground/stage_assets/pin.js";

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
