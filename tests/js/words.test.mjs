// The stage's words (words.js): English is the key, the reader's entries replace it, and a
// stage built with German words writes its buttons, titles and sentences in German.
import assert from "node:assert/strict";
import { test } from "node:test";

import { setWords, t } from "../../ui/playground/stage_assets/words.js";
import { installDom } from "./fake_dom.mjs";
import { drawnStage } from "./stage_harness.mjs";

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

test("a stage built with German words writes them; English words where none is sent", () => {
  const dom = installDom();
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
    dom.uninstall?.();
  }
});
