// The page shell, on every page (ui/page_css.py's script: this module and what it imports,
// joined by ui/js_modules.py). On a phone the page menu (Streamlit's top navigation, folded
// into a drawer) stayed open over the page a reader had just chosen. One listener per document: a tap on a page link in the open drawer
// folds it, as the drawer's own close button does, once the choice is on its way.

import { holdFingersOnSliders } from "./sliders.js";

const CLOSE = '[data-testid="stSidebarCollapseButton"] button';

export default function pageShell() {
  holdFingersOnSliders(window); // a finger on Streamlit's sliders scrolls unless it slides
  if (document.documentElement.dataset.menuCloser) return;
  document.documentElement.dataset.menuCloser = "on";
  document.addEventListener(
    "click",
    (event) => {
      if (!event.target.closest('[data-testid="stSidebarNavLink"]')) return;
      setTimeout(() => document.querySelector(CLOSE)?.click(), 0); // after Streamlit's own handler
    },
    true,
  );
}
