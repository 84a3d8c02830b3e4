// The Playground's stage: β, n and everything they move, drawn in the browser.
//
// Python sends, once per (b, σ), a "world": for every β stop and every n stop the moving
// cloud, the readouts (already formatted by Python) and the gains where the current setting
// is marked, plus both whole curves, the plane's two fields and the 600 answers. Everything
// here only draws that data: no model math lives in these modules. A drag, a key press or
// the play button redraws at animation speed; the settled value goes back to Python once.
//
// This entry holds the Stage class and its three hooks: receive(data) (Python's data),
// layout(worldChanged) (sizes, then drawStill and drawMoving), drawMoving() (every frame).
// The drawing is in curves.js, plane.js and marks.js, the pure parts in scales.js, field.js,
// format.js, motion.js and predict.js, the pin in pin.js, the downloads in export.js and the
// benchmarks' timings in profile.js;
// ui/js_modules.py joins them into one script.

import { buildStage, listen, showSlack, showTooltip } from "./controls.js";
import { curvesHoverText, drawCurves, panelAt, showCurvesWorld } from "./curves.js";
import { clamp } from "./field.js";
import { stopHeading } from "./format.js";
import { drawLegend, drawMarks, moveClouds } from "./marks.js";
import { drawStepPointers } from "./annotations.js";
import { drawPlane, showPlaneWorld } from "./plane.js";
import { glide, sweep, SWEEP_MS } from "./motion.js";
import { nearestStopIndex, predictionText } from "./predict.js";
import { measure } from "./sizes.js";
import { buildPinControls, drawPinned, pinnedGains, pinReport, receivePin, showPinControls } from "./pin.js";
import { buildExportControls, showExportControls } from "./export.js";
import { WorldControls } from "./worlds.js";
import { timed } from "./profile.js";
import { buildAnswerPanel, loadAnswerTables, planeTip, showAnswers } from "./answers.js";
import { setText } from "./svg.js";

const SETTLE_MS = 350; // the settled value goes to Python this long after the last move
const stages = new WeakMap(); // one Stage per mounted component (its shadow root)

export default function mountStage(component) {
  const { data, parentElement, setStateValue } = component;
  let stage = stages.get(parentElement);
  if (!stage) {
    stage = new Stage(parentElement.querySelector(".stage"));
    stages.set(parentElement, stage);
  }
  stage.report = setStateValue;
  stage.receive(data);
  // No cleanup: between runs the picture stays as it is until new data has been drawn.
}

export class Stage {
  constructor(root) {
    this.root = root;
    this.world = null;
    this.worldText = null;
    this.requestId = null;
    this.report = null;
    this.seq = 0;
    this.settleTimer = null;
    this.frame = null;
    this.size = null;
    this.position = { beta: { target: 0, shown: 0 }, n: { target: 0, shown: 0 } };
    this.playing = null; // { key, direction, last }
    this.prediction = { on: false, guess: { beta: null, n: null }, revealed: false };
    this.redraws = 0;
    this.goldCache = new Map(); // true quality's shading, painted once per size
    Object.assign(this, buildStage(root, this));
    this.answers = buildAnswerPanel(this, root); // under the stage: answers you can read
    this.worlds = new WorldControls(this, root.querySelector(".grid")); // b and σ
    listen(this); // resizes, hovers, taps and clicks on the charts
    buildPinControls(this, this.tools, () => this.pinChanged());
    buildExportControls(this, this.tools);
  }

  guess(key, index) {
    if (!this.prediction.on || this.prediction.revealed) return;
    this.prediction.guess[key] = this.world[key].stops[index];
    this.showPrediction();
    this.drawMoving();
    this.settleSoon();
  }

  reveal() {
    const { guess } = this.prediction;
    if (guess.n === null && guess.beta === null) return;
    this.prediction.revealed = true;
    this.showPrediction();
    for (const key of ["beta", "n"]) this.showStop(key);
    this.drawMoving();
    this.settleSoon();
  }

