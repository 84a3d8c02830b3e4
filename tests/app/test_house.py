"""The house stays small: no app file over 400 lines, no function over 60 (issue 7).

Every file the app serves or runs counts, in every sub-folder: Python under pages/, ui/ and
poll/ (and app.py), and the stage's JavaScript.
"""

import ast
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APP_FOLDERS = ("pages", "ui", "poll")
APP_FILES = sorted(
    [
        REPO / "app.py",
        *(path for folder in APP_FOLDERS for path in (REPO / folder).rglob("*.py")),
        *(path for folder in APP_FOLDERS for path in (REPO / folder).rglob("*.js")),
    ],
    key=str,
)
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60
# No file or function is let off these limits: the stage's 980-line stage.js (drawPlane 66
# lines), the last one that was, is ES modules since issue 16.
# A JavaScript function or method whose body opens at the end of its first line; control
# statements (if, for, ...) look alike and are left out by name.
JS_FUNCTION = re.compile(
    r"^(?P<indent> *)(?:export +)?(?:default +)?(?:async +)?(?:function +)?"
    r"(?P<name>[A-Za-z_$#][\w$]*) *\(.*\) *\{$"
)
JS_CONTROL = {"if", "for", "while", "switch", "catch", "with", "return", "else"}


def relative(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def python_functions(source: str) -> list[tuple[str, int]]:
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def javascript_functions(source: str) -> list[tuple[str, int]]:
    """(name, lines) of every function and method, from its first line to its closing brace."""
    lines = source.splitlines()
    found = []
    for start, line in enumerate(lines):
        match = JS_FUNCTION.match(line)
        if not match or match["name"] in JS_CONTROL:
            continue
        closing = match["indent"] + "}"
        end = next(
            (index for index in range(start + 1, len(lines)) if lines[index].rstrip() == closing),
            len(lines) - 1,
        )
        found.append((match["name"], end - start + 1))
    return found


def too_long(functions: list[tuple[str, int]]) -> list[str]:
    return [f"{name} ({length} lines)" for name, length in functions if length > MAX_FUNCTION_LINES]


@pytest.mark.parametrize("path", APP_FILES, ids=relative)
def test_app_files_and_functions_stay_small(path):
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MAX_MODULE_LINES, f"{relative(path)}: split it by what it does"
    reader = python_functions if path.suffix == ".py" else javascript_functions
    assert too_long(reader(source)) == [], relative(path)


def test_every_app_folder_is_searched_to_the_bottom():
    names = {relative(path) for path in APP_FILES}
    assert "ui/playground/stage_assets/stage.js" in names  # a sub-folder, and JavaScript
    assert "poll/store.py" in names
    assert "pages/playground.py" in names


def test_the_javascript_reader_measures_functions_and_methods():
    source = "\n".join(
        [
            "function short(a) {",
            "  if (a) {",
            "    return 1;",
            "  }",
            "}",
            "export function exported() {",
            *["  step();"] * 61,
            "}",
            "class Stage {",
            "  draw(width, { fast = false } = {}) {",
            *["    step();"] * 70,
            "  }",
            "}",
        ]
    )
    assert javascript_functions(source) == [("short", 5), ("exported", 63), ("draw", 72)]
    assert too_long(javascript_functions(source)) == ["exported (63 lines)", "draw (72 lines)"]


def imported_packages(path: Path) -> set[str]:
    """The top-level packages a Python file imports (at any depth of the file)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found


@pytest.mark.parametrize(
    ("folder", "forbidden"),
    [
        ("harness", {"bench", "tests"}),
        ("tests", {"bench"}),
        ("scripts", {"bench", "tests"}),
        *((app, {"harness", "bench", "tests"}) for app in ("core", "ui", "pages", "poll")),
    ],
)
def test_shared_code_is_imported_one_way(folder, forbidden):
    """bench -> harness and tests -> harness, never back: harness is the one shared floor, and
    the app (which the container ships without it) never imports it."""
    wrong = {
        relative(path): sorted(imported_packages(path) & forbidden)
        for path in sorted((REPO / folder).rglob("*.py"))
        if imported_packages(path) & forbidden
    }
    assert wrong == {}
