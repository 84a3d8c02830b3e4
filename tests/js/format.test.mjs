// The numbers the stage writes itself (ui/playground/stage_assets/format.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { formatTick, peakText, pressureHoverText, signedText, signedTick, stopHeading } from "../../ui/playground/stage_assets/format.js";

test("a gain is signed and never -0.00", () => {
  assert.equal(signedText(0.52), "+0.52");
  assert.equal(signedText(-1.24), "-1.24");
  assert.equal(signedText(-0.001), "+0.00");
  assert.equal(signedText(0), "+0.00");
});

test("ticks and headings", () => {
  assert.equal(signedTick(2), "+2");
  assert.equal(signedTick(0), "0");
  assert.equal(signedTick(-0.5), "-0.5");
  assert.deepEqual([1, 49, 2000, 10000].map(formatTick), ["1", "49", "2,000", "10k"]);
  assert.equal(stopHeading("n", "10000"), "Best-of-n at n = 10,000");
  assert.equal(stopHeading("beta", "0.6"), "KL penalty at β = 0.6");
  assert.equal(pressureHoverText("n", 1234.4), "n ≈ 1,234");
  assert.equal(pressureHoverText("beta", 0.61234), "β ≈ 0.612");
  assert.equal(peakText("n", 49), "49");
  assert.equal(peakText("beta", 1), "1.0");
});
