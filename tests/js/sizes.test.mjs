// How big the stage's charts are (ui/playground/stage_assets/sizes.js): measured on the fake
// DOM, where each element's width and place are what the test says.
import assert from "node:assert/strict";
import { test } from "node:test";

import { cardPlace, measure } from "../../ui/playground/stage_assets/sizes.js";
import { installDom } from "./fake_dom.mjs";

// The stage's three measured elements at these widths, the curves' top `top` px down the screen.
function stageOf(dom, { stage, curves, plane, top = 0, fontSize = "16px" }) {
  const host = dom.document.body.appendChild(dom.document.createElement("div"));
  const root = host.appendChild(dom.document.createElement("div"));
  const [curvesFigure, planeFigure] = [
    root.appendChild(dom.document.createElement("figure")),
    root.appendChild(dom.document.createElement("figure")),
  ];
  Object.assign(root, { clientWidth: stage, computed: { fontSize } });
  Object.assign(curvesFigure, { clientWidth: curves, rect: { top } });
  planeFigure.clientWidth = plane;
  return { host, root, curvesFigure, planeFigure };
}

test("side by side, the charts fill the first screen down to its bottom, 6 px above it", (t) => {
  const dom = installDom({ innerWidth: 1280, innerHeight: 720 });
  t.after(dom.restore);
  const size = measure(
    stageOf(dom, { stage: 1200, curves: 640, plane: 440, top: 300, fontSize: "18px" }),
  );
  assert.deepEqual(size, {
    fontPx: 18,
    stacked: false,
    curvesWidth: 640,
    planeWidth: 440,
    chartHeight: 414,
    curvesHeight: 414,
  });
});

test("side by side, a chart is at most 1.1 times the plane's width tall, and never under 170 px", (t) => {
  const dom = installDom({ innerWidth: 1920, innerHeight: 1080 });
  t.after(dom.restore);
  assert.equal(
    measure(stageOf(dom, { stage: 1800, curves: 960, plane: 600, top: 100 })).chartHeight,
    660,
  ); // not 968
  assert.equal(
    measure(stageOf(dom, { stage: 1800, curves: 960, plane: 150, top: 100 })).chartHeight,
    230,
  ); // 1.1 x 150 < 230
  assert.equal(
    measure(stageOf(dom, { stage: 1800, curves: 960, plane: 600, top: 1000 })).chartHeight,
    170,
  ); // 68 px of room
});

test("the page scrolled down counts: the charts' top is measured from the page's top", (t) => {
  const dom = installDom({ innerWidth: 1280, innerHeight: 720 });
  t.after(dom.restore);
  const parts = stageOf(dom, { stage: 1200, curves: 640, plane: 440, top: 100 });
  dom.document.scrollingElement.scrollTop = 150;
  parts.host.scrollTop = 50; // a scrolled container between the stage and the page
  assert.equal(measure(parts).chartHeight, 720 - (100 + 200) - 6);
});

test("narrower than 720 px the stage stacks: the plane square, the curves' two panels 200 px or more each", (t) => {
  const dom = installDom({ innerWidth: 390, innerHeight: 844 });
  t.after(dom.restore);
  const phone = measure(
    stageOf(dom, { stage: 358, curves: 358, plane: 358, fontSize: "nonsense" }),
  );
  assert.deepEqual(phone, {
    fontPx: 16,
    stacked: true,
    curvesWidth: 358,
    planeWidth: 358,
    chartHeight: 358,
    curvesHeight: 400,
  });
  assert.equal(measure(stageOf(dom, { stage: 719, curves: 719, plane: 719 })).stacked, true);
  assert.equal(
    measure(stageOf(dom, { stage: 720, curves: 400, plane: 300 })).stacked,
    false,
    "720 px: side by side",
  );
  const wide = measure(stageOf(dom, { stage: 700, curves: 700, plane: 700 }));
  assert.equal(wide.chartHeight, Math.round(0.6 * 844), "at most 60% of the screen's height");
  assert.equal(wide.curvesHeight, 770);
  assert.equal(
    measure(stageOf(dom, { stage: 700, curves: 900, plane: 100 })).curvesHeight,
    900,
    "at most 900 px",
  );
  assert.equal(measure(stageOf(dom, { stage: 700, curves: 900, plane: 100 })).chartHeight, 230);
});

test("a hover card opens right of and below the pointer, flipped left or up near the screen's edge", () => {
  const view = { viewWidth: 390, viewHeight: 844, width: 358, height: 43 };
  // A tap near a phone's bottom (y 804): above the finger, not at y 820-863 of 844.
  assert.deepEqual(cardPlace({ ...view, x: 195, y: 804 }), { left: 4, top: 804 - 16 - 43 });
  // Mid-screen: below the finger; as wide as the screen, slid inside it.
  assert.deepEqual(cardPlace({ ...view, x: 195, y: 300 }), { left: 4, top: 316 });
  const laptop = { viewWidth: 1440, viewHeight: 900, width: 300, height: 120 };
  assert.deepEqual(cardPlace({ ...laptop, x: 200, y: 200 }), { left: 214, top: 216 });
  assert.deepEqual(cardPlace({ ...laptop, x: 1400, y: 880 }), {
    left: 1400 - 14 - 300,
    top: 880 - 16 - 120,
  });
  // Near the top right: left of the pointer, below it.
  assert.deepEqual(cardPlace({ ...laptop, x: 1300, y: 10 }), { left: 986, top: 26 });
});

test("a card taller than the room on either side stays inside the screen, on the roomier side", () => {
  const place = cardPlace({
    viewWidth: 390,
    viewHeight: 844,
    width: 358,
    height: 500,
    x: 100,
    y: 420,
  });
  assert.ok(place.top >= 4 && place.top + 500 <= 840, place);
  const huge = cardPlace({
    viewWidth: 390,
    viewHeight: 300,
    width: 358,
    height: 500,
    x: 100,
    y: 100,
  });
  assert.equal(huge.top, 4); // taller than the screen: its top is seen
});
