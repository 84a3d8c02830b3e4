// The plane's reward-model contour lines (ui/playground/stage_assets/plane.js's proxyContours):
// marching squares cell by cell, only the levels between each cell's lowest and highest corner.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { proxyContours } from "../../ui/playground/stage_assets/plane.js";
import { linearScale } from "../../ui/playground/stage_assets/scales.js";

const x = linearScale([0, 2], [0, 20]); // 10 px a unit
const y = linearScale([0, 2], [100, 80]); // upwards

test("a field rising with length crosses levels 0.5 and 1.5 in vertical segments, row by row", () => {
  // 3 x 3 nodes, [substance][length], the value is the length; scale 10 (integers, as shipped).
  const plane = {
    grid: [0, 1, 2],
    proxy: [0, 10, 20, 0, 10, 20, 0, 10, 20],
    proxy_levels: { start: 0.5, end: 1.5, size: 1 },
  };
  assert.equal(
    proxyContours(plane, 10, x, y),
    "M5.0 100.0L5.0 90.0M15.0 100.0L15.0 90.0M5.0 90.0L5.0 80.0M15.0 90.0L15.0 80.0",
  );
});

test("a steep cell is crossed by every level between its corners", () => {
  const plane = {
    grid: [0, 1],
    proxy: [0, 30, 0, 30],
    proxy_levels: { start: 0.5, end: 2.5, size: 1 },
  };
  assert.equal(
    proxyContours(plane, 10, x, y),
    "M1.7 100.0L1.7 90.0M5.0 100.0L5.0 90.0M8.3 100.0L8.3 90.0",
  );
});

test("levels outside every cell's corners draw nothing", () => {
  const plane = {
    grid: [0, 1, 2],
    proxy: [0, 10, 20, 0, 10, 20, 0, 10, 20],
    proxy_levels: { start: -10, end: -2, size: 2 },
  };
  assert.equal(proxyContours(plane, 10, x, y), "");
});

test("a saddle cell crossed by one level gives two segments", () => {
  // One cell: high at bottom-left and top-right, low at the other two corners.
  const plane = { grid: [0, 1], proxy: [2, 0, 0, 2], proxy_levels: { start: 1, end: 1, size: 1 } };
  assert.equal(proxyContours(plane, 1, x, y), "M5.0 100.0L10.0 95.0M5.0 90.0L0.0 95.0");
});

test("on the shipped plane (σ = 1) every segment of the per-level pass is drawn, and no other", () => {
  const { plane, scale } = JSON.parse(
    readFileSync(new URL("./fixtures/plane.json", import.meta.url), "utf8"),
  );
  const levels = { start: -10, end: 14, size: 2 };
  const wide = { x: linearScale(plane.range, [0, 400]), y: linearScale(plane.range, [400, 0]) };
  const segments = (path) => path.split("M").filter(Boolean).sort();
  const drawn = segments(proxyContours({ ...plane, proxy_levels: levels }, scale, wide.x, wide.y));
  assert.ok(drawn.length > 800, `${drawn.length} segments`);
  assert.deepEqual(drawn, segments(perLevel(plane, scale, levels, wide)));
});

// The pass it replaced: every level over every cell (the oracle for the test above).
function perLevel({ grid, proxy }, scale, { start, end, size }, { x, y }) {
  const n = grid.length;
  const parts = [];
  for (let level = start; level <= end + 1e-9; level += size) {
    for (let row = 0; row < n - 1; row += 1) {
      for (let column = 0; column < n - 1; column += 1) {
        const corners = [
          [row, column],
          [row, column + 1],
          [row + 1, column + 1],
          [row + 1, column],
        ];
        const points = [];
        for (let edge = 0; edge < 4; edge += 1) {
          const [[ra, ca], [rb, cb]] = [corners[edge], corners[(edge + 1) % 4]];
          const [a, b] = [proxy[ra * n + ca] / scale, proxy[rb * n + cb] / scale];
          if (a < level === b < level) continue;
          const t = (level - a) / (b - a);
          points.push(
            `${x(grid[ca] + (grid[cb] - grid[ca]) * t).toFixed(1)} ${y(grid[ra] + (grid[rb] - grid[ra]) * t).toFixed(1)}`,
          );
        }
        for (let i = 0; i + 1 < points.length; i += 2) parts.push(`M${points[i]}L${points[i + 1]}`);
      }
    }
  }
  return parts.join("");
}
