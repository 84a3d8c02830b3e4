// What moves with β and n (the clouds on the plane, the marks on the curves) and the legend.

import { lerp } from "./field.js";
import { el, starPath } from "./svg.js";
import { t } from "./words.js";

// The stop below a fractional position, the one above, and how far between them (0..1).
export function between(shown, count) {
  const low = Math.floor(shown);
  return { low, high: Math.min(low + 1, count - 1), t: shown - low };
}

// Each cloud's markers placed between the two stops around its shown position.
export function moveClouds(cloudGroups, world, position, { x, y }) {
  const { scale } = world;
  for (const key of ["beta", "n"]) {
    const clouds = world[key].cloud;
    const { shown } = position[key];
    const { low, high, t } = between(shown, clouds.length);
    const [from, to] = [clouds[low], clouds[high]];
    const markers = cloudGroups[key].children;
    for (let i = 0; i < markers.length; i += 1) {
      const length = lerp(from[2 * i], to[2 * i], t) / scale;
      const substance = lerp(from[2 * i + 1], to[2 * i + 1], t) / scale;
      markers[i].setAttribute(
        "transform",
        `translate(${x(length).toFixed(1)},${y(substance).toFixed(1)})`,
      );
    }
    cloudGroups[key].dataset.shown = shown.toFixed(3);
  }
}

// The current setting on the curves (a dashed line, both gains' dots) and any guess; returns
// where true quality's dot is on each panel, {beta, n: {pressure, gain}}.
export function drawMarks(group, panels, world, position, guesses, fontPx) {
  group.replaceChildren();
  const { palette } = world;
  const shown = {};
  for (const key of ["beta", "n"]) {
    const panel = panels[key];
    const method = world[key];
    const { low, high, t } = between(position[key].shown, method.stops.length);
    const pressure = Math.exp(
      lerp(Math.log(Number(method.stops[low])), Math.log(Number(method.stops[high])), t),
    );
    const px = panel.x(pressure);
    const colour = key === "beta" ? palette.kl : palette.best_of_n;
    el(
      "svg:line",
      {
        x1: px,
        x2: px,
        y1: panel.box.top,
        y2: panel.box.bottom,
        stroke: colour,
        "stroke-width": 2.5,
        "stroke-dasharray": "6 4",
      },
      group,
    );
    if (guesses[key] !== null) drawGuess(group, panel, Number(guesses[key]), palette, fontPx);
    for (const [field, fill] of [
      ["proxy_gain", palette.proxy],
      ["gold_gain", palette.gold],
    ]) {
      const gain = lerp(method.marks[field][low], method.marks[field][high], t);
      el(
        "svg:circle",
        {
          cx: px,
          cy: panel.y(gain),
          r: 0.42 * fontPx,
          fill,
          stroke: colour,
          "stroke-width": 3,
          "data-mark": `${key}-${field}`,
        },
        group,
      );
      if (field === "gold_gain") shown[key] = { pressure, gain };
    }
  }
  return shown;
}

function drawGuess(group, panel, guessed, palette, fontPx) {
  const gx = panel.x(guessed);
  el(
    "svg:line",
    {
      x1: gx,
      x2: gx,
      y1: panel.box.top,
      y2: panel.box.bottom,
      stroke: palette.ink,
      "stroke-width": 3,
      "stroke-dasharray": "2 4",
      "data-guess-mark": panel.key,
    },
    group,
  );
  const nearRight = gx > panel.box.right - 6 * fontPx;
  const label = { x: nearRight ? gx - 4 : gx + 4, "text-anchor": nearRight ? "end" : "start" };
  el(
    "svg:text",
    { ...label, y: panel.box.top + 1.1 * fontPx, class: "guess-label" },
    group,
    t("your guess"),
  );
}

// The legend's swatches and words, and the glossary under the charts.
export function drawLegend(legend, glossary, world) {
  const { palette } = world;
  const drawnFor = JSON.stringify([palette, world.glossary]);
  if (legend.drawnFor === drawnFor) return showModel(legend, world); // the rest: left as it is
  legend.drawnFor = drawnFor;
  const entries = [
    [
      `<line x1="0" y1="8" x2="22" y2="8" stroke="${palette.proxy}" stroke-width="4"/>`,
      t("reward model"),
      "proxy",
    ],
    [
      `<line x1="0" y1="8" x2="22" y2="8" stroke="${palette.gold}" stroke-width="4"/>`,
      t("true quality"),
    ],
    [
      `<path d="${starPath(11, 8, 8)}" fill="${palette.gold}" stroke="${palette.ink}"/>`,
      t("its peak"),
      "peak",
    ],
    [
      `<line x1="0" y1="8" x2="22" y2="8" stroke="${palette.ink}" stroke-width="1.5" stroke-dasharray="3 3"/>`,
      t("base model"),
    ],
    [`<circle cx="11" cy="8" r="6" fill="${palette.kl}"/>`, t("KL samples at β")],
    [`<path d="M11 0L19 8L11 16L3 8Z" fill="${palette.best_of_n}"/>`, t("best-of-n winners")],
    [`<circle cx="11" cy="8" r="3" fill="${palette.answers}"/>`, t("600 answers")],
    [`<rect x="2" y="1" width="18" height="14" fill="${palette.gold}"/>`, t("darker: better")],
  ];
  legend.replaceChildren();
  // First, presenter mode's stand-in for the reward model's entry (stage.css): b and σ named,
  // as their sliders are not drawn there; showModel writes them for each world.
  const model = el("span", { "data-legend": "model" }, legend);
  model.innerHTML = `<svg viewBox="0 0 22 16" aria-hidden="true">${entries[0][0]}</svg>`;
  model.append(`${t("reward model")}: `);
  el("span", { "data-model-values": "" }, model);
  for (const [swatch, text, name] of entries) {
    const item = el("span", name ? { "data-legend": name } : {}, legend);
    item.innerHTML = `<svg viewBox="0 0 22 16" aria-hidden="true">${swatch}</svg>`;
    item.append(text);
  }
  glossary.textContent = world.glossary;
  showModel(legend, world);
}

// The reward model's b and σ, in the legend's presenter entry: "b = 0.2, σ = 1".
export function showModel(legend, world) {
  const values = legend.querySelector("[data-model-values]");
  if (values) values.textContent = modelText(world);
}

export function modelText({ b, sigma }) {
  return `b = ${b}, σ = ${sigma}`;
}