  showPrediction() {
    const { on, guess, revealed } = this.prediction;
    this.root.classList.toggle("predicting", on && !revealed);
    showExportControls(this); // nothing to take away that would give the answer
    this.predictPanel.panel.hidden = !on;
    for (const key of ["n", "beta"]) Object.assign(this.controls[key].guess, { hidden: !on, disabled: revealed });
    if (on && revealed) this.root.dataset.revealed = "true"; else delete this.root.dataset.revealed; // Back after Reveal: unmarked
    if (!on) return;
    const { text, buttons } = this.predictPanel;
    buttons.reveal.disabled = revealed || (guess.n === null && guess.beta === null);
    text.textContent = predictionText(this.world, this.prediction);
  }

  // --- data from Python ------------------------------------------------------------------

  receive(data) {
    this.root.classList.toggle("present", Boolean(data.present));
    const [request, predictingBefore] = [data.request || {}, this.prediction.on];
    const requestChanged = request.id !== this.requestId;
    this.worlds.receive(data, requestChanged);
    loadAnswerTables(this, data.worlds && data.worlds.answers);
    // Python's world comes with each of its requests; between them, b and σ choose the world.
    const worldChanged = requestChanged && this.useWorld(data.world);
    [this.predictTicks, this.steps] = [data.predict_ticks || null, data.steps || []];
    if (requestChanged) {
      this.requestId = request.id;
      const asked = request.predict || {};
      this.prediction = {
        on: Boolean(asked.on),
        guess: { beta: asked.guess_beta ?? null, n: asked.guess_n ?? null },
        revealed: Boolean(asked.revealed),
      };
      this.showPrediction();
      this.stopPlaying(false);
      for (const key of ["beta", "n"]) {
        const index = this.world[key].stops.indexOf(String(request[key]));
        if (index >= 0) this.jumpTo(key, index);
      }
    }
    const pinTaken = receivePin(this, data.pin); // the address set the pin: draw it
    this.layout(worldChanged || pinTaken || predictingBefore !== this.prediction.on); // predicting: other ticks
  }

  useWorld(text) {
    // A new reward model (from Python, or fetched for b and σ): the same stops, new numbers.
    if (text === this.worldText) return false;
    this.world = timed("parse", () => JSON.parse(text));
    this.worldText = text;
    this.configureControls();
    for (const key of ["beta", "n"]) this.showStop(key);
    if (this.prediction.on) this.showPrediction();
    this.root.dataset.world = `${this.world.b},${this.world.sigma}`;
    return true;
  }

  configureControls() {
    for (const key of ["beta", "n"]) {
      const method = this.world[key];
      const control = this.controls[key];
      setText(control.name, method.label); // unchanged text, untouched: no layout for it
      setText(control.hint, method.hint);
      control.input.max = String(method.stops.length - 1);
      control.input.setAttribute("aria-label", method.label);
      control.play.setAttribute("aria-label", `Play: sweep ${method.symbol} from gentle to extreme and back`);
    }
    drawLegend(this.legend, this.glossary, this.world);
  }

  // --- moving β and n --------------------------------------------------------------------

  jumpTo(key, index) {
    const position = this.position[key];
    position.target = index;
    position.shown = index;
    this.showStop(key);
  }

  moveTo(key, index, { fromUser = false } = {}) {
    if (fromUser) this.stopPlaying(false);
    this.position[key].target = index;
    this.showStop(key);
    this.animate();
  }

  hidingTruth() {
    return this.prediction.on && !this.prediction.revealed;
  }

  stopIndex(key) {
    return Math.round(this.position[key].target);
  }

  showStop(key) {
    // Readouts and the slider follow the stop at once; the cloud glides there.
    const index = this.stopIndex(key);
    const method = this.world[key];
    const control = this.controls[key];
    const stop = method.stops[index];
    const valueText = `${method.symbol} = ${stop}`;
    if (control.input.value !== String(index)) control.input.value = String(index);
    control.input.setAttribute("aria-valuetext", valueText);
    setText(control.output, `= ${stop}`);
    setText(control.heading, stopHeading(key, stop));
    for (const field of ["kl", "proxy", "gold", "length"]) {
      control.cells[field].textContent = method.readouts[field][index];
    }
    if (this.hidingTruth()) control.cells.gold.textContent = "?";
    showSlack(control, method, this.hidingTruth());
    control.edge.hidden = !(control.edge.textContent = method.edge ? method.edge.notes[index] : "");
    this.root.dataset[key] = stop;
    showAnswers(this);
  }

