// β and n moving on the stage (ui/playground/stage_assets/moving.js), on the fake DOM with the
// world Python sends for b = 0.2, σ = 1: a stop's readouts at once, the cloud gliding after
// them, a jump with no glide, and a reader's move taking over from Play.
import assert from "node:assert/strict";
import { test } from "node:test";

import { jumpTo, moveTo, togglePlay } from "../../ui/playground/stage_assets/moving.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

const readout = (root, key, field) =>
  root.querySelector(`[data-readout="${key}-${field}"]`).textContent;

test("a move shows its stop's readouts at once; the cloud glides there over frames, then stops asking for them", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { beta: "1", n: "49" });
  const from = world.n.stops.indexOf("49");
  moveTo(stage, "n", from + 4);
  assert.equal(readout(root, "n", "proxy"), world.n.readouts.proxy[from + 4]);
  assert.equal(stage.controls.n.input.value, String(from + 4));
  assert.equal(root.dataset.n, world.n.stops[from + 4]);
  assert.equal(stage.position.n.shown, from, "not drawn there before a frame");
  const redraws = stage.redraws;
  dom.clock.tick(32);
  const shown = stage.position.n.shown;
  assert.ok(shown > from && shown < from + 4, `one frame in: ${shown}`);
  dom.clock.tick(2000);
  assert.equal(stage.position.n.shown, from + 4);
  assert.equal(stage.frame, null, "no frame asked for once it is there");
  const after = stage.redraws;
  assert.ok(after > redraws + 2, "a redraw a frame");
  dom.clock.tick(500);
  assert.equal(stage.redraws, after);
});

test("the slack line is the stop's own as β and n move: push on before the peak, back off past it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { beta: "4", n: "1" });
  const line = (key) => root.querySelector(`[data-slack="${key}"]`).textContent;
  for (const key of ["beta", "n"]) {
    const { stops, slack } = world[key];
    assert.equal(slack.length, stops.length, `${key}: one line a stop`);
    const seen = new Set();
    for (let index = 0; index < stops.length; index += 1) {
      moveTo(stage, key, index, { fromUser: true });
      assert.equal(line(key), slack[index], `${key} = ${stops[index]}`);
      seen.add(line(key).split(" ")[0]);
    }
    jumpTo(stage, key, 0);
    assert.equal(line(key), slack[0], "and back at the gentlest stop");
    // b = 0.2, σ = 1: both push on at first, and both pass a peak clear of the edge.
    assert.ok(seen.has("Push") && seen.has("At") && seen.has("Back"), [...seen].join());
  }
  // The gentlest β says what pushing on to the peak brings, in gains that rise.
  assert.match(
    line("beta"),
    /^Push on to β = [\d.]+: \+\d+\.\d\d true quality, \+\d+\.\d\d score$/,
  );
});

test("a jump (Python's request) puts the cloud at its stop with no glide", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { beta: "1", n: "49" });
  jumpTo(stage, "beta", 3);
  assert.deepEqual(stage.position.beta, { target: 3, shown: 3 });
  assert.equal(readout(root, "beta", "kl"), world.beta.readouts.kl[3]);
  assert.equal(stage.frame, null);
});

test("the reader's own move stops Play on the whole stop it reached; a program's move does not", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom, { beta: "10", n: "49" });
  togglePlay(stage, "beta");
  dom.clock.tick(1000);
  moveTo(stage, "n", 2); // not the reader's: Play goes on
  assert.equal(stage.playing.key, "beta");
  moveTo(stage, "beta", 7, { fromUser: true });
  assert.equal(stage.playing, null);
  assert.equal(stage.controls.beta.play.getAttribute("aria-pressed"), "false");
  assert.equal(stage.position.beta.target, 7);
});
