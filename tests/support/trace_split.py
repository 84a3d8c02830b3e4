"""A Chromium trace (CDP Tracing, the DevTools timeline categories) split by what the page's
main thread was doing between two `performance.mark`s: bench.stage_profile's reading of it.
"""

from __future__ import annotations

from collections import defaultdict

# What the main thread did, by the traced event whose self time it is; anything else is "other".
KINDS = {
    "script": (
        "EventDispatch FunctionCall v8.callFunction V8.Execute v8.run v8.compile EvaluateScript "
        "TimerFire FireAnimationFrame RunMicrotasks V8.DeserializeContext v8.compileModule"
    ),
    "GC": "MinorGC MajorGC BlinkGC.AtomicPhase CppGC.AtomicMark",
    "style": "UpdateLayoutTree RecalculateStyles ParseAuthorStyleSheet",
    "layout": "Layout IntersectionObserverController::computeIntersections",
    "paint and composite": "PrePaint Paint PaintImage UpdateLayer Layerize Commit UpdateLayerTree",
    "HTML parse": "ParseHTML",
    "image decode": ("Decode Image", "ImageDecodeTask", "Decode LazyPixelRef"),  # names with spaces
}
KIND_OF = {
    name: kind
    for kind, names in KINDS.items()
    for name in (names.split() if isinstance(names, str) else names)
}
WORKER_WORK = ("RasterTask", "ImageDecodeTask")  # off the main thread, on the same two cores


def self_times(events: list[dict]) -> dict[str, float]:
    """Self time (µs) by event name of the complete ('X') events of one thread."""
    spans = sorted(
        (e for e in events if e.get("ph") == "X" and "dur" in e),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    totals: dict[str, float] = defaultdict(float)
    stack: list[list] = []  # [end, name, child time]
    for event in spans:
        while stack and stack[-1][0] <= event["ts"]:
            end, name, children = stack.pop()
            totals[name] -= children
        if stack:
            stack[-1][2] += event["dur"]
        totals[event["name"]] += event["dur"]
        stack.append([event["ts"] + event["dur"], event["name"], 0.0])
    for _, name, children in stack:
        totals[name] -= children
    return totals


def split_trace(trace: dict) -> dict[str, float]:
    """Main-thread ms by kind, and the workers' raster/decode ms, from keydown to drawn."""
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    marks = {e["name"]: e for e in events if e.get("name", "").startswith("bench:")}
    start, end = marks["bench:keydown"]["ts"], marks["bench:drawn"]["ts"]
    main = (marks["bench:keydown"]["pid"], marks["bench:keydown"]["tid"])
    # Events wholly inside the window (the frame that marks "drawn" is left out).
    inside = [e for e in events if start <= e.get("ts", -1) and e["ts"] + e.get("dur", 0) <= end]
    split: dict[str, float] = defaultdict(float)
    for name, micros in self_times([e for e in inside if (e["pid"], e["tid"]) == main]).items():
        split[KIND_OF.get(name, "other")] += micros / 1000.0
    split["busy (all of the above)"] = sum(split.values())
    split["workers: raster, decode"] = sum(
        e.get("dur", 0) / 1000.0
        for e in inside
        if e.get("name") in WORKER_WORK and names.get((e["pid"], e["tid"]), "") != "CrRendererMain"
    )
    return split
