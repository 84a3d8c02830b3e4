// Take the stage away: the picture as SVG or PNG (its legend and settings written in it) and
// the curves as CSV (each slider stop's gains and KL, core's numbers as the world carries
// them), all built in the browser from what is on screen: no server round trip. The PNG and
// the saving are shared with the class poll's downloads (ui/shared_assets/save_file.js).

import { save, svgToPng } from "../../shared_assets/save_file.js";
import { t } from "./words.js";

const SVG_NS = "http://www.w3.org/2000/svg";
const GAP_PX = 16; // between the curves and the plane, as on screen (1em at 16 px)

// The SVG, PNG and CSV buttons, in `parent`.
export function buildExportControls(stage, parent) {
  const buttons = {};
  for (const [kind, text] of [
    ["svg", "↓ SVG"],
    ["png", "↓ PNG"],
    ["csv", t("↓ CSV (curves)")],
  ]) {
    const node = document.createElement("button");
    Object.assign(node, { type: "button", className: "play tool", textContent: text });
    node.dataset.download = kind;
    node.setAttribute(
      "aria-label",
      kind === "csv"
        ? t("Download the curves as CSV")
        : t("Download the picture as {kind}", { kind: kind.toUpperCase() }),
    );
    node.addEventListener("click", () => download(stage, kind));
    parent.appendChild(node);
    buttons[kind] = node;
  }
  stage.exportButtons = buttons;
}

// While predicting, nothing may give the answer away: no downloads until Reveal.
export function showExportControls(stage) {
  for (const node of Object.values(stage.exportButtons || {})) {
    node.disabled = stage.hidingTruth();
    node.title = node.disabled ? t("Available after Reveal") : "";
  }
}

async function download(stage, kind) {
  if (!stage.world || !stage.size || stage.hidingTruth()) return;
  const name = `reward-hacking_${settingsSlug(stage)}.${kind}`;
  if (kind === "csv") return save(new Blob([curvesCsv(stage)], { type: "text/csv" }), name);
  const { text, width, height } = pictureSvg(stage);
  if (kind === "svg") return save(new Blob([text], { type: "image/svg+xml" }), name);
  save(await svgToPng(text, width, height), name);
}

export function settings(stage) {
  // The four settings as the stage shows them: { b, sigma, beta, n } (stops, as text).
  return {
    b: `${stage.world.b}`,
    sigma: `${stage.world.sigma}`,
    beta: stage.world.beta.stops[stage.stopIndex("beta")],
    n: stage.world.n.stops[stage.stopIndex("n")],
  };
}

const settingsSlug = (stage) => {
  const { b, sigma, beta, n } = settings(stage);
  return `b${b}_sigma${sigma}_beta${beta}_n${n}`;
};

export function settingsLine(stage) {
  const { b, sigma, beta, n } = settings(stage);
  return `b = ${b}, σ = ${sigma}, β = ${beta}, n = ${Number(n).toLocaleString("en")}`;
}

// --- CSV -------------------------------------------------------------------------------

export function curvesCsv(stage) {
  const { b, sigma } = settings(stage);
  const rows = ["method,stop,b,sigma,reward_model_gain,true_quality_gain,kl_nats"];
  for (const [key, method] of [
    ["beta", "kl_penalty"],
    ["n", "best_of_n"],
  ]) {
    const { stops, table } = stage.world[key];
    stops.forEach((stop, i) =>
      rows.push(
        [method, stop, b, sigma, table.proxy_gain[i], table.gold_gain[i], table.kl[i]].join(","),
      ),
    );
  }
  return `${rows.join("\n")}\n`;
}

// --- SVG -------------------------------------------------------------------------------

