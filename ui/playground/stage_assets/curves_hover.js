// The curves' hover: which panel a pixel is over, and the readout there.

import { interpolateAt } from "./field.js";
import { pressureHoverText, signedText } from "./format.js";
import { t } from "./words.js";

// The panel under pixel (px, py): n's first, as the hover always looked; or null.
export function panelAt(panels, px, py) {
  for (const key of ["n", "beta"]) {
    const { box } = panels[key];
    if (px >= box.left && px <= box.right && py >= box.top && py <= box.bottom) return panels[key];
  }
  return null;
}

// The curves' hover at pixel (px, py), or null outside both panels; "?" for hidden truth.
export function curvesHoverText(world, panels, px, py, hidingTruth) {
  const panel = panelAt(panels, px, py);
  if (!panel) return null;
  const { curve, edge } = world[panel.key];
  const pressure = panel.x.invert(px);
  const proxy = interpolateAt(curve.pressure, curve.proxy_gain, pressure);
  const gold = interpolateAt(curve.pressure, curve.gold_gain, pressure);
  const label = pressureHoverText(panel.key, curve.pressure[proxy.index]);
  const goldText = hidingTruth ? "?" : signedText(gold.value);
  const edgeText = edge?.hover[proxy.index]; // capped by the grid's edge, or ""
  const said = t("{label} · reward model {proxy} · true quality {gold}", {
    label,
    proxy: signedText(proxy.value),
    gold: goldText,
  });
  return `${said}${edgeText ? ` · ${edgeText}` : ""}`;
}
