// A finger on a slider's track: a vertical swipe scrolls the page and leaves the value alone;
// a sideways drag, or a tap, moves it. The browser's range input takes the value from where a
// touch starts, so while a finger is down its own changes are undone and the value comes from
// here instead (the track also has touch-action: pan-y, stage.css, so a vertical swipe scrolls).

import { fingerIntent } from "../../screen_assets/finger_intent.js";

const THUMB_PX = 28; // the thumb's width (stage.css): its centre runs from 14 px to width - 14

// "slide" (sideways), "scroll" (up or down), or null while the finger has barely moved: the
// page shell's rule (screen_assets/finger_intent.js), one rule for both kinds of slider.
export const touchIntent = fingerIntent;

// The stop under x on a track from left, width px wide, with stops 0..last.
export function stopAt(x, left, width, last) {
  const share = (x - left - THUMB_PX / 2) / Math.max(width - THUMB_PX, 1);
  return Math.round(Math.min(Math.max(share, 0), 1) * last);
}

// Wires a range input for touch; owner.moveTo(key, index, {fromUser}) and owner.settleSoon().
export function touchSlider(input, key, owner) {
  let finger = null; // {x, y, value, intent} while a finger is down on the track
  const slideTo = (x) => {
    const bounds = input.getBoundingClientRect();
    const index = stopAt(x, bounds.left, bounds.width, Number(input.max));
    finger.value = String(index);
    input.value = finger.value;
    owner.moveTo(key, index, { fromUser: true });
  };
  input.addEventListener("pointerdown", (event) => {
    if (event.pointerType !== "mouse")
      finger = { x: event.clientX, y: event.clientY, value: input.value, intent: null };
  });
  input.addEventListener("pointermove", (event) => {
    if (!finger || event.pointerType === "mouse") return;
    finger.intent =
      finger.intent || touchIntent(event.clientX - finger.x, event.clientY - finger.y);
    if (finger.intent === "slide") slideTo(event.clientX);
  });
  // Sliding, the finger's moves are the slider's: no browser gesture (a sideways swipe can go
  // back a page) gets them. Pointer events come first, so the intent is known by now.
  input.addEventListener(
    "touchmove",
    (event) => {
      if (finger && finger.intent === "slide" && event.cancelable) event.preventDefault();
    },
    { passive: false },
  );
  input.addEventListener("pointerup", (event) => {
    if (!finger || event.pointerType === "mouse") return;
    if (finger.intent !== "scroll") slideTo(event.clientX); // a tap, or the drag's last place
    finger = null;
    owner.settleSoon();
  });
  input.addEventListener("pointercancel", () => {
    if (finger) input.value = finger.value; // the page scrolled: the value stays
    finger = null;
  });
  // The browser's own change while a finger is down: undone (returns true: not the reader's).
  return () => {
    if (!finger) return false;
    input.value = finger.value;
    return true;
  };
}
