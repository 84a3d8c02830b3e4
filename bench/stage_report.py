"""bench.stage_latency's table: the stage beside the release, with budgets, ratios and load."""

from __future__ import annotations

import math
import statistics

from bench.stage_measure import PageFigures
from tests.support.machine import percentile

# Budgets (docs/design.md §5): the stage's figures must meet them.
BUDGET_KEY_P95_MS = 50.0
BUDGET_WORLD_P95_MS = 100.0  # b and σ on the stage, the worlds built
BUDGET_WORLD_KB = 150.0
BUDGET_DRAWN_SHARE = 0.8


def flat(values: dict[str, list[float]]) -> list[float]:
    return [value for series in values.values() for value in series]


def halves(values: dict[str, list[float]], second: bool) -> list[float]:
    """Each walk's first half (right: worlds new to the server) or second (back: seen)."""
    return [
        value
        for series in values.values()
        for value in (series[len(series) // 2 :] if second else series[: len(series) // 2])
    ]


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def number(value: float | None, digits: int = 0) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "n/a"
    return f"{value:,.{digits}f}"


def ratio(release: float | None, stage: float | None) -> str:
    if release is None or stage is None or math.isnan(release) or math.isnan(stage):
        return "n/a"
    if stage == 0:
        return "inf" if release > 0 else "n/a"
    return f"{release / stage:.1f}x"


def key_p(fraction: float):
    return lambda figures: percentile(flat(figures.key_ms), fraction)


def world_p(fraction: float, part: bool | None = None):
    def read(figures: PageFigures) -> float:
        values = flat(figures.world_ms) if part is None else halves(figures.world_ms, part)
        return percentile(values, fraction)

    return read


# (figure, how to read it from a PageFigures, decimals, section for the load average, budget)
NUMBER_ROWS = (
    ("cold load, first visitor: KB transferred", lambda f: f.load_kb[0], 0, "load", ""),
    ("cold load, first visitor: ms to fully drawn", lambda f: f.load_ms[0], 0, "load", ""),
    ("cold load, fresh browser: ms to drawn (median)", lambda f: median(f.load_ms[1:]), 0,
     "load", ""),
    ("β drag: animation frames per second", lambda f: f.drag.get("fps"), 1, "drag", ""),
    ("β drag: stage redraws per second", lambda f: f.drag.get("redraws_per_second"), 1,
     "drag", ""),
    ("β/n key to redrawn: p50 ms", key_p(0.5), 0, "keys", ""),
    ("β/n key to redrawn: p95 ms", key_p(0.95), 0, "keys", f"<= {BUDGET_KEY_P95_MS:.0f}"),
    ("β/n key: KB received before redrawn (median)", lambda f: median(flat(f.key_kb)), 1,
     "keys", "0"),
    ("β/n settle: KB received (median)", lambda f: median(flat(f.settle_kb)), 1, "keys", ""),
    ("b/σ key to redrawn: p50 ms", world_p(0.5), 0, "worlds", ""),
    ("b/σ key to redrawn: p95 ms", world_p(0.95), 0, "worlds",
     f"<= {BUDGET_WORLD_P95_MS:.0f}"),
    ("  new worlds (walk out): p95 ms", world_p(0.95, False), 0, "worlds", ""),
    ("  worlds seen before (walk back): p95 ms", world_p(0.95, True), 0, "worlds", ""),
    ("b/σ change: KB received (median)", lambda f: median(flat(f.world_kb)), 1, "worlds", ""),
    ("b/σ change: KB received (largest)", lambda f: max(flat(f.world_kb), default=math.nan), 1,
     "worlds", f"<= {BUDGET_WORLD_KB:.0f}"),
    ("whole b drag, fresh visitor: KB received", lambda f: f.world_drag.get("http_kb", 0)
     + f.world_drag.get("websocket_kb", math.nan), 0, "world drag", ""),
    ("  of it worlds over HTTP: KB", lambda f: f.world_drag.get("http_kb"), 0, "world drag",
     ""),
    ("  worlds fetched (fetch-ahead included)", lambda f: f.world_drag.get("worlds"), 0,
     "world drag", ""),
)  # fmt: skip


def drawn_share(figures: PageFigures) -> str:
    moved, drawn = figures.drag["moved"], figures.drag["drawn"]
    return f"{drawn}/{moved} ({100 * drawn / moved:.0f}%)" if moved else "0/0"


def frames_sent(figures: PageFigures) -> str:
    drag = figures.drag
    return f"{drag['sent_during']} / {drag['sent_after']} ({drag['reruns']} reruns)"


def rows(stage: PageFigures, release: PageFigures) -> list[tuple[str, ...]]:
    """(figure, budget, stage, release, release ÷ stage, load averages) for every line."""

    def load(section: str) -> str:
        return (
            f"{stage.load_average.get(section, math.nan):.1f} / "
            f"{release.load_average.get(section, math.nan):.1f}"
        )

    table = []
    for label, read, digits, section, budget in NUMBER_ROWS:
        ours, theirs = read(stage), read(release)
        table.append(
            (label, budget, number(ours, digits), number(theirs, digits), ratio(theirs, ours),
             load(section))
        )  # fmt: skip
    drag_rows = [
        ("β drag: steps drawn before release", f">= {BUDGET_DRAWN_SHARE:.0%}", drawn_share),
        ("β drag: ws frames sent during / after", "0 / at most 1", frames_sent),
    ]
    for position, (label, budget, read) in zip((5, 6), drag_rows, strict=True):
        table.insert(position, (label, budget, read(stage), read(release), "", load("drag")))
    return table


def budgets_met(stage: PageFigures) -> list[tuple[str, bool]]:
    drag = stage.drag
    return [
        ("β/n key p95", percentile(flat(stage.key_ms), 0.95) <= BUDGET_KEY_P95_MS),
        ("b/σ p95", percentile(flat(stage.world_ms), 0.95) <= BUDGET_WORLD_P95_MS),
        ("b/σ KB", max(flat(stage.world_kb), default=math.inf) <= BUDGET_WORLD_KB),
        ("drag drawn", drag["moved"] > 0 and drag["drawn"] / drag["moved"] >= BUDGET_DRAWN_SHARE),
        ("drag reruns", drag["sent_during"] == 0 and drag["reruns"] <= 1),
    ]


def print_table(stage: PageFigures, release: PageFigures) -> bool:
    """Print the table and each budget's verdict; True when every budget is met."""
    header = ("figure", "budget (stage)", "stage", "release", "release÷stage", "load 1 min s/r")
    table = [header, *rows(stage, release)]
    widths = [max(len(row[column]) for row in table) for column in range(len(header))]
    for index, row in enumerate(table):
        print("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))
        if index == 0:
            print("  ".join("-" * width for width in widths))
    for key in ("beta", "n"):
        print(
            f"  {key}: stage p50/p95 {percentile(stage.key_ms.get(key, []), 0.5):.0f}/"
            f"{percentile(stage.key_ms.get(key, []), 0.95):.0f} ms, release "
            f"{percentile(release.key_ms.get(key, []), 0.5):.0f}/"
            f"{percentile(release.key_ms.get(key, []), 0.95):.0f} ms"
        )
    for key in ("sigma", "b"):
        print(
            f"  {key}: stage p50/p95 {percentile(stage.world_ms.get(key, []), 0.5):.0f}/"
            f"{percentile(stage.world_ms.get(key, []), 0.95):.0f} ms, "
            f"{median(stage.world_kb.get(key, [])):.1f} KB; release "
            f"{percentile(release.world_ms.get(key, []), 0.5):.0f}/"
            f"{percentile(release.world_ms.get(key, []), 0.95):.0f} ms, "
            f"{median(release.world_kb.get(key, [])):.1f} KB"
        )
    print(
        "  where the time goes (medians): browser main-thread work per β/n key press "
        f"{median(stage.key_task_ms):.1f} ms (release {median(release.key_task_ms):.1f} ms), "
        f"per b/σ change {median(stage.world_task_ms):.0f} ms "
        f"(release {median(release.world_task_ms):.0f} ms); b/σ rerun finished "
        f"{median(stage.world_finished_ms):.0f} ms after the key press "
        f"(release {median(release.world_finished_ms):.0f} ms)"
    )
    verdicts = budgets_met(stage)
    print("budgets: " + "; ".join(f"{name} {'PASS' if ok else 'FAIL'}" for name, ok in verdicts))
    return all(ok for _, ok in verdicts)
