// The Playground's stage: β, n and everything they move, drawn in the browser.
//
// Python sends, once per (b, σ), a "world": for every β stop and every n stop the moving
// cloud, the readouts (already formatted by Python) and the gains where the current setting
// is marked, plus both whole curves, the plane's two fields and the 600 answers. Everything
// here only draws that data: no model math lives in this file. A drag, a key press or the
// play button redraws at animation speed; the settled value goes back to Python once.

const SVG = "http://www.w3.org/2000/svg";
const GLIDE_MS = 70; // a cloud glides to a new stop with this time constant (~3x to arrive)
const SWEEP_MS = 6000; // play: one sweep from gentle to extreme, slow enough to talk over
const SETTLE_MS = 350; // the settled value goes to Python this long after the last move
const STACKED_BELOW = 720; // px: narrower than this, the stage stacks (plane first)
const MIN_CHART_HEIGHT = 230; // px: charts never get shorter than this, but to fit a projector:
const MIN_FITTED_HEIGHT = 170; // px: side by side, down to this to end on a 1280x720 screen (step 2: 4-line slack notes)
const MIN_STACKED_PANEL = 200; // px: one panel of the curves, stacked on a phone
const stages = new WeakMap(); // one Stage per mounted component (its shadow root)

export default function (component) {
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

// --- small helpers ---------------------------------------------------------------------

function el(tag, attributes = {}, parent = null, text = null) {
  const node = tag.startsWith("svg:")
    ? document.createElementNS(SVG, tag.slice(4))
    : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  if (text !== null) node.textContent = text;
  if (parent) parent.appendChild(node);
  return node;
}

const clamp = (value, low, high) => Math.min(Math.max(value, low), high);
const lerp = (a, b, t) => a + (b - a) * t;

function linearScale(domain, range) {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const scale = (value) => r0 + ((value - d0) / (d1 - d0)) * (r1 - r0);
  scale.invert = (pixel) => d0 + ((pixel - r0) / (r1 - r0)) * (d1 - d0);
  return scale;
}

function logScale(domain, range) {
  const inner = linearScale(domain.map(Math.log), range);
  const scale = (value) => inner(Math.log(value));
  scale.invert = (pixel) => Math.exp(inner.invert(pixel));
  return scale;
}

function niceTicks(low, high, count) {
  const step0 = (high - low) / count;
  const magnitude = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= step0);
  const ticks = [];
  for (let tick = Math.ceil(low / step) * step; tick <= high + 1e-9; tick += step) {
    ticks.push(Math.abs(tick) < 1e-9 ? 0 : Number(tick.toPrecision(12))); // 0.1 * 3, not 0.30000000000000004
  }
  return ticks;
}

function readableTicks(low, high, span, fontPx) {
  // Ticks over a `span` px axis, 2.2 em apart where that gives at least 3 labels; closer (down
  // to 1.2 em, labels are 1 em tall) where it does not: a 230 px panel at 22 px type had one.
  let best = niceTicks(low, high, Math.max(2, Math.floor(span / (2.2 * fontPx))));
  for (let count = 2; best.length < 3 && count <= 50; count += 1) {
    const ticks = niceTicks(low, high, count);
    const apart = ticks.length > 1 ? ((ticks[1] - ticks[0]) / (high - low)) * span : span;
    if (apart < 1.2 * fontPx) break;
    if (ticks.length > best.length) best = ticks;
  }
  return best;
}

function niceDomain(low, high, span, fontPx) {
  // [low, high] widened to whole ticks where its own ends leave fewer than 3 labels (-1.5..3.9
  // in steps of 2 showed only 0 and +2): -2..4 shows -2, 0, +2, +4.
  const ticks = readableTicks(low, high, span, fontPx);
  if (ticks.length >= 3) return [low, high];
  let step = ticks.length > 1 ? ticks[1] - ticks[0] : (high - low) / 2;
  if (ticks.length < 2) {
    const magnitude = 10 ** Math.floor(Math.log10(step));
    step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= step);
  }
  return [Math.floor(low / step) * step, Math.ceil(high / step) * step];
}

const formatTick = (value) =>
  value >= 10000 ? `${value / 1000}k` : value >= 1000 ? value.toLocaleString("en") : `${value}`;

function interpolateAt(xs, ys, x) {
  // ys at x on a curve whose xs are monotonic (rising or falling).
  const rising = xs[xs.length - 1] > xs[0];
  let low = 0;
  let high = xs.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (xs[middle] > x === rising) high = middle;
    else low = middle;
  }
  const t = clamp((x - xs[low]) / (xs[high] - xs[low] || 1), 0, 1);
  return { index: t < 0.5 ? low : high, value: lerp(ys[low], ys[high], t) };
}

// --- the stage -------------------------------------------------------------------------

