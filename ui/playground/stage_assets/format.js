// Every number the stage writes itself (the readouts come from Python already written): the
// JavaScript twin of common/format.py. tests/js/format.test.mjs checks each function below against
// the cases Python wrote (tests/js/fixtures/format_cases.json, by scripts/js_fixtures.py), so a
// hover never contradicts the readout beside it (n = 590's -0.0014 is "-0.001" in both).
// Negative numbers carry the ASCII "-", as common/format.py's do.

import { t } from "./words.js";

// A gain that rounds to 0.00 gets up to 2 more decimals to show its sign.
const EXTRA_DECIMALS = 2;
// A double that is not an exact tie differs from one within 25 more digits.
const TIE_DIGITS = 25;
// Whole-number settings: written 10,000.
const COUNTED = new Set(["n", "k", "m"]);
// Axis ticks from here on are written "10k".
const SHORT_FROM = 10000;

// Python's f"{value:.{decimals}f}": correctly rounded, an exact tie to even (0.125 -> "0.12",
// where toFixed gives "0.13"), and "-" on every negative value, -0 and -0.001 included.
export function fixed(value, decimals) {
  const size = Math.abs(value);
  const exact = size.toFixed(Math.min(100, decimals + TIE_DIGITS));
  const point = exact.indexOf(".");
  const kept = exact.slice(0, decimals ? point + 1 + decimals : point);
  const tie = /^50*$/.test(exact.slice(point + 1 + decimals));
  const text = tie && Number(kept.at(-1)) % 2 === 0 ? kept : size.toFixed(decimals);
  return value < 0 || Object.is(value, -0) ? `-${text}` : text;
}

// A gain, always with its sign: +0.52, -1.24; never -0.00. One that rounds to zero but is not
// zero gets the decimals that show its sign (-0.0014: "-0.001"); float noise is "+0.00".
export function signedText(value, decimals = 2) {
  for (let places = decimals; places <= decimals + EXTRA_DECIMALS; places += 1) {
    const text = fixed(value, places);
    if (Number(text) !== 0) return value > 0 ? `+${text}` : text;
  }
  return `+${fixed(0, decimals)}`;
}

// A value at fixed decimals, with no plus sign: "1.20", "-0.35"; never "-0.00".
export function numberText(value, decimals = 2) {
  const text = fixed(value, decimals);
  return Number(text) === 0 && text.startsWith("-") ? text.slice(1) : text;
}

// Python's f"{value:.{digits}g}" for the sizes the stage shows (under 1e6: no exponent form).
export function significant(value, digits) {
  const exponent = Number(
    Math.abs(value)
      .toExponential(digits - 1)
      .split("e")[1],
  );
  const text = fixed(value, Math.max(0, digits - 1 - exponent));
  return text.includes(".") ? text.replace(/\.?0+$/, "") : text;
}

// A stop as its slider and URL write it: "0.6", "49", "10000" (Python's f"{value:g}").
export const stopText = (value) => significant(value, 6);

// A whole count with thousands separated: 10,000 (Python's fmt.count: the separator is the
// reader's language's, "10 000" in German, where "10,000" reads as ten).
export function countText(value) {
  const text = fixed(Number(value), 0);
  const sign = text.startsWith("-") ? "-" : "";
  return sign + text.slice(sign.length).replace(/\B(?=(\d{3})+$)/g, t(","));
}

// An axis tick: 0.25, 49, 1,000, and from shortFrom on 10k.
export function formatTick(value, shortFrom = SHORT_FROM) {
  if (value >= shortFrom) return `${stopText(value / 1000)}k`;
  return Number.isInteger(value) ? countText(value) : stopText(value);
}

// A setting's value as text writes it: "10,000" for n, "0.3" for β.
export const settingValue = (symbol, value) =>
  COUNTED.has(symbol) ? countText(value) : stopText(Number(value));

// A setting by its symbol: "β = 0.3", "n = 10,000".
export const named = (symbol, value) => `${symbol} = ${settingValue(symbol, value)}`;

// A curve's y tick: +2, 0, -2.
export const signedTick = (tick) => (tick > 0 ? `+${stopText(tick)}` : stopText(tick));

// The readouts' heading at a stop: "KL penalty at β = 0.6", "Best-of-n at n = 10,000".
export const stopHeading = (key, stop) =>
  key === "beta"
    ? t("KL penalty at {stop}", { stop: named("β", stop) })
    : t("Best-of-n at {stop}", { stop: named("n", stop) });

// A curve's hover at a pressure between stops: "n ≈ 1,234", "β ≈ 0.612".
export const pressureHoverText = (key, pressure) =>
  key === "n" ? `n ≈ ${countText(pressure)}` : `β ≈ ${significant(pressure, 3)}`;

// The peak's pressure as the reveal states it, as Python's slack line does: n = 49, β = 1.
export const peakText = (key, peak) => settingValue(key === "n" ? "n" : "β", peak);

// A point of the plane: "length 1.20, substance -0.35".
export const pointText = (length, substance) =>
  t("length {length}, substance {substance}", {
    length: numberText(length),
    substance: numberText(substance),
  });

// To one decimal as Python's f"{value:.1f}" writes it: an exact tie goes to the even tenth
// (12.25: "12.2", as the class poll prints a guess of 4 against a peak at 49; toFixed: "12.3").
export const tenthsText = (value) => numberText(value, 1);
