"""The JavaScript that finds the Playground's stage in a page, for tests and benchmarks alike.

A module of its own, with no imports: tests/support/stage_in_browser.py imports ui.playground.worlds
(and so ui and core), and bench/stage_pages.py must run against a release that has no such module.
"""

# The stage's root element, from the page's light DOM (the component mounts in a shadow root).
STAGE_ROOT_JS = """
() => {
  for (const host of document.querySelectorAll('[data-testid="stBidiComponentIsolated"]')) {
    const root = host.shadowRoot && host.shadowRoot.querySelector('[data-testid="stage"]');
    if (root) return root;
  }
  return null;
}
"""
