// The class poll's histogram to take away: SVG and CSV as sent, PNG drawn from the SVG with
// the shared svgToPng the stage's downloads use too (joined with it by ui/js_modules.py).
import { save, svgToPng } from "../shared_assets/save_file.js";

export default function mountDownloads(component) {
  const { data, parentElement } = component;
  const bar = parentElement.querySelector(".downloads");
  bar.__data = data; // the buttons read the latest histogram
  if (bar.childElementCount) return;
  for (const [kind, text, label] of [
    ["svg", "↓ SVG", "Download the histogram as SVG"],
    ["png", "↓ PNG", "Download the histogram as PNG"],
    ["csv", "↓ CSV (counts)", "Download the histogram's counts as CSV"],
  ]) {
    const node = document.createElement("button");
    Object.assign(node, { type: "button", textContent: text });
    node.setAttribute("aria-label", label);
    node.addEventListener("click", async () => {
      const { svg, csv, width, height, name } = bar.__data;
      if (kind === "csv") save(new Blob([csv], { type: "text/csv" }), `${name}.csv`);
      else if (kind === "svg") save(new Blob([svg], { type: "image/svg+xml" }), `${name}.svg`);
      else save(await svgToPng(svg, width, height), `${name}.png`);
    });
    bar.appendChild(node);
  }
}
