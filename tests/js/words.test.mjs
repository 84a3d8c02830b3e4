// The stage's words (words.js): English is the key, the reader's entries replace it, and a
// stage built with German words writes its buttons, titles and sentences in German.
import assert from "node:assert/strict";
import { test } from "node:test";

import { setWords, t } from "../../ui/playground/stage_assets/words.js";
import { installDom } from "./fake_dom.mjs";
import mountStage from "../../ui/playground/stage_assets/stage.js";
import { drawnStage, stageData } from "./stage_harness.mjs";

test("t() keeps English without an entry, takes the entry, and fills its placeholders", () => {
  setWords({});
  assert.equal(t("Reveal the truth"), "Reveal the truth");
  assert.equal(
    t("Pinned (faded, dashed): {pin}", { pin: "b = 0" }),
    "Pinned (faded, dashed): b = 0",
  );
  setWords({ "Reveal the truth": "Auflösen", "Best-of-n at {stop}": "Best-of-n bei {stop}" });
  assert.equal(t("Reveal the truth"), "Auflösen");
  assert.equal(t("Best-of-n at {stop}", { stop: "n = 49" }), "Best-of-n bei n = 49");
  assert.equal(t("No such {thing}", {}), "No such {thing}"); // a missing value stays visible
  setWords(null); // no words sent: English
  assert.equal(t("Reveal the truth"), "Reveal the truth");
});

test("a stage built with German words writes them; English words where none is sent", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  setWords({
    "▶ Play": "▶ Abspielen",
    "Reveal the truth": "Wahrheit aufdecken",
    "KL penalty at {stop}": "KL-Strafe bei {stop}",
    "gain over base": "Gewinn über Basis",
  });
  try {
    const { root } = drawnStage(dom);
    const texts = (selector) => root.querySelectorAll(selector).map((node) => node.textContent);
    assert.ok(texts("button.play").includes("▶ Abspielen"));
    assert.ok(texts("button.reveal").includes("Wahrheit aufdecken"));
    assert.ok(texts("h2").some((text) => text.startsWith("KL-Strafe bei β = ")));
    assert.ok(!texts("button.play").includes("▶ Play"));
    // Not sent: stays English.
    assert.ok(texts("button").includes("Clear pin"));
  } finally {
    setWords({});
  }
});

test("another language builds the stage again, in it: one set of controls, the new words", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  t.after(() => setWords({}));
  const { world, worlds } = stageData();
  const host = dom.document.body.appendChild(dom.document.createElement("div"));
  const root = host.appendChild(dom.document.createElement("div"));
  root.className = "stage";
  const request = { id: 1, beta: "1", n: "49", b: "0.2", sigma: "1" };
  const data = { world: JSON.stringify(world), worlds, request, language: "en", words: {} };
  mountStage({ data, parentElement: host, setStateValue: () => {} });
  const reveal = () => root.querySelectorAll("button.reveal").map((node) => node.textContent);
  assert.deepEqual(reveal(), ["Reveal the truth"]);
  const german = { "Reveal the truth": "Wahrheit aufdecken" };
  const next = { ...data, request: { ...request, id: 2 }, language: "de", words: german };
  mountStage({ data: next, parentElement: host, setStateValue: () => {} });
  assert.deepEqual(reveal(), ["Wahrheit aufdecken"]);
  assert.equal(dom.window.listeners.resize.length, 1, "the first stage's listener taken off");
  // A settle's rerun sends no words: the stage keeps German's.
  mountStage({ data: { ...next, words: null }, parentElement: host, setStateValue: () => {} });
  assert.deepEqual(reveal(), ["Wahrheit aufdecken"]);
});
