// The curves' annotations (ui/playground/stage_assets/annotations.js): the KL curve's stretch
// capped by the grid's edge, split from the rest and drawn dotted; a story step's pointer at
// the point its line names, placed inside its panel.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  edgeDashes,
  firstCapped,
  placePointer,
  pointerTarget,
  runs,
  stepShown,
} from "../../ui/playground/stage_assets/annotations.js";

test("the capped stretch is a run of its own, sharing its first point with the clear one", () => {
  assert.deepEqual(runs([false, false, false, true, true]), [
    { from: 0, to: 2, capped: false },
    { from: 2, to: 4, capped: true },
  ]);
  assert.deepEqual(runs([false, false]), [{ from: 0, to: 1, capped: false }]);
  assert.equal(firstCapped([false, false, true]), 2);
  assert.equal(firstCapped([false]), -1);
});

test("the dashes run solid along the clear stretch, then dot the capped one to its end", () => {
  // 30 px clear (three 10 px steps), then 28 px capped (two 14 px steps): 4 dots of 7 px.
  const points = [
    [0, 0],
    [10, 0],
    [20, 0],
    [30, 0],
    [44, 0],
    [58, 0],
  ];
  const capped = [false, false, false, false, true, true];
  const dashes = edgeDashes(points, capped).split(" ").map(Number);
  assert.deepEqual(dashes.slice(0, 2), [30, 0]);
  assert.deepEqual(dashes.slice(2), [2, 5, 2, 5, 2, 5, 2, 5]);
  assert.equal(
    dashes.reduce((sum, value) => sum + value, 0),
    58,
    "the pattern spans the whole line once",
  );
});

test("a curve clear of the edge gets no dashes: a plain line", () => {
  assert.equal(
    edgeDashes(
      [
        [0, 0],
        [5, 5],
      ],
      [false, false],
    ),
    null,
  );
  assert.equal(
    edgeDashes(
      [
        [0, 0],
        [5, 5],
      ],
      [],
    ),
    null,
  );
});

// β falling from 4 to 0.25: true quality peaks at β = 1, falls below 0 at 0.5, capped from 0.3.
const curve = {
  pressure: [4, 2, 1, 0.5, 0.3, 0.25],
  gold_gain: [0.2, 0.8, 1.0, -0.5, -2.0, 3.0],
  peak: { pressure: 1, gold_gain: 1.0 },
};
const capped = [false, false, false, false, true, true];

test("a pointer names the peak, the first fall below the base, or the strongest clear point", () => {
  assert.deepEqual(pointerTarget(curve, capped, "peak"), { pressure: 1, gain: 1.0 });
  assert.deepEqual(pointerTarget(curve, capped, "below_base"), { pressure: 0.5, gain: -0.5 });
  // The capped rise at β = 0.25 (+3.0) is never the "end": the edge's, not the trade-off's.
  assert.deepEqual(pointerTarget(curve, capped, "end"), { pressure: 0.5, gain: -0.5 });
  assert.deepEqual(pointerTarget(curve, capped, "mark", { pressure: 2, gain: 0.8 }), {
    pressure: 2,
    gain: 0.8,
  });
  assert.equal(pointerTarget(curve, capped, "nowhere"), null);
});

test("a fall below the base only on the capped stretch is not pointed at", () => {
  const rising = { ...curve, gold_gain: [0.2, 0.8, 1.0, 0.9, -2.0, -3.0] };
  assert.equal(pointerTarget(rising, capped, "below_base"), null);
  assert.deepEqual(pointerTarget(rising, [], "below_base"), { pressure: 0.3, gain: -2.0 });
});

const box = { left: 100, right: 400, top: 50, bottom: 350 };

test("a label goes above its point on the side with room, and stays inside the panel", () => {
  const right = placePointer(380, 200, box, 20, "the peak"); // near the right edge: to its left
  assert.ok(right.y < 200 && right.x + 0.52 * 20 * 8 <= 380, right);
  assert.deepEqual(right.lineTo, [380, 200]);
  const left = placePointer(110, 200, box, 20, "below the base");
  assert.ok(left.x >= box.left && left.x > 110, left);
  const nearTop = placePointer(250, 60, box, 20, "stalls"); // no room above: below
  assert.ok(nearTop.y > 60 && nearTop.y <= box.bottom, nearTop);
  const under = placePointer(250, 200, box, 20, "below the base", true); // asked below: below
  assert.ok(under.y > 200 && under.lineFrom[1] < under.y, under);
  const floor = placePointer(250, 340, box, 20, "below the base", true); // no room below: above
  assert.ok(floor.y < 340, floor);
  const long = placePointer(250, 200, box, 20, "x".repeat(20)); // wider than half the box
  assert.ok(long.x >= box.left && long.x + 0.52 * 20 * 20 <= box.right, long);
  // Its drawn width, when measured, places it: wider than the estimate (bold German), it moves
  // left to stay inside the panel (estimated, "noch wenig Druck" ran past its right edge).
  const estimated = placePointer(250, 200, box, 20, "noch wenig Druck", true);
  const measured = placePointer(250, 200, box, 20, "noch wenig Druck", true, 200);
  assert.ok(estimated.x + 200 > box.right, estimated);
  assert.ok(measured.x + 200 <= box.right && measured.x < estimated.x, measured);
});

test("a step's pointers show only where all four settings are the step's", () => {
  const steps = [
    { values: { beta: 1, n: 49, b: 0, sigma: 0 }, points_at: [["n", "peak", "the peak"]] },
  ];
  const world = { b: 0, sigma: 0 };
  assert.equal(stepShown(steps, world, { beta: "1", n: "49" }), steps[0]);
  assert.equal(stepShown(steps, world, { beta: "1", n: "50" }), null);
  assert.equal(stepShown(steps, { b: 0.2, sigma: 0 }, { beta: "1", n: "49" }), null);
  assert.equal(stepShown(undefined, world, { beta: "1", n: "49" }), null);
});
