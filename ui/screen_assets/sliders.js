// Streamlit's own sliders under a finger: a vertical swipe that starts on a track scrolls the
// page and leaves the value alone; a sideways drag, or a tap, moves it.
//
// Streamlit 1.67's slider (React Aria) sets touch-action: none on its track and thumb and takes
// the value where a finger lands (one swipe moved β from 0.1 to 1.5). ui/page_css.py's CSS gives
// them touch-action: pan-y, so the browser scrolls on a vertical swipe; here a finger's
// pointerdown is held back from the slider until the finger shows its direction (finger_intent.js):
// sideways (or a tap) replays it, so the slider takes the touch from where it landed; up or down
// lets the browser scroll, and the slider never saw the touch.

import { fingerIntent } from "./finger_intent.js";

export const SLIDER_PART = '[data-testid="stSlider"] [data-rac][data-orientation="horizontal"]';

// The held pointerdown's fields, to replay it where and as it happened.
const POINTER_FIELDS = [
  "pointerId",
  "pointerType",
  "isPrimary",
  "clientX",
  "clientY",
  "screenX",
  "screenY",
  "width",
  "height",
  "pressure",
  "button",
  "buttons",
];

// Once per window: the listeners, in the capture phase, ahead of React's own.
export function holdFingersOnSliders(win) {
  const root = win.document.documentElement;
  if (root.dataset.sliderFingers) return;
  root.dataset.sliderFingers = "on";
  for (const [type, listener] of Object.entries(fingerListeners(win))) {
    win.addEventListener(type, listener, true);
  }
}

// The window's listeners by event type: a finger's pointerdown on a slider is held until the
// finger shows its direction, then replayed to the slider or dropped.
function fingerListeners(win) {
  let finger = null; // {target, init, intent} while a finger is down on a slider
  let replaying = false;
  const replay = () => {
    replaying = true;
    try {
      finger.target.dispatchEvent(new win.PointerEvent("pointerdown", finger.init));
    } finally {
      replaying = false;
    }
  };
  return {
    pointerdown(event) {
      if (replaying || event.pointerType !== "touch") return;
      const target = event.target instanceof win.Element ? event.target : null;
      if (!target || !target.closest(SLIDER_PART)) return;
      event.stopPropagation(); // held: the slider hears of it once the direction is known
      const init = { bubbles: true, cancelable: true, composed: true };
      for (const name of POINTER_FIELDS) init[name] = event[name];
      finger = { target, init, intent: null };
    },
    // React Aria also starts a drag from touchstart: while the finger is held, that is held too
    // (stopping it spoils no scroll: only preventDefault would).
    touchstart(event) {
      if (finger && finger.intent === null) event.stopPropagation();
    },
    pointermove(event) {
      if (!finger || event.pointerId !== finger.init.pointerId || finger.intent) return;
      finger.intent = fingerIntent(
        event.clientX - finger.init.clientX,
        event.clientY - finger.init.clientY,
      );
      if (finger.intent === "slide") replay();
    },
    pointerup(event) {
      if (!finger || event.pointerId !== finger.init.pointerId) return;
      if (finger.intent === null) replay(); // a tap: the slider jumps there, as with a mouse
      finger = null;
    },
    pointercancel(event) {
      if (finger && event.pointerId === finger.init.pointerId) finger = null; // the page scrolled
    },
  };
}
