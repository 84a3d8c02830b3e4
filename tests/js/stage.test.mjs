// The stage's entry (ui/playground/stage_assets/stage.js) on the fake DOM, with the world Python
// sends for b = 0.2, σ = 1: readouts, hover, predict-then-reveal, Play and the settle report.
import assert from "node:assert/strict";
import { test } from "node:test";

import { signedText } from "../../ui/playground/stage_assets/format.js";
import mountStage from "../../ui/playground/stage_assets/stage.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage, stageData } from "./stage_harness.mjs";

const readout = (root, key, field) =>
  root.querySelector(`[data-readout="${key}-${field}"]`).textContent;

// A pointer over pixel (px, py) of a chart (the charts' SVGs sit at the page's 0, 0 here).
const pointerAt = (px, py) => ({ clientX: px, clientY: py, pointerType: "mouse" });

// The pixel of stop `stop` on `key`'s curve panel, halfway down.
function pixelOf(stage, key, stop) {
  const panel = stage.panels[key];
  return [panel.x(Number(stop)), (panel.box.top + panel.box.bottom) / 2];
}

test("every readout is Python's at the stop, and the drawn stage says where it is", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root } = drawnStage(dom, { beta: "0.6", n: "10000" });
  const [betaIndex, nIndex] = [world.beta.stops.indexOf("0.6"), world.n.stops.indexOf("10000")];
  for (const field of ["kl", "proxy", "gold", "length"]) {
    assert.equal(readout(root, "beta", field), world.beta.readouts[field][betaIndex], field);
    assert.equal(readout(root, "n", field), world.n.readouts[field][nIndex], field);
  }
  assert.equal(stage.controls.n.heading.textContent, "Best-of-n at n = 10,000");
  assert.equal(stage.controls.beta.heading.textContent, "KL penalty at β = 0.6");
  assert.equal(stage.controls.n.output.textContent, "= 10000");
  assert.equal(stage.controls.n.input.getAttribute("aria-valuetext"), "n = 10000");
  assert.equal(root.dataset.world, "0.2,1");
  assert.equal(root.querySelector('[data-slack="beta"]').textContent, world.beta.slack[betaIndex]);
  assert.equal(root.querySelector('[data-slack="n"]').textContent, world.n.slack[nIndex]);
  assert.match(
    stage.announcer.textContent,
    new RegExp(`true quality \\${world.n.readouts.gold[nIndex]}, mean length`),
  );
  assert.equal(root.dataset.stillDraws, "1");
});

test("while predicting, true quality is '?' in the readouts, the announcement and the curves' hover; Reveal shows it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, root, reports } = drawnStage(dom, {
    beta: "1",
    n: "49",
    predict: { on: true },
  });
  const nIndex = world.n.stops.indexOf("49");
  const gold = world.n.readouts.gold[nIndex];
  assert.notEqual(gold, "?");
  for (const key of ["beta", "n"]) {
    assert.equal(readout(root, key, "gold"), "?", key);
    assert.equal(
      root.querySelector(`[data-slack="${key}"]`).textContent,
      "",
      "the slack line names the peak",
    );
  }
  assert.equal(
    readout(root, "n", "proxy"),
    world.n.readouts.proxy[nIndex],
    "the reward model's score stays",
  );
  assert.ok(root.classList.contains("predicting"));
  assert.ok(!stage.announcer.textContent.includes(gold), stage.announcer.textContent);
  assert.match(stage.announcer.textContent, /n = 49: .* true quality \?/);
  // The curves' hover over n = 49: the reward model's gain, true quality's withheld.
  stage.hover("curves", pointerAt(...pixelOf(stage, "n", "49")));
  const hidden = stage.tooltip.textContent;
  assert.match(hidden, /^n ≈ 49 · reward model [+-]\d+\.\d\d · true quality \?$/);
  assert.equal(stage.tooltip.style.display, "block");
  // Moving a slider while predicting keeps it hidden at the new stop.
  const input = stage.controls.n.input;
  input.value = String(nIndex + 3);
  input.dispatch("input");
  assert.equal(readout(root, "n", "gold"), "?");
  assert.equal(readout(root, "n", "proxy"), world.n.readouts.proxy[nIndex + 3]);
  // A guess (the button beside n's slider), then Reveal.
  root.querySelector('[data-guess="n"]').click();
  assert.equal(stage.prediction.guess.n, world.n.stops[nIndex + 3]);
  stage.predictPanel.buttons.reveal.click();
  assert.equal(readout(root, "n", "gold"), world.n.readouts.gold[nIndex + 3]);
  assert.equal(root.querySelector('[data-slack="n"]').textContent, world.n.slack[nIndex + 3]);
  assert.ok(!root.classList.contains("predicting"));
  stage.hover("curves", pointerAt(...pixelOf(stage, "n", "49")));
  assert.equal(
    stage.tooltip.textContent,
    hidden.replace("true quality ?", `true quality ${signedText(goldAt(world.n.curve, 49))}`),
  );
  // Both go to Python once settled: the guess, the reveal and where n is.
  dom.clock.tick(400);
  const [name, settled] = reports.at(-1);
  assert.equal(name, "settled");
  assert.deepEqual(
    { n: settled.n, guess_n: settled.guess_n, revealed: settled.revealed },
    { n: world.n.stops[nIndex + 3], guess_n: world.n.stops[nIndex + 3], revealed: true },
  );
});