class Stage {
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
    this.build();
    this.worlds = new WorldControls(this, this.root.querySelector(".grid")); // b and σ: worlds.js
    this.observe();
  }

  build() {
    this.root.replaceChildren();
    const grid = el("div", { class: "grid" }, this.root);
    const methods = el("div", { class: "methods" }, grid);
    this.controls = {};
    for (const key of ["beta", "n"]) this.controls[key] = this.buildMethod(methods, key);
    this.predictPanel = this.buildPredictPanel(grid);
    this.legend = el("div", { class: "legend", "aria-hidden": "true" }, grid);
    this.curvesFigure = el("figure", { class: "curves" }, grid);
    this.planeFigure = el("figure", { class: "plane" }, grid);
    // Under the charts, not above them: its two lines cost the charts ~40 px at 1280x720.
    this.glossary = el("p", { class: "glossary" }, grid);
    this.curvesSvg = el("svg:svg", { class: "chart", role: "img", "data-chart": "curves" }, this.curvesFigure);
    this.planeSvg = el("svg:svg", { class: "chart", role: "img", "data-chart": "plane" }, this.planeFigure);
    // What moves with β and n is drawn on a layer of its own above each chart, so a frame
    // repaints a hundred small shapes, not the shading, the contours and 600 answers below.
    this.curvesMoving = el("svg:svg", { class: "chart moving", "aria-hidden": "true", "data-layer": "curves-moving" }, this.curvesFigure);
    this.planeMoving = el("svg:svg", { class: "chart moving", "aria-hidden": "true", "data-layer": "plane-moving" }, this.planeFigure);
    this.tooltip = el("div", { class: "tooltip", "aria-hidden": "true" }, this.root);
    this.announcer = el("p", { class: "visually-hidden", "aria-live": "polite" }, this.root);
  }

  buildMethod(parent, key) {
    const section = el("section", { class: `method ${key}` }, parent);
    const control = el("div", { class: "control" }, section);
    const label = el("label", { for: `stage-${key}` }, control);
    const name = el("span", { class: "name" }, label);
    const output = el("output", { for: `stage-${key}` }, label);
    const hint = el("span", { class: "hint" }, label);
    const row = el("div", { class: "slider-row" }, control);
    const play = el("button", { class: "play", type: "button", "aria-pressed": "false" }, row, "▶ Play");
    const input = el("input", { type: "range", id: `stage-${key}`, min: "0", max: "1", step: "1", value: "0" }, row);
    const guess = el("button", { type: "button", class: "play guess", "data-guess": key, hidden: "" }, row, key === "n" ? "Guess: n here" : "Guess: β here");
    guess.addEventListener("click", () => this.guess(key, this.stopIndex(key))); // beside its slider
    input.addEventListener("input", () => this.moveTo(key, Number(input.value), { fromUser: true }));
    input.addEventListener("change", () => this.settleSoon());
    input.addEventListener("pointerdown", () => this.stopPlaying(false));
    play.addEventListener("click", () => this.togglePlay(key));
    const readouts = el("div", { class: "readouts" }, section);
    const heading = el("h2", {}, readouts);
    const list = el("dl", {}, readouts);
    const cells = {};
    for (const [field, text, kind] of [
      ["kl", "KL (nats)", "kl"],
      ["proxy", "reward model", "proxy"],
      ["gold", "true quality", "gold"],
      ["length", "mean length", "length"],
    ]) {
      const cell = el("div", { class: kind }, list);
      el("dt", {}, cell, text);
      cells[field] = el("dd", { "data-readout": `${key}-${field}` }, cell);
    }
    const edge = el("p", { class: "edge-note", "data-edge-note": key, role: "note" }, readouts); // the grid's edge, from Python
    const slack = el("p", { class: "slack", "data-slack": key }, readouts);
    return { section, name, output, hint, input, play, guess, heading, cells, edge, slack };
  }

  buildPredictPanel(parent) {
    // Predict, then reveal: true quality stays hidden until the reader has committed a guess.
    const panel = el("div", { class: "predict", "data-testid": "predict" }, parent);
    const text = el("p", { class: "predict-text", "aria-live": "polite" }, panel);
    const row = el("div", { class: "predict-row" }, panel);
    const buttons = {};
    buttons.reveal = el("button", { type: "button", class: "play reveal" }, row, "Reveal the truth");
    buttons.reveal.addEventListener("click", () => this.reveal());
    return { panel, text, buttons };
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
    this.predictPanel.panel.hidden = !on;
    for (const key of ["n", "beta"]) Object.assign(this.controls[key].guess, { hidden: !on, disabled: revealed });
    if (!on) return;
    const { text, buttons } = this.predictPanel;
    buttons.reveal.disabled = revealed || (guess.n === null && guess.beta === null);
    if (!revealed) {
      const placed = ["n", "beta"].filter((key) => guess[key] !== null).map((key) => `${this.world[key].symbol} = ${guess[key]}`);
      text.textContent = "Predict first: where will true quality peak? Click a chart where you think it peaks (or move a slider and press the Guess button beside it), then reveal. "
        + (placed.length ? `Your guesses: ${placed.join(", ")}.` : "No guess yet.");
      return;
    }
    const parts = ["n", "beta"].filter((key) => guess[key] !== null).map((key) => {
      const peak = this.world[key].curve.peak.pressure;
      const symbol = this.world[key].symbol;
      const guessed = Number(guess[key]);
      const factor = Math.max(guessed / peak, peak / guessed);
      const peakText = key === "n" ? `${Math.round(peak)}` : peak.toPrecision(2);
      const way = factor < 1.05 ? "right on" : `off by a factor of ${factor.toFixed(1)} (${guessed > peak ? "too high" : "too low"})`;
      return `${symbol}: true quality peaks at ${symbol} = ${peakText}; you guessed ${guess[key]}, ${way}.`;
    });
    text.textContent = `Revealed. ${parts.join(" ")}`;
    this.root.dataset.revealed = "true";
  }

  observe() {
    const schedule = () => this.scheduleLayout();
    this.resizeObserver = new ResizeObserver(schedule);
    this.resizeObserver.observe(this.root);
    const main = document.querySelector('[data-testid="stMainBlockContainer"]');
    if (main) this.resizeObserver.observe(main);
    window.addEventListener("resize", schedule);
    for (const [svg, kind] of [[this.curvesSvg, "curves"], [this.planeSvg, "plane"]]) {
      svg.addEventListener("pointermove", (event) => this.hover(kind, event));
      // A finger has no hover: a tap shows what hovering shows, until a tap elsewhere.
      svg.addEventListener("pointerdown", (event) => event.pointerType !== "mouse" && this.hover(kind, event));
      svg.addEventListener("pointerleave", (event) => {
        if (event.pointerType === "mouse") this.tooltip.style.display = "none";
      });
    }
    this.root.addEventListener("pointerdown", (event) => {
      if (event.pointerType !== "mouse" && !event.target.closest("svg.chart")) this.tooltip.style.display = "none";
    });
    this.curvesSvg.addEventListener("click", (event) => this.guessAt(event));
  }

  // --- data from Python ------------------------------------------------------------------

  receive(data) {
    this.root.classList.toggle("present", Boolean(data.present));
    const [request, predictingBefore] = [data.request || {}, this.prediction.on];
    const requestChanged = request.id !== this.requestId;
    this.worlds.receive(data, requestChanged);
    // Python's world comes with each of its requests; between them, b and σ choose the world.
    const worldChanged = requestChanged && this.useWorld(data.world);
    this.predictTicks = data.predict_ticks || null;
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
    this.layout(worldChanged || predictingBefore !== this.prediction.on); // predicting: other ticks
  }

  useWorld(text) {
    // A new reward model (from Python, or fetched for b and σ): the same stops, new numbers.
    if (text === this.worldText) return false;
    this.world = JSON.parse(text);
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
      control.name.textContent = method.label;
      control.hint.textContent = method.hint;
      control.input.max = String(method.stops.length - 1);
      control.input.setAttribute("aria-label", method.label);
      control.play.setAttribute("aria-label", `Play: sweep ${method.symbol} from gentle to extreme and back`);
    }
    this.drawLegend();
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
    control.output.textContent = `= ${stop}`;
    control.heading.textContent =
      key === "beta" ? `KL penalty at β = ${stop}` : `Best-of-n at n = ${Number(stop).toLocaleString("en")}`;
    for (const field of ["kl", "proxy", "gold", "length"]) {
      control.cells[field].textContent = method.readouts[field][index];
    }
    if (this.hidingTruth()) control.cells.gold.textContent = "?";
    control.slack.textContent = this.hidingTruth() ? "" : method.slack;
    control.edge.hidden = !(control.edge.textContent = method.edge ? method.edge.notes[index] : "");
    this.root.dataset[key] = stop;
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
    this.report("settled", settled);
    this.announce();
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
      const gap = position.target - position.shown;
      if (Math.abs(gap) < 0.002) {
        position.shown = position.target;
      } else {
        position.shown += gap * (1 - Math.exp(-elapsed / GLIDE_MS));
        moving = true;
      }
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
    let target = position.target + (this.playing.direction * elapsed * last) / SWEEP_MS;
    if (target > last) {
      target = 2 * last - target;
      this.playing.direction = -1;
    } else if (target < 0) {
      target = -target;
      this.playing.direction = 1;
    }
    const before = this.stopIndex(key);
    position.target = clamp(target, 0, last);
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

  measure() {
    const fontPx = parseFloat(getComputedStyle(this.root).fontSize) || 16;
    const stacked = this.root.clientWidth < STACKED_BELOW;
    const curvesWidth = this.curvesFigure.clientWidth;
    const planeWidth = this.planeFigure.clientWidth;
    let chartHeight;
    if (stacked) {
      chartHeight = Math.round(clamp(planeWidth, MIN_CHART_HEIGHT, 0.6 * window.innerHeight));
    } else {
      // Fill the first screen: from the charts' top (scrolled to the page's top) to its bottom.
      const top = this.curvesFigure.getBoundingClientRect().top + this.scrolledBy();
      const room = window.innerHeight - top - 12;
      chartHeight = Math.round(clamp(room, MIN_FITTED_HEIGHT, Math.max(MIN_CHART_HEIGHT, 1.1 * planeWidth)));
    }
    const curvesHeight = stacked ? Math.round(clamp(1.1 * curvesWidth, 2 * MIN_STACKED_PANEL, 900)) : chartHeight;
    return { fontPx, stacked, curvesWidth, planeWidth, chartHeight, curvesHeight };
  }

  scrolledBy() {
    let total = 0;
    let node = this.root.getRootNode().host || this.root;
    while (node && node !== document.documentElement) {
      total += node.scrollTop || 0;
      node = node.parentElement;
    }
    return total + (document.scrollingElement ? document.scrollingElement.scrollTop : 0);
  }

  layout(worldChanged) {
    const size = this.measure();
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

  drawStill() {
    const { fontPx, curvesWidth, curvesHeight, planeWidth, chartHeight } = this.size;
    this.drawCurves(curvesWidth, curvesHeight, fontPx);
    this.drawPlane(planeWidth, chartHeight, fontPx);
    this.root.dataset.stillDraws = String(Number(this.root.dataset.stillDraws || 0) + 1);
  }

  drawCurves(width, height, fontPx) {
    const svg = this.curvesSvg;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const sideBySide = width >= 1.5 * height;
    const margin = { left: 3.3 * fontPx, right: 0.8 * fontPx, top: 1.5 * fontPx, bottom: 2.7 * fontPx };
    const cells = sideBySide
      ? [[0, 0, width / 2, height], [width / 2, 0, width / 2, height]]
      : [[0, 0, width, height / 2], [0, height / 2, width, height / 2]];
    const content = el("svg:g", {});
    this.panels = {};
    const order = [["n", "Best-of-n: gain", "bon-title"], ["beta", "KL penalty: gain", "kl-title"]];
    // Stacked (a phone), under the β then n sliders: β's panel first, so each slider's panel
    // ends ~520 px below it and stays on screen while the slider is dragged in the top third.
    if (!sideBySide) order.reverse();
    order.forEach(([key, title, titleClass], index) => {
      const [x0, y0, w, h] = cells[index];
      const box = { left: x0 + margin.left, right: x0 + w - margin.right, top: y0 + margin.top, bottom: y0 + h - margin.bottom };
      this.panels[key] = this.drawPanel(content, key, box, title, titleClass, fontPx);
    });
    svg.replaceChildren(...content.childNodes);
    sizeLike(this.curvesMoving, width, height);
    this.curvesMarks = el("svg:g", { class: "marks" });
    this.curvesMoving.replaceChildren(this.curvesMarks);
  }

  drawPanel(parent, key, box, title, titleClass, fontPx) {
    const curve = this.world[key].curve;
    const xs = curve.pressure;
    const low = Math.min(...curve.proxy_gain, ...curve.gold_gain);
    const high = Math.max(...curve.proxy_gain, ...curve.gold_gain);
    const room = 0.08 * (high - low) + 0.1;
    const [bottom, top] = niceDomain(low - room, high + room, box.bottom - box.top, fontPx);
    const y = linearScale([bottom, top], [box.bottom, box.top]);
    const x = key === "n"
      ? logScale([xs[0], xs[xs.length - 1] * 1.08], [box.left, box.right])
      : logScale([xs[0] * 1.06, xs[xs.length - 1] / 1.06], [box.left, box.right]);
    const group = el("svg:g", { "data-panel": key }, parent);
    for (const tick of readableTicks(bottom, top, box.bottom - box.top, fontPx)) {
      el("svg:line", { class: "gridline", x1: box.left, x2: box.right, y1: y(tick), y2: y(tick) }, group);
      el("svg:text", { x: box.left - 0.3 * fontPx, y: y(tick) + 0.35 * fontPx, "text-anchor": "end", "data-tick": "y" }, group, tick > 0 ? `+${tick}` : `${tick}`);
    }
    el("svg:line", { x1: box.left, x2: box.right, y1: y(0), y2: y(0), stroke: "#1a1a1a", "stroke-dasharray": "3 4", "stroke-width": 1.3 }, group);
    // While predicting, the lesson's ticks (n = 49, β = 1: the answer) give way to even ones.
    const ticks = spacedTicks((this.prediction.on && this.predictTicks ? this.predictTicks : this.world.ticks)[key], x, box, fontPx);
    const axis = el("svg:g", { class: "axis" }, group);
    el("svg:line", { x1: box.left, x2: box.right, y1: box.bottom, y2: box.bottom }, axis);
    el("svg:line", { x1: box.left, x2: box.left, y1: box.top, y2: box.bottom }, axis);
    for (const tick of ticks) {
      el("svg:line", { x1: x(tick), x2: x(tick), y1: box.bottom, y2: box.bottom + 0.3 * fontPx }, axis);
      el("svg:text", { x: x(tick), y: box.bottom + 1.25 * fontPx, "text-anchor": "middle", "data-tick": "x" }, axis, formatTick(tick));
    }
    const axisTitle = key === "n" ? "n, answers drawn (log) →" : "β (log; weaker →)";
    el("svg:text", { x: (box.left + box.right) / 2, y: box.bottom + 2.45 * fontPx, "text-anchor": "middle" }, group, axisTitle);
    el("svg:text", { class: `title ${titleClass}`, x: box.left, y: box.top - 0.4 * fontPx }, group, title);
    const palette = this.world.palette;
    for (const [field, colour] of [["proxy_gain", palette.proxy], ["gold_gain", palette.gold]]) {
      const points = xs.map((value, i) => `${x(value).toFixed(1)},${y(curve[field][i]).toFixed(1)}`);
      el("svg:polyline", { points: points.join(" "), fill: "none", stroke: colour, "stroke-width": 0.22 * fontPx, "stroke-linejoin": "round", "data-series": field }, group);
    }
    const peak = curve.peak;
    el("svg:path", { d: starPath(x(peak.pressure), y(peak.gold_gain), 0.6 * fontPx), fill: palette.gold, stroke: "#1a1a1a", "stroke-width": 1.5, "data-peak": key }, group);
    return { box, x, y, key };
  }

  drawPlane(width, height, fontPx) {
    const svg = this.planeSvg;
    svg.setAttribute("width", width);
    svg.setAttribute("height", height);
    svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const plane = this.world.plane;
    const box = { left: 3.4 * fontPx, right: width - 0.6 * fontPx, top: 0.5 * fontPx, bottom: height - 2.6 * fontPx };
    const [low, high] = plane.range;
    const x = linearScale([low, high], [box.left, box.right]);
    const y = linearScale([low, high], [box.bottom, box.top]);
    this.planeScale = { x, y, box };
    const content = el("svg:g", {});
    el("svg:image", { href: this.goldImage(box, x, y), x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, preserveAspectRatio: "none" }, content);
    const clip = `plane-clip-${Math.random().toString(36).slice(2)}`;
    const defs = el("svg:defs", {}, content);
    const clipPath = el("svg:clipPath", { id: clip }, defs);
    el("svg:rect", { x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top }, clipPath);
    const inside = el("svg:g", { "clip-path": `url(#${clip})` }, content);
    el("svg:path", { d: this.proxyContours(x, y), fill: "none", stroke: this.world.palette.proxy, "stroke-width": 1.6, "data-layer": "proxy-lines" }, inside);
    const scale = this.world.scale;
    const answers = el("svg:g", { fill: this.world.palette.answers, "fill-opacity": 0.5, "data-layer": "answers" }, inside);
    const radius = Math.max(1.6, 0.13 * fontPx);
    for (let i = 0; i < plane.answers.length; i += 2) {
      el("svg:circle", { cx: x(plane.answers[i] / scale).toFixed(1), cy: y(plane.answers[i + 1] / scale).toFixed(1), r: radius }, answers);
    }
    this.cloudGroups = {};
    sizeLike(this.planeMoving, width, height);
    const movingDefs = el("svg:defs", {});
    const movingClip = `${clip}-moving`;
    const movingClipPath = el("svg:clipPath", { id: movingClip }, movingDefs);
    el("svg:rect", { x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top }, movingClipPath);
    const moving = el("svg:g", { "clip-path": `url(#${movingClip})` });
    this.planeMoving.replaceChildren(movingDefs, moving);
    for (const key of ["beta", "n"]) {
      const group = el("svg:g", { "data-cloud": key }, moving);
      const count = this.world[key].cloud[0].length / 2;
      const colour = key === "beta" ? this.world.palette.kl : this.world.palette.best_of_n;
      const size = Math.max(4, 0.32 * fontPx);
      const shape = key === "beta"
        ? `M ${size} 0 A ${size} ${size} 0 1 1 ${-size} 0 A ${size} ${size} 0 1 1 ${size} 0 Z`
        : `M 0 ${-1.3 * size} L ${1.3 * size} 0 L 0 ${1.3 * size} L ${-1.3 * size} 0 Z`;
      for (let i = 0; i < count; i += 1) {
        el("svg:path", { d: shape, fill: colour, stroke: "white", "stroke-width": 1, "fill-opacity": 0.92 }, group);
      }
      this.cloudGroups[key] = group;
    }
    let lastLabel = -Infinity;
    for (const [position, level] of this.levelLabels().sort((a, b) => a[0] - b[0])) {
      // A wiggly field (σ = 1) crosses the top edge at levels 6 and 8 20 px apart: keep one.
      if (x(position) - lastLabel < 1.6 * fontPx) continue;
      lastLabel = x(position);
      el("svg:text", { class: "level", x: x(position), y: box.top + 1.0 * fontPx, "text-anchor": "middle" }, content, `${level}`);
    }
    const axis = el("svg:g", { class: "axis" }, content);
    el("svg:rect", { x: box.left, y: box.top, width: box.right - box.left, height: box.bottom - box.top, fill: "none", stroke: "#1a1a1a" }, axis);
    for (const tick of niceTicks(low, high, 5)) {
      el("svg:text", { x: x(tick), y: box.bottom + 1.2 * fontPx, "text-anchor": "middle", "data-tick": "x" }, axis, `${tick}`);
      // The corner's "-4" once, under the x axis: the y axis's own ran into it.
      if (tick > low) el("svg:text", { x: box.left - 0.3 * fontPx, y: y(tick) + 0.35 * fontPx, "text-anchor": "end", "data-tick": "y" }, axis, `${tick}`);
    }
    el("svg:text", { x: (box.left + box.right) / 2, y: box.bottom + 2.35 * fontPx, "text-anchor": "middle" }, content, "length →");
    const middle = (box.top + box.bottom) / 2;
    el("svg:text", { x: 0.85 * fontPx, y: middle, "text-anchor": "middle", transform: `rotate(-90 ${0.85 * fontPx} ${middle})` }, content, "substance →");
    svg.setAttribute("aria-label", "The length/substance plane: true quality as shading (darker is better), the reward model as blue contour lines, the base model's 600 answers in grey, the KL optimum's samples in green and best-of-n's winners in purple.");
    svg.replaceChildren(...content.childNodes);
  }

  goldImage(box, x, y) {
    // True quality's filled contours, painted once per size (true quality never changes).
    const cacheKey = `${box.left},${box.right},${box.top},${box.bottom}`;
    if (this.goldImageCache && this.goldImageCache.key === cacheKey) return this.goldImageCache.url;
    const url = this.paintGold(box, x, y);
    this.goldImageCache = { key: cacheKey, url };
    return url;
  }

  paintGold(box, x, y) {
    const plane = this.world.plane;
    const levels = plane.gold_levels;
    const width = Math.max(1, Math.round(box.right - box.left));
    const height = Math.max(1, Math.round(box.bottom - box.top));
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    const image = context.createImageData(width, height);
    const bands = Math.round((levels.end - levels.start) / levels.size);
    const colours = Array.from({ length: bands + 1 }, (_, band) => colourAt(this.world.palette.gold_scale, band / bands));
    const field = fieldSampler(plane.grid, plane.gold, this.world.scale);
    for (let row = 0; row < height; row += 1) {
      const substance = y.invert(box.top + row + 0.5);
      for (let column = 0; column < width; column += 1) {
        const value = field(x.invert(box.left + column + 0.5), substance);
        const band = clamp(Math.floor((value - levels.start) / levels.size) + 1, 0, bands);
        const [r, g, b] = colours[band];
        const offset = 4 * (row * width + column);
        image.data[offset] = r;
        image.data[offset + 1] = g;
        image.data[offset + 2] = b;
        image.data[offset + 3] = 255;
      }
    }
    context.putImageData(image, 0, 0);
    return canvas.toDataURL();
  }

  proxyContours(x, y) {
    // Marching squares over the shipped reward-model field, one path for every level.
    const plane = this.world.plane;
    const grid = plane.grid;
    const size = grid.length;
    const scale = this.world.scale;
    const value = (row, column) => plane.proxy[row * size + column] / scale;
    const levels = plane.proxy_levels;
    const parts = [];
    for (let level = levels.start; level <= levels.end + 1e-9; level += levels.size) {
      for (let row = 0; row < size - 1; row += 1) {
        for (let column = 0; column < size - 1; column += 1) {
          const corners = [value(row, column), value(row, column + 1), value(row + 1, column + 1), value(row + 1, column)];
          const points = [];
          const spots = [
            [grid[column], grid[row]], [grid[column + 1], grid[row]],
            [grid[column + 1], grid[row + 1]], [grid[column], grid[row + 1]],
          ];
          for (let edge = 0; edge < 4; edge += 1) {
            const a = corners[edge];
            const b = corners[(edge + 1) % 4];
            if ((a < level) !== (b < level)) {
              const t = (level - a) / (b - a);
              const [la, sa] = spots[edge];
              const [lb, sb] = spots[(edge + 1) % 4];
              points.push([x(lerp(la, lb, t)), y(lerp(sa, sb, t))]);
            }
          }
          for (let i = 0; i + 1 < points.length; i += 2) {
            parts.push(`M${points[i][0].toFixed(1)} ${points[i][1].toFixed(1)}L${points[i + 1][0].toFixed(1)} ${points[i + 1][1].toFixed(1)}`);
          }
        }
      }
    }
    return parts.join("");
  }

  levelLabels() {
    // Where each reward-model level crosses the plane's top edge: its label goes there.
    const plane = this.world.plane;
    const grid = plane.grid;
    const size = grid.length;
    const [low, high] = plane.range;
    const row = grid.reduce((best, value, index) => (Math.abs(value - high) < Math.abs(grid[best] - high) ? index : best), 0);
    const profile = grid.map((_, column) => plane.proxy[row * size + column] / this.world.scale);
    const levels = plane.proxy_levels;
    const labels = [];
    for (let level = levels.start; level <= levels.end + 1e-9; level += levels.size) {
      for (let i = 0; i + 1 < size; i += 1) {
        if ((profile[i] < level) !== (profile[i + 1] < level)) {
          const position = lerp(grid[i], grid[i + 1], (level - profile[i]) / (profile[i + 1] - profile[i]));
          if (position >= low + 0.4 && position <= high - 0.4) labels.push([position, level]);
        }
      }
    }
    return labels;
  }

  drawLegend() {
    const palette = this.world.palette;
    const entries = [
      [`<line x1="0" y1="8" x2="22" y2="8" stroke="${palette.proxy}" stroke-width="4"/>`, "reward model"],
      [`<line x1="0" y1="8" x2="22" y2="8" stroke="${palette.gold}" stroke-width="4"/>`, "true quality"],
      [`<path d="${starPath(11, 8, 8)}" fill="${palette.gold}" stroke="#1a1a1a"/>`, "its peak"],
      [`<line x1="0" y1="8" x2="22" y2="8" stroke="#1a1a1a" stroke-width="1.5" stroke-dasharray="3 3"/>`, "base model"],
      [`<circle cx="11" cy="8" r="6" fill="${palette.kl}"/>`, "KL samples at β"],
      [`<path d="M11 0L19 8L11 16L3 8Z" fill="${palette.best_of_n}"/>`, "best-of-n winners"],
      [`<circle cx="11" cy="8" r="3" fill="${palette.answers}"/>`, "600 answers"],
      [`<rect x="2" y="1" width="18" height="14" fill="${palette.gold}"/>`, "darker: better"],
    ];
    this.legend.replaceChildren();
    for (const [swatch, text] of entries) {
      const item = el("span", text === "its peak" ? { "data-legend": "peak" } : {}, this.legend);
      item.innerHTML = `<svg viewBox="0 0 22 16" aria-hidden="true">${swatch}</svg>`;
      item.append(text);
    }
    this.glossary.textContent = this.world.glossary;
  }

  // --- moving parts: clouds and marks (every frame while something moves) -----------------

  drawMoving() {
    if (!this.size || !this.cloudGroups) return;
    const { x, y } = this.planeScale;
    const scale = this.world.scale;
    for (const key of ["beta", "n"]) {
      const clouds = this.world[key].cloud;
      const shown = this.position[key].shown;
      const low = Math.floor(shown);
      const high = Math.min(low + 1, clouds.length - 1);
      const t = shown - low;
      const from = clouds[low];
      const to = clouds[high];
      const markers = this.cloudGroups[key].children;
      for (let i = 0; i < markers.length; i += 1) {
        const length = lerp(from[2 * i], to[2 * i], t) / scale;
        const substance = lerp(from[2 * i + 1], to[2 * i + 1], t) / scale;
        markers[i].setAttribute("transform", `translate(${x(length).toFixed(1)},${y(substance).toFixed(1)})`);
      }
      this.cloudGroups[key].dataset.shown = shown.toFixed(3);
    }
    this.drawMarks();
    this.redraws += 1;
    this.root.dataset.redraws = String(this.redraws);
  }

  drawMarks() {
    const group = this.curvesMarks;
    group.replaceChildren();
    const palette = this.world.palette;
    for (const key of ["beta", "n"]) {
      const panel = this.panels[key];
      const method = this.world[key];
      const shown = this.position[key].shown;
      const low = Math.floor(shown);
      const high = Math.min(low + 1, method.stops.length - 1);
      const t = shown - low;
      const pressure = Math.exp(lerp(Math.log(Number(method.stops[low])), Math.log(Number(method.stops[high])), t));
      const px = panel.x(pressure);
      const colour = key === "beta" ? palette.kl : palette.best_of_n;
      el("svg:line", { x1: px, x2: px, y1: panel.box.top, y2: panel.box.bottom, stroke: colour, "stroke-width": 2.5, "stroke-dasharray": "6 4" }, group);
      const guessed = this.prediction.on ? this.prediction.guess[key] : null;
      if (guessed !== null) {
        const gx = panel.x(Number(guessed));
        el("svg:line", { x1: gx, x2: gx, y1: panel.box.top, y2: panel.box.bottom, stroke: "#1a1a1a", "stroke-width": 3, "stroke-dasharray": "2 4", "data-guess-mark": key }, group);
        const nearRight = gx > panel.box.right - 6 * this.size.fontPx;
        const label = { x: nearRight ? gx - 4 : gx + 4, "text-anchor": nearRight ? "end" : "start" };
        el("svg:text", { ...label, y: panel.box.top + 1.1 * this.size.fontPx, class: "guess-label" }, group, "your guess");
      }
      for (const [field, fill] of [["proxy_gain", palette.proxy], ["gold_gain", palette.gold]]) {
        const gain = lerp(method.marks[field][low], method.marks[field][high], t);
        el("svg:circle", { cx: px, cy: panel.y(gain), r: 0.42 * this.size.fontPx, fill, stroke: colour, "stroke-width": 3, "data-mark": `${key}-${field}` }, group);
      }
    }
  }

  // --- hover readouts --------------------------------------------------------------------

  hover(kind, event) {
    if (!this.size) return;
    const svg = kind === "curves" ? this.curvesSvg : this.planeSvg;
    const bounds = svg.getBoundingClientRect();
    const px = event.clientX - bounds.left;
    const py = event.clientY - bounds.top;
    const text = kind === "curves" ? this.curvesHoverText(px, py) : this.planeHoverText(px, py);
    if (!text) {
      this.tooltip.style.display = "none";
      return;
    }
    this.tooltip.textContent = text;
    this.tooltip.style.display = "block";
    const rootBounds = this.root.getBoundingClientRect();
    const left = event.clientX - rootBounds.left + 14;
    const maxLeft = this.root.clientWidth - this.tooltip.offsetWidth - 4;
    this.tooltip.style.left = `${Math.max(0, Math.min(left, maxLeft))}px`;
    this.tooltip.style.top = `${event.clientY - rootBounds.top + 16}px`;
  }

  guessAt(event) {
    if (!this.prediction.on || this.prediction.revealed || !this.size) return;
    const bounds = this.curvesSvg.getBoundingClientRect();
    const px = event.clientX - bounds.left;
    const py = event.clientY - bounds.top;
    for (const key of ["n", "beta"]) {
      const { box, x } = this.panels[key];
      if (px < box.left || px > box.right || py < box.top || py > box.bottom) continue;
      const pressure = x.invert(px);
      const stops = this.world[key].stops.map(Number);
      const index = stops.reduce((best, stop, i) => (Math.abs(Math.log(stop / pressure)) < Math.abs(Math.log(stops[best] / pressure)) ? i : best), 0);
      this.guess(key, index);
    }
  }

  curvesHoverText(px, py) {
    for (const key of ["n", "beta"]) {
      const { box, x } = this.panels[key];
      if (px < box.left || px > box.right || py < box.top || py > box.bottom) continue;
      const curve = this.world[key].curve;
      const pressure = x.invert(px);
      const proxy = interpolateAt(curve.pressure, curve.proxy_gain, pressure);
      const gold = interpolateAt(curve.pressure, curve.gold_gain, pressure);
      const shown = curve.pressure[proxy.index];
      const label = key === "n" ? `n ≈ ${Math.round(shown).toLocaleString("en")}` : `β ≈ ${shown.toPrecision(3)}`;
      const goldText = this.hidingTruth() ? "?" : signedText(gold.value);
      const edge = this.world[key].edge?.hover[proxy.index]; // capped by the grid's edge, or ""
      return `${label} · reward model ${signedText(proxy.value)} · true quality ${goldText}${edge ? ` · ${edge}` : ""}`;
    }
    return null;
  }

  planeHoverText(px, py) {
    const { x, y, box } = this.planeScale;
    if (px < box.left || px > box.right || py < box.top || py > box.bottom) return null;
    const plane = this.world.plane;
    const length = x.invert(px);
    const substance = y.invert(py);
    const gold = fieldSampler(plane.grid, plane.gold, this.world.scale)(length, substance);
    const proxy = fieldSampler(plane.grid, plane.proxy, this.world.scale)(length, substance);
    return `length ${length.toFixed(2)}, substance ${substance.toFixed(2)} · true quality ${signedText(gold)} · reward model ${signedText(proxy)}`;
  }
}

