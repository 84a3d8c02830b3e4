// The page shell, on every page (ui/page_css.py joins sliders.js ahead of this file). On a phone
// the page menu (Streamlit's top navigation, folded into a drawer) stayed open over the page a
// reader had just chosen. One listener per document: a tap on a page link in the open drawer
// folds it, as the drawer's own close button does, once the choice is on its way.

const CLOSE = '[data-testid="stSidebarCollapseButton"] button';

export default function pageShell() {
  holdFingersOnSliders(window); // sliders.js, joined ahead of this file by ui/page_css.py
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
