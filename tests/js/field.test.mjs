// Reading the world between the points Python sent (ui/playground/stage_assets/field.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { colourAt, fieldSampler, interpolateAt } from "../../ui/playground/stage_assets/field.js";

const close = (actual, expected) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${actual} is not ${expected}`);

test("interpolateAt reads a rising curve between its points, and names the nearer one", () => {
  const xs = [1, 2, 4, 8];
  const ys = [0, 10, 30, 70];
  assert.deepEqual(interpolateAt(xs, ys, 3), { index: 2, value: 20 }); // halfway: the upper
  assert.deepEqual(interpolateAt(xs, ys, 2.5), { index: 1, value: 15 });
  assert.deepEqual(interpolateAt(xs, ys, 7), { index: 3, value: 60 });
});

test("interpolateAt reads a falling curve (β runs from 10 down to 0.25)", () => {
  const xs = [10, 4, 2, 1];
  const ys = [0.1, 0.4, 0.7, 1.0];
  const between = interpolateAt(xs, ys, 3);
  assert.equal(between.index, 2);
  close(between.value, 0.55);
  assert.deepEqual(interpolateAt(xs, ys, 4), { index: 1, value: 0.4 });
});

test("interpolateAt holds the end values beyond the curve's ends", () => {
  const xs = [1, 2, 4];
  const ys = [5, 6, 9];
  assert.deepEqual(interpolateAt(xs, ys, 0.1), { index: 0, value: 5 });
  assert.deepEqual(interpolateAt(xs, ys, 100), { index: 2, value: 9 });
});

test("fieldSampler reads a field stored [substance][length]: rows are substance", () => {
  // 3x3 grid at -1, 0, 1; value = 100 * length + 10 * substance, in hundredths (scale 100).
  const grid = [-1, 0, 1];
  const values = [];
  for (const substance of grid)
    for (const length of grid) values.push(100 * (100 * length + 10 * substance));
  const field = fieldSampler(grid, values, 100);
  close(field(0.5, 0), 50); // length 0.5, substance 0: flipped, this would read 5
  close(field(0, 0.5), 5);
  close(field(-1, -1), -110);
  close(field(0.5, -0.5), 45); // bilinear between the four corners
});

test("fieldSampler holds the edge values outside the grid", () => {
  const grid = [0, 1];
  const field = fieldSampler(grid, [0, 100, 200, 300], 100); // rows: substance 0, 1
  assert.ok(Math.abs(field(5, 0) - 1) < 0.01);
  assert.ok(Math.abs(field(-5, 5) - 2) < 0.01);
});

test("colourAt reads a colour scale between its stops", () => {
  const scale = [
    [0, "#000000"],
    [0.5, "#ff0000"],
    [1, "#ffffff"],
  ];
  assert.deepEqual(colourAt(scale, 0), [0, 0, 0]);
  assert.deepEqual(colourAt(scale, 0.25), [128, 0, 0]);
  assert.deepEqual(colourAt(scale, 0.75), [255, 128, 128]);
  assert.deepEqual(colourAt(scale, 1), [255, 255, 255]);
});
