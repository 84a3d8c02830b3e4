"""The machine a benchmark or test runs on: load, percentiles, processes' memory and CPU.

One place for what every benchmark prints about the machine and measures of the processes it
starts; memory and CPU come from psutil, percentiles from the standard library.
"""

from __future__ import annotations

import contextlib
import datetime
import math
import os
import statistics
from collections.abc import Iterable
from pathlib import Path

import psutil


def machine_line() -> str:
    """When, how many cores and how loaded: the first line of every benchmark's report."""
    load1, load5, _ = os.getloadavg()
    now = datetime.datetime.now().astimezone().isoformat(timespec="seconds")
    return f"{now}, {os.cpu_count()} cores, load average {load1:.2f} (1 min) {load5:.2f} (5 min)"


def load_text() -> str:
    """The load in brackets, for a line printed while a run goes on."""
    one, five, _ = os.getloadavg()
    return f"[load {one:.2f} / {five:.2f}, {os.cpu_count()} cores]"


def percentile(values: Iterable[float], fraction: float) -> float:
    """The ``fraction`` quantile of ``values`` (0.5 the median, 0.95 the p95); NaN when empty.

    Interpolated between the two nearest values (``statistics.quantiles``, inclusive method):
    fractions in steps of 1% only, which is all a report prints.
    """
    ordered = list(values)
    if len(ordered) < 2:
        return float(ordered[0]) if ordered else math.nan
    percent = round(fraction * 100)
    if not 1 <= percent <= 99 or not math.isclose(percent, fraction * 100):
        raise ValueError(f"fraction must be a whole percent from 0.01 to 0.99, got {fraction!r}")
    return statistics.quantiles(ordered, n=100, method="inclusive")[percent - 1]


def memory_kib(pid: int) -> dict[str, int]:
    """VmRSS (resident now) and VmHWM (resident peak) of a process, in KiB.

    The resident size comes from psutil; the peak from /proc/PID/status, which psutil does
    not read on Linux (its memory_info has no peak there).
    """
    try:
        resident = psutil.Process(pid).memory_info().rss // 1024
    except psutil.Error as error:
        raise OSError(f"process {pid}: {error}") from error
    peak = resident
    with contextlib.suppress(OSError, ValueError):
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                peak = int(line.split()[1])
    return {"VmRSS": resident, "VmHWM": peak}


def cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used so far, in seconds (OSError if gone)."""
    try:
        times = psutil.Process(pid).cpu_times()
    except psutil.Error as error:
        raise OSError(f"process {pid}: {error}") from error
    return times.user + times.system


def processes_whose_command_has(marks: Iterable[str]) -> list[str]:
    """Live (not zombie) processes whose command line holds any of ``marks``: "pid: command"."""
    marks = list(marks)
    found = []
    for process in psutil.process_iter(["pid", "cmdline", "status"]):
        command = " ".join(process.info["cmdline"] or [])
        if process.info["status"] == psutil.STATUS_ZOMBIE:
            continue
        if any(mark in command for mark in marks):
            found.append(f"{process.info['pid']}: {command}")
    return found


def environment_of(pid: int) -> dict[str, str]:
    """A process's environment variables (OSError if it is gone or not ours to read)."""
    try:
        return psutil.Process(pid).environ()
    except psutil.Error as error:
        raise OSError(f"process {pid}: {error}") from error


def gone_or_zombie(pid: int) -> bool:
    """Whether a process has exited, or is a zombie waiting for its parent to reap it."""
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True
