// Predict-then-reveal on the stage: a guess placed on a method's curve (a click there, or the
// Guess button beside its slider), the panel that says what was guessed, and Reveal. Functions
// of the Stage (stage.js), which hands itself in; the rules are predict.js's.

import { panelAt } from "./curves_hover.js";
import { nearestStopIndex, predictionText } from "./predict.js";
import { showExportControls } from "./export.js";
import { drawMoving } from "./drawing.js";
import { showStop } from "./moving.js";
import { settleSoon } from "./settling.js";

export function guess(stage, key, index) {
  if (!stage.prediction.on || stage.prediction.revealed) return;
  stage.prediction.guess[key] = stage.world[key].stops[index];
  showPrediction(stage);
  drawMoving(stage);
  settleSoon(stage);
}

export function reveal(stage) {
  const { guess } = stage.prediction;
  if (guess.n === null && guess.beta === null) return;
  stage.prediction.revealed = true;
  showPrediction(stage);
  for (const key of ["beta", "n"]) showStop(stage, key);
  drawMoving(stage);
  settleSoon(stage);
}

export function showPrediction(stage) {
  const { on, guess, revealed } = stage.prediction;
  stage.root.classList.toggle("predicting", on && !revealed);
  showExportControls(stage); // nothing to take away that would give the answer
  stage.predictPanel.panel.hidden = !on;
  for (const key of ["n", "beta"])
    Object.assign(stage.controls[key].guess, { hidden: !on, disabled: revealed });
  if (on && revealed) stage.root.dataset.revealed = "true";
  else delete stage.root.dataset.revealed; // Back after Reveal: unmarked
  if (!on) return;
  const { text, buttons } = stage.predictPanel;
  buttons.reveal.disabled = revealed || (guess.n === null && guess.beta === null);
  text.textContent = predictionText(stage.world, stage.prediction);
}

// A click on the curves while predicting: the guess is the stop nearest the click.
export function guessAt(stage, event) {
  if (!stage.prediction.on || stage.prediction.revealed || !stage.size) return;
  const bounds = stage.curvesSvg.getBoundingClientRect();
  const [px, py] = [event.clientX - bounds.left, event.clientY - bounds.top];
  const panel = panelAt(stage.panels, px, py);
  if (panel)
    guess(
      stage,
      panel.key,
      nearestStopIndex(stage.world[panel.key].stops.map(Number), panel.x.invert(px)),
    );
}
