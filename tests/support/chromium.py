"""Choose and launch the headless Chromium that the browser tests and the benchmarks drive.

The choice, in order: $CHROMIUM_PATH (or $PLAYWRIGHT_CHROMIUM_EXECUTABLE), else Playwright's own
build if `playwright install chromium` put one there, else a system Chromium (Debian's
/usr/bin/chromium here, where Playwright cannot download its own).
"""

from __future__ import annotations

import os
import shutil
from dataclasses import dataclass
from pathlib import Path

# Without the networking flags Chromium keeps calling home, which floods a closed network.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
EXECUTABLE_ENV_VARS = ("CHROMIUM_PATH", "PLAYWRIGHT_CHROMIUM_EXECUTABLE")
SYSTEM_CHROMIUM_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")


class BrowserNotFound(RuntimeError):
    """No Chromium to drive: Playwright's own is not installed and no system one was found."""


@dataclass(frozen=True)
class ChromiumChoice:
    """Which Chromium to launch: `executable` None means Playwright's own build."""

    executable: str | None
    reason: str


def choose_chromium(playwright_chromium_path: str | None = None) -> ChromiumChoice:
    """Pick the browser: an environment variable, else Playwright's own, else a system Chromium.

    `playwright_chromium_path` is `playwright.chromium.executable_path` (where Playwright's own
    build would be); pass it when a Playwright instance is at hand.

    Raises
    ------
    BrowserNotFound if the variable names a missing file, or no Chromium is found at all.
    """
    for variable in EXECUTABLE_ENV_VARS:
        chosen = os.environ.get(variable)
        if chosen:
            if not Path(chosen).exists():
                raise BrowserNotFound(f"{variable}={chosen} does not exist")
            return ChromiumChoice(chosen, f"from ${variable}")
    if playwright_chromium_path and Path(playwright_chromium_path).exists():
        return ChromiumChoice(None, f"Playwright's own ({playwright_chromium_path})")
    for name in SYSTEM_CHROMIUM_NAMES:
        found = shutil.which(name)
        if found:
            return ChromiumChoice(found, f"system {name} ({found})")
    raise BrowserNotFound(
        "no Chromium found: set CHROMIUM_PATH, run `playwright install chromium`, "
        "or install Debian's chromium"
    )


def launch_options(playwright) -> tuple[dict, ChromiumChoice]:
    """Keyword arguments for `playwright.chromium.launch`, and the choice they carry out."""
    choice = choose_chromium(playwright.chromium.executable_path)
    options = {"executable_path": choice.executable, "headless": True, "args": list(CHROMIUM_ARGS)}
    return options, choice


def launch_chromium(playwright):
    """Launch headless Chromium with the flags this project needs; returns (browser, choice)."""
    options, choice = launch_options(playwright)
    return playwright.chromium.launch(**options), choice