// --- drawing helpers -------------------------------------------------------------------

function sizeLike(svg, width, height) {
  svg.setAttribute("width", width);
  svg.setAttribute("height", height);
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
}

function spacedTicks(ticks, x, box, fontPx) {
  // Ticks in order of importance (the ends and the lesson's values first), each kept only
  // where its label does not touch one already kept.
  const width = (tick) => 0.55 * fontPx * formatTick(tick).length + 0.6 * fontPx;
  const kept = [];
  const inside = ticks.filter((tick) => x(tick) >= box.left - 1 && x(tick) <= box.right + 1);
  const first = inside[0];
  const last = inside[inside.length - 1];
  for (const tick of [first, last, ...inside.slice(1, -1)]) {
    if (tick === undefined || kept.includes(tick)) continue;
    const clear = kept.every((other) => Math.abs(x(tick) - x(other)) >= (width(tick) + width(other)) / 2);
    if (clear) kept.push(tick);
  }
  return kept;
}

function signedText(value) {
  const text = value.toFixed(2);
  return text === "-0.00" || text === "0.00" ? "+0.00" : value > 0 ? `+${text}` : text;
}

function starPath(cx, cy, radius) {
  const points = [];
  for (let i = 0; i < 10; i += 1) {
    const r = i % 2 === 0 ? radius : radius * 0.45;
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    points.push(`${(cx + r * Math.cos(angle)).toFixed(1)},${(cy + r * Math.sin(angle)).toFixed(1)}`);
  }
  return `M${points.join("L")}Z`;
}

