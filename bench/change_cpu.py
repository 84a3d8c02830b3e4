"""The server's CPU per change of each setting, as a browser makes it (bench.load --mode cpu).

One visitor on an otherwise idle server moves one setting at a time, `--changes` times each:
β and n as the stage's settle report (a fragment rerun); b and σ the same way plus the one
HTTP GET of the new world from /worlds/ that the browser makes (ui/playground/world_files.py;
before, b and σ were Streamlit sliders whose rerun sent the world over the websocket). The server
process's CPU time (user + system, psutil) over each key's changes, divided by their number.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import time
import urllib.request

from tests.support.load_client import STREAM_PATH, RunError, Visitor
from tests.support.machine import cpu_seconds, load_text
from ui.playground import world_store

KEYS = ("beta", "n", "b", "sigma")


def fetch(url: str) -> int:
    """GET `url` as a browser does (gzip accepted); the bytes received."""
    request = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(request, timeout=30) as response:
        return len(response.read())


async def measure_cpu(server_url: str, pid: int, args: argparse.Namespace) -> bool:
    http_base = server_url.replace("ws://", "http://").removesuffix(STREAM_PATH)
    rng = random.Random(args.seed)
    visitor = Visitor(server_url, quick_ack=args.quick_ack)
    stored = world_store.stored_count()
    print(f"cpu: server CPU per change, {args.changes} changes of each setting, one visitor")
    print(f"  worlds already in the store (this code's): {stored} of 441 {load_text()}")
    figures: dict[str, float] = {}
    try:
        await visitor.connect()
        await visitor.run()
        for key in KEYS:
            fetched = 0
            before, began = cpu_seconds(pid), time.perf_counter()
            for _ in range(args.changes):
                visitor.move_random_slider([key], rng)
                await visitor.run(visitor.fragment_of(key))
                if key in ("b", "sigma") and key in visitor.stage_keys():
                    path = visitor.stage.world_path()
                    fetched += await asyncio.to_thread(fetch, http_base + path)
            figures[key] = 1000 * (cpu_seconds(pid) - before) / args.changes
            wall = 1000 * (time.perf_counter() - began) / args.changes
            extra = f", {fetched / args.changes / 1024:.1f} KB of world each" if fetched else ""
            print(f"  {key}: {figures[key]:.1f} ms of server CPU a change ({wall:.0f} ms{extra})")
    except (RunError, OSError) as error:
        print(f"  error: {type(error).__name__}: {error}")
        return False
    finally:
        await visitor.close()
    settle = (figures["beta"] + figures["n"]) / 2
    worlds = (figures["b"] + figures["sigma"]) / 2
    print(f"  b/σ change {worlds:.1f} ms CPU, β/n settle {settle:.1f} ms ({worlds / settle:.1f}x)")
    return True
