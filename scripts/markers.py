"""A generated part of a hand-written document: what stands between two marker lines is
rewritten, the prose around them kept as it is (standard library only). scripts/contract.py
(docs/CONTRACT.md's list of core's names) and scripts/teaching_pack.py (docs/teaching.md's
lecturer's pack) write theirs with it; their tests fail while the file is stale.
"""

from __future__ import annotations

from pathlib import Path


def between(text: str, start: str, end: str, generated: str) -> str:
    """``text`` with what stands between the lines ``start`` and ``end`` replaced by
    ``generated`` (a blank line before it, a newline after). Both markers must be there."""
    before, rest = text.split(start, 1)
    _, after = rest.split(end, 1)
    return f"{before}{start}\n\n{generated}\n{end}{after}"


def rewrite(path: Path, start: str, end: str, generated: str) -> None:
    """The file at ``path`` with its part between the markers replaced by ``generated``."""
    text = path.read_text(encoding="utf-8")
    path.write_text(between(text, start, end, generated), encoding="utf-8")
