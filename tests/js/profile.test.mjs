// The stage's step timings for the benchmarks (ui/playground/stage_assets/profile.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { timed } from "../../ui/playground/stage_assets/profile.js";

const measured = (step) => performance.getEntriesByName(`stage:${step}`, "measure");

test("without the benchmark's flag a step is a plain call: its result, no measure", () => {
  delete globalThis.__stageProfile;
  assert.equal(
    timed("plain", () => 42),
    42,
  );
  assert.equal(measured("plain").length, 0);
});

test("with window.__stageProfile a step is measured as stage:<step>, even when it throws", (t) => {
  globalThis.__stageProfile = true;
  t.after(() => {
    delete globalThis.__stageProfile;
    performance.clearMeasures();
  });
  assert.equal(
    timed("parse", () => "world"),
    "world",
  );
  assert.equal(measured("parse").length, 1);
  assert.ok(measured("parse")[0].duration >= 0);
  assert.throws(
    () =>
      timed("broken", () => {
        throw new Error("bad world");
      }),
    /bad world/,
  );
  assert.equal(measured("broken").length, 1);
});
