"""Write the cases the stage's format.js must print exactly as ui/format.py does.

    python scripts/format_cases.py          # rewrites tests/js/fixtures/format_cases.json

Each case is an input and the string ui/format.py gives for it; tests/js/format.test.mjs
checks format.js against every one, and tests/app/test_format.py checks this file is current
(so a change to ui/format.py that is not carried to format.js fails one test or the other).
The inputs are the awkward ones: gains that round to zero (n = 590's -0.0014), exact binary
ties (0.125: Python rounds them to even, JavaScript's toFixed away from zero), negative zero,
the stops of every slider, and the axis ticks.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
if str(REPO) not in sys.path:  # run as a script: make `ui` importable
    sys.path.insert(0, str(REPO))

from ui import format as fmt  # noqa: E402
from ui import settings  # noqa: E402

FIXTURE = REPO / "tests" / "js" / "fixtures" / "format_cases.json"

GAINS = [0.5199, -1.2447890254356728, 6.645289215357791, -4.365787306909915, 2.0, 100.5]
GAINS += [-0.001391480405560766, 0.0014, -0.00014, 0.00004, -6.3e-16, 0.0, -0.0, -0.005]
GAINS += [0.125, -0.125, 0.375, 0.625, -0.875, 0.005, 0.015, 1.005, 2.675, -2.675, 0.0625]
GAINS += [-0.00049, 0.0005, 1e-9, -13.04, 151.6, 2.5, 3.5]
PLAIN = [11.046969203896406, 0.06249999381923255, -0.0001, -0.74, 0.125, 0.375, -2.5, 5.0]
SIGNIFICANT = [(0.30004, 3), (0.3664, 3), (1.0, 3), (0.45, 2), (1.0, 2), (9.78, 2), (0.125, 2)]
SIGNIFICANT += [(10.0, 3), (0.25, 3), (0.0313, 2), (2.5, 1), (3.5, 1)]
COUNTS = [1, 49, 590, 999, 1000, 1500, 10000, 12345.6, 49.5, 50.5, 0, -0.0]  # -0: as Python
TICKS = [(0.25, None), (0.3, None), (1, None), (4, None), (10, None), (100, None)]
TICKS += [(1000, None), (3000, None), (10000, None), (1000, 1000), (10000, 1000), (100, 1000)]
STOPS = sorted({*settings.BETA_STOPS, *settings.N_STOPS, *settings.B_STOPS, *settings.SIGMA_STOPS})
NAMED = [("β", 0.3), ("β", 4.0), ("β", 0.45), ("n", 590), ("n", 10000), ("n", 49.0), ("b", 0.2)]
NAMED += [("σ", 1.0), ("k", 1000), ("ρ", 0.3)]


def cases() -> dict[str, list]:
    """Every case as [inputs..., expected text], by the function of ui/format.py it checks."""
    return {
        "signed": [[value, fmt.signed(value)] for value in GAINS]
        + [[value, 1, fmt.signed(value, decimals=1)] for value in (-13.04, 0.04, 0.0, 0.25)],
        "number": [[value, fmt.number(value)] for value in PLAIN]
        + [[value, 3, fmt.number(value, decimals=3)] for value in (0.998, -0.0004, 0.0625)],
        "significant": [
            [value, digits, fmt.significant(value, digits=digits)] for value, digits in SIGNIFICANT
        ],
        "count": [[value, fmt.count(value)] for value in COUNTS],
        "tick": [
            [
                value,
                short_from,
                fmt.tick(value, **({"short_from": short_from} if short_from else {})),
            ]
            for value, short_from in TICKS
        ],
        "stop": [[value, fmt.stop(value)] for value in STOPS],
        "named": [[symbol, value, fmt.named(symbol, value)] for symbol, value in NAMED],
    }


def fixture_text() -> str:
    """The fixture file's text: one case a line, so a changed case is a one-line diff."""
    lines = []
    for name, rows in cases().items():
        body = ",\n".join(f"    {json.dumps(row, ensure_ascii=False)}" for row in rows)
        lines.append(f'  "{name}": [\n{body}\n  ]')
    return "{\n" + ",\n".join(lines) + "\n}\n"


def main() -> None:
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    FIXTURE.write_text(fixture_text(), encoding="utf-8")
    print(f"wrote {sum(len(rows) for rows in cases().values())} cases to {FIXTURE}")


if __name__ == "__main__":
    main()
