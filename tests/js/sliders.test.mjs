// The page shell's finger on Streamlit's sliders (ui/screen_assets/sliders.js): which way a
// finger has shown it is going. The browser test (test_browser_phone.py) swipes and drags.
import assert from "node:assert/strict";
import { test } from "node:test";

import { fingerIntent } from "../../ui/screen_assets/sliders.js";

test("a finger's direction is known after 8 px: sideways slides, up or down scrolls", () => {
  assert.equal(fingerIntent(3, 4), null); // 5 px: not yet
  assert.equal(fingerIntent(8, 2), "slide");
  assert.equal(fingerIntent(-2, -20), "scroll");
  assert.equal(fingerIntent(6, 6.1), "scroll"); // a diagonal leaning vertical scrolls
});
