// b and σ on the stage: their two sliders, and the worlds they choose, fetched and kept here.
//
// A world (~61 KB of JSON, ~17 KB gzipped) holds everything β and n can show for one reward
// model (b, σ). The server serves each of the 441 as an immutable file at
// /worlds/<fingerprint>/<b>_<sigma>.json (ui/playground/world_files.py), so the browser caches them
// forever. Moving b or σ swaps the stage's world at once when it is kept here, else keeps the
// old picture, says it is loading, and swaps when it arrives. Once settled, the row and the
// column the student is on are fetched ahead, nearest first, two at a time.

import { buildSlider } from "./controls.js";
import { REDUCED_STEP_MS, sweepStep } from "./motion.js";
import { reducedMotion } from "./moving.js";
import { el } from "./svg.js";
import { t } from "./words.js";

export const WORLD_KEYS = ["b", "sigma"];
const KEPT_WORLDS = 100; // texts kept in memory (~6 MB): a row and a column twice over, and more
const AHEAD_PARALLEL = 2; // fetches in flight while fetching ahead: the student's own come first
const AHEAD_AFTER_MS = 1500; // after the first drawing, so a first visit's own bytes come first
const STEP_MS = 300; // play: one stop of b or σ every 0.3 s, 6 s over their 20 steps (motion.js's SWEEP_MS)

// The (b, σ) stop pairs along the row and the column of (bIndex, sigmaIndex), nearest first.
export function aheadOrder(bCount, sigmaCount, bIndex, sigmaIndex) {
  const pairs = [];
  const reach = Math.max(bCount, sigmaCount);
  for (let distance = 1; distance < reach; distance += 1) {
    for (const b of [bIndex - distance, bIndex + distance]) {
      if (b >= 0 && b < bCount) pairs.push([b, sigmaIndex]);
    }
    for (const sigma of [sigmaIndex - distance, sigmaIndex + distance]) {
      if (sigma >= 0 && sigma < sigmaCount) pairs.push([bIndex, sigma]);
    }
  }
  return pairs;
}

// Worlds by their address: kept (least recently used dropped first), each fetched once.
export class WorldShelf {
  constructor(fetchText = fetchWorldText, kept = KEPT_WORLDS) {
    this.fetchText = fetchText;
    this.kept = kept;
    this.texts = new Map(); // address -> JSON text
    this.pending = new Map(); // address -> Promise of its text
    this.queue = []; // addresses to fetch ahead
    this.inFlight = 0;
    this.fetched = 0; // worlds that came over the network
  }

  get(address) {
    const text = this.texts.get(address);
    if (text === undefined) return null;
    this.texts.delete(address); // most recently used last
    this.texts.set(address, text);
    return text;
  }

  put(address, text) {
    this.texts.delete(address);
    this.texts.set(address, text);
    while (this.texts.size > this.kept) this.texts.delete(this.texts.keys().next().value);
    if (this.onChange) this.onChange(this.texts.size);
  }

  load(address) {
    const kept = this.get(address);
    if (kept !== null) return Promise.resolve(kept);
    if (!this.pending.has(address)) {
      const loading = this.fetchText(address).then(
        (text) => {
          this.pending.delete(address);
          this.fetched += 1;
          this.put(address, text);
          return text;
        },
        (error) => {
          this.pending.delete(address);
          throw error;
        },
      );
      this.pending.set(address, loading);
    }
    return this.pending.get(address);
  }

  // Fetch these ahead, in this order, AHEAD_PARALLEL at a time; replaces an older wish list.
  fetchAhead(addresses) {
    this.queue = addresses.filter((address) => !this.texts.has(address));
    this.pump();
  }

  pump() {
    while (this.inFlight < AHEAD_PARALLEL && this.queue.length) {
      const address = this.queue.shift();
      if (this.texts.has(address)) continue;
      this.inFlight += 1;
      const done = () => {
        this.inFlight -= 1;
        this.pump();
      };
      this.load(address).then(done, done);
    }
  }
}