  settleSoon() {
    clearTimeout(this.settleTimer);
    this.settleTimer = setTimeout(() => this.settle(), SETTLE_MS);
  }

  settle() {
    if (!this.report || !this.world) return;
    const settled = { seq: ++this.seq };
    for (const key of ["beta", "n"]) settled[key] = this.world[key].stops[this.stopIndex(key)];
    Object.assign(settled, this.worlds.settled());
    if (this.prediction.on) {
      settled.guess_beta = this.prediction.guess.beta;
      settled.guess_n = this.prediction.guess.n;
      settled.revealed = this.prediction.revealed;
    }
    settled.pin = pinReport(this);
    this.report("settled", settled);
    this.announce();
  }

  pinChanged() {
    // Pinned or cleared: the still parts again (an axis may widen to hold both), reported now.
    showPinControls(this);
    this.layout(true);
    clearTimeout(this.settleTimer);
    this.settle();
  }

  announce() {
    const parts = ["beta", "n"].map((key) => {
      const cells = this.controls[key].cells;
      return `${this.controls[key].heading.textContent}: KL ${cells.kl.textContent} nats, reward model ${cells.proxy.textContent}, true quality ${cells.gold.textContent}, mean length ${cells.length.textContent}.`;
    });
    this.announcer.textContent = parts.join(" ");
    this.curvesSvg.setAttribute("aria-label", `Reward model's score and true quality against the pressure of each method. ${parts.join(" ")}`);
  }

  togglePlay(key) {
    if (this.playing && this.playing.key === key) {
      this.stopPlaying(true);
      return;
    }
    this.stopPlaying(false);
    this.worlds.stopPlaying(false);
    const last = this.world[key].stops.length - 1;
    const position = this.position[key];
    const direction = position.target >= last ? -1 : 1;
    this.playing = { key, direction, last: performance.now() };
    this.controls[key].play.setAttribute("aria-pressed", "true");
    this.controls[key].play.textContent = "❚❚ Pause";
    this.animate();
  }

  stopPlaying(settle) {
    if (!this.playing) return;
    const { key } = this.playing;
    this.playing = null;
    const position = this.position[key];
    position.target = Math.round(position.target);
    this.showStop(key);
    this.controls[key].play.setAttribute("aria-pressed", "false");
    this.controls[key].play.textContent = "▶ Play";
    if (settle) this.settleSoon();
    this.animate();
  }

  animate() {
    if (this.frame === null) {
      this.lastFrame = performance.now();
      this.frame = requestAnimationFrame((now) => this.tick(now));
    }
  }

  tick(now) {
    this.frame = null;
    if (!this.root.isConnected || !this.world) return;
    // A frame's timestamp can precede the moment it was asked for: count at least one frame.
    const elapsed = clamp(now - this.lastFrame, 16, 1000);
    this.lastFrame = now;
    if (this.playing) this.advancePlay(now);
    let moving = Boolean(this.playing);
    for (const key of ["beta", "n"]) {
      const position = this.position[key];
      position.shown = glide(position.shown, position.target, elapsed);
      moving = moving || position.shown !== position.target;
    }
    this.drawMoving();
    if (moving) this.animate();
  }

  advancePlay(now) {
    // Time-based, so a throttled background tab resumes where the sweep would be.
    const { key } = this.playing;
    const last = this.world[key].stops.length - 1;
    const position = this.position[key];
    const elapsed = Math.min(now - this.playing.last, 2 * SWEEP_MS);
    this.playing.last = now;
    const swept = sweep(position.target, this.playing.direction, elapsed, last);
    this.playing.direction = swept.direction;
    const before = this.stopIndex(key);
    position.target = swept.target;
    position.shown = position.target; // the sweep itself is the glide
    if (this.stopIndex(key) !== before) this.showStop(key);
  }

  // --- layout ----------------------------------------------------------------------------

  scheduleLayout() {
    if (this.layoutPending) return;
    this.layoutPending = true;
    requestAnimationFrame(() => {
      this.layoutPending = false;
      if (this.world) this.layout(false);
    });
  }

