// A finger on a slider's track (ui/playground/stage_assets/touch.js): which way it means to go,
// and the stop under it.
import assert from "node:assert/strict";
import { test } from "node:test";

import { stopAt, touchIntent } from "../../ui/playground/stage_assets/touch.js";

test("a finger that has barely moved has not decided; then the larger direction wins", () => {
  assert.equal(touchIntent(3, -4), null); // 5 px
  assert.equal(touchIntent(2, -40), "scroll"); // a vertical swipe: the page scrolls
  assert.equal(touchIntent(-30, 10), "slide");
  assert.equal(touchIntent(0, 8), "scroll");
});

test("a finger at exactly 45 degrees scrolls the page: the slider takes only a clearly sideways move", () => {
  assert.equal(touchIntent(30, 30), "scroll");
  assert.equal(touchIntent(-30, 30), "scroll");
  assert.equal(touchIntent(30, -30), "scroll");
  assert.equal(touchIntent(31, 30), "slide");
});

test("the stop under a finger: the thumb's centre spans the track less half a thumb each end", () => {
  // A 228 px track from x = 100 with 10 stops (0..9): centres from 114 to 314, 22.2 px apart.
  assert.equal(stopAt(114, 100, 228, 9), 0);
  assert.equal(stopAt(314, 100, 228, 9), 9);
  assert.equal(stopAt(214, 100, 228, 9), 5); // the middle: 4.5 rounds up
  assert.equal(stopAt(20, 100, 228, 9), 0); // off the track's ends: its ends
  assert.equal(stopAt(900, 100, 228, 9), 9);
});
