// n's win-rate line on the stage (controls.js showWin, moving.js showStop), on the fake DOM with
// the world Python sends for b = 0.2, σ = 1: the stop's own line as n moves, none on β's panel,
// and an empty line that keeps its place while the truth is hidden, filled on the reveal.
import assert from "node:assert/strict";
import { test } from "node:test";

import { guess, reveal } from "../../ui/playground/stage_assets/guessing.js";
import { jumpTo, moveTo } from "../../ui/playground/stage_assets/moving.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

const winLine = (root) => root.querySelector('[data-win="n"]').textContent;

test("the win-rate line is the n stop's own as n moves, and β's panel has none", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { beta: "1", n: "1" });
  const { stops, win } = world.n;
  assert.equal(win.length, stops.length, "one line a stop");
  assert.equal(root.querySelector('[data-win="beta"]'), null);
  for (let index = 0; index < stops.length; index += 1) {
    moveTo(stage, "n", index, { fromUser: true });
    assert.equal(winLine(root), win[index], `n = ${stops[index]}`);
  }
  jumpTo(stage, "n", 0);
  assert.equal(winLine(root), win[0]);
  // n = 1 is a coin flip both ways; the score's rate rises to n/(n+1), true quality's turns down.
  assert.equal(win[0], "Beats a random answer: 50% by score, 50% by true quality");
  const byTruth = win.map((line) => Number(line.match(/(\d+)% by true quality/)[1]));
  const top = Math.max(...byTruth);
  assert.ok(top > byTruth[0] && top > byTruth.at(-1), byTruth.join());
  assert.match(win.at(-1), /^Beats a random answer: 99%\+ by score, \d+% by true quality$/);
});

test("while the truth is hidden the line is empty, and the reveal fills it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { predict: { on: true } });
  const at = stage.stopIndex("n");
  assert.equal(winLine(root), "", "no true quality before the reveal");
  moveTo(stage, "n", at + 1, { fromUser: true });
  assert.equal(winLine(root), "");
  guess(stage, "n", 3);
  reveal(stage);
  assert.equal(winLine(root), world.n.win[stage.stopIndex("n")]);
});
