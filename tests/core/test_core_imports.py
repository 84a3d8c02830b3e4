"""core/ is the math and nothing else: it never loads Streamlit, plotly or pandas."""

import json
import sys
from pathlib import Path

from scripts.processes import run_python

REPO_ROOT = Path(__file__).resolve().parents[2]
UI_LIBRARIES = ("streamlit", "plotly", "pandas")

# Import core and use every part of it, in a fresh interpreter, then list what got loaded.
PROBE = """
import json, sys
import core
core.kl_optimum([0.5, 1.0], b=0.2, sigma=0.5)
core.kl_cloud(1.0)
core.best_of_n([1, 49], sigma=0.5)
core.best_of_n_cloud(49)
core.format_lesson_table(core.lesson_table())
core.kl_curve(core.log_spaced_betas(high=10.0, low=0.25), lowest_peak_beta=0.25)
core.best_of_n_curve(core.log_spaced_counts(high=10_000))
core.fresh_set_peaks([1, 2, 3], seeds=(1,))
core.gaussian_optimum([0.5, 1.0], b=0.2)
core.ranked_answers(b=0.2)
core.fit_bradley_terry(core.comparisons(100))
core.fit_gao([1.0, 2.0, 3.0], [1.0, 1.2, 1.1], form="rl")
core.best_of_n(49, sigma=1.0, errors="heavy")
core.monitored_optimum([0.1, 1.0], pass_rate=0.015, looseness=0.9, penalize=True)
print(json.dumps(sorted({name.split(".")[0] for name in sys.modules})))
"""


def test_core_loads_no_ui_library():
    run = run_python("-c", PROBE)
    assert run.returncode == 0, run.stderr
    loaded = set(json.loads(run.stdout))
    assert "numpy" in loaded  # the probe did run core
    assert loaded.isdisjoint(UI_LIBRARIES), sorted(loaded & set(UI_LIBRARIES))


def test_core_source_imports_only_numpy_and_the_standard_library():
    allowed = {"numpy", "core", *sys.stdlib_module_names}
    for path in (REPO_ROOT / "core").glob("*.py"):
        for line in path.read_text().splitlines():
            words = line.split()
            if words[:1] in (["import"], ["from"]) and len(words) > 1:
                top = words[1].split(".")[0].rstrip(",")
                assert top in allowed, f"{path.name}: {line.strip()}"
