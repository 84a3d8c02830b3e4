// Which way a finger on a slider is going, once it has shown it: the rule the page shell's
// sliders.js holds a touch back by, and the stage's touch.js takes for its own sliders (one
// rule: a copy of it in touch.js once drifted unnoticed, a 45° finger sliding on one only).

const DECIDE_PX = 8; // a finger moving this far has shown its direction

// "slide" (sideways), "scroll" (up or down), or null while the finger has barely moved.
export function fingerIntent(dx, dy) {
  if (Math.hypot(dx, dy) < DECIDE_PX) return null;
  // Exactly 45° scrolls: the slider takes only a clearly sideways move (tests/js/touch.test.mjs).
  return Math.abs(dx) > Math.abs(dy) ? "slide" : "scroll";
}
