// The stage's page elements: both methods' sliders and readouts, the predict panel, the
// legend and the two charts (each a still SVG with a moving layer above it).

import { el, setText } from "./svg.js";
import { placeCard } from "./sizes.js";
import { touchSlider } from "./touch.js";
import { t } from "./words.js";

const readoutNames = () => [
  ["kl", t("KL (nats)"), "kl"],
  ["proxy", t("reward model"), "proxy"],
  ["gold", t("true quality"), "gold"],
  ["length", t("mean length"), "length"],
];

// Builds the stage inside root; the stage's methods answer its events. Returns the elements.
export function buildStage(root, stage) {
  root.replaceChildren();
  const grid = el("div", { class: "grid" }, root);
  const methods = el("div", { class: "methods" }, grid);
  const controls = {};
  for (const key of ["beta", "n"]) controls[key] = buildMethod(methods, key, stage);
  const parts = { controls, predictPanel: buildPredictPanel(grid, stage) };
  parts.legend = el("div", { class: "legend", "aria-hidden": "true" }, grid);
  parts.curvesFigure = el("figure", { class: "curves" }, grid);
  parts.planeFigure = el("figure", { class: "plane" }, grid);
  // Under the charts, not above them: its two lines cost the charts ~40 px at 1280x720.
  parts.glossary = el("p", { class: "glossary" }, grid);
  // Pin and the downloads (pin.js, export.js), under the charts for the same reason.
  parts.tools = el(
    "div",
    { class: "tools", role: "toolbar", "aria-label": t("Pin and download") },
    grid,
  );
  parts.curvesSvg = el(
    "svg:svg",
    { class: "chart", role: "img", "data-chart": "curves" },
    parts.curvesFigure,
  );
  parts.planeSvg = el(
    "svg:svg",
    { class: "chart", role: "img", "data-chart": "plane" },
    parts.planeFigure,
  );
  // What moves with β and n is drawn on a layer of its own above each chart, so a frame
  // repaints a hundred small shapes, not the shading, the contours and 600 answers below.
  parts.curvesMoving = el(
    "svg:svg",
    { class: "chart moving", "aria-hidden": "true", "data-layer": "curves-moving" },
    parts.curvesFigure,
  );
  parts.planeMoving = el(
    "svg:svg",
    { class: "chart moving", "aria-hidden": "true", "data-layer": "plane-moving" },
    parts.planeFigure,
  );
  parts.tooltip = el("div", { class: "tooltip", "aria-hidden": "true" }, root);
  parts.tapMark = el("div", { class: "tap-mark", "aria-hidden": "true" }, root);
  parts.announcer = el("p", { class: "visually-hidden", "aria-live": "polite" }, root);
  return parts;
}

// One slider of the stage (β, n, b or σ): its label (name, value, hint), Play and the range,
// inside `control`; `owner` answers its events (moveTo, settleSoon, stopPlaying, togglePlay).
// Its stops arrive later (max "0" until then).
export function buildSlider(control, key, owner) {
  const label = el("label", { for: `stage-${key}` }, control);
  const name = el("span", { class: "name" }, label);
  const output = el("output", { for: `stage-${key}` }, label);
  const hint = el("span", { class: "hint" }, label);
  const row = el("div", { class: "slider-row" }, control);
  const play = el(
    "button",
    { class: "play", type: "button", "aria-pressed": "false" },
    row,
    t("▶ Play"),
  );
  const input = el(
    "input",
    { type: "range", id: `stage-${key}`, min: "0", max: "0", step: "1", value: "0" },
    row,
  );
  const undoneForTouch = touchSlider(input, key, owner); // a finger: touch.js decides
  input.addEventListener(
    "input",
    () => undoneForTouch() || owner.moveTo(key, Number(input.value), { fromUser: true }),
  );
  input.addEventListener("change", () => undoneForTouch() || owner.settleSoon());
  input.addEventListener("pointerdown", () => owner.stopPlaying(false));
  play.addEventListener("click", () => owner.togglePlay(key));
  return { name, output, hint, row, input, play };
}