export function pictureSvg(stage) {
  // One standalone SVG: the title and settings, the legend as laid out on screen, then the
  // curves and the plane, each its still layer with its moving layer on top.
  const { fontPx } = stage.size;
  const curves = [stage.curvesSvg, stage.curvesMoving];
  const plane = [stage.planeSvg, stage.planeMoving];
  const curvesWidth = Number(stage.curvesSvg.getAttribute("width"));
  const chartsHeight = Math.max(
    ...[...curves, ...plane].map((svg) => Number(svg.getAttribute("height"))),
  );
  const width = Math.round(curvesWidth + GAP_PX + Number(stage.planeSvg.getAttribute("width")));
  const lines = [`${t("Reward hacking, live")}: ${settingsLine(stage)}`];
  if (stage.pin) lines.push(stage.pinControls.label.textContent);
  const legendTop = (lines.length + 0.6) * 1.4 * fontPx;
  const legend = legendItems(stage, width);
  const chartsTop = legendTop + legend.height + 0.6 * fontPx;
  const height = Math.round(chartsTop + chartsHeight + 0.5 * fontPx);
  const root = document.createElementNS(SVG_NS, "svg");
  Object.entries({ xmlns: SVG_NS, width, height, viewBox: `0 0 ${width} ${height}` }).forEach(
    ([k, v]) => root.setAttribute(k, v),
  );
  root.innerHTML = `<style>${pictureStyle(stage)}</style><rect width="100%" height="100%" fill="white"/>`;
  lines.forEach((line, i) =>
    appendText(root, line, 0.2 * fontPx, (i + 1) * 1.4 * fontPx, i === 0 ? "heading" : "pin-note"),
  );
  const legendGroup = group(root, 0, legendTop);
  legendGroup.setAttribute("data-export", "legend");
  for (const item of legend.items) {
    const entry = group(legendGroup, item.left, item.top);
    entry.innerHTML = `<svg width="${1.4 * fontPx}" height="${fontPx}" viewBox="0 0 22 16" overflow="visible">${item.swatch}</svg>`;
    appendText(entry, item.text, 1.7 * fontPx, 0.85 * fontPx);
  }
  for (const [layers, left] of [
    [curves, 0],
    [plane, curvesWidth + GAP_PX],
  ]) {
    const holder = group(root, left, chartsTop);
    for (const layer of layers) {
      const copy = layer.cloneNode(true);
      copy.removeAttribute("class");
      holder.appendChild(copy);
    }
  }
  return { text: new XMLSerializer().serializeToString(root), width, height };
}

function legendItems(stage, width) {
  // Each legend entry where it sits on screen (the legend wraps as the stage's width does).
  const origin = stage.legend.getBoundingClientRect();
  const items = [...stage.legend.children]
    .filter((item) => getComputedStyle(item).display !== "none")
    .map((item) => {
      const box = item.getBoundingClientRect();
      return {
        left: box.left - origin.left,
        top: box.top - origin.top,
        swatch: item.querySelector("svg").innerHTML,
        text: item.textContent,
      };
    });
  const height = origin.height || stage.size.fontPx * 1.4;
  return { items: items.filter((item) => item.left < width), height };
}

function pictureStyle(stage) {
  // The stage's CSS for its charts' text, with its custom properties resolved (a file has none).
  const css = getComputedStyle(stage.root);
  const colour = (name) => css.getPropertyValue(name).trim();
  const hidden = stage.hidingTruth()
    ? '[data-series="gold_gain"], [data-peak], [data-mark$="gold_gain"] { visibility: hidden; }'
    : "";
  return [
    `text { font-family: ${css.fontFamily}; font-size: ${stage.size.fontPx}px; fill: ${colour("--ink")}; }`,
    ".heading, .title, .guess-label { font-weight: 600; }",
    `.kl-title { fill: ${colour("--kl-text")}; } .bon-title { fill: ${colour("--bon-text")}; }`,
    `.level { fill: ${colour("--proxy-text")}; paint-order: stroke; stroke: white; stroke-width: 4px; }`,
    `.axis line, .axis path { stroke: ${colour("--ink")}; } .gridline { stroke: ${colour("--grid")}; }`,
    hidden,
  ].join("\n");
}

function group(parent, left, top) {
  const node = document.createElementNS(SVG_NS, "g");
  node.setAttribute("transform", `translate(${left.toFixed(1)},${top.toFixed(1)})`);
  parent.appendChild(node);
  return node;
}

function appendText(parent, text, x, y, className = null) {
  const node = document.createElementNS(SVG_NS, "text");
  node.setAttribute("x", x.toFixed(1));
  node.setAttribute("y", y.toFixed(1));
  if (className) node.setAttribute("class", className);
  node.textContent = text;
  parent.appendChild(node);
}
