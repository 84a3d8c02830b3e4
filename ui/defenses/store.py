"""The Defenses page's results at the sections' defaults, kept on disk beside the stage's worlds.

A b or σ the process has not computed before costs the page ~100-170 ms of server work (three
defended summaries, 200 spot-check repeats, the slack), which put its p95 at about twice its peer
page's (bench.defenses_latency). What the page shows as it opens is the same few results for every
(b, σ): so ``scripts/build_worlds.py`` computes them for all 441 stops beside the worlds (one file
per (b, σ), in the same fingerprinted folder of ui/disk_store.py), and the page reads
them back. Only the builder writes; a server reads, and computes (and keeps in memory) whatever is
not there. JSON keeps every float exactly (shortest round-trip repr)."""

from __future__ import annotations

import dataclasses
import functools
import json
import typing
from pathlib import Path

import numpy as np

from ui import disk_store

# The results a file holds, by name: what the page computes at the sections' defaults.
SUMMARY, ENSEMBLE, LENGTH, SPOT, SLACK = "summary", "ensemble", "length", "spot", "slack"


def path(b: float, sigma: float) -> Path:
    return disk_store.store_folder() / f"defenses-b{b:.6g}-sigma{sigma:.6g}.json"


def read(b: float, sigma: float, name: str):
    """The stored plain form of result ``name`` for (b, σ), or None."""
    where = path(b, sigma)
    try:
        stamp = where.stat()
    except OSError:
        return None
    results = _results(str(where), b, sigma, (stamp.st_mtime_ns, stamp.st_size))
    return None if results is None else results.get(name)


@functools.lru_cache(maxsize=64)
def _results(where: str, b: float, sigma: float, stamp: tuple) -> dict | None:
    """A file's results, parsed once per version of it (``stamp``): a new (b, σ) asks for
    five of them, and each file is ~37 KB of JSON."""
    parsed = {}

    def check(stored: dict) -> None:
        if abs(stored["b"] - b) > 1e-9 or abs(stored["sigma"] - sigma) > 1e-9:
            raise ValueError(f"it holds b={stored['b']}, sigma={stored['sigma']}")
        parsed.update(stored["results"])

    return parsed if disk_store.read_text(Path(where), check) is not None else None


@disk_store.builder
def write(b: float, sigma: float, results: dict) -> bool:
    """Store every result of one (b, σ) at once: {name: a result (dataclass or tuple)}."""
    plain = {name: to_plain(result) for name, result in results.items()}
    text = json.dumps({"b": b, "sigma": sigma, "results": plain}, separators=(",", ":"))
    return disk_store.write_text(path(b, sigma), text)


def to_plain(value):
    """Dataclasses, tuples, arrays and numbers as JSON-ready values (arrays keep their dtype)."""
    if dataclasses.is_dataclass(value):
        fields = dataclasses.fields(value)
        return {field.name: to_plain(getattr(value, field.name)) for field in fields}
    if isinstance(value, tuple):
        return [to_plain(item) for item in value]
    if isinstance(value, np.ndarray):
        return {"array": value.tolist(), "dtype": value.dtype.str}
    if isinstance(value, np.generic):
        return value.item()
    return value


def from_plain(kind, plain):
    """The inverse of :func:`to_plain` for a dataclass ``kind`` (nested dataclasses too)."""
    values, hints = {}, typing.get_type_hints(kind)
    for field in dataclasses.fields(kind):
        item = plain[field.name]
        nested = hints[field.name] if dataclasses.is_dataclass(hints[field.name]) else None
        if nested is not None:
            values[field.name] = from_plain(nested, item)
        elif isinstance(item, dict) and "array" in item:
            array = np.array(item["array"], dtype=np.dtype(item["dtype"]))
            array.flags.writeable = False
            values[field.name] = array
        else:
            values[field.name] = item
    return kind(**values)
