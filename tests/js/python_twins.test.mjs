// The stage's JavaScript against the Python it repeats, on cases Python wrote
// (scripts/js_fixtures.py; python -m scripts.js_fixtures rewrites tests/js/fixtures/).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { fieldSampler } from "../../ui/playground/stage_assets/field.js";
import {
  guessFactor,
  nearestStopIndex,
  revealedLine,
} from "../../ui/playground/stage_assets/predict.js";

const fixture = (name) =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8"));

test("a click picks the stop Python's nearest_stop picks, for β and n", () => {
  const cases = fixture("nearest_stop.json");
  for (const key of ["beta", "n"]) {
    const stops = cases[key].stops.map(Number);
    const wrong = cases[key].cases.filter(
      ([value, index]) => nearestStopIndex(stops, value) !== index,
    );
    assert.deepEqual(
      wrong,
      [],
      `${key}: [value, Python's index] where the stage picks another stop`,
    );
    assert.ok(cases[key].cases.length > 250);
  }
});

test("a guess is off by poll_data/guesses.py's factor, printed to the same tenth", () => {
  const cases = fixture("guess_factor.json");
  assert.ok(
    cases.some(({ guess, truth }) => guess < truth) &&
      cases.some(({ guess, truth }) => guess > truth),
  );
  for (const { guess, truth, factor, text } of cases) {
    assert.equal(guessFactor(guess, truth), factor, `guess ${guess}, truth ${truth}`);
    const line = revealedLine("n", "n", truth, String(guess));
    const said = factor < 1.05 ? "right on." : `off by a factor of ${text} (`;
    assert.ok(line.includes(said), `guess ${guess}, truth ${truth}: "${line}", Python "${text}"`);
  }
  const tie = cases.find(({ guess, truth }) => guess === 4 && truth === 49); // exactly 12.25
  assert.equal(tie.text, "12.2");
});

test("the reveal's words: right on within 5%, else the factor and which way", () => {
  assert.equal(
    revealedLine("n", "n", 49, "49"),
    "n: true quality peaks at n = 49; you guessed 49, right on.",
  );
  assert.equal(
    revealedLine("n", "n", 49, "100"),
    "n: true quality peaks at n = 49; you guessed 100, off by a factor of 2.0 (too high).",
  );
  // "β = 1", as Python's slack line and the poll write it (format.js's peakText, common/format.py)
  assert.equal(
    revealedLine("β", "beta", 1, "0.25"),
    "β: true quality peaks at β = 1; you guessed 0.25, off by a factor of 4.0 (too low).",
  );
  // Where true quality never turns down (b = 0.2, σ = 0: best-of-n still rises at n = 10,000),
  // the truth is the curve's end, not a peak.
  assert.equal(
    revealedLine("n", "n", 10000, "49", true),
    "n: true quality never turns down: it is highest at the end, n = 10,000; you guessed 49, off by a factor of 204.1 (too low).",
  );
});

test("where true quality levels off the reveal says so, and a guess on the stretch is right", () => {
  // b = 0, σ = 1: best-of-n's highest point is n = 212 and from n = 1,942 to 10,000 it stays
  // within 0.005 of it (the world's curve.peak.levels_off; tests/app/test_step_questions.py
  // checks the world carries them). It said "peaks at n = 212", a guess of 10,000 47.2 too high.
  const levels = [1942, 10000];
  const said =
    "true quality levels off: from n = 1,942 to n = 10,000 it stays within 0.005 of its highest (at n = 212), so any setting there is as good";
  assert.equal(
    revealedLine("n", "n", 212, "10000", false, levels),
    `n: ${said}; you guessed 10000, right on.`,
  );
  assert.equal(
    revealedLine("n", "n", 212, "3000", false, levels),
    `n: ${said}; you guessed 3000, right on.`,
  );
  // Off the stretch: measured to the nearer of the peak and the stretch's ends.
  assert.match(revealedLine("n", "n", 212, "800", false, levels), /factor of 2\.4 \(too low\)/);
  assert.match(revealedLine("n", "n", 212, "24", false, levels), /factor of 8\.8 \(too low\)/);
  // A world without the field (null, or built before it) reads as a peak.
  assert.match(revealedLine("n", "n", 212, "10000", false, null), /peaks at n = 212; .* 47\.2/);
});

test("the plane's shipped fields read as core's true quality and reward model", () => {
  const { plane, scale, points, nodes } = fixture("plane.json");
  const gold = fieldSampler(plane.grid, plane.gold, scale);
  // Between nodes 0.2 apart, bilinear reading of s + l - (l² - 1) is off by at most
  // 0.2² / 8 * 2 = 0.01, plus 0.005 of rounding to hundredths.
  for (const [length, substance, expected] of points) {
    const found = gold(length, substance);
    assert.ok(
      Math.abs(found - expected) < 0.016,
      `true quality at (${length}, ${substance}): ${found}, core ${expected}`,
    );
  }
  // At the nodes the reading is the node's value: core's reward model to the hundredth.
  const proxy = fieldSampler(plane.grid, plane.proxy, scale);
  for (const [length, substance, expected] of nodes) {
    const found = proxy(length, substance);
    assert.ok(
      Math.abs(found - expected) < 0.0051,
      `reward model at (${length}, ${substance}): ${found}, core ${expected}`,
    );
  }
});
