"""The offline Playground: one folder, no Python, that runs from any static host and from file://.

    python scripts/static_site.py                  # dist/playground/, every one of the 441 worlds
    python scripts/static_site.py --out DIR --app-url https://demo.example.org/

It holds the stage (ui/playground/stage_assets: its ES modules joined by ui/js_modules.py, then
wrapped into one classic script, because Chromium loads no ES module over file://), its CSS with
ui/style.py's palette, the story's seven steps, the answer writer's tables, and one script per
world, ``worlds/<b>_<sigma>.js``, which the page loads with a <script> tag when b or σ asks for it
(a fetch() of a file:// address fails in Chromium). The stage's own fetch() calls (worlds.js,
answers.js) get a stand-in that does exactly that. What the page leaves out (the class poll, the
other pages, links to a setting) is said at its top, with a link to the full app.

The worlds come from the app's own builder (ui/playground/worlds.py: the store first, then core),
which imports neither Streamlit nor pandas (tests/app/test_static_site.py checks it in a fresh
interpreter). The parts every world shares go once into data.js (SHARED).
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ui import js_modules, style  # noqa: E402
from ui.playground import answer_panel, world_files, worlds  # noqa: E402
from ui.settings import SETTINGS, STAGE_KEYS  # noqa: E402
from ui.story_steps import PRESETS  # noqa: E402
from ui.url_values import url_form  # noqa: E402

ASSETS = ROOT / "ui" / "playground" / "stage_assets"
DEFAULT_OUT = ROOT / "dist" / "playground"
DEFAULT_APP_URL = "http://localhost:8501/"  # `make run`'s; --app-url names a hosted one
WORLD_FOLDER = "worlds"
# A world's parts that b and σ do not move (true quality's field, the 600 answers, the methods'
# pressures, the palette...): 8.5 of a world's 23 KB gzipped, so the 441 worlds were 10.2 MB as
# tar czf with them and are ~6.5 MB without. Each goes once into data.js; a world whose part
# differs from the first world's keeps its own.
SHARED = (
    ("scale",),
    ("glossary",),
    ("ticks",),
    ("palette",),
    ("beta", "curve", "pressure"),
    ("n", "curve", "pressure"),
    ("plane", "gold"),
    ("plane", "answers"),
)
EXPORT_LINE = "export default "  # the joined script's last line: the stage's mount function
# What the page says it leaves out, at its top (a student offline should know what is missing).
LEFT_OUT = (
    "This is the Playground alone, offline: no class poll, no other pages (Lesson, Best-of-n, "
    "KL penalty, Reward model, Compare, Defenses, checker), and no links to a setting."
)


def world_key(b: float, sigma: float) -> str:
    """A world's file name without its suffix, as the stage writes its address: "0.2_1"."""
    return f"{url_form(b)}_{url_form(sigma)}"


def classic_stage_script() -> str:
    """The stage's ES modules as one classic script: ``window.rhMountStage`` is the mount
    function, and every ``fetch`` inside it is ``window.rhStaticFetch`` (index.html's)."""
    joined = js_modules.joined(ASSETS).rstrip("\n")
    body, _, last = joined.rpartition("\n")
    if not last.startswith(EXPORT_LINE):
        raise js_modules.ModuleError(f"the joined stage ends with {last!r}, not its export")
    returned = "return " + last.removeprefix(EXPORT_LINE)
    return (
        '"use strict";\nwindow.rhMountStage = (function (fetch) {\n'
        f"{body}\n{returned}\n}})(window.rhStaticFetch);\n"
    )


def stage_css() -> str:
    """The stage's CSS as stage.py sends it: the palette's variables, then its two sheets."""
    sheets = "".join((ASSETS / name).read_text("utf-8") for name in ("stage.css", "answers.css"))
    return style.css_variables(":root, .stage") + sheets


def controls() -> dict:
    """b and σ's sliders as world_files.stage_controls gives them, with relative addresses."""
    return {
        "address": f"{WORLD_FOLDER}/",
        "answers": "answers.json",
        **world_files.world_sliders(),
    }