async function fetchWorldText(address) {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address}: HTTP ${response.status}`);
  return response.text();
}

// The b and σ sliders (with Play) above the methods, and the switch between worlds.
export class WorldControls {
  constructor(stage, grid) {
    this.stage = stage;
    this.shelf = new WorldShelf();
    this.shelf.onChange = (kept) => {
      stage.root.dataset.worldsKept = String(kept);
    };
    this.address = null; // "/worlds/<fingerprint>/"
    this.stops = { b: ["0"], sigma: ["0"] };
    this.index = { b: 0, sigma: 0 };
    this.wanted = null; // the address of the world the sliders ask for
    this.missing = false; // that world could not be fetched: the settle report says so
    this.reported = null; // the address of the world the last settle report asked for
    this.playing = null; // { key, direction, timer }
    this.aheadTimer = null;
    this.section = el("section", { class: "reward-model" });
    grid.prepend(this.section); // first: b and σ, then β and n, in the keyboard's order too
    this.controls = {};
    for (const key of WORLD_KEYS) this.controls[key] = this.buildControl(key);
    this.note = el("p", { class: "world-note", role: "status", hidden: "" }, this.section);
  }

  buildControl(key) {
    const control = el("div", { class: `control world-control ${key}` }, this.section);
    const { name, output, hint, input, play } = buildSlider(control, key, this);
    return { name, output, hint, input, play };
  }

  // Python's data: the sliders' stops, where worlds live, and the world it sent with them.
  receive(data, requestChanged) {
    const worlds = data.worlds;
    if (!worlds) return;
    this.address = worlds.address;
    for (const key of WORLD_KEYS) {
      const setting = worlds[key];
      const control = this.controls[key];
      this.stops[key] = setting.stops;
      control.name.textContent = setting.label;
      control.hint.textContent = setting.hint;
      control.input.max = String(setting.stops.length - 1);
      control.input.setAttribute("aria-label", setting.label);
      control.play.setAttribute(
        "aria-label",
        t("Play: sweep {symbol} from 0 to its end and back", { symbol: setting.symbol }),
      );
      control.symbol = setting.symbol;
    }
    const request = data.request || {};
    if (data.world && request.b !== undefined) {
      this.shelf.put(this.addressOf(String(request.b), String(request.sigma)), data.world);
    }
    if (requestChanged) {
      // Python's request comes with its world: whatever was loading is here now.
      this.missing = false;
      this.showNote("");
      this.stopPlaying(false);
      for (const key of WORLD_KEYS) {
        const index = this.stops[key].indexOf(String(request[key]));
        if (index >= 0) this.index[key] = index;
      }
    }
    for (const key of WORLD_KEYS) this.showStop(key);
    this.wanted = this.addressOf(this.stop("b"), this.stop("sigma"));
    this.fetchAheadSoon(AHEAD_AFTER_MS);
  }

  addressOf(b, sigma) {
    return `${this.address}${b}_${sigma}.json`;
  }

  stop(key) {
    return this.stops[key][this.index[key]];
  }

  showStop(key) {
    const control = this.controls[key];
    const stop = this.stop(key);
    if (control.input.value !== String(this.index[key]))
      control.input.value = String(this.index[key]);
    control.input.setAttribute("aria-valuetext", `${control.symbol} = ${stop}`);
    control.output.textContent = `= ${stop}`;
    this.stage.root.dataset[key] = stop;
  }

  moveTo(key, index, { fromUser = false } = {}) {
    if (fromUser) {
      this.stopPlaying(false);
      this.stage.stopPlaying(false);
    }
    if (index === this.index[key] && this.wanted) return;
    this.index[key] = index;
    this.showStop(key);
    this.want();
  }

  // Draw the world the sliders ask for: now if it is kept, else when it arrives.
  want() {
    const [b, sigma] = [this.stop("b"), this.stop("sigma")];
    const address = this.addressOf(b, sigma);
    this.wanted = address;
    this.missing = false;
    const kept = this.shelf.get(address);
    if (kept !== null) {
      this.showNote("");
      if (this.stage.useWorld(kept)) this.stage.showWorld();
      return;
    }
    this.showNote(t("Loading the reward model b = {b}, σ = {sigma}…", { b, sigma }));
    this.shelf.load(address).then(
      (text) => {
        if (this.wanted !== address) return; // the student has moved on
        this.showNote("");
        if (this.stage.useWorld(text)) this.stage.showWorld();
      },
      () => {
        if (this.wanted !== address) return;
        this.missing = true; // settling asks Python to send it instead
        this.showNote(
          t("Loading the reward model b = {b}, σ = {sigma} from the server…", { b, sigma }),
        );
        // A fetch that fails after its settle report went (a slow network; 350 ms) asks now,
        // or the note would wait for the student's next move.
        if (this.reported === address) this.stage.settle();
      },
    );
  }

  showNote(text) {
    this.note.textContent = text;
    this.note.hidden = !text;
    if (text) this.stage.root.dataset.loading = text;
    else delete this.stage.root.dataset.loading;
  }

  // What the settle report adds: the settled b and σ, and whether their world is missing.
  settled() {
    this.fetchAheadSoon(0);
    const report = { b: this.stop("b"), sigma: this.stop("sigma") };
    this.reported = this.addressOf(report.b, report.sigma);
    if (this.missing) report.world_missing = true;
    return report;
  }

  fetchAheadSoon(delay) {
    clearTimeout(this.aheadTimer);
    this.aheadTimer = setTimeout(() => {
      const pairs = aheadOrder(
        this.stops.b.length,
        this.stops.sigma.length,
        this.index.b,
        this.index.sigma,
      );
      this.shelf.fetchAhead(
        pairs.map(([b, sigma]) => this.addressOf(this.stops.b[b], this.stops.sigma[sigma])),
      );
    }, delay);
  }

  settleSoon() {
    this.stage.settleSoon(); // a settled b or σ goes to Python like a settled β or n
  }

  togglePlay(key) {
    if (this.playing && this.playing.key === key) {
      this.stopPlaying(true);
      return;
    }
    this.stopPlaying(false);
    this.stage.stopPlaying(false);
    const last = this.stops[key].length - 1;
    this.playing = { key, direction: this.index[key] >= last ? -1 : 1, timer: null };
    this.controls[key].play.setAttribute("aria-pressed", "true");
    this.controls[key].play.textContent = t("❚❚ Pause");
    this.playStep();
  }

  playStep() {
    const playing = this.playing;
    if (!playing) return;
    const { key } = playing;
    const stepped = sweepStep(this.index[key], playing.direction, this.stops[key].length - 1);
    playing.direction = stepped.direction;
    this.moveTo(key, stepped.index);
    // Reduced motion (WCAG 2.3.3): a world a second, as β and n's Play steps a stop a second.
    const wait = reducedMotion(this.stage) ? REDUCED_STEP_MS : STEP_MS;
    playing.timer = setTimeout(() => this.playStep(), wait);
  }

  stopPlaying(settle) {
    if (!this.playing) return;
    const { key, timer } = this.playing;
    clearTimeout(timer);
    this.playing = null;
    this.controls[key].play.setAttribute("aria-pressed", "false");
    this.controls[key].play.textContent = t("▶ Play");
    if (settle) this.stage.settleSoon();
  }
}
