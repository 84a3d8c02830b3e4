// b and σ's worlds: which are fetched ahead, and the shelf that keeps and fetches them
// (ui/playground/stage_assets/worlds.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { REDUCE_MOTION, REDUCED_STEP_MS } from "../../ui/playground/stage_assets/motion.js";
import { aheadOrder, WorldControls, WorldShelf } from "../../ui/playground/stage_assets/worlds.js";
import { installDom } from "./fake_dom.mjs";

test("aheadOrder walks the row and the column out from the student, nearest first", () => {
  assert.deepEqual(aheadOrder(3, 3, 1, 1), [
    [0, 1],
    [2, 1],
    [1, 0],
    [1, 2],
  ]);
  // At a corner of the 21 x 21 stops: 20 along b, 20 along σ, never the corner itself.
  const pairs = aheadOrder(21, 21, 0, 0);
  assert.equal(pairs.length, 40);
  assert.deepEqual(pairs.slice(0, 4), [
    [1, 0],
    [0, 1],
    [2, 0],
    [0, 2],
  ]);
  assert.ok(!pairs.some(([b, sigma]) => b === 0 && sigma === 0));
  assert.equal(new Set(pairs.map(String)).size, 40, "no pair twice");
});

test("aheadOrder keeps to the stops at the far edge", () => {
  const pairs = aheadOrder(21, 21, 20, 10);
  assert.ok(pairs.every(([b, sigma]) => b >= 0 && b <= 20 && sigma >= 0 && sigma <= 20));
  assert.equal(pairs.length, 40);
});

// A fetch that answers when told to, and counts what it was asked.
function fakeFetch() {
  const asked = [];
  const waiting = new Map();
  const fetchText = (address) => {
    asked.push(address);
    return new Promise((resolve, reject) => waiting.set(address, { resolve, reject }));
  };
  const answer = (address, text = `world ${address}`) => waiting.get(address).resolve(text);
  const refuse = (address) => waiting.get(address).reject(new Error("HTTP 404"));
  return { asked, fetchText, answer, refuse, waiting };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a world asked for twice while on its way is fetched once, then kept", async () => {
  const network = fakeFetch();
  const shelf = new WorldShelf(network.fetchText);
  const first = shelf.load("/worlds/f/0_0.json");
  const second = shelf.load("/worlds/f/0_0.json");
  assert.deepEqual(network.asked, ["/worlds/f/0_0.json"]);
  assert.equal(shelf.get("/worlds/f/0_0.json"), null, "not kept before it arrives");
  network.answer("/worlds/f/0_0.json", "{}");
  assert.equal(await first, "{}");
  assert.equal(await second, "{}");
  assert.equal(shelf.get("/worlds/f/0_0.json"), "{}");
  assert.equal(await shelf.load("/worlds/f/0_0.json"), "{}");
  assert.equal(network.asked.length, 1, "kept: not fetched again");
});

test("a refused world is not kept, and is asked for again next time", async () => {
  const network = fakeFetch();
  const shelf = new WorldShelf(network.fetchText);
  const loading = shelf.load("a");
  network.refuse("a");
  await assert.rejects(loading, /404/);
  assert.equal(shelf.get("a"), null);
  shelf.load("a");
  assert.deepEqual(network.asked, ["a", "a"]);
});

test("the shelf drops the least recently used world beyond its size", () => {
  const shelf = new WorldShelf(fakeFetch().fetchText, 2);
  shelf.put("a", "A");
  shelf.put("b", "B");
  assert.equal(shelf.get("a"), "A"); // a is now the most recent
  shelf.put("c", "C");
  assert.equal(shelf.get("b"), null, "b, the least recently used, is dropped");
  assert.equal(shelf.get("a"), "A");
  assert.equal(shelf.get("c"), "C");
});

test("fetching ahead keeps two requests in flight, in order, skipping what is kept", async () => {
  const network = fakeFetch();
  const shelf = new WorldShelf(network.fetchText);
  shelf.put("kept", "K");
  shelf.fetchAhead(["one", "kept", "two", "three", "four"]);
  assert.deepEqual(network.asked, ["one", "two"]);
  network.answer("one");
  await settle();
  assert.deepEqual(network.asked, ["one", "two", "three"]);
  network.refuse("two"); // a refusal frees its place too
  await settle();
  assert.deepEqual(network.asked, ["one", "two", "three", "four"]);
  // A new wish list replaces the rest of the old one.
  shelf.fetchAhead(["five"]);
  network.answer("three");
  network.answer("four");
  await settle();
  assert.deepEqual(network.asked.slice(4), ["five"]);
  assert.equal(shelf.fetched, 3, "one, three and four came; two was refused");
});

