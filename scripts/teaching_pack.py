"""docs/teaching.md's lecturer's pack, written from the step questions themselves.

Every story step's question, its answers, the right one computed from core at the step's
setting and why, the wrong one students usually give, and the step's Playground address
(``ui.lesson.pack.markdown``, the same source as the Lesson page's pack and the class poll's
questions), between the file's two markers (scripts/markers.py).
tests/app/test_teaching_pack.py fails while it is stale.

    python -m scripts.teaching_pack      # rewrite docs/teaching.md's pack
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a file too: python scripts/teaching_pack.py

from scripts import markers  # noqa: E402
from ui.lesson import pack  # noqa: E402

TEACHING = ROOT / "docs" / "teaching.md"
START = "<!-- the lecturer's pack: written by `python -m scripts.teaching_pack`, do not edit -->"
END = "<!-- end of the lecturer's pack -->"


def written(text: str) -> str:
    """``text`` (docs/teaching.md) with its pack replaced by today's."""
    return markers.between(text, START, END, pack.markdown())


def main() -> int:
    markers.rewrite(TEACHING, START, END, pack.markdown())
    print(f"{TEACHING}: {len(pack.entries())} steps' questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
