"""The stage's worlds in the app's disk store (ui/disk_store.py): one JSON file per (b, σ) and
language (English's name has none: "b0.2-sigma1.json", German's "de-b0.2-sigma1.json"), in this
code's fingerprinted folder, read back whole or not at all."""

from __future__ import annotations

import contextlib
from pathlib import Path

from common import i18n
from ui import disk_store


def world_path(b: float, sigma: float, language: str = i18n.ENGLISH) -> Path:
    prefix = "" if language == i18n.ENGLISH else f"{language}-"
    return disk_store.store_folder() / f"{prefix}b{b:.6g}-sigma{sigma:.6g}.json"


def read(b: float, sigma: float, language: str = i18n.ENGLISH) -> str | None:
    """The stored world for (b, σ), or None if there is none or it is not a whole world of it."""

    def check(world: dict) -> None:
        if abs(world["b"] - b) > 1e-9 or abs(world["sigma"] - sigma) > 1e-9:
            raise ValueError(f"it holds b={world['b']}, sigma={world['sigma']}")

    return disk_store.read_text(world_path(b, sigma, language), check)


def write(b: float, sigma: float, text: str, language: str = i18n.ENGLISH) -> bool:
    """Keep a world on disk (atomically); False, with one warning per folder, if it cannot."""
    return disk_store.write_text(world_path(b, sigma, language), text)


def stored_count() -> int:
    """How many (English) worlds this code's folder holds."""
    with contextlib.suppress(OSError):
        return sum(1 for _ in disk_store.store_folder().glob("b*-sigma*.json"))
    return 0