// True quality's gain on a curve at a pressure that is one of its points.
function goldAt(curve, pressure) {
  return curve.gold_gain[curve.pressure.indexOf(pressure)];
}

test("the plane's hover names the point, true quality and the reward model there; nothing outside both charts", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom);
  const { x, y } = stage.planeScale;
  stage.hover("plane", pointerAt(x(1), y(0.5)));
  assert.match(
    stage.tooltip.textContent,
    /^length 1\.00, substance 0\.50 · true quality [+-]\d+\.\d\d · reward model [+-]\d+\.\d\d$/,
  );
  stage.hover("curves", pointerAt(2, 2)); // the corner, outside both panels
  assert.equal(stage.tooltip.style.display, "none");
});

test("a slider's move settles once, 350 ms after the last, with all four settings", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, reports } = drawnStage(dom, { beta: "1", n: "49" });
  const input = stage.controls.beta.input;
  for (const index of [3, 4, 5]) {
    input.value = String(index);
    input.dispatch("input");
    input.dispatch("change");
    dom.clock.tick(100);
  }
  assert.equal(reports.length, 0, "not while moving");
  dom.clock.tick(300);
  assert.equal(reports.length, 1);
  const [, settled] = reports[0];
  assert.deepEqual(
    { ...settled, seq: 0 },
    { seq: 0, beta: world.beta.stops[5], n: "49", b: "0.2", sigma: "1", pin: "" },
  );
  assert.equal(stage.root.dataset.beta, world.beta.stops[5]);
});

test("β's Play sweeps its stops in 6 s, turns at the end, and pauses on a whole stop", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage, world, reports } = drawnStage(dom, { beta: "10", n: "49" }); // stop 0 of 20
  const last = world.beta.stops.length - 1;
  const play = stage.controls.beta.play;
  play.click();
  assert.equal(play.getAttribute("aria-pressed"), "true");
  dom.clock.tick(3000); // half a sweep: half way along
  assert.ok(Math.abs(stage.position.beta.target - last / 2) < 0.2, `${stage.position.beta.target}`);
  dom.clock.tick(4000); // 7 s: past the end and back by one sixth of a sweep
  assert.equal(stage.playing.direction, -1);
  assert.ok(
    Math.abs(stage.position.beta.target - (last - last / 6)) < 0.2,
    `${stage.position.beta.target}`,
  );
  play.click();
  assert.equal(play.textContent, "▶ Play");
  const index = stage.position.beta.target;
  assert.ok(Number.isInteger(index));
  assert.equal(stage.root.dataset.beta, world.beta.stops[index]);
  dom.clock.tick(400);
  assert.equal(reports.at(-1)[1].beta, world.beta.stops[index]);
});

test("mountStage builds one stage per component and gives it each run's data", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { world, worlds } = stageData();
  const host = dom.document.body.appendChild(dom.document.createElement("div"));
  const root = host.appendChild(dom.document.createElement("div"));
  root.className = "stage";
  const request = { id: "a", beta: "1", n: "49", b: "0.2", sigma: "1" };
  const data = { world: JSON.stringify(world), worlds, request };
  mountStage({ data, parentElement: host, setStateValue: () => {} });
  const grid = root.querySelector(".grid");
  mountStage({
    data: { ...data, request: { ...request, id: "b", n: "590" } },
    parentElement: host,
    setStateValue: () => {},
  });
  assert.equal(root.querySelector(".grid"), grid, "the same stage, not built again");
  assert.equal(root.dataset.n, "590");
});
