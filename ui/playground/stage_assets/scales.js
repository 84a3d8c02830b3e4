// Scales (value to pixel and back) and which ticks an axis shows.

import { formatTick } from "./format.js";

const NICE_STEPS = [1, 2, 2.5, 5, 10]; // a tick step is one of these times a power of ten

// The step for `step0` rounded up to a nice one (0.3 -> 0.5, 7 -> 10).
function niceStep(step0) {
  const magnitude = 10 ** Math.floor(Math.log10(step0));
  return NICE_STEPS.map((m) => m * magnitude).find((s) => s >= step0);
}

// A linear map of domain onto range, with .invert for pixel to value.
export function linearScale(domain, range) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const scale = (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
  scale.invert = (pixel) => d0 + ((pixel - r0) / (r1 - r0)) * (d1 - d0);
  return scale;
}

// A logarithmic map of domain (both ends > 0) onto range, with .invert.
export function logScale(domain, range) {
  const inner = linearScale(domain.map(Math.log), range);
  const scale = (value) => inner(Math.log(value));
  scale.invert = (pixel) => Math.exp(inner.invert(pixel));
  return scale;
}

// About `count` ticks at a nice step between low and high, both ends included when on a step.
export function niceTicks(low, high, count) {
  const step = niceStep((high - low) / count);
  const ticks = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high + 1e-9; tick += step) {
    ticks.push(Math.abs(tick) < 1e-9 ? 0 : Number(tick.toPrecision(12))); // 0.1 * 3, not 0.30000000000000004
  }
  return ticks;
}

// Ticks over a `span` px axis, 2.2 em apart where that gives at least 3 labels; closer (down
// to 1.2 em, labels are 1 em tall) where it does not: a 230 px panel at 22 px type had one.
export function readableTicks(low, high, span, fontPx) {
  let best = niceTicks(low, high, Math.max(2, Math.floor(span / (2.2 * fontPx))));
  for (let count = 2; best.length < 3 && count <= 50; count += 1) {
    const ticks = niceTicks(low, high, count);
    const apart = ticks.length > 1 ? ((ticks[1] - ticks[0]) / (high - low)) * span : span;
    if (apart < 1.2 * fontPx) break;
    if (ticks.length > best.length) best = ticks;
  }
  return best;
}

// [low, high] widened to whole ticks where its own ends leave fewer than 3 labels (-1.5..3.9
// in steps of 2 showed only 0 and +2): -2..4 shows -2, 0, +2, +4.
export function niceDomain(low, high, span, fontPx) {
  const ticks = readableTicks(low, high, span, fontPx);
  if (ticks.length >= 3) return [low, high];
  let step = ticks.length > 1 ? ticks[1] - ticks[0] : (high - low) / 2;
  if (ticks.length < 2) step = niceStep(step);
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step];
}

// Ticks in order of importance (the ends and the lesson's values first), each kept only
// where its label does not touch one already kept.
export function spacedTicks(ticks, x, box, fontPx) {
  const width = (tick) => 0.55 * fontPx * formatTick(tick).length + 0.6 * fontPx;
  const kept = [];
  const inside = ticks.filter((tick) => x(tick) >= box.left - 1 && x(tick) <= box.right + 1);
  const first = inside[0];
  const last = inside[inside.length - 1];
  for (const tick of [first, last, ...inside.slice(1, -1)]) {
    if (tick === undefined || kept.includes(tick)) continue;
    const clear = kept.every(
      (other) => Math.abs(x(tick) - x(other)) >= (width(tick) + width(other)) / 2,
    );
    if (clear) kept.push(tick);
  }
  return kept;
}
