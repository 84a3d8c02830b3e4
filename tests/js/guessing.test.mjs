// Predict-then-reveal on the stage (ui/playground/stage_assets/guessing.js), on the fake DOM with
// the world Python sends for b = 0.2, σ = 1: a click on a curve guesses the nearest stop, no guess
// is taken when not predicting or once revealed, and Reveal waits for a guess.
import assert from "node:assert/strict";
import { test } from "node:test";

import { guess, guessAt, reveal } from "../../ui/playground/stage_assets/guessing.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

// A click at stop `stop` of `key`'s curve panel, halfway down (the SVG sits at the page's 0, 0).
function clickAt(stage, key, stop, nudge = 0) {
  const panel = stage.panels[key];
  const x = panel.x(Number(stop)) + nudge;
  return { clientX: x, clientY: (panel.box.top + panel.box.bottom) / 2, pointerType: "mouse" };
}

test("a click on n's curve guesses the stop nearest it; the panel says so and Reveal is ready", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom, { predict: { on: true } });
  assert.ok(stage.predictPanel.buttons.reveal.disabled, "nothing to reveal yet");
  guessAt(stage, clickAt(stage, "n", "590", 2));
  assert.equal(stage.prediction.guess.n, "590");
  assert.equal(stage.prediction.guess.beta, null);
  assert.ok(!stage.predictPanel.buttons.reveal.disabled);
  assert.match(stage.predictPanel.text.textContent, /590/);
});

test("no guess is taken when not predicting, nor once revealed; Reveal needs a guess", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const off = drawnStage(dom).stage;
  guess(off, "n", 3);
  guessAt(off, clickAt(off, "n", "590"));
  assert.deepEqual(off.prediction.guess, { beta: null, n: null });
  const { stage, root } = drawnStage(dom, { predict: { on: true } });
  reveal(stage);
  assert.equal(stage.prediction.revealed, false, "no guess: nothing revealed");
  guess(stage, "beta", 2);
  reveal(stage);
  assert.equal(root.dataset.revealed, "true");
  guess(stage, "beta", 5);
  assert.equal(stage.prediction.guess.beta, stage.world.beta.stops[2]);
});
