// The length/substance plane: true quality as shading, the reward model's contour lines and
// their levels, the 600 answers, and the layer the two moving clouds are drawn on.

import { clamp, colourAt, fieldSampler, lerp } from "./field.js";
import { pointText, signedText } from "./format.js";
import { linearScale, niceTicks } from "./scales.js";
import { el, sizeLike } from "./svg.js";
import { timed } from "./profile.js";
import { t } from "./words.js";

const GOLD_SIZES_KEPT = 4; // shadings kept (a PNG data URL each), one per chart size
const planeLabel = () =>
  t(
    "The length/substance plane: true quality as shading (darker is better), the reward model as blue contour lines, the base model's 600 answers in grey, the KL optimum's samples in green and best-of-n's winners in purple.",
  );

// Draws the plane at a size: its frame (true quality's shading, the 600 answers, the axes and
// the clouds' markers, alike in every world) and the world's own parts; returns the plane
// {scale: {x, y, box}, cloudGroups: {beta, n}, ...}. goldCache keeps the shading per size.
export function drawPlane(svg, moving, world, { width, height, fontPx }, goldCache) {
  sizeLike(svg, width, height);
  const [low, high] = world.plane.range;
  const box = {
    left: 3.4 * fontPx,
    right: width - 0.6 * fontPx,
    top: 0.5 * fontPx,
    bottom: height - 2.6 * fontPx,
  };
  const x = linearScale([low, high], [box.left, box.right]);
  const y = linearScale([low, high], [box.bottom, box.top]);
  const content = el("svg:g", {});
  el(
    "svg:image",
    {
      href: goldImage(world, box, x, y, goldCache),
      x: box.left,
      y: box.top,
      width: box.right - box.left,
      height: box.bottom - box.top,
      preserveAspectRatio: "none",
      "data-layer": "gold",
    },
    content,
  );
  const clip = `plane-clip-${Math.random().toString(36).slice(2)}`;
  const inside = el("svg:g", { "clip-path": `url(#${clip})` });
  content.append(clipTo(clip, box), inside);
  const proxyLines = el(
    "svg:path",
    { fill: "none", stroke: world.palette.proxy, "stroke-width": 1.6, "data-layer": "proxy-lines" },
    inside,
  );
  drawAnswers(inside, world, x, y, fontPx);
  const levels = el("svg:g", { "data-layer": "levels" }, content);
  drawAxes(content, world, x, y, box, fontPx);
  svg.setAttribute("aria-label", planeLabel());
  svg.replaceChildren(...content.childNodes);
  sizeLike(moving, width, height);
  const cloudGroups = drawClouds(moving, world, box, fontPx, `${clip}-moving`);
  const plane = { scale: { x, y, box }, cloudGroups, proxyLines, levels, fontPx, frame: world };
  showPlaneWorld(plane, world);
  return plane;
}

// A new world on a drawn plane, in place: only the reward model's lines and their levels
// change (the frame's ~700 elements stay). False, drawing nothing, if the frame does not fit.
export function showPlaneWorld(plane, world) {
  if (!sameFrame(plane.frame, world)) return false;
  const { x, y, box } = plane.scale;
  plane.proxyLines.setAttribute("d", proxyContours(world.plane, world.scale, x, y));
  plane.levels.replaceChildren();
  drawLevels(plane.levels, world, x, box, plane.fontPx);
  return true;
}

// Whether two worlds share the plane's frame: its range, shading, answers, colours and clouds.
function sameFrame(a, b) {
  const same = (p, q) => p.length === q.length && p.every((value, i) => value === q[i]);
  const [pa, pb] = [a.plane, b.plane];
  return (
    a.scale === b.scale &&
    same(pa.range, pb.range) &&
    same(pa.answers, pb.answers) &&
    same(pa.gold, pb.gold) &&
    JSON.stringify([pa.gold_levels, a.palette]) === JSON.stringify([pb.gold_levels, b.palette]) &&
    ["beta", "n"].every((key) => a[key].cloud[0].length === b[key].cloud[0].length)
  );
}

function clipTo(id, box) {
  const defs = el("svg:defs", {});
  const clipPath = el("svg:clipPath", { id }, defs);
  el(
    "svg:rect",
    { x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top },
    clipPath,
  );
  return defs;
}

function drawAnswers(parent, world, x, y, fontPx) {
  const { answers } = world.plane;
  const scale = world.scale;
  const group = el(
    "svg:g",
    { fill: world.palette.answers, "fill-opacity": 0.5, "data-layer": "answers" },
    parent,
  );
  const radius = Math.max(1.6, 0.13 * fontPx);
  for (let i = 0; i < answers.length; i += 2) {
    el(
      "svg:circle",
      { cx: x(answers[i] / scale).toFixed(1), cy: y(answers[i + 1] / scale).toFixed(1), r: radius },
      group,
    );
  }
}

