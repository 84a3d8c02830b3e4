"""The import graph (ui/module_graph.py): no circle closes among the app's modules, not even one
through imports only a type checker reads (``if TYPE_CHECKING:``), and the module that
builds the stage's worlds names no Streamlit, stage or page state among its own imports (a server
thread and scripts/build_worlds.py build them with no page running). Nor does it load Streamlit
or pandas transitively: test_build_path builds one in a fresh interpreter."""

from __future__ import annotations

import ast
from pathlib import Path

from ui import module_graph
from ui.playground import worlds

APP_PACKAGES = ("core", "common", "poll_data", "ui", "pages", "server")


def test_no_import_circle_among_the_apps_modules():
    names = [name for package in APP_PACKAGES for name in module_graph.package_modules(package)]
    assert {"ui.playground.stage", "ui.playground.world_files", "ui.compute"} <= set(names)
    circles = module_graph.cycles(names, types=True)
    assert circles == [], "import circles: " + "; ".join(" -> ".join(c) for c in circles)


def test_the_worlds_module_names_no_streamlit_stage_or_state():
    tree = ast.parse(Path(worlds.__file__).read_text(encoding="utf-8"))
    imported = {
        (node.module or "") if isinstance(node, ast.ImportFrom) else alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert {"core", "ui", "numpy"} <= imported  # the reader sees the real imports
    assert not {name for name in imported if name.split(".")[0] == "streamlit"}
    # ... nor the stage that mounts the component, nor the page's state
    assert not {"ui.playground.stage", "ui.state"} & set(module_graph.imports_of(worlds.__name__))


def write_package(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")


def test_a_circle_through_a_function_local_import_is_found_and_listed(tmp_path):
    """The circle stage.py and world_files.py once closed: one side imported inside a function."""
    write_package(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/mount.py": "from app import files\n",
            "app/files.py": "def serve():\n    from app import mount\n    return mount\n",
            "app/typed.py": (
                "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from app import rows\n"
            ),
            "app/rows.py": "import json\nfrom app import typed\n",
        },
    )
    names = module_graph.package_modules("app", tmp_path)
    assert sorted(names) == ["app", "app.files", "app.mount", "app.rows", "app.typed"]
    assert module_graph.imports_of("app.files", tmp_path) == ("app.mount",)
    assert module_graph.imports_of("app.typed", tmp_path) == ()  # types only: never runs
    assert module_graph.cycles(names, tmp_path) == [["app.files", "app.mount", "app.files"]]


def test_a_circle_closed_only_for_the_type_checker_is_found_when_types_count(tmp_path):
    """ui.rows and ui.url_values once: one imported the other, which imported it back under
    ``if TYPE_CHECKING:``. It never ran, but a reader (and a type checker) goes round it."""
    write_package(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/typed.py": (
                "import typing\nif typing.TYPE_CHECKING:\n    from app.rows import Row\n"
            ),
            "app/rows.py": "from app import typed\n",
        },
    )
    names = module_graph.package_modules("app", tmp_path)
    assert module_graph.imports_of("app.typed", tmp_path, types=True) == ("app.rows",)
    assert module_graph.cycles(names, tmp_path) == []
    assert module_graph.cycles(names, tmp_path, types=True) == [
        ["app.rows", "app.typed", "app.rows"]
    ]
