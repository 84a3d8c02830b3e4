// Predict-then-reveal's rules: where a click lands among the stops, how far off a guess is.
// Both repeat Python's (ui/url_values.py nearest_stop, poll_data/guesses.py factor_off); the node
// tests check them on cases Python writes (tests/js/fixtures/).

import { peakText, tenthsText } from "./format.js";
import { t } from "./words.js";

// The index of the stop nearest to `value` by ratio (β and n are log-scaled); ties: the first.
export function nearestStopIndex(stops, value) {
  return stops.reduce(
    (best, stop, i) =>
      Math.abs(Math.log(stop / value)) < Math.abs(Math.log(stops[best] / value)) ? i : best,
    0,
  );
}

// How far a guess is from the truth as a factor >= 1 (2: half or double); one division, as
// Python's factor_off, so both give the same double.
export const guessFactor = (guessed, truth) => Math.max(guessed / truth, truth / guessed);

// One method's line once revealed: "n: true quality peaks at n = 49; you guessed 100, off by
// a factor of 2.0 (too high)." Where true quality never turns down before the curve's end
// (atEnd, the world's curve.peak.at_end), it says so: "highest at the end, n = 10,000". Where it
// peaks but levels off to the end (levels, the world's curve.peak.levels_off: [gentlest,
// strongest] of the stretch within 0.005 of the top, the class poll's plateau rule), it says it
// levels off there, a guess on the stretch is right and one off it is measured to its nearer end
// (b = 0, σ = 1: n = 1,942 to 10,000; a guess of 10,000 was "a factor of 47.2 too high" of 212).
export function revealedLine(symbol, key, peak, guess, atEnd = false, levels = null) {
  const guessed = Number(guess);
  const stretch = levels ? [Math.min(...levels), Math.max(...levels)] : null;
  const onStretch = stretch !== null && guessed >= stretch[0] && guessed <= stretch[1];
  const target =
    stretch === null || onStretch
      ? peak
      : [peak, ...stretch].reduce((best, at) =>
          guessFactor(guessed, at) < guessFactor(guessed, best) ? at : best,
        );
  const factor = onStretch ? 1 : guessFactor(guessed, target);
  const off = { factor: tenthsText(factor) };
  let way = t("right on");
  if (factor >= 1.05)
    way =
      guessed > target
        ? t("off by a factor of {factor} (too high)", off)
        : t("off by a factor of {factor} (too low)", off);
  const at = (value) => `${symbol} = ${peakText(key, value)}`;
  let truth = t("true quality peaks at {peak}", { peak: at(peak) });
  if (atEnd)
    truth = t("true quality never turns down: it is highest at the end, {peak}", {
      peak: at(peak),
    });
  if (levels)
    truth = t(
      "true quality levels off: from {from} to {to} it stays within 0.005 of its highest (at {peak}), so any setting there is as good",
      { from: at(levels[0]), to: at(levels[1]), peak: at(peak) },
    );
  return t("{symbol}: {truth}; you guessed {guess}, {way}.", { symbol, truth, guess, way });
}

const ask = () =>
  t(
    "Predict first: where will true quality peak? Click a chart where you think it peaks (or move a slider and press the Guess button beside it), then reveal.",
  );

// The predict panel's text for prediction {guess: {beta, n}, revealed} in world.
export function predictionText(world, { guess, revealed }) {
  const keys = ["n", "beta"].filter((key) => guess[key] !== null);
  if (!revealed) {
    const placed = keys.map((key) => `${world[key].symbol} = ${guess[key]}`);
    const said = placed.length
      ? t("Your guesses: {guesses}.", { guesses: placed.join(", ") })
      : t("No guess yet.");
    return `${ask()} ${said}`;
  }
  const lines = keys.map((key) => {
    const { pressure, at_end: atEnd, levels_off: levels } = world[key].curve.peak;
    return revealedLine(world[key].symbol, key, pressure, guess[key], Boolean(atEnd), levels);
  });
  return `${t("Revealed.")} ${lines.join(" ")}`;
}
