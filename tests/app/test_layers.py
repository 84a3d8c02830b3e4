"""Dependencies point one way, read from every module's imports (ast, ui/module_graph.py; those
under ``if TYPE_CHECKING:`` too):

    core <- common <- poll_data <- ui's shared modules <- ui's page packages <- pages
         <- app.py and server/

A module imports from its own layer or those below it, never above: core (numpy and the standard
library) knows nothing of the app; ``common`` (the screen's number formats) nothing but core;
``poll_data`` (the poll's rules and storage) no ``ui``; ui's loose modules (``ui/*.py``, shared by
several pages) no page package (``ui/<page>/``); page packages no page, nor another page's
package (what two pages share sits in a shared module below both). The browser's ES modules
keep the same rule, read from their import lines: a page's JavaScript (under ``ui/<page>/``)
imports no other page's, and shared JavaScript (``ui/shared_assets/``, ``ui/screen_assets/``)
no page's. And what is said to import no Streamlit loads none, followed transitively in a fresh
interpreter.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from scripts.processes import run_python
from ui import module_graph
from ui.pages_table import PAGE_PACKAGES, PAGE_TABLE

REPO = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "common", "poll_data", "ui", "pages", "server")
LAYERS = ("core", "common", "poll_data", "ui shared", "ui page package", "pages", "app")
# server/ is the app's own ASGI stack (first paint, gzip, the device cookie, the worlds over
# HTTP), built for app.py's st.App: it composes page packages' parts (the worlds' files), so it
# sits with app.py, above every page; nothing in ui/ or pages/ imports it.
WITH_THE_APP = ("app", "server")


def layer(name: str, root: Path = REPO) -> int:
    """The layer of module ``name``: its index in LAYERS."""
    parts = name.split(".")
    if parts[0] in WITH_THE_APP:
        return LAYERS.index("app")
    if parts[0] != "ui":
        return LAYERS.index(parts[0])
    # A page package is a folder the page table names (ui/pages_table.py); any other folder of
    # ui/ is shared, as ui's loose modules are.
    path = module_graph.module_path(name, root)
    in_a_page_folder = len(parts) > 2 or (len(parts) == 2 and path.name == "__init__.py")
    page_package = in_a_page_folder and parts[1] in PAGE_PACKAGES
    return LAYERS.index("ui page package" if page_package else "ui shared")


def every_module(root: Path = REPO) -> list[str]:
    return [name for package in PACKAGES for name in module_graph.package_modules(package, root)]


def arrows_up(names: list[str], root: Path = REPO) -> list[str]:
    """Each import that points to a higher layer, as "importer -> imported"."""
    return [
        f"{name} ({LAYERS[layer(name, root)]}) -> {imported} ({LAYERS[layer(imported, root)]})"
        for name in names
        for imported in module_graph.imports_of(name, root, types=True)
        if layer(imported, root) > layer(name, root)
    ]


def test_every_module_is_read():
    names = every_module()
    assert {"core.answer_text", "common.format", "poll_data.store", "ui.state"} <= set(names)
    assert {"ui.playground.stage", "ui.class_poll.views", "pages.playground"} <= set(names)
    assert {"server.serving", "server.world_files"} <= set(names)
    assert len(names) > 100  # 113 in December 2026: a package that went unread would drop tens


def test_no_import_points_up_the_layers():
    assert arrows_up([*every_module(), "app"]) == []


def test_the_layer_check_sees_an_arrow_up(tmp_path):
    """poll_data/ once imported ui.format; a shared ui module once imported the Playground's
    pin_url; and a page package importing a page is as wrong."""
    files = {
        "poll_data/__init__.py": "",
        "poll_data/store.py": "from ui import format as fmt\n",
        "ui/__init__.py": "",
        "ui/format.py": "",
        "ui/address.py": "def read():\n    from ui.playground.pin_url import parse_pin\n",
        "ui/playground/__init__.py": "",
        "ui/playground/pin_url.py": "from ui import format\n",  # down: fine
        "ui/playground/stage.py": "import pages.playground\n",
        "pages/playground.py": "from ui.playground import stage\n",  # down: fine
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    names = [
        name
        for package in ("poll_data", "ui", "pages")
        for name in module_graph.package_modules(package, tmp_path)
    ]
    assert arrows_up(names, tmp_path) == [
        "poll_data.store (poll_data) -> ui.format (ui shared)",
        "ui.address (ui shared) -> ui.playground.pin_url (ui page package)",
        "ui.playground.stage (ui page package) -> pages.playground (pages)",
    ]


def test_the_page_table_names_real_pages_and_page_packages():
    """Each row's file exists, addresses are distinct, and its package is a folder with a map
    (__init__.py); ui/'s other folders hold no page's code (the shared scripts' assets)."""
    assert [page for page in PAGE_TABLE if not (REPO / page.file).is_file()] == []
    assert len({page.address for page in PAGE_TABLE}) == len(PAGE_TABLE) == 9
    assert sorted(path.stem for path in (REPO / "pages").glob("*.py")) == sorted(
        page.name for page in PAGE_TABLE
    )
    packages = {path.parent.name for path in (REPO / "ui").glob("*/__init__.py")}
    assert packages == set(PAGE_PACKAGES)
    assert {"screen_assets", "shared_assets"} <= {
        path.name for path in (REPO / "ui").iterdir() if path.is_dir()
    } - set(PAGE_PACKAGES)


def test_a_ui_folder_the_page_table_does_not_name_is_shared(tmp_path):
    """A folder of ui/ is a page package because the page table says so, not for being a
    folder: a shared folder importing a page package points up, and the page package may
    import it."""
    files = {
        "ui/__init__.py": "",
        "ui/words/__init__.py": "",
        "ui/words/glossary.py": "from ui.playground import stage\n",  # up: wrong
        "ui/playground/__init__.py": "",
        "ui/playground/stage.py": "from ui.words import glossary\n",  # down: fine
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    names = module_graph.package_modules("ui", tmp_path)
    assert arrows_up(names, tmp_path) == [
        "ui.words.glossary (ui shared) -> ui.playground.stage (ui page package)"
    ]


def page_of(name: str, root: Path = REPO) -> str | None:
    """The page package ``name`` belongs to ("playground" for ui.playground.stage), or None."""
    if name.split(".")[0] != "ui" or layer(name, root) != LAYERS.index("ui page package"):
        return None
    return name.split(".")[1]


def across_pages(names: list[str], root: Path = REPO) -> list[str]:
    """Each import from one page package into another, as "importer -> imported": what two
    pages share belongs in a shared module below both."""
    return [
        f"{name} -> {imported}"
        for name in names
        if (page := page_of(name, root))
        for imported in module_graph.imports_of(name, root, types=True)
        if page_of(imported, root) not in (None, page)
    ]


def test_no_page_package_imports_another():
    assert across_pages(every_module()) == []


def test_the_page_check_sees_one_page_package_import_another(tmp_path):
    """The class poll's downloads once joined their script with the Playground's joiner, and its
    rating room drew with the Reward model page's figures; a page's own modules are fine."""
    files = {
        "ui/__init__.py": "",
        "ui/style.py": "",
        "ui/class_poll/__init__.py": "",
        "ui/class_poll/export.py": "from ui.playground import stage_modules\n",
        "ui/class_poll/rating_views.py": (
            "from ui import style\nfrom ui.class_poll import export\n"  # its own, and shared
            "def show():\n    from ui.reward_model.figures import fitted_plane\n"
        ),
        "ui/playground/__init__.py": "",
        "ui/playground/stage_modules.py": "",
        "ui/reward_model/__init__.py": "import ui.class_poll\n",  # a package's __init__ too
        "ui/reward_model/figures.py": "from ui import style\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    names = module_graph.package_modules("ui", tmp_path)
    assert across_pages(names, tmp_path) == [
        "ui.class_poll.export -> ui.playground.stage_modules",
        "ui.class_poll.rating_views -> ui.reward_model.figures",
        "ui.reward_model -> ui.class_poll",
    ]


# --- the browser's ES modules keep the same order ------------------------------------------------
# A JavaScript file under ui/<page>/ (a page package's folder) is that page's; any other under ui/
# (ui/shared_assets/, ui/screen_assets/, ...) is shared. A page's module imports its own page's
# modules and shared ones; a shared module imports no page's. Read from the import lines,
# a statement that prettier wrapped over several lines included.
JS_IMPORT = re.compile(
    r"""^(?:import\b[^;'"]*?|export\b[^;'"]*?\bfrom\s*)['"](?P<module>\.\.?/[^'"]+)['"]""",
    re.MULTILINE,
)


def js_page_of(path: Path, root: Path = REPO) -> str | None:
    """The page package a JavaScript file belongs to ("playground" for
    ui/playground/stage_assets/stage.js), or None for a shared one."""
    parts = path.relative_to(root / "ui").parts
    return parts[0] if len(parts) > 1 and parts[0] in PAGE_PACKAGES else None


def js_arrows(root: Path = REPO) -> list[str]:
    """Each import from one page's JavaScript into another page's, or from a shared module into
    a page's, as "importer -> imported" (paths from ``root``)."""
    wrong = []
    for path in sorted((root / "ui").rglob("*.js")):
        page = js_page_of(path, root)
        for module in JS_IMPORT.findall(path.read_text(encoding="utf-8")):
            imported = (path.parent / module).resolve()
            if js_page_of(imported, root) not in (None, page):
                wrong.append(f"{relative_to(path, root)} -> {relative_to(imported, root)}")
    return wrong


def relative_to(path: Path, root: Path) -> str:
    return path.resolve().relative_to(root.resolve()).as_posix()


def test_no_page_javascript_imports_another_pages():
    assert js_arrows() == []


def test_the_javascript_check_sees_an_import_across_pages(tmp_path):
    """The class poll's downloads.js once imported the stage's export.js (save, svgToPng); a
    shared module importing a page's is as wrong; a page's own and shared modules are fine."""
    files = {
        "ui/__init__.py": "",
        "ui/shared_assets/save_file.js": "export function save() {}\n",
        "ui/shared_assets/menu.js": 'import { snap } from "../playground/stage_assets/scales.js";',
        "ui/playground/__init__.py": "",
        "ui/playground/stage_assets/scales.js": "export const snap = 1;\n",
        "ui/playground/stage_assets/export.js": (
            'import { save } from "../../shared_assets/save_file.js";\n'  # shared: fine
            'import { snap } from "./scales.js";\n'  # its own: fine
            "export function download() {\n  return 'from \"../../class_poll/x.js\"';\n}\n"
        ),
        "ui/class_poll/__init__.py": "",
        "ui/class_poll/downloads.js": (
            "// The buttons.\nimport {\n  save,\n  svgToPng,\n"
            '} from "../playground/stage_assets/export.js";\n'
        ),
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert js_arrows(tmp_path) == [
        "ui/class_poll/downloads.js -> ui/playground/stage_assets/export.js",
        "ui/shared_assets/menu.js -> ui/playground/stage_assets/scales.js",
    ]


# Import every module of a package in a fresh interpreter; list what it loaded of the app's
# libraries and of the layers above it.
PROBE = """
import importlib, json, sys
for name in {names!r}:
    importlib.import_module(name)
print(json.dumps(sorted({{n.split(".")[0] for n in sys.modules}} & {{"streamlit", "plotly",
    "pandas", "ui", "pages"}})))
"""


@pytest.mark.parametrize("package", ["core", "common", "poll_data"])
def test_the_lower_layers_load_no_streamlit_nor_ui(package):
    """Transitively, not by reading import lines: importing every module of core/, common/ and
    poll_data/ loads no Streamlit (nor plotly, pandas, ui or a page)."""
    names = [n for n in module_graph.package_modules(package) if not n.endswith("__main__")]
    run = run_python("-c", PROBE.format(names=names))
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout) == []


# --- docs/code.md's layout names every module, by its literal file name -------------------------
MAPPED_FOLDERS = ("core", "common", "poll_data", "ui", "pages", "server", "scripts")
MAPPED_SUFFIXES = (".py", ".js", ".mjs", ".css", ".html")  # Python and the browser's files
# "state.py", "ui/disk_store.py", "stage_assets/stage.js"; not "*_x.py" nor "format.js's"
NAMED = re.compile(r"(?<![\w*/.-])([\w/]+\.(?:py|js|mjs|css|html))(?![\w.])")
ROOTS = (*MAPPED_FOLDERS, "tests", "bench", "deploy", "docs")  # a path from the root starts so


def layout_names(text: str) -> dict[str, set[str]]:
    """The files the layout's block names, by the folder whose entry names them: a name whose
    first folder is one of the repository's (ROOTS) is a path from its root; any other name is
    in the entry's folder ("stage_assets/stage.js" under ui/playground/)."""
    block = text.split("## The layout of the code", 1)[1].split("```")[1]
    named: dict[str, set[str]] = {}
    folder = ""
    for line in block.splitlines():
        head = line.split(" ", 1)[0]
        if head.endswith("/"):
            folder = head.rstrip("/")
        elif head and not line.startswith(" "):
            folder = ""  # a file of the root, such as app.py
        for name in NAMED.findall(line):
            from_root = name.split("/", 1)[0] in ROOTS and "/" in name
            path = name if from_root else f"{folder}/{name}".lstrip("/")
            named.setdefault(path.rsplit("/", 1)[0] if "/" in path else "", set()).add(path)
    return named


def mapped_files(root: Path = REPO) -> set[str]:
    """Every module and browser file of the mapped folders, as a path from the root."""
    return {
        path.relative_to(root).as_posix()
        for top in MAPPED_FOLDERS
        for path in (root / top).rglob("*")
        if path.suffix in MAPPED_SUFFIXES
        and path.name != "__init__.py"
        and "__pycache__" not in path.parts
    }


def map_errors(text: str, root: Path = REPO) -> tuple[list[str], list[str]]:
    """What the layout names that does not exist, and what exists that it does not name."""
    every = {path for paths in layout_names(text).values() for path in paths}
    return sorted(path for path in every if not (root / path).is_file()), sorted(
        mapped_files(root) - every
    )


def test_the_code_map_names_every_module_and_only_real_ones():
    """Both ways, JavaScript and CSS included: a file added without its line in docs/code.md,
    or a line left for a file moved or removed."""
    missing, unnamed = map_errors((REPO / "docs" / "code.md").read_text(encoding="utf-8"))
    assert missing == [], "docs/code.md's layout names them, but they do not exist"
    assert unnamed == [], "docs/code.md's layout does not name them"


def test_the_code_map_reads_names_by_folder():
    lines = ["## The layout of the code", "```", "app.py  x", "ui/  a.py, b/c.py, d.js's", "  e.py"]
    text = "\n".join([*lines, "core/  *_x.py, ui/f.css", "```"])
    assert layout_names(text) == {
        "": {"app.py"},
        "ui": {"ui/a.py", "ui/e.py", "ui/f.css", "ui/d.js"},
        "ui/b": {"ui/b/c.py"},
    }


def test_the_code_map_check_sees_a_missing_and_an_extra_name(tmp_path):
    for name in ("ui/a.py", "ui/a_assets/a.js", "ui/b.css", "core/c.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    text = "## The layout of the code\n```\nui/  a.py, a_assets/a.js, gone.py\ncore/ c.py\n```"
    assert map_errors(text, tmp_path) == (["ui/gone.py"], ["ui/b.css"])


# --- every page package the same shape: its sentences in text.py, numbers in, words out ------
# Another helper is putting these two packages' words into text modules now (ui/playground/ has
# no text.py yet; ui/class_poll/'s guess_text and rating_text read core): they join the check
# when that work lands.
BEING_REWRITTEN = ("ui.playground", "ui.class_poll")
# Shared text modules whose callers include ui/playground/ (see above): slack_text reads core's
# PEAK_FLATNESS, reading_text counts a sentence's kinds with core.answer_counts.read_counts.
# Passing those in changes the stage's calls, so they wait for that work too.
TEXT_READS_CORE_FOR_NOW = ("ui.slack_text", "ui.reading_text")
# What a text module may not import at run time (types under TYPE_CHECKING are fine): core (its
# numbers come in as arguments), Streamlit (its words go out as strings), and ui.compute (the
# cached calls into core).
NOT_IN_TEXT = ("core", "streamlit", "ui.compute")


def is_text_module(name: str) -> bool:
    return name.rsplit(".", 1)[-1] == "text" or name.endswith("_text")


def text_shape_faults(packages, root: Path = REPO) -> list[str]:
    """Each page package (``packages``, by folder name) without a text.py, and each text module
    of ui/ (``text.py``, ``*_text.py``) that imports core, Streamlit or ui.compute at run time."""
    missing = [
        f"ui/{package}/ has no text.py"
        for package in packages
        if not (root / "ui" / package / "text.py").is_file()
    ]
    reads = [
        f"{name} imports {imported}"
        for name in module_graph.package_modules("ui", root)
        if is_text_module(name)
        and not name.startswith(BEING_REWRITTEN)
        and name not in TEXT_READS_CORE_FOR_NOW
        for imported in module_graph.imported_names(name, root)
        if any(imported == banned or imported.startswith(banned + ".") for banned in NOT_IN_TEXT)
    ]
    return missing + sorted(set(reads))


def test_every_page_package_has_its_words_in_a_text_module_that_reads_no_core():
    packages = [p for p in PAGE_PACKAGES if f"ui.{p}" not in BEING_REWRITTEN]
    assert len(packages) == len(PAGE_PACKAGES) - len(BEING_REWRITTEN) >= 7
    assert text_shape_faults(packages) == []


def test_the_exceptions_to_the_text_rule_are_still_needed():
    """Each exception still reads what the rule forbids: one that stopped is taken off."""
    for name in TEXT_READS_CORE_FOR_NOW:
        assert any(m.split(".")[0] == "core" for m in module_graph.imported_names(name)), name
    assert not (REPO / "ui" / "playground" / "text.py").exists()


def test_the_text_check_sees_a_missing_text_module_and_one_that_calls_core(tmp_path):
    files = {
        "ui/__init__.py": "",
        "ui/compute.py": "",
        "ui/kl/__init__.py": "",
        "ui/kl/text.py": "from __future__ import annotations\nimport numpy as np\n",
        "ui/kl/guess_text.py": "def f():\n    from ui import compute\n    return compute\n",
        "ui/lesson/__init__.py": "",
        "ui/lesson/view.py": "import streamlit as st\n",
        "ui/swamp_text.py": "import core.slack as slack\n",
        "ui/typed_text.py": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import core\n"
        ),
        "core/__init__.py": "",
        "core/slack.py": "",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert text_shape_faults(["kl", "lesson"], tmp_path) == [
        "ui/lesson/ has no text.py",
        "ui.kl.guess_text imports ui.compute",
        "ui.swamp_text imports core.slack",
    ]
