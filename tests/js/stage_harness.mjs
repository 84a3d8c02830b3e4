// A stage mounted on the fake DOM (fake_dom.mjs) with the data Python sends for one world
// (fixtures/stage_data.json, written by scripts/js_fixtures.py), laid out as on a laptop.
import { readFileSync } from "node:fs";

import { Stage } from "../../ui/playground/stage_assets/stage.js";

// {world, worlds, predict_ticks}: the world for b = 0.2, σ = 1, parsed.
export const stageData = () =>
  JSON.parse(readFileSync(new URL("./fixtures/stage_data.json", import.meta.url), "utf8"));

// Charts' widths and the curves' top on a 1280 x 720 screen (stage 1200 px wide: side by side).
export const LAPTOP = { stageWidth: 1200, curvesWidth: 640, planeWidth: 440, chartsTop: 300 };

// A Stage drawn at `layout`: {stage, world, reports (its settle reports), data, send(request), root}.
export function drawnStage(
  dom,
  { beta = "1", n = "49", predict = { on: false }, layout = LAPTOP } = {},
) {
  const data = stageData();
  const { world } = data;
  const host = dom.document.body.appendChild(dom.document.createElement("div"));
  const root = host.appendChild(dom.document.createElement("div"));
  root.className = "stage";
  root.clientWidth = layout.stageWidth;
  const reports = [];
  const stage = new Stage(root); // as mountStage (stage.js) makes it, once per component
  stage.report = (name, value) => reports.push([name, value]);
  // Fetching b and σ's worlds ahead: no network here, each fetch refused (the shelf shrugs).
  stage.worlds.shelf.fetchText = (address) =>
    Promise.reject(new Error(`${address}: no network in the tests`));
  let id = 0;
  // Python's data for a new request (a story step, Back, the address), with the world.
  const send = (request) => {
    id += 1;
    const sent = {
      world: JSON.stringify(world),
      worlds: data.worlds,
      predict_ticks: data.predict_ticks,
      present: false,
    };
    sent.request = { id, b: `${world.b}`, sigma: `${world.sigma}`, ...request };
    stage.receive(sent);
  };
  send({ beta, n, predict }); // not drawn yet: its figures have no width
  stage.curvesFigure.clientWidth = layout.curvesWidth;
  stage.planeFigure.clientWidth = layout.planeWidth;
  stage.curvesFigure.rect = { top: layout.chartsTop, width: layout.curvesWidth };
  stage.layout(true); // as its ResizeObserver would, once they have
  return { stage, world, reports, data, send, root };
}
