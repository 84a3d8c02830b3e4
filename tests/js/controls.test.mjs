// The stage's page elements and their events (ui/playground/stage_assets/controls.js), on the
// fake DOM with an owner that records what it is asked.
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  buildSlider,
  buildStage,
  listen,
  showTooltip,
} from "../../ui/playground/stage_assets/controls.js";
import { installDom } from "./fake_dom.mjs";

// An owner (a Stage, or WorldControls) that records each call: [method, ...arguments].
function recorder() {
  const calls = [];
  const owner = new Proxy(
    { calls, stopIndex: () => 7 },
    {
      get: (target, name) =>
        name in target ? target[name] : (...args) => calls.push([name, ...args]),
    },
  );
  return { owner, calls };
}

test("a slider has its label, Play and range, and hands each event to its owner", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const control = dom.document.createElement("div");
  const { owner, calls } = recorder();
  const { name, output, hint, input, play } = buildSlider(control, "sigma", owner);
  const label = control.querySelector("label");
  assert.equal(label.getAttribute("for"), "stage-sigma");
  assert.equal(output.getAttribute("for"), "stage-sigma");
  assert.deepEqual(label.children, [name, output, hint]);
  assert.deepEqual(
    ["type", "id", "min", "max", "step", "value"].map((attribute) => input.getAttribute(attribute)),
    ["range", "stage-sigma", "0", "0", "1", "0"],
  );
  assert.deepEqual(
    [play.textContent, play.getAttribute("aria-pressed"), play.getAttribute("type")],
    ["▶ Play", "false", "button"],
  );
  input.value = "4";
  input.dispatch("input");
  input.dispatch("change");
  input.dispatch("pointerdown");
  play.click();
  assert.deepEqual(calls, [
    ["moveTo", "sigma", 4, { fromUser: true }],
    ["settleSoon"],
    ["stopPlaying", false],
    ["togglePlay", "sigma"],
  ]);
});

test("the stage is built afresh: β and n's sliders and readouts, the predict panel, both charts in two layers", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const root = dom.document.createElement("div");
  root.append(dom.document.createElement("p")); // the "loading" text Python puts there
  const { owner, calls } = recorder();
  const parts = buildStage(root, owner);
  assert.deepEqual(
    root.children.map((node) => node.className),
    ["grid", "tooltip", "tap-mark", "visually-hidden"],
  );
  assert.equal(parts.announcer.getAttribute("aria-live"), "polite");
  const sections = root.querySelectorAll("section").map((node) => node.className);
  assert.deepEqual(sections, ["method beta", "method n"]);
  for (const key of ["beta", "n"]) {
    const { cells, edge, slack, guess } = parts.controls[key];
    assert.deepEqual(Object.keys(cells), ["kl", "proxy", "gold", "length"]);
    const terms = root
      .querySelector(`section.${key}`)
      .querySelectorAll("dt")
      .map((node) => node.textContent);
    assert.deepEqual(terms, ["KL (nats)", "reward model", "true quality", "mean length"]);
    for (const field of Object.keys(cells)) {
      assert.equal(cells[field].getAttribute("data-readout"), `${key}-${field}`);
      assert.equal(
        cells[field].parentNode.className,
        field,
        "its colour: the stage's CSS by class",
      );
    }
    assert.equal(edge.getAttribute("role"), "note");
    assert.equal(slack.getAttribute("data-slack"), key);
    assert.ok(guess.hidden, "no guess button until predicting");
  }
  assert.equal(parts.controls.n.guess.textContent, "Guess: n here");
  assert.equal(parts.controls.beta.guess.textContent, "Guess: β here");
  parts.controls.n.guess.click(); // a guess where n's slider is
  parts.predictPanel.buttons.reveal.click();
  assert.deepEqual(calls, [["guess", "n", 7], ["reveal"]]);
  for (const [figure, chart] of [
    [parts.curvesFigure, "curves"],
    [parts.planeFigure, "plane"],
  ]) {
    const [still, moving] = figure.children;
    assert.deepEqual(
      [still.getAttribute("data-chart"), still.getAttribute("role")],
      [chart, "img"],
    );
    assert.deepEqual(
      [moving.getAttribute("data-layer"), moving.getAttribute("aria-hidden")],
      [`${chart}-moving`, "true"],
    );
    assert.equal(still.namespaceURI, "http://www.w3.org/2000/svg");
  }
  assert.equal(parts.legend.getAttribute("aria-hidden"), "true");
  assert.equal(parts.tools.getAttribute("role"), "toolbar");
});

test("a pointer hovers the charts; a finger taps them, and a tap elsewhere hides the tooltip", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const root = dom.document.body.appendChild(dom.document.createElement("div"));
  const { owner, calls } = recorder();
  const stage = Object.assign(owner, buildStage(root, owner), { root });
  listen(stage);
  assert.deepEqual(
    dom.observed.map(({ node }) => node),
    [root],
    "its size is watched",
  );
  dom.window.listeners.resize[0]();
  dom.observed[0].observer.callback();
  assert.deepEqual(calls.splice(0), [["scheduleLayout"], ["scheduleLayout"]]);
  const mouse = { pointerType: "mouse" };
  const finger = { pointerType: "touch" };
  stage.curvesSvg.dispatch("pointermove", mouse);
  stage.planeSvg.dispatch("pointerdown", mouse); // a mouse press is no hover of its own
  stage.planeSvg.dispatch("pointerdown", finger);
  assert.deepEqual(
    calls.splice(0).map(([name, kind]) => [name, kind]),
    [
      ["hover", "curves"],
      ["hover", "plane"],
    ],
  );
  stage.tooltip.style.display = "block";
  stage.planeSvg.dispatch("pointerleave", finger);
  assert.equal(stage.tooltip.style.display, "block", "a finger lifted keeps what it tapped");
  stage.controls.n.cells.kl.dispatch("pointerdown", finger);
  assert.equal(stage.tooltip.style.display, "none", "a tap elsewhere hides it");
  stage.tooltip.style.display = "block";
  stage.curvesSvg.dispatch("pointerleave", mouse);
  assert.equal(stage.tooltip.style.display, "none");
  stage.curvesSvg.click();
  assert.deepEqual(calls.at(-1)[0], "guessAt");
});

test("the tooltip sits beside the pointer, inside the stage and the screen, and no text hides it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const root = dom.document.createElement("div");
  root.rect = { left: 100, top: 50, width: 800 };
  root.clientWidth = 800;
  const tooltip = root.appendChild(dom.document.createElement("div"));
  tooltip.offsetWidth = 200;
  showTooltip(root, tooltip, "n ≈ 49", { clientX: 300, clientY: 250 });
  assert.deepEqual(
    [tooltip.textContent, tooltip.style.display, tooltip.style.left, tooltip.style.top],
    ["n ≈ 49", "block", "214px", "216px"],
  );
  showTooltip(root, tooltip, "near the right edge", { clientX: 880, clientY: 60 });
  assert.equal(tooltip.style.left, `${880 - 14 - 200 - 100}px`); // flipped left of the pointer
  tooltip.offsetHeight = 120;
  showTooltip(root, tooltip, "near the screen's bottom", { clientX: 300, clientY: 700 });
  assert.equal(tooltip.style.top, `${700 - 16 - 120 - 50}px`); // flipped above it (720 px high)
  showTooltip(root, tooltip, null, { clientX: 300, clientY: 250 });
  assert.equal(tooltip.style.display, "none");
});
