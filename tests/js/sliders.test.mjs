// The page shell's finger on Streamlit's sliders (ui/screen_assets/: finger_intent.js, the rule,
// and sliders.js, the window's listeners): which way a finger has shown it is going, and a
// touch on a slider held back until it has, then replayed to the slider or dropped for a
// scroll. On a small stand-in window; the browser test (test_browser_phone.py) swipes and drags.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fingerIntent } from "../../ui/screen_assets/finger_intent.js";
import { holdFingersOnSliders, SLIDER_PART } from "../../ui/screen_assets/sliders.js";

test("a finger's direction is known after 8 px: sideways slides, up or down scrolls", () => {
  assert.equal(fingerIntent(3, 4), null); // 5 px: not yet
  assert.equal(fingerIntent(8, 2), "slide");
  assert.equal(fingerIntent(-2, -20), "scroll");
  assert.equal(fingerIntent(6, 6.1), "scroll"); // a diagonal leaning vertical scrolls
});

// A window with the listeners held: {win, fire(type, fields), listeners, slider, page}.
function heldWindow() {
  const listeners = {};
  class Element {
    constructor(onSlider) {
      this.onSlider = onSlider;
      this.heard = []; // the events dispatched to it (the replays)
    }
    closest(selector) {
      return this.onSlider && selector === SLIDER_PART ? this : null;
    }
    dispatchEvent(event) {
      this.heard.push(event);
    }
  }
  const win = {
    document: { documentElement: { dataset: {} } },
    Element,
    PointerEvent: class {
      constructor(type, init) {
        Object.assign(this, init, { type });
      }
    },
    addEventListener(type, listener, capture) {
      (listeners[type] ||= []).push({ listener, capture });
    },
  };
  const fire = (type, fields = {}) => {
    const event = { type, stopped: false, ...fields };
    event.stopPropagation = () => (event.stopped = true);
    for (const { listener } of listeners[type] || []) listener(event);
    return event;
  };
  holdFingersOnSliders(win);
  holdFingersOnSliders(win); // once per window
  return { win, fire, listeners, slider: new Element(true), page: new Element(false) };
}

const touch = (target, clientX, clientY) => ({
  target,
  clientX,
  clientY,
  pointerId: 3,
  pointerType: "touch",
});

test("the listeners are added once per window, each in the capture phase", () => {
  const { listeners } = heldWindow();
  assert.deepEqual(Object.keys(listeners), [
    "pointerdown",
    "touchstart",
    "pointermove",
    "pointerup",
    "pointercancel",
  ]);
  assert.ok(Object.values(listeners).every((added) => added.length === 1 && added[0].capture));
});

test("a touch on a slider is held until it goes sideways, then replayed where it landed", () => {
  const { fire, slider } = heldWindow();
  assert.equal(fire("pointerdown", touch(slider, 100, 50)).stopped, true);
  assert.equal(fire("touchstart").stopped, true, "React Aria's touchstart held too");
  fire("pointermove", touch(slider, 103, 51)); // 3 px: not decided
  assert.equal(slider.heard.length, 0);
  fire("pointermove", touch(slider, 112, 52));
  assert.equal(slider.heard.length, 1);
  const [replayed] = slider.heard;
  assert.deepEqual(
    [replayed.type, replayed.clientX, replayed.clientY, replayed.pointerId, replayed.bubbles],
    ["pointerdown", 100, 50, 3, true],
  );
  fire("pointermove", touch(slider, 140, 52));
  fire("pointerup", touch(slider, 140, 52));
  assert.equal(slider.heard.length, 1, "replayed once");
});

test("a vertical swipe on a slider never reaches it; a tap does, when the finger lifts", () => {
  const { fire, slider } = heldWindow();
  fire("pointerdown", touch(slider, 100, 50));
  fire("pointermove", touch(slider, 101, 80));
  assert.equal(fire("touchstart").stopped, false, "decided: the scroll goes on");
  fire("pointerup", touch(slider, 101, 90));
  assert.equal(slider.heard.length, 0);
  fire("pointerdown", touch(slider, 100, 50));
  fire("pointerup", touch(slider, 100, 50));
  assert.equal(slider.heard.length, 1, "a tap: the slider jumps there");
  fire("pointerdown", touch(slider, 100, 50));
  fire("pointercancel", touch(slider, 100, 50)); // the page scrolled
  fire("pointerup", touch(slider, 100, 50));
  assert.equal(slider.heard.length, 1);
});

test("a mouse, or a finger off the sliders, is not held", () => {
  const { fire, slider, page } = heldWindow();
  assert.equal(
    fire("pointerdown", { ...touch(slider, 1, 1), pointerType: "mouse" }).stopped,
    false,
  );
  assert.equal(fire("pointerdown", touch(page, 1, 1)).stopped, false);
  assert.equal(fire("touchstart").stopped, false);
});
