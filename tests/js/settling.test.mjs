// What the stage says once it stops (ui/playground/stage_assets/settling.js), on the fake DOM
// with the world Python sends for b = 0.2, σ = 1: one report 350 ms after the last move, each
// numbered, and the readouts in words for a screen reader.
import assert from "node:assert/strict";
import { test } from "node:test";

import { announce, settle, settleSoon } from "../../ui/playground/stage_assets/settling.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

test("moves 300 ms apart settle once, 350 ms after the last; each report is numbered", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, reports } = drawnStage(dom, { beta: "1", n: "49" });
  settleSoon(stage);
  dom.clock.tick(300);
  settleSoon(stage);
  dom.clock.tick(340);
  assert.equal(reports.length, 0);
  dom.clock.tick(20);
  assert.equal(reports.length, 1);
  settle(stage);
  assert.deepEqual(
    reports.map(([name, value]) => [name, value.seq]),
    [
      ["settled", 1],
      ["settled", 2],
    ],
  );
  assert.equal(reports[1][1].guess_n, undefined, "no guesses unless predicting");
});

test("the announcement says both methods' headings and readouts, and labels the curves", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world } = drawnStage(dom, { beta: "0.6", n: "10000" });
  stage.announcer.textContent = "";
  announce(stage);
  const nIndex = world.n.stops.indexOf("10000");
  const said = stage.announcer.textContent;
  assert.ok(said.startsWith("KL penalty at β = 0.6: KL "), said);
  assert.ok(
    said.includes(
      `Best-of-n at n = 10,000: KL ${world.n.readouts.kl[nIndex]} nats, reward model ` +
        `${world.n.readouts.proxy[nIndex]}, true quality ${world.n.readouts.gold[nIndex]}, ` +
        `mean length ${world.n.readouts.length[nIndex]}.`,
    ),
    said,
  );
  assert.ok(stage.curvesSvg.getAttribute("aria-label").endsWith(said));
});
