"""The browser's history: one entry per action of the reader, on every page.

Streamlit's frontend adds an entry for every URL update the server sends and none for a bound
slider the reader moves, so one story step made up to three entries and a b or σ change none.
A tiny script (``history_assets/history.js``), in the page's <head> (server/serving.py), puts
every URL change that follows one key or pointer press into one entry; after Back or Forward
the page follows the restored address and corrects it in place. It was also mounted as a
component on every run, which installed nothing the <head> had not: one element less in every
run (bench.first_page).
"""

from __future__ import annotations

from pathlib import Path

KEEPER_JS = (Path(__file__).with_name("history_assets") / "history.js").read_text(encoding="utf-8")


def page_script() -> bytes:
    """The keeper as a plain script for the page's <head> (server/serving.py): run before
    Streamlit's bundle, so the first run's own address writes already go through it."""
    body = KEEPER_JS.replace("export default function keepOneEntryPerAction", "function keep")
    return f"<script>(() => {{\n{body}\nkeep();\n}})();</script>".encode()
