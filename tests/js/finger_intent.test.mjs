// The one rule for a finger on a slider (ui/screen_assets/finger_intent.js), which the page
// shell's sliders.js and the stage's touch.js both take: its two boundaries, the 45° line
// between a slide and a scroll and the 8 px a finger moves before it has decided. A copy of
// the rule in touch.js once drifted (a 45° finger slid there): these fail if either moves.
import assert from "node:assert/strict";
import { test } from "node:test";

import { touchIntent } from "../../ui/playground/stage_assets/touch.js";
import { fingerIntent } from "../../ui/screen_assets/finger_intent.js";

const RADIUS_PX = 40; // a gesture well past the 8 px decision, so only its angle counts

// A gesture RADIUS_PX long at `degrees` from the horizontal, in each of the four quadrants.
function gestures(degrees) {
  const radians = (degrees * Math.PI) / 180;
  const dx = RADIUS_PX * Math.cos(radians);
  const dy = RADIUS_PX * Math.sin(radians);
  return [
    [dx, dy],
    [-dx, dy],
    [dx, -dy],
    [-dx, -dy],
  ];
}

test("the stage's sliders take the page shell's rule itself, not a copy", () => {
  assert.equal(touchIntent, fingerIntent);
});

test("44° from the horizontal slides, 46° scrolls, in every quadrant", () => {
  for (const [dx, dy] of gestures(44)) assert.equal(fingerIntent(dx, dy), "slide", `${dx},${dy}`);
  for (const [dx, dy] of gestures(46)) assert.equal(fingerIntent(dx, dy), "scroll", `${dx},${dy}`);
});

test("exactly 45° scrolls: the slider takes only a clearly sideways move", () => {
  // Written as equal legs: cos and sin of π/4 differ in their last bit.
  for (const [dx, dy] of [
    [30, 30],
    [-30, 30],
    [30, -30],
    [-30, -30],
  ]) {
    assert.equal(fingerIntent(dx, dy), "scroll", `${dx},${dy}`);
  }
  assert.equal(fingerIntent(30.01, 30), "slide"); // a hair sideways of 45°
});

test("a finger has decided at 8 px and not a hair before, whichever way it moved", () => {
  assert.equal(fingerIntent(8, 0), "slide");
  assert.equal(fingerIntent(0, -8), "scroll");
  assert.equal(fingerIntent(7.99, 0), null);
  assert.equal(fingerIntent(0, 7.99), null);
  assert.equal(fingerIntent(4.8, 6.4), "scroll"); // 8 px on the diagonal 3-4-5
  assert.equal(fingerIntent(4.79, 6.39), null);
});
