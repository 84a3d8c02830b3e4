// The numbers the stage writes itself (ui/playground/stage_assets/format.js): every case
// common/format.py wrote into fixtures/format_cases.json (scripts/js_fixtures.py), and the
// stage's own texts built from them.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import {
  countText,
  formatTick,
  named,
  numberText,
  peakText,
  pointText,
  pressureHoverText,
  signedText,
  signedTick,
  significant,
  stopHeading,
  stopText,
} from "../../ui/playground/stage_assets/format.js";

const CASES = JSON.parse(
  readFileSync(new URL("./fixtures/format_cases.json", import.meta.url), "utf8"),
);
// Each of common/format.py's functions in the fixture, and its twin here (null: the default argument).
const TWINS = {
  signed: (value, decimals) => signedText(value, decimals ?? undefined),
  number: (value, decimals) => numberText(value, decimals ?? undefined),
  significant: (value, digits) => significant(value, digits),
  count: (value) => countText(value),
  tick: (value, shortFrom) => formatTick(value, shortFrom ?? undefined),
  stop: (value) => stopText(value),
  named: (symbol, value) => named(symbol, value),
};

test("the fixture holds every function of the twin, and n = 590's gain", () => {
  assert.deepEqual(Object.keys(CASES).sort(), Object.keys(TWINS).sort());
  assert.ok(
    CASES.signed.some(([value, text]) => value === -0.001391480405560766 && text === "-0.001"),
  );
});

for (const [name, rows] of Object.entries(CASES)) {
  test(`${name}: every case as common/format.py prints it`, () => {
    for (const row of rows) {
      const inputs = row.slice(0, -1);
      assert.equal(TWINS[name](...inputs), row.at(-1), `${name}(${JSON.stringify(inputs)})`);
    }
  });
}

test("a gain is signed, never -0.00, and keeps the sign of one that rounds to zero", () => {
  assert.equal(signedText(0.52), "+0.52");
  assert.equal(signedText(-1.24), "-1.24");
  assert.equal(signedText(-0.0014), "-0.001");
  assert.equal(signedText(-1e-16), "+0.00");
  assert.equal(signedText(0), "+0.00");
  assert.equal(signedText(0.125), "+0.12"); // an exact tie, to even as Python rounds it
});

test("ticks, headings, hovers and the reveal", () => {
  assert.equal(signedTick(2), "+2");
  assert.equal(signedTick(0), "0");
  assert.equal(signedTick(-0.5), "-0.5");
  assert.deepEqual(
    [1, 49, 2000, 10000, 0.25].map((tick) => formatTick(tick)),
    ["1", "49", "2,000", "10k", "0.25"],
  );
  assert.equal(stopHeading("n", "10000"), "Best-of-n at n = 10,000");
  assert.equal(stopHeading("beta", "0.6"), "KL penalty at β = 0.6");
  assert.equal(pressureHoverText("n", 1234.4), "n ≈ 1,234");
  assert.equal(pressureHoverText("beta", 0.61234), "β ≈ 0.612");
  assert.equal(pressureHoverText("beta", 0.3), "β ≈ 0.3");
  assert.equal(peakText("n", 49), "49");
  assert.equal(peakText("beta", 1), "1"); // as Python's slack line: "Stop at the peak, β = 1"
  assert.equal(pointText(1.2, -0.0004), "length 1.20, substance 0.00");
});
