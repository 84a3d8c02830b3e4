// The Playground's stage: β, n and everything they move, drawn in the browser.
//
// Python sends, once per (b, σ), a "world": for every β stop and every n stop the moving
// cloud, the readouts (already formatted by Python) and the gains where the current setting
// is marked, plus both whole curves, the plane's two fields and the 600 answers. Everything
// here only draws that data: no model math lives in these modules. A drag, a key press or
// the play button redraws at animation speed; the settled value goes back to Python once.
//
// This entry holds the Stage class: its state, Python's data (receive), and the methods the
// other modules and the tests call. Its jobs are in modules of their own, each a set of
// functions the Stage hands itself to (a method named as one of them calls it): β and n moving
// and Play in moving.js, the picture (layout, still and moving parts) in drawing.js, the settle
// report and the screen reader's sentence in settling.js, predict-then-reveal in guessing.js.
// The charts are drawn by curves.js, plane.js and marks.js, the pure parts are scales.js,
// field.js, format.js, motion.js and predict.js, the pin is pin.js (its buttons
// pin_controls.js, its drawing pin_drawing.js), the downloads export.js and the benchmarks'
// timings profile.js; ui/js_modules.py joins them into one script.

import { buildStage, listen, showTooltip } from "./controls.js";
import { curvesHoverText } from "./curves_hover.js";
import { drawLegend } from "./marks.js";
import { buildPinControls, receivePin, showPinControls } from "./pin_controls.js";
import { buildExportControls } from "./export.js";
import { WorldControls } from "./worlds.js";
import { timed } from "./profile.js";
import { buildAnswerPanel, loadAnswerTables, planeTip } from "./answers.js";
import { setText } from "./svg.js";
import { layout, scheduleLayout, showWorld } from "./drawing.js";
import { guess, guessAt, reveal, showPrediction } from "./guessing.js";
import { jumpTo, moveTo, showStop, stopPlaying, togglePlay } from "./moving.js";
import { settle, settleSoon } from "./settling.js";
import { setWords, t } from "./words.js";

const stages = new WeakMap(); // one Stage per mounted component (its shadow root)

export default function mountStage(component) {
  const { data, parentElement, setStateValue } = component;
  let stage = stages.get(parentElement);
  const language = data.language || "en";
  if (stage && stage.language !== language) {
    stage.dispose(); // another language: every word is built again, in it
    stage = null;
  }
  // Before building: the buttons and titles are written once. A settle's rerun sends none:
  // the words this language was sent stay.
  if (data.words) setWords(data.words);
  if (!stage) {
    stage = new Stage(parentElement.querySelector(".stage"));
    stage.language = language;
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
    root.setAttribute("aria-label", t("Live stage: β and n, and what they move"));
    Object.assign(this, buildStage(root, this));
    this.answers = buildAnswerPanel(this, root); // under the stage: answers you can read
    this.worlds = new WorldControls(this, root.querySelector(".grid")); // b and σ
    listen(this); // resizes, hovers, taps and clicks on the charts
    buildPinControls(this, this.tools, () => this.pinChanged());
    buildExportControls(this, this.tools);
  }

  // The stage taken down (a new language builds a new one in its place): no listener left.
  dispose() {
    stopPlaying(this, false);
    this.resizeObserver.disconnect();
    window.removeEventListener("resize", this.onResize);
    this.root.replaceChildren();
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
      showPrediction(this);
      stopPlaying(this, false);
      for (const key of ["beta", "n"]) {
        const index = this.world[key].stops.indexOf(String(request[key]));
        if (index >= 0) jumpTo(this, key, index);
      }
    }
    const pinTaken = receivePin(this, data.pin); // the address set the pin: draw it
    layout(this, worldChanged || pinTaken || predictingBefore !== this.prediction.on); // predicting: other ticks
  }

  useWorld(text) {
    // A new reward model (from Python, or fetched for b and σ): the same stops, new numbers.
    if (text === this.worldText) return false;
    this.world = timed("parse", () => JSON.parse(text));
    this.worldText = text;
    this.configureControls();
    for (const key of ["beta", "n"]) showStop(this, key);
    if (this.prediction.on) showPrediction(this);
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
      control.play.setAttribute(
        "aria-label",
        t("Play: sweep {symbol} from gentle to extreme and back", { symbol: method.symbol }),
      );
    }
    drawLegend(this.legend, this.glossary, this.world);
  }

  // --- β and n: where they are, and moving them (moving.js) -------------------------------

  hidingTruth() {
    return this.prediction.on && !this.prediction.revealed;
  }

  stopIndex(key) {
    return Math.round(this.position[key].target);
  }

  moveTo(key, index, options) {
    moveTo(this, key, index, options);
  }

  togglePlay(key) {
    togglePlay(this, key);
  }

  stopPlaying(settleAfter) {
    stopPlaying(this, settleAfter);
  }

  // --- predict-then-reveal (guessing.js) --------------------------------------------------

  guess(key, index) {
    guess(this, key, index);
  }

  guessAt(event) {
    guessAt(this, event);
  }

  reveal() {
    reveal(this);
  }

  // --- the settled value for Python (settling.js) -----------------------------------------

  settleSoon() {
    settleSoon(this);
  }

  settle() {
    settle(this);
  }

  pinChanged() {
    // Pinned or cleared: the still parts again (an axis may widen to hold both), reported now.
    showPinControls(this);
    layout(this, true);
    clearTimeout(this.settleTimer);
    settle(this);
  }

  // --- the picture (drawing.js) -----------------------------------------------------------

  layout(worldChanged) {
    layout(this, worldChanged);
  }

  scheduleLayout() {
    scheduleLayout(this);
  }

  showWorld() {
    showWorld(this);
  }

  // --- hover readouts --------------------------------------------------------------------

  hover(kind, event) {
    if (!this.size) return;
    const bounds = (kind === "curves" ? this.curvesSvg : this.planeSvg).getBoundingClientRect();
    const [px, py] = [event.clientX - bounds.left, event.clientY - bounds.top];
    if (kind === "plane") return planeTip(this, px, py, event); // a dot's answer, or the point's numbers
    showTooltip(
      this.root,
      this.tooltip,
      curvesHoverText(this.world, this.panels, px, py, this.hidingTruth()),
      event,
    );
  }
}