function drawClouds(moving, world, box, fontPx, clip) {
  const layer = el("svg:g", { "clip-path": `url(#${clip})` });
  moving.replaceChildren(clipTo(clip, box), layer);
  const cloudGroups = {};
  for (const key of ["beta", "n"]) {
    const group = el("svg:g", { "data-cloud": key }, layer);
    const count = world[key].cloud[0].length / 2;
    const colour = key === "beta" ? world.palette.kl : world.palette.best_of_n;
    const size = Math.max(4, 0.32 * fontPx);
    const shape =
      key === "beta"
        ? `M ${size} 0 A ${size} ${size} 0 1 1 ${-size} 0 A ${size} ${size} 0 1 1 ${size} 0 Z`
        : `M 0 ${-1.3 * size} L ${1.3 * size} 0 L 0 ${1.3 * size} L ${-1.3 * size} 0 Z`;
    for (let i = 0; i < count; i += 1) {
      el(
        "svg:path",
        { d: shape, fill: colour, stroke: "white", "stroke-width": 1, "fill-opacity": 0.92 },
        group,
      );
    }
    cloudGroups[key] = group;
  }
  return cloudGroups;
}

function drawLevels(parent, world, x, box, fontPx) {
  let lastLabel = -Infinity;
  for (const [position, level] of levelLabels(world.plane, world.scale).sort(
    (a, b) => a[0] - b[0],
  )) {
    // A wiggly field (σ = 1) crosses the top edge at levels 6 and 8 20 px apart: keep one.
    if (x(position) - lastLabel < 1.6 * fontPx) continue;
    lastLabel = x(position);
    el(
      "svg:text",
      { class: "level", x: x(position), y: box.top + 1.0 * fontPx, "text-anchor": "middle" },
      parent,
      `${level}`,
    );
  }
}

function drawAxes(parent, world, x, y, box, fontPx) {
  const [low, high] = world.plane.range;
  const axis = el("svg:g", { class: "axis" }, parent);
  el(
    "svg:rect",
    {
      x: box.left,
      y: box.top,
      width: box.right - box.left,
      height: box.bottom - box.top,
      fill: "none",
      stroke: world.palette.ink,
    },
    axis,
  );
  for (const tick of niceTicks(low, high, 5)) {
    el(
      "svg:text",
      { x: x(tick), y: box.bottom + 1.2 * fontPx, "text-anchor": "middle", "data-tick": "x" },
      axis,
      `${tick}`,
    );
    // The corner's "-4" once, under the x axis: the y axis's own ran into it.
    if (tick > low)
      el(
        "svg:text",
        {
          x: box.left - 0.3 * fontPx,
          y: y(tick) + 0.35 * fontPx,
          "text-anchor": "end",
          "data-tick": "y",
        },
        axis,
        `${tick}`,
      );
  }
  el(
    "svg:text",
    { x: (box.left + box.right) / 2, y: box.bottom + 2.35 * fontPx, "text-anchor": "middle" },
    parent,
    t("length →"),
  );
  const middle = (box.top + box.bottom) / 2;
  el(
    "svg:text",
    {
      x: 0.85 * fontPx,
      y: middle,
      "text-anchor": "middle",
      transform: `rotate(-90 ${0.85 * fontPx} ${middle})`,
    },
    parent,
    t("substance →"),
  );
}

// True quality's filled contours, painted once per size (true quality never changes) and kept
// for a few sizes: a world whose notes wrap on fewer lines grows the charts (419 to 454 px at
// b = 0.2, σ = 2) and the next shrinks them back; a paint reads ~150,000 pixels and encodes a PNG.
function goldImage(world, box, x, y, cache) {
  const cacheKey = `${box.left},${box.right},${box.top},${box.bottom}`;
  if (!cache.has(cacheKey)) {
    cache.set(
      cacheKey,
      timed("plane:gold", () => paintGold(world, box, x, y)),
    );
    if (cache.size > GOLD_SIZES_KEPT) cache.delete(cache.keys().next().value);
  }
  return cache.get(cacheKey);
}

