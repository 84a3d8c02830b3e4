// What the stage says once it stops moving: the settled setting, reported to Python once
// (SETTLE_MS after the last move), and the readouts in words for a screen reader and the curves'
// label. Functions of the Stage (stage.js), which hands itself in.

import { pinReport } from "./pin.js";
import { t } from "./words.js";

const SETTLE_MS = 350; // the settled value goes to Python this long after the last move

export function settleSoon(stage) {
  clearTimeout(stage.settleTimer);
  stage.settleTimer = setTimeout(() => settle(stage), SETTLE_MS);
}

export function settle(stage) {
  if (!stage.report || !stage.world) return;
  const settled = { seq: ++stage.seq };
  for (const key of ["beta", "n"]) settled[key] = stage.world[key].stops[stage.stopIndex(key)];
  Object.assign(settled, stage.worlds.settled());
  if (stage.prediction.on) {
    settled.guess_beta = stage.prediction.guess.beta;
    settled.guess_n = stage.prediction.guess.n;
    settled.revealed = stage.prediction.revealed;
  }
  settled.pin = pinReport(stage);
  stage.report("settled", settled);
  announce(stage);
}

export function announce(stage) {
  const parts = ["beta", "n"].map((key) => {
    const cells = stage.controls[key].cells;
    return t(
      "{heading}: KL {kl} nats, reward model {proxy}, true quality {gold}, mean length {length}.",
      {
        heading: stage.controls[key].heading.textContent,
        kl: cells.kl.textContent,
        proxy: cells.proxy.textContent,
        gold: cells.gold.textContent,
        length: cells.length.textContent,
      },
    );
  });
  stage.announcer.textContent = parts.join(" ");
  stage.curvesSvg.setAttribute(
    "aria-label",
    `${t("Reward model's score and true quality against the pressure of each method.")} ${parts.join(" ")}`,
  );
}
