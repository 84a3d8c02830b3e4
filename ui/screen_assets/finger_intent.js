// Which way a finger on a slider is going, once it has shown it: the rule the page shell's
// sliders.js holds a touch back by (the stage's touch.js keeps the same rule for its own).

const DECIDE_PX = 8; // a finger moving this far has shown its direction (as the stage's touch.js)

// "slide" (sideways), "scroll" (up or down), or null while the finger has barely moved.
export function fingerIntent(dx, dy) {
  if (Math.hypot(dx, dy) < DECIDE_PX) return null;
  return Math.abs(dx) > Math.abs(dy) ? "slide" : "scroll";
}
