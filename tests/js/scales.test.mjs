// The stage's scales and ticks (ui/playground/stage_assets/scales.js), imported as the browser runs them.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  linearScale,
  logScale,
  niceDomain,
  niceTicks,
  readableTicks,
  spacedTicks,
} from "../../ui/playground/stage_assets/scales.js";

test("a linear scale maps its domain's ends onto its range's, and back", () => {
  const y = linearScale([-2, 4], [300, 0]); // a panel's y: pixels grow downwards
  assert.equal(y(-2), 300);
  assert.equal(y(4), 0);
  assert.equal(y(1), 150);
  assert.equal(y.invert(50), 3);
});

test("a log scale puts equal ratios at equal distances", () => {
  const x = logScale([1, 10000], [0, 400]);
  assert.equal(x(1), 0);
  assert.ok(Math.abs(x(100) - 200) < 1e-9);
  assert.ok(Math.abs(x(10) - 100) < 1e-9);
  assert.ok(Math.abs(x.invert(300) - 1000) < 1e-9);
});

test("nice ticks step by 1, 2, 2.5 or 5 times a power of ten", () => {
  assert.deepEqual(niceTicks(-4, 6, 5), [-4, -2, 0, 2, 4, 6]); // the plane's axes
  assert.deepEqual(niceTicks(0, 1, 4), [0, 0.25, 0.5, 0.75, 1]);
  assert.deepEqual(niceTicks(0, 1, 10), [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]); // 0.3, not 0.30000000000000004
  assert.deepEqual(niceTicks(-1.3, 3.7, 5), [-1, 0, 1, 2, 3]);
  assert.deepEqual(niceTicks(0, 70, 3), [0, 25, 50]);
  assert.deepEqual(niceTicks(-0.35, 0.35, 3), [-0.25, 0, 0.25]);
  assert.deepEqual(niceTicks(-0.35, 0.35, 2), [0]); // a step of 0.5: only 0 inside
});

test("readable ticks: 2.2 em apart, closer where that leaves fewer than three", () => {
  assert.deepEqual(readableTicks(-2, 4, 300, 16), [-2, -1, 0, 1, 2, 3, 4]); // 300 px / 35 px: 8 asked
  // 100 px at 22 px type: 0 and +2 are 37 px apart (>= 1.2 em); steps of 1 would be 19 px.
  assert.deepEqual(readableTicks(-1.5, 3.9, 100, 22), [0, 2]);
  // 60 px: 0 and +2 would be 22 px apart, closer than 1.2 em (26 px): 0 alone.
  assert.deepEqual(readableTicks(-1.5, 3.9, 60, 22), [0]);
});

test("a domain with fewer than three readable ticks is widened to whole steps", () => {
  assert.deepEqual(niceDomain(-1.5, 3.9, 100, 22), [-2, 4]); // steps of 2: -2, 0, +2, +4
  assert.deepEqual(niceDomain(-1.5, 3.9, 60, 22), [-5, 5]); // one tick: half the span, made nice
  assert.deepEqual(niceDomain(-1.5, 3.9, 300, 16), [-1.5, 3.9]); // enough ticks: unchanged
});

test("spaced ticks keep both ends first and drop labels that would touch", () => {
  const box = { left: 0, right: 200 };
  const x = logScale([1, 10000], [0, 200]);
  // 50 px a decade at 16 px type: 200 would touch 49 (30.5 px apart, 31.6 needed), 2,000 590.
  assert.deepEqual(
    spacedTicks([1, 3, 10, 49, 200, 590, 2000, 10000], x, box, 16),
    [1, 10000, 3, 10, 49, 590],
  );
  assert.deepEqual(
    spacedTicks([1, 3, 10, 49, 200, 590, 2000, 10000], x, { left: 0, right: 200 }, 4).length,
    8,
  );
  assert.deepEqual(spacedTicks([0.5, 1, 20000], x, box, 16), [1]); // 0.5 and 20,000: off the axis
});
