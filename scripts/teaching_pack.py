"""docs/teaching.md's lecturer's pack, written from the step questions themselves.

Every story step's question, its answers, the right one computed from core at the step's
setting and why, the wrong one students usually give, and the step's Playground address
(``ui.lesson.pack.markdown``, the same source as the Lesson page's pack and the class poll's
questions). The pack sits between two markers in the file; the prose around it is written by
hand and kept as it is. tests/app/test_teaching_pack.py fails while the file is not what this
script writes.

    python -m scripts.teaching_pack      # rewrite docs/teaching.md's pack
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a file too: python scripts/teaching_pack.py

from ui.lesson import pack  # noqa: E402

TEACHING = ROOT / "docs" / "teaching.md"
START = "<!-- the lecturer's pack: written by `python -m scripts.teaching_pack`, do not edit -->"
END = "<!-- end of the lecturer's pack -->"


def written(text: str) -> str:
    """``text`` (docs/teaching.md) with its pack replaced by today's."""
    before, rest = text.split(START, 1)
    _, after = rest.split(END, 1)
    return f"{before}{START}\n\n{pack.markdown()}\n{END}{after}"


def main() -> int:
    text = TEACHING.read_text(encoding="utf-8")
    TEACHING.write_text(written(text), encoding="utf-8")
    print(f"{TEACHING}: {len(pack.entries())} steps' questions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