def steps() -> list[dict]:
    """The story's steps: name, line, the request's four settings and what it points at."""
    return [
        {
            "name": step.name,
            "story": step.story,
            "values": {key: SETTINGS[key].url_text(step.values[key]) for key in STAGE_KEYS},
            "numbers": dict(step.values),  # as stage.py's STEP_POINTERS: annotations.js compares
            "points_at": [list(point) for point in step.points_at],
        }
        for step in PRESETS
    ]


def page_data(shared: list[list]) -> dict:
    """Everything index.html hands the stage besides the worlds, and the worlds' shared parts."""
    return {
        "shared": shared,
        "controls": controls(),
        "steps": steps(),
        "predict_ticks": style.STAGE_EVEN_TICKS,
        "answers": json.loads(answer_panel.tables_bytes()),
        "defaults": {key: SETTINGS[key].url_text(SETTINGS[key].default) for key in STAGE_KEYS},
    }


def _at(world: dict, path: tuple[str, ...]):
    for key in path:
        world = world.get(key) if isinstance(world, dict) else None
    return world


def shared_parts(first: dict) -> list[list]:
    """[path, value] of each part in SHARED as the first world holds it (the others leave it
    out where theirs is equal, and the page puts it back)."""
    return [[list(path), _at(first, path)] for path in SHARED if _at(first, path) is not None]


def without_shared(world: dict, shared: list[list]) -> dict:
    """The world without each shared part it holds unchanged (a part that differs stays)."""
    for path, value in shared:
        *folders, last = path
        holder = _at(world, tuple(folders))
        if isinstance(holder, dict) and holder.get(last) == value:
            del holder[last]
    return world


def write_worlds(folder: Path, settings: list[tuple[float, float]]) -> list[list]:
    """One script per world, ``rhWorld("0.2_1", {...})``: the world as the server sends it,
    less the parts every world shares, which go once into data.js. Returns those parts."""
    folder.mkdir(parents=True, exist_ok=True)
    shared: list[list] | None = None
    for b, sigma in settings:
        key = world_key(b, sigma)
        world = json.loads(worlds.world_json(b, sigma))  # the store's, or built (and stored) now
        shared = shared_parts(world) if shared is None else shared
        own = json.dumps(without_shared(world, shared), ensure_ascii=False, separators=(",", ":"))
        (folder / f"{key}.js").write_text(f"rhWorld({json.dumps(key)}, {own});\n", "utf-8")
    return shared or []


def index_html(app_url: str) -> str:
    """The page: what it leaves out, the story bar, the stage, and its three scripts."""
    template = (ROOT / "scripts" / "static_site_page.html").read_text(encoding="utf-8")
    return (
        template.replace("{{CSS}}", stage_css())
        .replace("{{STAGE_HTML}}", (ASSETS / "stage.html").read_text("utf-8").strip())
        .replace("{{LEFT_OUT}}", LEFT_OUT)
        .replace("{{APP_URL}}", app_url.replace('"', "%22"))
    )


def build(out: Path, app_url: str = DEFAULT_APP_URL, settings=None) -> Path:
    """Write the offline Playground into ``out`` (emptied first); returns ``out``."""
    settings = worlds.every_world_setting() if settings is None else settings
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    (out / "index.html").write_text(index_html(app_url), encoding="utf-8")
    (out / "stage.js").write_text(classic_stage_script(), encoding="utf-8")
    shared = write_worlds(out / WORLD_FOLDER, settings)
    data = json.dumps(page_data(shared), ensure_ascii=False, separators=(",", ":"))
    (out / "data.js").write_text(f"window.rhData = {data};\n", encoding="utf-8")
    shutil.copyfile(ROOT / "scripts" / "static_site_page.js", out / "playground.js")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="scripts/static_site.py", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="the folder to write")
    parser.add_argument("--app-url", default=DEFAULT_APP_URL, help="the full app, linked on it")
    args = parser.parse_args(argv)
    started = time.monotonic()
    out = build(args.out, args.app_url)
    size = sum(path.stat().st_size for path in out.rglob("*") if path.is_file())
    print(f"{out}: {size / 1e6:.1f} MB in {time.monotonic() - started:.0f} s; open index.html")


if __name__ == "__main__":
    main()
