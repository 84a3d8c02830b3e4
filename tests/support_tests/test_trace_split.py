"""tests.support.trace_split, bench.stage_profile's reading of a Chromium trace: self times, and the
window it splits."""

import pytest

from tests.support.trace_split import self_times, split_trace

MAIN = {"pid": 1, "tid": 7}
RASTER = {"pid": 1, "tid": 9}


def span(name: str, ts: float, dur: float, thread: dict = MAIN) -> dict:
    return {"ph": "X", "name": name, "ts": ts, "dur": dur, **thread}


def test_self_time_is_an_events_time_less_its_childrens():
    events = [
        span("RunTask", 0, 100),
        span("FunctionCall", 10, 60),
        span("Layout", 20, 15),  # forced inside the script
        span("Paint", 80, 10),
    ]
    assert self_times(events) == {"RunTask": 30, "FunctionCall": 45, "Layout": 15, "Paint": 10}


def test_the_split_counts_only_the_main_thread_between_keydown_and_drawn():
    mark = {"ph": "R", "cat": "blink.user_timing", **MAIN}
    trace = {
        "traceEvents": [
            {"ph": "M", "name": "thread_name", "args": {"name": "CrRendererMain"}, **MAIN},
            {"ph": "M", "name": "thread_name", "args": {"name": "Worker"}, **RASTER},
            span("FunctionCall", 0, 500),  # before the key press
            {**mark, "name": "bench:keydown", "ts": 1_000},
            span("EventDispatch", 1_100, 4_000),
            span("UpdateLayoutTree", 1_200, 1_000),
            span("Layout", 6_000, 2_000),
            span("Commit", 8_500, 500),
            span("RasterTask", 8_600, 3_000, RASTER),
            {**mark, "name": "bench:drawn", "ts": 12_000},
            span("Paint", 12_500, 9_000),  # after it
        ]
    }
    split = split_trace(trace)
    assert split["script"] == pytest.approx(3.0)
    assert split["style"] == pytest.approx(1.0)
    assert split["layout"] == pytest.approx(2.0)
    assert split["paint and composite"] == pytest.approx(0.5)
    assert split["busy (all of the above)"] == pytest.approx(6.5)
    assert split["workers: raster, decode"] == pytest.approx(3.0)
