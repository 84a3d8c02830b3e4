// How β and n move between stops: the clouds' glide and the play button's sweep (pure).

export const GLIDE_MS = 70; // a cloud glides to a new stop with this time constant (~3x to arrive)
export const SWEEP_MS = 6000; // play: one sweep from gentle to extreme, slow enough to talk over
const ARRIVED = 0.002; // of a stop: closer than this, the glide has arrived
// prefers-reduced-motion (WCAG 2.3.3): Play jumps one stop a second, nothing moves between
// (6 s / 20 stops = 0.3 s a stop would still read as motion); a chosen stop is drawn at once.
export const REDUCED_STEP_MS = 1000;
export const REDUCE_MOTION = "(prefers-reduced-motion: reduce)";

// The shown position `elapsedMs` later, gliding exponentially from shown toward target.
export function glide(shown, target, elapsedMs) {
  const gap = target - shown;
  if (Math.abs(gap) < ARRIVED) return target;
  return shown + gap * (1 - Math.exp(-elapsedMs / GLIDE_MS));
}

// The play sweep `elapsedMs` later over stops 0..last, bouncing off both ends: {target, direction}.
export function sweep(target, direction, elapsedMs, last) {
  let next = target + (direction * elapsedMs * last) / SWEEP_MS;
  let turned = direction;
  if (next > last) {
    next = 2 * last - next;
    turned = -1;
  } else if (next < 0) {
    next = -next;
    turned = 1;
  }
  return { target: Math.min(Math.max(next, 0), last), direction: turned };
}

// Play for b and σ: one stop on from `index` over stops 0..last, bouncing off both ends as the
// sweep does (one sweep of `last` stops is SWEEP_MS, so one stop is SWEEP_MS / last): {index, direction}.
export function sweepStep(index, direction, last) {
  if (last < 1) return { index: 0, direction }; // one stop: nowhere to go
  const swept = sweep(index, direction, SWEEP_MS / last, last);
  return { index: Math.round(swept.target), direction: swept.direction };
}
