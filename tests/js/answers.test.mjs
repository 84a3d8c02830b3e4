// The stage's "read the answers" panel and a dot's answer (answers.js) on the fake DOM, with the
// world Python sends for b = 0.2, σ = 1 and the banks it serves (fixtures from
// scripts/js_fixtures.py: the panel's texts there are Python's own).
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { answerSentences, hundredths } from "../../ui/playground/stage_assets/answer_writer.js";
import { dotAt, loadAnswerTables, planeTip } from "../../ui/playground/stage_assets/answers.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

const { tables, panel } = JSON.parse(
  readFileSync(new URL("./fixtures/answer_writer.json", import.meta.url), "utf8"),
);
const cardOf = (root, key) => root.querySelector(`[data-answer="${key}"]`);
const settled = () => new Promise((resolve) => setImmediate(resolve));

// A stage at β = 1, n = 49 whose fetch of the banks answers `answer` (a function of the address).
async function stageWithBanks(t, answer = () => ({ ok: true, json: async () => tables })) {
  const dom = installDom();
  const fetched = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (address) => {
    fetched.push(address);
    return answer(address);
  };
  t.after(() => {
    globalThis.fetch = realFetch;
    dom.restore();
  });
  const drawn = drawnStage(dom, { beta: "1", n: "49" }); // its data name the banks' address
  await settled();
  return { ...drawn, fetched };
}

test("once the banks arrive, both cards write Python's answers, with the world's scores", async (t) => {
  const { stage, world, root, fetched } = await stageWithBanks(t);
  assert.equal(fetched.length, 1);
  assert.equal(fetched[0], "/worlds/fixture/answers.json"); // data.worlds.answers
  loadAnswerTables(stage, fetched[0]); // the same address: no second fetch
  assert.equal(fetched.length, 1);
  for (const [key, heading, stop] of [
    ["n", "Best-of-n keeps (n = 49)", "49"],
    ["beta", "The KL optimum writes (β = 1)", "1"],
  ]) {
    const card = cardOf(root, key);
    assert.equal(card.querySelector("h3").textContent, heading);
    assert.equal(card.querySelector(".answer-text").textContent.trim(), panel[key]);
    const index = world[key].stops.indexOf(stop);
    assert.match(
      card.querySelector(".answer-numbers").textContent,
      new RegExp(
        `reward model \\${world.answers[key].proxy[index] >= 0 ? "+" : ""}${world.answers[key].proxy[index].toFixed(2)}`,
      ),
    );
  }
  assert.equal(cardOf(root, "picked").hidden, true);
  assert.equal(stage.answers.status.hidden, true);
  // Another stop of n: the card follows at once (showStop), to that stop's point.
  stage.moveTo("n", world.n.stops.indexOf("590"));
  assert.equal(cardOf(root, "n").querySelector("h3").textContent, "Best-of-n keeps (n = 590)");
  assert.notEqual(cardOf(root, "n").querySelector(".answer-text").textContent.trim(), panel.n);
});

test("a failed fetch says so and is tried again with the next data", async (t) => {
  const { stage, fetched } = await stageWithBanks(t, () => ({ ok: false, status: 503 }));
  assert.match(stage.answers.status.textContent, /could not be loaded/);
  loadAnswerTables(stage, fetched[0]);
  assert.equal(fetched.length, 2);
});

test("a dot's answer on hover: the dot under the pointer, its first sentences; none off the dots", async (t) => {
  const { stage, world } = await stageWithBanks(t);
  const { x, y } = stage.planeScale;
  const stop = world.n.stops.indexOf("49");
  const cloud = world.n.cloud[stop];
  const klCloud = world.beta.cloud[world.beta.stops.indexOf("1")];
  // Best-of-n's point farthest from the KL cloud's, so nothing else is as near the pointer.
  let marker = 0;
  let widest = -1;
  for (let i = 0; i < cloud.length; i += 2) {
    let gap = Infinity;
    for (let j = 0; j < klCloud.length; j += 2)
      gap = Math.min(gap, Math.hypot(cloud[i] - klCloud[j], cloud[i + 1] - klCloud[j + 1]));
    if (gap > widest) [widest, marker] = [gap, i];
  }
  const point = [cloud[marker], cloud[marker + 1]];
  const [px, py] = [x(point[0] / 100), y(point[1] / 100)];
  const dot = dotAt(stage, px, py);
  assert.deepEqual(
    dot.point,
    point.map((value) => hundredths(value / 100)),
  );
  planeTip(stage, px, py, { clientX: px, clientY: py });
  assert.ok(stage.tooltip.classList.contains("answer-tip"));
  const first = answerSentences(tables, "sleep", ...dot.point)[0].text;
  assert.ok(stage.tooltip.textContent.includes(first), stage.tooltip.textContent);
  assert.match(stage.tooltip.textContent, /length \d\.\d\d, substance \d\.\d\d/);
  // The plane's far corner has no dot: the point's numbers, as plane.js writes them.
  const [cornerX, cornerY] = [x(5.8), y(5.8)];
  assert.equal(dotAt(stage, cornerX, cornerY), null);
  planeTip(stage, cornerX, cornerY, { clientX: cornerX, clientY: cornerY });
  assert.ok(!stage.tooltip.classList.contains("answer-tip"));
  assert.match(stage.tooltip.textContent, /^length 5\.80, substance 5\.80 · true quality/);
});

test("each card says its scores are this answer's own, beside readouts of average gains (n = 1: +0.00)", async (t) => {
  const { stage, world, root } = await stageWithBanks(t);
  stage.moveTo("n", world.n.stops.indexOf("1"));
  const numbers = cardOf(root, "n").querySelector(".answer-numbers").textContent;
  const stop = world.n.stops.indexOf("1");
  const own = world.answers.n.gold[stop];
  const signed = `${own >= 0 ? "+" : ""}${own.toFixed(2)}`;
  assert.ok(numbers.includes(`this answer: reward model `), numbers);
  assert.ok(numbers.includes(`, true quality ${signed} · `), numbers);
  // The readout beside n's slider is the average gain over the base model: at n = 1, none.
  const readout = root.querySelector('[data-readout="n-gold"]').textContent;
  assert.equal(readout, "+0.00");
  assert.notEqual(signed, readout);
  assert.match(
    stage.answers.panel.querySelector(".answers-note").textContent,
    /each card's are its own answer's scores, where the readouts above are average gains/,
  );
  // What the text shows, counted as a careful reader counts it.
  assert.match(numbers, /\d+ sentences: \d+ good points, \d+ wrong, \d+ padding$/);
});