function colourAt(stops, t) {
  // A colour scale [[position, "#rrggbb"], ...] read at t in [0, 1], as [r, g, b].
  const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  for (let i = 1; i < stops.length; i += 1) {
    if (t <= stops[i][0]) {
      const local = (t - stops[i - 1][0]) / (stops[i][0] - stops[i - 1][0]);
      const [a, b] = [rgb(stops[i - 1][1]), rgb(stops[i][1])];
      return a.map((value, k) => Math.round(lerp(value, b[k], local)));
    }
  }
  return rgb(stops[stops.length - 1][1]);
}

function fieldSampler(grid, values, scale) {
  // Bilinear reading of a field shipped on a regular grid, [substance][length], in 1/scale.
  const size = grid.length;
  const step = grid[1] - grid[0];
  return (length, substance) => {
    const u = clamp((length - grid[0]) / step, 0, size - 1.001);
    const v = clamp((substance - grid[0]) / step, 0, size - 1.001);
    const column = Math.floor(u);
    const row = Math.floor(v);
    const fu = u - column;
    const fv = v - row;
    const at = (r, c) => values[r * size + c];
    const top = lerp(at(row, column), at(row, column + 1), fu);
    const bottom = lerp(at(row + 1, column), at(row + 1, column + 1), fu);
    return lerp(top, bottom, fv) / scale;
  };
}