  // A new world for b or σ: its own parts drawn in place at the size last measured (measuring
  // here would force a layout mid-task); a resize since is the ResizeObserver's to redraw.
  showWorld() {
    if (!this.size || this.stillPending || this.layoutPending) return this.layout(true);
    this.drawStill(true);
    this.drawMoving();
    this.announce();
  }

  layout(worldChanged) {
    const size = timed("measure", () => measure(this));
    if (size.curvesWidth < 80 || size.planeWidth < 80) {
      // Hidden or not laid out yet: draw when the ResizeObserver says it has a size.
      this.stillPending = this.stillPending || worldChanged;
      return;
    }
    const key = JSON.stringify(size);
    if (!worldChanged && key === this.sizeKey && !this.stillPending) {
      this.drawMoving();
      return;
    }
    this.sizeKey = key;
    this.size = size;
    this.stillPending = false;
    this.drawStill();
    this.drawMoving();
    this.announce();
    this.root.querySelector(".loading")?.remove();
    this.root.getRootNode().host?.setAttribute("data-stage-drawn", ""); // ui/playground/stage.py WAIT_CSS
  }

  // --- still parts: curves, fields, answers (once per world and size) ----------------------

  drawStill(inPlace = false) {
    const { fontPx, curvesWidth, curvesHeight, planeWidth, chartHeight } = this.size;
    // While predicting, the lesson's ticks (n = 49, β = 1: the answer) give way to even ones.
    const xTicks = this.prediction.on && this.predictTicks ? this.predictTicks : this.world.ticks;
    const pinned = { beta: pinnedGains(this, "beta"), n: pinnedGains(this, "n") };
    if (!(inPlace && timed("curves", () => showCurvesWorld(this.panels, this.world, xTicks, pinned)))) {
      const curves = timed("curves", () => drawCurves(this.curvesSvg, this.curvesMoving, this.world, { width: curvesWidth, height: curvesHeight, fontPx }, xTicks, pinned));
      this.panels = curves.panels;
      this.curvesMarks = curves.marks;
    }
    if (!(inPlace && timed("plane", () => showPlaneWorld(this.plane, this.world)))) {
      this.plane = timed("plane", () => drawPlane(this.planeSvg, this.planeMoving, this.world, { width: planeWidth, height: chartHeight, fontPx }, this.goldCache));
      this.planeScale = this.plane.scale;
      this.cloudGroups = this.plane.cloudGroups;
    }
    drawPinned(this); // under the moving layers, so the current picture stays on top
    this.root.dataset.stillDraws = String(Number(this.root.dataset.stillDraws || 0) + 1);
  }

  // --- moving parts: clouds and marks (every frame while something moves) -----------------

  drawMoving() {
    if (!this.size || !this.cloudGroups) return;
    moveClouds(this.cloudGroups, this.world, this.position, this.planeScale);
    const guesses = this.prediction.on ? this.prediction.guess : { beta: null, n: null };
    drawStepPointers(this, drawMarks(this.curvesMarks, this.panels, this.world, this.position, guesses, this.size.fontPx));
    this.redraws += 1;
    this.root.dataset.redraws = String(this.redraws);
  }

  // --- hover readouts --------------------------------------------------------------------

  hover(kind, event) {
    if (!this.size) return;
    const bounds = (kind === "curves" ? this.curvesSvg : this.planeSvg).getBoundingClientRect();
    const [px, py] = [event.clientX - bounds.left, event.clientY - bounds.top];
    if (kind === "plane") return planeTip(this, px, py, event); // a dot's answer, or the point's numbers
    showTooltip(this.root, this.tooltip, curvesHoverText(this.world, this.panels, px, py, this.hidingTruth()), event);
  }

  guessAt(event) {
    if (!this.prediction.on || this.prediction.revealed || !this.size) return;
    const bounds = this.curvesSvg.getBoundingClientRect();
    const [px, py] = [event.clientX - bounds.left, event.clientY - bounds.top];
    const panel = panelAt(this.panels, px, py);
    if (panel) this.guess(panel.key, nearestStopIndex(this.world[panel.key].stops.map(Number), panel.x.invert(px)));
  }
}