function buildMethod(parent, key, stage) {
  const section = el("section", { class: `method ${key}` }, parent);
  const control = el("div", { class: "control" }, section);
  const { name, output, hint, row, input, play } = buildSlider(control, key, stage);
  const guess = el(
    "button",
    { type: "button", class: "play guess", "data-guess": key, hidden: "" },
    row,
    key === "n" ? t("Guess: n here") : t("Guess: β here"),
  );
  guess.addEventListener("click", () => stage.guess(key, stage.stopIndex(key))); // beside its slider
  const readouts = el("div", { class: "readouts" }, section);
  const heading = el("h2", {}, readouts);
  const list = el("dl", {}, readouts);
  const cells = {};
  for (const [field, text, kind] of readoutNames()) {
    const cell = el("div", { class: kind }, list);
    el("dt", {}, cell, text);
    cells[field] = el("dd", { "data-readout": `${key}-${field}` }, cell);
  }
  const edge = el("p", { class: "edge-note", "data-edge-note": key, role: "note" }, readouts); // the grid's edge, from Python
  // The slack in one line; what the word means and its caveats one click away, over the
  // charts rather than pushing them down (a projector's first screen has no line to spare).
  const slackRow = el("div", { class: "slack" }, readouts);
  const slack = el("span", { "data-slack": key }, slackRow);
  const slackMore = el("details", { class: "slack-more" }, slackRow);
  el("summary", { "aria-label": t("What is slack?") }, slackMore, t("slack?"));
  const slackText = el("p", { "data-slack-more": key }, slackMore);
  // n's win rate against a random answer, by the score and by true quality (Python's line).
  const win = key === "n" ? el("p", { class: "win-rate", "data-win": key }, readouts) : null;
  return {
    section,
    name,
    output,
    hint,
    input,
    play,
    guess,
    heading,
    cells,
    edge,
    slack,
    slackMore,
    slackText,
    win,
  };
}

// The slack's one line at stop `index` (Python writes one per stop, from where the student
// is: push on to the peak, or back off to it) and, behind "slack?", its sentence; neither
// while the truth is hidden.
export function showSlack(control, method, index, hidingTruth) {
  setText(control.slack, hidingTruth ? "" : method.slack[index]);
  control.slackText.textContent = method.slack_more;
  control.slackMore.hidden = hidingTruth;
}

// The win-rate line at stop `index` (Python writes one per n stop); empty while the truth is
// hidden, the line keeping its place so a reveal moves nothing. Only n's panel has one.
export function showWin(control, method, index, hidingTruth) {
  if (!control.win) return;
  setText(control.win, hidingTruth || !method.win ? "" : method.win[index]);
}

// Predict, then reveal: true quality stays hidden until the reader has committed a guess.
function buildPredictPanel(parent, stage) {
  const panel = el("div", { class: "predict", "data-testid": "predict" }, parent);
  const text = el("p", { class: "predict-text", "aria-live": "polite" }, panel);
  const row = el("div", { class: "predict-row" }, panel);
  const buttons = {};
  buttons.reveal = el(
    "button",
    { type: "button", class: "play reveal" },
    row,
    t("Reveal the truth"),
  );
  buttons.reveal.addEventListener("click", () => stage.reveal());
  return { panel, text, buttons };
}

// The stage's listeners: a new size redraws, a pointer over a chart shows its numbers, a click
// on the curves places a guess.
export function listen(stage) {
  const schedule = () => stage.scheduleLayout();
  stage.resizeObserver = new ResizeObserver(schedule);
  stage.resizeObserver.observe(stage.root);
  const main = document.querySelector('[data-testid="stMainBlockContainer"]');
  if (main) stage.resizeObserver.observe(main);
  window.addEventListener("resize", schedule);
  stage.onResize = schedule; // taken off again when the stage is (stage.js's dispose)
  const hide = () => {
    stage.tooltip.style.display = "none";
    stage.tapMark.style.display = "none";
  };
  let pointerType = "mouse"; // of the last press on the curves: a tap inspects, a click guesses
  const inspect = (kind, event) => {
    stage.hover(kind, event);
    // A finger hides what it tapped: a ring marks the point the card (or the plane's tip) is about.
    const shown = kind === "plane" || stage.tooltip.style.display === "block";
    if (event.pointerType !== "mouse" && shown) showTapMark(stage.root, stage.tapMark, event);
  };
  for (const [svg, kind] of [
    [stage.curvesSvg, "curves"],
    [stage.planeSvg, "plane"],
  ]) {
    svg.addEventListener("pointermove", (event) => inspect(kind, event));
    // A finger has no hover: a tap shows what hovering shows, and marks where, until a tap elsewhere.
    svg.addEventListener("pointerdown", (event) => {
      if (kind === "curves") pointerType = event.pointerType;
      if (event.pointerType !== "mouse") inspect(kind, event);
    });
    svg.addEventListener("pointerleave", (event) => event.pointerType === "mouse" && hide());
  }
  stage.root.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse" && !event.target.closest("svg.chart")) hide();
  });
  // Predicting on a touch screen, a tap only inspects: guesses go by the Guess buttons.
  stage.curvesSvg.addEventListener(
    "click",
    (event) => pointerType === "mouse" && stage.guessAt(event),
  );
}

// The tap's mark at the event's point, inside the stage's root.
export function showTapMark(root, mark, event) {
  const bounds = root.getBoundingClientRect();
  mark.style.left = `${event.clientX - bounds.left}px`;
  mark.style.top = `${event.clientY - bounds.top}px`;
  mark.style.display = "block";
}

// The tooltip with text beside the pointer, kept inside the stage; no text hides it.
export function showTooltip(root, tooltip, text, event) {
  if (!text) {
    tooltip.style.display = "none";
    return;
  }
  tooltip.textContent = text;
  tooltip.style.display = "block";
  placeCard(root, tooltip, event); // inside the screen, flipped left or up near its edges
}
