// The stage's pin: one picture (b, σ, β, n) kept, faded and dashed, beside the current one.
//
// Pin cuts the picture from the world on screen (both curves, each method's cloud and marks
// at its stop: the same cut as ui/playground/pin.py's snapshot) and reports it with β and n; Clear
// drops it. Python keeps it in the address (?pin=b_σ_β_n) and, when the address decides
// (a link opened, Back or Forward), sends its picture with a new request id.
//
// This module is the pinned picture as data: its cut, its names, what the report and the axes
// take of it. Its buttons and Python's pin are pin_controls.js's; its drawing pin_drawing.js's.

// The picture of `world` at the stops `indices` ({beta, n}) that a pin keeps.
export function snapshotOf(world, indices) {
  const picture = { b: world.b, sigma: world.sigma };
  for (const key of ["beta", "n"]) {
    const method = world[key];
    const index = indices[key];
    picture[key] = {
      stop: method.stops[index],
      curve: method.curve,
      cloud: method.cloud[index],
      mark: {
        proxy_gain: method.marks.proxy_gain[index],
        gold_gain: method.marks.gold_gain[index],
      },
    };
  }
  return picture;
}

// How the address writes a pin ("0.2_0.5_0.3_49") and how the stage names it.
export const pinText = (picture) =>
  [picture.b, picture.sigma, picture.beta.stop, picture.n.stop].join("_");
export const pinLabel = (picture) =>
  `b = ${picture.b}, σ = ${picture.sigma}, β = ${picture.beta.stop}, n = ${Number(picture.n.stop).toLocaleString("en")}`;

// What a settled report says of the pin: its text, or "" when nothing is pinned.
export const pinReport = (stage) => (stage.pin ? stage.pin.text : "");

// The pinned gains' range on a method's panel, so its axis holds both pictures.
export function pinnedGains(stage, key) {
  if (!stage.pin) return [];
  const curve = stage.pin.picture[key].curve;
  return [...curve.proxy_gain, ...curve.gold_gain];
}
