// Every number the stage writes itself (the readouts come from Python already written).

// A gain: +0.52, -1.24; never -0.00.
export function signedText(value) {
  const text = value.toFixed(2);
  return text === "-0.00" || text === "0.00" ? "+0.00" : value > 0 ? `+${text}` : text;
}

// A curve's y tick: +2, 0, -2.
export const signedTick = (tick) => (tick > 0 ? `+${tick}` : `${tick}`);

// An x tick of n: 1, 49, 1,000, 10k.
export const formatTick = (value) =>
  value >= 10000 ? `${value / 1000}k` : value >= 1000 ? value.toLocaleString("en") : `${value}`;

// A whole count with thousands' commas: 10,000.
export const countText = (value) => Number(value).toLocaleString("en");

// The readouts' heading at a stop: "KL penalty at β = 0.6", "Best-of-n at n = 10,000".
export const stopHeading = (key, stop) =>
  key === "beta" ? `KL penalty at β = ${stop}` : `Best-of-n at n = ${countText(stop)}`;

// A curve's hover at a pressure between stops: "n ≈ 1,234", "β ≈ 0.612".
export const pressureHoverText = (key, pressure) =>
  key === "n" ? `n ≈ ${countText(Math.round(pressure))}` : `β ≈ ${pressure.toPrecision(3)}`;

// The peak's pressure as the reveal states it: n = 49, β = 1.0.
export const peakText = (key, peak) => (key === "n" ? `${Math.round(peak)}` : peak.toPrecision(2));

// A point of the plane: "length 1.20, substance -0.35".
export const pointText = (length, substance) => `length ${length.toFixed(2)}, substance ${substance.toFixed(2)}`;
