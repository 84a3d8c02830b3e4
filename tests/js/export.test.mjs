// The stage's downloads (ui/playground/stage_assets/export.js): the settings line, the curves'
// CSV (each column holding what its header names) and the picture's SVG, on the fake DOM.
import assert from "node:assert/strict";
import { resolveObjectURL } from "node:buffer";
import { test } from "node:test";

import {
  curvesCsv,
  pictureSvg,
  settings,
  settingsLine,
} from "../../ui/playground/stage_assets/export.js";
import { numberText, signedText } from "../../ui/playground/stage_assets/format.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage, stageData } from "./stage_harness.mjs";

const { world } = stageData();

// What export.js reads of a stage: its world and the stop each slider is on.
const stageAt = (beta, n) => ({
  world,
  stopIndex: (key) => world[key].stops.indexOf(key === "beta" ? beta : n),
});

test("the settings line writes n with thousands' commas, as the pin's label does", () => {
  assert.deepEqual(settings(stageAt("0.6", "10000")), {
    b: "0.2",
    sigma: "1",
    beta: "0.6",
    n: "10000",
  });
  assert.equal(settingsLine(stageAt("0.6", "10000")), "b = 0.2, σ = 1, β = 0.6, n = 10,000");
  assert.equal(settingsLine(stageAt("1", "1500")), "b = 0.2, σ = 1, β = 1, n = 1,500");
  assert.equal(settingsLine(stageAt("0.25", "590")), "b = 0.2, σ = 1, β = 0.25, n = 590");
});

// The CSV as rows of {column: text}.
function rowsOf(csv) {
  const [header, ...lines] = csv.trimEnd().split("\n");
  const columns = header.split(",");
  return lines.map((line) =>
    Object.fromEntries(line.split(",").map((text, i) => [columns[i], text])),
  );
}

test("the CSV has a row per stop of each method, its gains in the columns their headers name", () => {
  const csv = curvesCsv(stageAt("1", "49"));
  assert.ok(csv.startsWith("method,stop,b,sigma,reward_model_gain,true_quality_gain,kl_nats\n"));
  assert.ok(csv.endsWith("\n"));
  const rows = rowsOf(csv);
  assert.equal(rows.length, world.beta.stops.length + world.n.stops.length);
  let differing = 0;
  for (const [key, method] of [
    ["beta", "kl_penalty"],
    ["n", "best_of_n"],
  ]) {
    const mine = rows.filter((row) => row.method === method);
    assert.deepEqual(
      mine.map((row) => row.stop),
      world[key].stops,
    );
    mine.forEach((row, i) => {
      // Python's readouts (common/format.py's text of the same result's proxy_gain, gold_gain and kl)
      // beside each stop's CSV numbers: a column carrying the other gain reads differently.
      const { readouts } = world[key];
      assert.equal(
        signedText(Number(row.reward_model_gain)),
        readouts.proxy[i],
        `${method} ${row.stop} reward model`,
      );
      assert.equal(
        signedText(Number(row.true_quality_gain)),
        readouts.gold[i],
        `${method} ${row.stop} true quality`,
      );
      assert.equal(numberText(Number(row.kl_nats)), readouts.kl[i], `${method} ${row.stop} KL`);
      assert.deepEqual([row.b, row.sigma], ["0.2", "1"]);
      if (readouts.proxy[i] !== readouts.gold[i]) differing += 1;
    });
  }
  assert.ok(differing >= 40, `${differing} stops where the two gains' readouts differ`);
});

test("downloads are off while predicting, and the CSV button saves the curves under the settings' name", async (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const made = [];
  const createElement = dom.document.createElement.bind(dom.document);
  dom.document.createElement = (tag) => {
    const node = createElement(tag);
    made.push(node);
    return node;
  };
  const { stage, root } = drawnStage(dom, { beta: "1", n: "10000", predict: { on: true } });
  const buttons = root.querySelectorAll("[data-download]");
  assert.deepEqual(
    buttons.map((node) => node.dataset.download),
    ["svg", "png", "csv"],
  );
  assert.equal(buttons[2].getAttribute("aria-label"), "Download the curves as CSV");
  assert.equal(buttons[0].getAttribute("aria-label"), "Download the picture as SVG");
  for (const node of buttons)
    assert.deepEqual([node.disabled, node.title], [true, "Available after Reveal"]);
  buttons[2].click();
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(
    made.filter((node) => node.localName === "a").length,
    0,
    "nothing saved while predicting",
  );
  root.querySelector('[data-guess="n"]').click();
  stage.predictPanel.buttons.reveal.click();
  for (const node of buttons) assert.deepEqual([node.disabled, node.title], [false, ""]);
  buttons[2].click();
  await new Promise((resolve) => setImmediate(resolve));
  const [link] = made.filter((node) => node.localName === "a");
  assert.equal(link.download, "reward-hacking_b0.2_sigma1_beta1_n10000.csv");
  assert.equal(await resolveObjectURL(link.href).text(), curvesCsv(stage));
  assert.equal(link.parentNode, null, "clicked, then taken out of the page");
});

test("the picture's SVG is titled with the settings line and holds the legend, both charts and their moving layers", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const { stage } = drawnStage(dom, { beta: "0.6", n: "10000" });
  const legend = stage.legend.children;
  legend.forEach((item, i) => {
    item.rect = { left: 120 * i, top: 0, width: 110, height: 20 };
  });
  stage.legend.rect = { left: 0, top: 0, width: 1200, height: 20 };
  const { text, width, height } = pictureSvg(stage);
  assert.equal(width, 640 + 16 + 440);
  assert.ok(height > 408 && height < 408 + 120, `${height}`);
  assert.match(text, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1096" /);
  assert.ok(
    text.includes(">Reward hacking, live: b = 0.2, σ = 1, β = 0.6, n = 10,000</text>"),
    text.slice(0, 400),
  );
  for (const entry of ["reward model", "true quality", "its peak", "600 answers"])
    assert.ok(text.includes(`>${entry}</text>`), entry);
  for (const part of [
    'data-chart="curves"',
    'data-layer="curves-moving"',
    'data-chart="plane"',
    'data-layer="plane-moving"',
    'data-series="gold_gain"',
  ]) {
    assert.ok(text.includes(part), part);
  }
  assert.ok(
    !text.includes("visibility: hidden"),
    "after Reveal (or without predicting) nothing is hidden",
  );
});