function paintGold(world, box, x, y) {
  const { plane } = world;
  const levels = plane.gold_levels;
  const width = Math.max(1, Math.round(box.right - box.left));
  const height = Math.max(1, Math.round(box.bottom - box.top));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext("2d");
  const image = context.createImageData(width, height);
  const bands = Math.round((levels.end - levels.start) / levels.size);
  const colours = Array.from({ length: bands + 1 }, (_, band) =>
    colourAt(world.palette.gold_scale, band / bands),
  );
  const field = fieldSampler(plane.grid, plane.gold, world.scale);
  for (let row = 0; row < height; row += 1) {
    const substance = y.invert(box.top + row + 0.5);
    for (let column = 0; column < width; column += 1) {
      const value = field(x.invert(box.left + column + 0.5), substance);
      const band = clamp(Math.floor((value - levels.start) / levels.size) + 1, 0, bands);
      const offset = 4 * (row * width + column);
      image.data.set(colours[band], offset);
      image.data[offset + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  return canvas.toDataURL();
}

// Marching squares over the shipped reward-model field, one path for every level. Each cell's
// corners are read once and only the levels between its lowest and highest are crossed (13
// levels x 2,704 cells: the per-level pass took 21 ms of a swap's 86 at load 15).
export function proxyContours(plane, scale, x, y) {
  const { grid } = plane;
  const size = grid.length;
  const { start, end, size: step } = plane.proxy_levels;
  const last = Math.round((end - start) / step);
  const corners = new Float64Array(4);
  const parts = [];
  for (let row = 0; row < size - 1; row += 1) {
    for (let column = 0; column < size - 1; column += 1) {
      const at = row * size + column;
      corners[0] = plane.proxy[at] / scale;
      corners[1] = plane.proxy[at + 1] / scale;
      corners[2] = plane.proxy[at + size + 1] / scale;
      corners[3] = plane.proxy[at + size] / scale;
      const [c0, c1, c2, c3] = corners;
      const low = Math.max(0, Math.ceil((Math.min(c0, c1, c2, c3) - start) / step - 1e-9));
      const high = Math.min(last, Math.floor((Math.max(c0, c1, c2, c3) - start) / step + 1e-9));
      for (let index = low; index <= high; index += 1) {
        cellSegments(
          start + index * step,
          corners,
          [grid[column], grid[column + 1], grid[row], grid[row + 1]],
          x,
          y,
          parts,
        );
      }
    }
  }
  return parts.join("");
}

// The segments where `level` crosses one cell (corners: bottom-left, right, top-right, left;
// lengths and substances, in that cell's units: a point is placed there, then scaled).
function cellSegments(level, corners, [left, right, bottom, top], x, y, parts) {
  const lengths = [left, right, right, left];
  const substances = [bottom, bottom, top, top];
  let first = null;
  for (let edge = 0; edge < 4; edge += 1) {
    const a = corners[edge];
    const b = corners[(edge + 1) % 4];
    if (a < level === b < level) continue;
    const t = (level - a) / (b - a);
    const next = (edge + 1) % 4;
    const point = `${x(lerp(lengths[edge], lengths[next], t)).toFixed(1)} ${y(lerp(substances[edge], substances[next], t)).toFixed(1)}`;
    if (first === null) first = point;
    else {
      parts.push(`M${first}L${point}`);
      first = null;
    }
  }
}

// Where each reward-model level crosses the plane's top edge: [[length, level], ...].
export function levelLabels(plane, scale) {
  const { grid } = plane;
  const size = grid.length;
  const [low, high] = plane.range;
  const row = grid.reduce(
    (best, value, index) => (Math.abs(value - high) < Math.abs(grid[best] - high) ? index : best),
    0,
  );
  const profile = grid.map((_, column) => plane.proxy[row * size + column] / scale);
  const levels = plane.proxy_levels;
  const labels = [];
  for (let level = levels.start; level <= levels.end + 1e-9; level += levels.size) {
    for (let i = 0; i + 1 < size; i += 1) {
      if (profile[i] < level !== profile[i + 1] < level) {
        const position = lerp(
          grid[i],
          grid[i + 1],
          (level - profile[i]) / (profile[i + 1] - profile[i]),
        );
        if (position >= low + 0.4 && position <= high - 0.4) labels.push([position, level]);
      }
    }
  }
  return labels;
}

// The plane's hover at pixel (px, py), or null outside the plane's box.
export function planeHoverText(world, { x, y, box }, px, py) {
  if (px < box.left || px > box.right || py < box.top || py > box.bottom) return null;
  const { plane } = world;
  const length = x.invert(px);
  const substance = y.invert(py);
  const gold = fieldSampler(plane.grid, plane.gold, world.scale)(length, substance);
  const proxy = fieldSampler(plane.grid, plane.proxy, world.scale)(length, substance);
  return t("{point} · true quality {gold} · reward model {proxy}", {
    point: pointText(length, substance),
    gold: signedText(gold),
    proxy: signedText(proxy),
  });
}
