"""A link to copy: a read-only box and a Copy button, in plain HTML.

Instead of ``st.code``, whose first use makes the browser fetch Streamlit's syntax highlighter
(1.56 MB, ~8 s at a lecture hall's 1.5 Mbit/s) to show one line of plain text. The box can be
selected as text on any phone; the button copies through the Clipboard API, or through the
selection where the page is not a secure context (a lecture hall's http:// address).
"""

from __future__ import annotations

import html
import re

import streamlit as st

from common.i18n import tr

CSS_CLASS = "rh-link"  # tests and benches find the box by it
# One click handler for every box on the page, registered once (Streamlit redraws the boxes).
COPY_SCRIPT = """<script>
if (!window.rhCopyLinks) {
  window.rhCopyLinks = true;
  document.addEventListener("click", async (event) => {
    const button = event.target.closest && event.target.closest(".rh-link button");
    if (!button) return;
    const box = button.parentElement.querySelector("input");
    box.select();
    try { await navigator.clipboard.writeText(box.value); }
    catch { document.execCommand("copy"); }
    button.textContent = button.dataset.copied;
    setTimeout(() => { button.textContent = button.dataset.copy; }, 1500);
  });
}
</script>"""
STYLE = """<style>
/* The system's monospace font: Streamlit's own (Source Code Pro) is another 90 KB to fetch. */
.rh-link { display: flex; gap: 0.5rem; align-items: stretch; }
.rh-link input { flex: 1; min-width: 0; min-height: 2.5rem; padding: 0 0.75rem;
  font: 0.875rem ui-monospace, Menlo, Consolas, monospace; color: #31333F; background: #F0F2F6;
  border: 1px solid #D5D8DE; border-radius: 0.5rem; }
.rh-link-caption { margin: 0 0 0.25rem; font-size: 0.875rem; color: rgba(49, 51, 63, 0.6); }
.rh-link button { min-width: 4.5rem; min-height: 2.5rem; font: inherit; color: #31333F;
  background: #FFFFFF; border: 1px solid #B9BDC6; border-radius: 0.5rem; cursor: pointer; }
</style>"""
_VALUE = re.compile(r'<input [^>]*value="([^"]*)"')


def markup(link: str, *, label: str) -> str:
    """The box's HTML: the link and label escaped, everything else fixed (the button's words
    in the reader's language, escaped, the script swaps them: Copy, Copied)."""
    copy, copied = (html.escape(words, quote=True) for words in (tr("Copy"), tr("Copied")))
    return (
        f'<div class="{CSS_CLASS}"><input type="text" readonly '
        f'value="{html.escape(link, quote=True)}" aria-label="{html.escape(label, quote=True)}" '
        f'spellcheck="false"><button type="button" data-copy="{copy}" data-copied="{copied}">'
        f"{copy}</button></div>"
    )


def show(link: str, *, label: str, caption: str | None = None, container=st) -> None:
    """The link in a read-only box with a Copy button; ``label`` names the box for readers,
    ``caption`` (plain text, escaped) stands above it in a caption's type.

    One element, caption and all: the Playground draws it on every settle, where each element
    more is a message more to build, hash and send."""
    above = "" if caption is None else f'<p class="rh-link-caption">{html.escape(caption)}</p>'
    container.html(
        STYLE + above + markup(link, label=label) + COPY_SCRIPT, unsafe_allow_javascript=True
    )


def link_in(body: str) -> str | None:
    """The link a box's HTML holds (for tests and benches reading the page), or None."""
    found = _VALUE.search(body)
    return html.unescape(found.group(1)) if found else None
