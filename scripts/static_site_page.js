// The offline Playground's glue (scripts/static_site.py writes it beside index.html): the stage's
// worlds loaded by <script> tags (fetch() of a file:// address fails in Chromium), the story's
// seven steps with Back and Next, and the stage mounted as Streamlit's component would mount it.
// A classic script, no modules: Chromium loads no ES module over file:// either.
(function () {
  "use strict";
  const data = window.rhData;
  const KEYS = ["beta", "n", "b", "sigma"];
  const waiting = new Map(); // a world's key ("0.2_1") -> the promises waiting for its script

  // worlds/<key>.js calls this with its world, less the parts every world shares (data.js
  // holds those once: scripts/static_site.py's SHARED); the stage gets it whole, as JSON text.
  window.rhWorld = function (key, world) {
    for (const [path, value] of data.shared) {
      let holder = world;
      for (const folder of path.slice(0, -1)) holder = holder[folder];
      const last = path[path.length - 1];
      if (!(last in holder)) holder[last] = value;
    }
    const text = JSON.stringify(world);
    const waiters = waiting.get(key) || [];
    waiting.delete(key);
    for (const waiter of waiters) waiter.resolve(text);
  };

  function loadWorld(key) {
    return new Promise((resolve, reject) => {
      if (waiting.has(key)) {
        waiting.get(key).push({ resolve, reject });
        return;
      }
      waiting.set(key, [{ resolve, reject }]);
      const tag = document.createElement("script");
      tag.src = `worlds/${key}.js`;
      tag.onload = () => tag.remove();
      tag.onerror = () => {
        tag.remove();
        const waiters = waiting.get(key) || [];
        waiting.delete(key);
        for (const waiter of waiters) waiter.reject(new Error(`worlds/${key}.js did not load`));
      };
      document.head.appendChild(tag);
    });
  }

  function answered(text) {
    return { ok: true, status: 200, text: async () => text, json: async () => JSON.parse(text) };
  }

  // The stage's fetch(): worlds/<key>.json by its script, answers.json from data.js.
  window.rhStaticFetch = function (address) {
    const world = /^worlds\/([0-9.]+_[0-9.]+)\.json$/.exec(String(address));
    if (world) return loadWorld(world[1]).then(answered);
    if (address === data.controls.answers) {
      return Promise.resolve(answered(JSON.stringify(data.answers)));
    }
    return Promise.reject(new Error(`offline: nothing at ${address}`));
  };

  let requestId = 0;
  let present = /(^|&)present=1(&|$)/.test(location.hash.replace(/^#/, ""));
  let lastData = null; // what the stage was last given: presenter mode redraws it as it is
  let current = { ...data.defaults };
  let stepIndex = -1; // the story step last shown, or -1
  const host = document.getElementById("stage-host");

  function stepOf(values) {
    return data.steps.findIndex((step) => KEYS.every((key) => step.values[key] === values[key]));
  }

  function showStory() {
    const found = stepOf(current);
    if (found >= 0) stepIndex = found;
    const step = data.steps[found];
    document.querySelector("[data-testid=story-step]").textContent =
      found >= 0 ? `Step ${found + 1} of ${data.steps.length}: ${step.name}` : "Your own setting";
    document.querySelector("[data-testid=story-line]").textContent = found >= 0 ? step.story : "";
    document.querySelector("[data-story=back]").disabled = stepIndex <= 0;
    document.querySelector("[data-story=next]").disabled = stepIndex >= data.steps.length - 1;
  }

  function writeHash() {
    const pairs = KEYS.map((key) => `${key}=${encodeURIComponent(current[key])}`);
    const hash = [...pairs, ...(present ? ["present=1"] : [])].join("&");
    try {
      history.replaceState(null, "", `#${hash}`);
    } catch {
      // a browser that keeps file:// addresses as they are: the setting is only not linkable
    }
  }

  function fromHash() {
    const values = { ...data.defaults };
    for (const part of location.hash.replace(/^#/, "").split("&")) {
      const [key, value] = part.split("=");
      if (KEYS.includes(key) && value) values[key] = decodeURIComponent(value);
    }
    for (const key of ["b", "sigma"]) {
      if (!data.controls[key].stops.includes(values[key])) values[key] = data.defaults[key];
    }
    return values;
  }

  // Ask the stage to show these four settings (URL text), as Python's request does.
  function show(values) {
    current = { ...values };
    showStory();
    return loadWorld(`${values.b}_${values.sigma}`).then((world) => {
      requestId += 1;
      lastData = {
        parentElement: host,
        data: {
          world,
          request: { id: requestId, ...values, predict: { on: false } },
          present,
          predict_ticks: data.predict_ticks,
          worlds: data.controls,
          pin: { id: 0, text: null, snapshot: null },
          steps: data.steps.map((step) => ({ values: step.numbers, points_at: step.points_at })),
        },
        setStateValue(name, settled) {
          if (name !== "settled" || !settled) return;
          for (const key of KEYS) if (settled[key] !== undefined) current[key] = settled[key];
          showStory();
          writeHash();
        },
      };
      window.rhMountStage(lastData);
    });
  }

  // Presenter mode: the stage's larger text and its legend naming b and σ (stage.css), the
  // same request again, so the picture stays where it is.
  function showPresent() {
    document.querySelector("[data-present]").setAttribute("aria-pressed", String(present));
    if (lastData) window.rhMountStage({ ...lastData, data: { ...lastData.data, present } });
  }

  window.rhStart = function () {
    for (const [name, move] of [
      ["back", -1],
      ["next", 1],
    ]) {
      document.querySelector(`[data-story=${name}]`).addEventListener("click", () => {
        const target = Math.min(Math.max(stepIndex + move, 0), data.steps.length - 1);
        show(data.steps[target].values).then(writeHash);
      });
    }
    document.querySelector("[data-present]").addEventListener("click", () => {
      present = !present;
      showPresent();
      writeHash();
    });
    show(fromHash()).then(showPresent);
  };
})();
