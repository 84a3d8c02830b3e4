// SVG and HTML element helpers (ui/playground/stage_assets/svg.js), on the fake DOM.
import assert from "node:assert/strict";
import { test } from "node:test";

import { el, setText, sizeLike, starPath } from "../../ui/playground/stage_assets/svg.js";
import { installDom } from "./fake_dom.mjs";

const SVG_NS = "http://www.w3.org/2000/svg";

test("el makes an SVG element for 'svg:' tags and an HTML one otherwise, with attributes, text and a parent", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const parent = el("div", { class: "grid" });
  assert.equal(parent.namespaceURI, "http://www.w3.org/1999/xhtml");
  const circle = el("svg:circle", { cx: 1.5, r: 2 }, parent, "a dot");
  assert.deepEqual([circle.localName, circle.namespaceURI], ["circle", SVG_NS]);
  assert.deepEqual(
    [circle.getAttribute("cx"), circle.getAttribute("r"), circle.textContent],
    ["1.5", "2", "a dot"],
  );
  assert.deepEqual(parent.children, [circle]);
  assert.equal(el("span", {}, null, "").textContent, "", "empty text is still text");
  assert.equal(el("span").parentNode, null);
});

test("setText writes only a changed text (a write of the same text is a layout)", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const node = el("output", {}, null, "= 49");
  const [text] = node.childNodes;
  setText(node, "= 49");
  assert.equal(node.childNodes[0], text, "the same text: not written");
  setText(node, "= 590");
  assert.equal(node.textContent, "= 590");
  assert.notEqual(node.childNodes[0], text);
});

test("sizeLike sets an SVG's size and a viewBox of the same pixels", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const svg = el("svg:svg");
  sizeLike(svg, 640, 408);
  assert.deepEqual(
    ["width", "height", "viewBox"].map((name) => svg.getAttribute(name)),
    ["640", "408", "0 0 640 408"],
  );
});

test("starPath is a closed five-pointed star: points on the radius, dents at 0.45 of it", () => {
  const path = starPath(100, 50, 10);
  assert.match(path, /^M.*Z$/);
  const points = path
    .slice(1, -1)
    .split("L")
    .map((point) => point.split(",").map(Number));
  assert.equal(points.length, 10);
  assert.deepEqual(points[0], [100, 40], "the first point straight up");
  points.forEach(([x, y], i) => {
    const radius = Math.hypot(x - 100, y - 50);
    assert.ok(Math.abs(radius - (i % 2 === 0 ? 10 : 4.5)) < 0.08, `point ${i}: ${radius}`);
  });
});
