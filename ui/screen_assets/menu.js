// On a phone the page menu (Streamlit's top navigation, folded into a drawer) stayed open over
// the page a reader had just chosen. One listener per document: a tap on a page link in the
// open drawer folds it, as the drawer's own close button does, once the choice is on its way.

const CLOSE = '[data-testid="stSidebarCollapseButton"] button';

export default function closeMenuAfterChoice() {
  if (document.documentElement.dataset.menuCloser) return;
  document.documentElement.dataset.menuCloser = "on";
  document.addEventListener("click", (event) => {
    if (!event.target.closest('[data-testid="stSidebarNavLink"]')) return;
    setTimeout(() => document.querySelector(CLOSE)?.click(), 0); // after Streamlit's own handler
  }, true);
}