// --- Play for b and σ (motion.js's sweep, as β and n's Play) ----------------------------------

// What WorldControls asks of the stage, recorded; its root is a fake element.
function recordingStage(document) {
  const calls = [];
  const root = document.createElement("div");
  const record =
    (name) =>
    (...args) => {
      calls.push([name, ...args]);
      return true;
    };
  return {
    root,
    calls,
    stopPlaying: record("stopPlaying"),
    settleSoon: record("settleSoon"),
    settle: record("settle"),
    useWorld: record("useWorld"),
    showWorld: record("showWorld"),
  };
}

const STOPS = Array.from({ length: 21 }, (_, i) => `${i / 20}`); // 21 stops, as b's 0..1
const slider = (symbol) => ({
  symbol,
  label: `${symbol}: a setting`,
  hint: "a hint",
  stops: STOPS,
});
const worldsData = (b, sigma) => ({
  worlds: { address: "/worlds/f/", b: slider("b"), sigma: slider("σ") },
  request: { id: 1, b, sigma },
  world: "{}",
});

test("a b/σ Play steps one stop every 0.3 s and bounces off the top, then off 0", async (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const stage = recordingStage(dom.document);
  const controls = new WorldControls(stage, dom.document.createElement("div"));
  controls.shelf = new WorldShelf(async (address) => `world ${address}`); // every world answers at once
  controls.receive(worldsData("0.95", "0.5"), true);
  const play = controls.controls.b.play;
  play.click(); // from 0.95 (stop 19): upwards
  assert.equal(play.getAttribute("aria-pressed"), "true");
  assert.ok(
    stage.calls.some(([name, settle]) => name === "stopPlaying" && settle === false),
    "β and n's Play stops",
  );
  const shown = [stage.root.dataset.b];
  for (let step = 0; step < 42; step += 1) {
    dom.clock.tick(300);
    shown.push(stage.root.dataset.b);
  }
  const up = (from, to) => Array.from({ length: to - from + 1 }, (_, i) => STOPS[from + i]);
  const down = (from, to) => up(to, from).reverse();
  assert.deepEqual(shown, [...up(20, 20), ...down(19, 0), ...up(1, 20), ...down(19, 18)]);
  assert.equal(stage.root.dataset.sigma, "0.5", "σ stays where it was");
  assert.equal(controls.controls.b.output.textContent, "= 0.9");
  play.click(); // pause: the stop reached goes to Python
  assert.equal(play.getAttribute("aria-pressed"), "false");
  assert.equal(play.textContent, "▶ Play");
  assert.deepEqual(stage.calls.at(-1), ["settleSoon"]);
  dom.clock.tick(900);
  assert.equal(stage.root.dataset.b, "0.9", "paused: no more steps");
});

test("a σ Play started at its top goes down first, and moving a slider stops it", (t) => {
  const dom = installDom();
  t.after(dom.restore);
  const stage = recordingStage(dom.document);
  const controls = new WorldControls(stage, dom.document.createElement("div"));
  controls.shelf = new WorldShelf(async (address) => `world ${address}`);
  controls.receive(worldsData("0", "1"), true);
  controls.controls.sigma.play.click();
  dom.clock.tick(300);
  assert.equal(stage.root.dataset.sigma, "0.9"); // 1 -> 0.95 at once, 0.9 after 0.3 s
  const input = controls.controls.sigma.input;
  input.value = "3";
  input.dispatch("input");
  assert.equal(controls.playing, null);
  assert.equal(stage.root.dataset.sigma, "0.15");
  dom.clock.tick(900);
  assert.equal(stage.root.dataset.sigma, "0.15", "stopped by the student's move");
});

test("under reduced motion a b/σ Play steps one world a second, not every 0.3 s", (t) => {
  const dom = installDom({ media: { [REDUCE_MOTION]: true } });
  t.after(dom.restore);
  const stage = recordingStage(dom.document);
  const controls = new WorldControls(stage, dom.document.createElement("div"));
  controls.shelf = new WorldShelf(async (address) => `world ${address}`);
  controls.receive(worldsData("0", "0.5"), true);
  controls.controls.b.play.click(); // from 0: upwards, 0.05 at once
  assert.equal(stage.root.dataset.b, "0.05");
  dom.clock.tick(300);
  assert.equal(stage.root.dataset.b, "0.05", "no step after 0.3 s");
  dom.clock.tick(REDUCED_STEP_MS - 300);
  assert.equal(stage.root.dataset.b, "0.1", "one step after a second");
  dom.clock.tick(REDUCED_STEP_MS);
  assert.equal(stage.root.dataset.b, "0.15");
});
