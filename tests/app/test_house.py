"""The house stays small and its maps true: no app file over 400 lines, no function over 60;
every package's docstring names each of its modules.

Every file the app serves or runs counts, in every sub-folder: Python under pages/, ui/, core/,
common/ and poll_data/ (and app.py), and the browser's JavaScript, CSS and HTML beside it.
"""

import ast
import re
from pathlib import Path

import pytest

from tests.app.js_functions import blank_literals, javascript_functions

REPO = Path(__file__).resolve().parents[2]
APP_FOLDERS = ("pages", "ui", "server", "poll_data", "common", "core")
APP_SUFFIXES = ("*.py", "*.js", "*.css", "*.html")  # functions are measured in .py and .js
APP_FILES = sorted(
    [
        REPO / "app.py",
        *(
            path
            for folder in APP_FOLDERS
            for suffix in APP_SUFFIXES
            for path in (REPO / folder).rglob(suffix)
        ),
    ],
    key=str,
)
# Packages whose docstring is their map, checked both ways (bench's and scripts' modules are
# run by name from the README, and docs/code.md's layout names them).
MAPPED_PACKAGES = sorted(
    init.parent
    for folder in ("core", "ui", "server", "poll_data", "common", "tests/support")
    for init in (REPO / folder).rglob("__init__.py")
)
ASSET_SUFFIXES = (".js", ".mjs", ".css", ".html")  # the browser's files a map names too
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


# No file or function is let off these limits: the stage's 980-line stage.js (drawPlane 66
# lines), the last one that was, is ES modules.
def relative(path: Path) -> str:
    return path.relative_to(REPO).as_posix()


def python_functions(source: str) -> list[tuple[str, int]]:
    return [
        (node.name, node.end_lineno - node.lineno + 1)
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


def too_long(functions: list[tuple[str, int]]) -> list[str]:
    return [f"{name} ({length} lines)" for name, length in functions if length > MAX_FUNCTION_LINES]


@pytest.mark.parametrize("path", APP_FILES, ids=relative)
def test_app_files_and_functions_stay_small(path):
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MAX_MODULE_LINES, f"{relative(path)}: split it by what it does"
    readers = {".py": python_functions, ".js": javascript_functions}
    if path.suffix in readers:
        assert too_long(readers[path.suffix](source)) == [], relative(path)


def test_every_app_folder_is_searched_to_the_bottom():
    names = {relative(path) for path in APP_FILES}
    assert "ui/playground/stage_assets/stage.js" in names  # a sub-folder, and JavaScript
    assert "ui/playground/stage_assets/stage.css" in names
    assert "poll_data/store.py" in names
    assert "pages/playground.py" in names


def package_parts(package: Path) -> list[str]:
    """The names a package's map must give, relative to it: its modules (``stage``), its folders
    (``stage_assets/``) and each browser file in it or in one of its asset folders (a folder
    without __init__.py, whose files no other map names): ``downloads.js``,
    ``stage_assets/worlds.js``."""
    modules = [path.stem for path in package.glob("*.py") if path.stem != "__init__"]
    folders = [path for path in package.iterdir() if path.is_dir() and path.name != "__pycache__"]
    assets = [path for path in package.iterdir() if path.suffix in ASSET_SUFFIXES] + [
        path
        for folder in folders
        if not (folder / "__init__.py").exists()
        for path in folder.rglob("*")
        if path.suffix in ASSET_SUFFIXES
    ]
    return sorted(
        modules
        + [f"{folder.name}/" for folder in folders]
        + [path.relative_to(package).as_posix() for path in assets]
    )


def map_literals(package: Path) -> list[tuple[str, bool]]:
    """Each ``literal`` of the package's map, and whether it heads an entry (``stage``: …)."""
    docstring = ast.get_docstring(ast.parse((package / "__init__.py").read_text("utf-8"))) or ""
    return [(match[1], match[2] == ":") for match in re.finditer(r"``([\w./]+?)``(:?)", docstring)]


def names_part(literal: str, part: str, package: Path) -> bool:
    """True if ``literal`` names ``part`` (a path from the package): a module as ``stage`` or
    ``stage.py``, a folder as ``stage_assets/`` (or ``stage_assets``), a file by its name, or
    any of them by its path from the package or from the repository's root."""
    name = part.rstrip("/").rsplit("/", 1)[-1]
    if part.endswith("/"):
        forms = {part, name, f"{name}/"}
    elif "." not in name:
        forms = {part, name, f"{name}.py", f"{part}.py"}
    else:
        forms = {part, name}
    if package.is_relative_to(REPO):
        forms |= {f"{relative(package)}/{form}" for form in forms if "/" in form}
    return literal in forms


def deep_parts(package: Path) -> list[str]:
    """Its parts and its sub-packages' parts, as paths from it: the ui map's entry for
    ``lesson/`` names ``text`` and ``pack``, ui/lesson/'s modules."""
    return package_parts(package) + [
        f"{sub.name}/{part}"
        for sub in sorted(package.iterdir())
        if (sub / "__init__.py").exists()
        for part in deep_parts(sub)
    ]


def unnamed_parts(package: Path) -> list[str]:
    """The parts the map does not name as a literal (a word in prose is not a name: "the
    address" once passed for ``address``)."""
    literals = [literal for literal, _ in map_literals(package)]
    return [
        part
        for part in package_parts(package)
        if not any(names_part(literal, part, package) for literal in literals)
    ]


FILE_SUFFIXES = (".py", *ASSET_SUFFIXES)


def names_of_nothing(package: Path) -> list[str]:
    """The names the map gives that are no part of the package: an entry's head (``stage``: …,
    ``stage_assets/``: …) that names none of its parts (nor its sub-packages'), or a file
    (``x.py``, ``x.js``) that is neither a part nor a path from the package or the repository's
    root. A folder in passing (``de/``, ``/static/``) may be an address's, not a folder."""
    parts = deep_parts(package)
    return [
        literal
        for literal, heads_an_entry in map_literals(package)
        if (heads_an_entry or literal.endswith(FILE_SUFFIXES))
        and not any(names_part(literal, part, package) for part in parts)
        and not (
            literal.endswith(FILE_SUFFIXES)
            and ((package / literal).exists() or (REPO / literal).exists())
        )
    ]


@pytest.mark.parametrize("package", MAPPED_PACKAGES, ids=relative)
def test_every_package_docstring_names_each_of_its_modules(package):
    """A module or browser file added, moved or renamed without its package's map shows here."""
    unnamed = unnamed_parts(package)
    assert unnamed == [], f"{relative(package)}/__init__.py does not name them"


@pytest.mark.parametrize("package", MAPPED_PACKAGES, ids=relative)
def test_every_name_a_package_docstring_gives_exists(package):
    """A module removed or renamed whose old name stays in the map shows here."""
    assert names_of_nothing(package) == [], f"{relative(package)}/__init__.py names no such part"


def test_the_map_check_sees_a_missing_name(tmp_path):
    (tmp_path / "__init__.py").write_text('"""- ``stage``: the stage; ``stage_assets/``."""\n')
    for name in ("stage.py", "story_bar.py"):
        (tmp_path / name).write_text("")
    (tmp_path / "stage_assets").mkdir()
    assert unnamed_parts(tmp_path) == ["story_bar"]
    (tmp_path / "__init__.py").write_text('"""``stage_assets/`` only."""\n')
    assert unnamed_parts(tmp_path) == ["stage", "story_bar"]
    # Prose is not a name, nor a name inside a longer one.
    prose = '"""The stage and its story_bar; ``stage_assets/``; ``story_bar_text``."""\n'
    (tmp_path / "__init__.py").write_text(prose)
    assert unnamed_parts(tmp_path) == ["stage", "story_bar"]


def test_the_map_check_sees_a_missing_browser_file(tmp_path):
    """JavaScript and CSS count, beside the modules and in an asset folder (one without
    __init__.py); a sub-package's files are its own map's."""
    (tmp_path / "stage_assets").mkdir()
    (tmp_path / "poll").mkdir()
    for name in ("stage.py", "downloads.js", "stage_assets/stage.js", "stage_assets/a.css"):
        (tmp_path / name).write_text("")
    for name in ("poll/__init__.py", "poll/chart.mjs"):
        (tmp_path / name).write_text("")
    text = '"""- ``stage``: ``stage_assets/`` (``stage_assets/stage.js``); ``poll/``."""\n'
    (tmp_path / "__init__.py").write_text(text)
    assert unnamed_parts(tmp_path) == ["downloads.js", "stage_assets/a.css"]
    text = (
        '"""``stage``, ``stage_assets/`` (``stage.js``, ``a.css``), ``poll``, ``downloads.js``"""'
    )
    (tmp_path / "__init__.py").write_text(text)
    assert unnamed_parts(tmp_path) == []


def test_the_map_check_sees_a_name_of_nothing(tmp_path):
    """An entry's head that names no part (a module's or a folder's) and a file that is nowhere
    are caught; a path from the repository's root, a word that heads no entry and a folder in
    passing (an address's ``de/``) are not."""
    (tmp_path / "stage.py").write_text("")
    (tmp_path / "stage_assets").mkdir()
    (tmp_path / "stage_assets" / "stage.js").write_text("")
    text = (
        '"""- ``stage``: the stage (``stage.js``, ``stage_assets/stage.js``, ``ui/rows.py``).\n'
        "- ``story_bar``: gone. ``stage_assets/``; ``gone.js``; ``de/``; ``Stage`` the class.\n"
        "- ``old/``: a folder moved.\n"
        '- ``ui.settings``, ``settle_url``."""\n'
    )
    (tmp_path / "__init__.py").write_text(text)
    assert names_of_nothing(tmp_path) == ["story_bar", "gone.js", "old/"]  # not "de/"


def test_the_javascript_reader_measures_every_kind_of_function():
    """Declarations, methods, getters and arrows (block or expression bodies), however their
    signatures wrap; braces and arrows inside strings, templates, regexes and comments count for
    nothing. The reader this replaced saw only one-line signatures ending in "{"."""
    source = "\n".join(
        [
            "function short(a) {",
            "  if (a) {",
            "    return 1;",
            "  }",
            "}",
            "export const wrapped = (first,",
            "    second) => {",
            '  const text = "}{ => {";',
            "  return `${first + second} }`;",
            *["  step();"] * 58,
            "};",
            "const pattern = /[}{]=>/g; // } {",
            "class Stage {",
            "  static #draw(width, { fast = false } = {}) {",
            *["    step();"] * 70,
            "  }",
            "  get size() { return 1; }",
            "}",
            "const doubled = items.map((item) =>",
            *["  item +"] * 60,
            "  2);",
            "export function exported(",
            "  many,",
            ") {",
            "  /* } */ return many;",
            "}",
        ]
    )
    assert javascript_functions(source) == [
        ("short", 5),
        ("wrapped", 63),
        ("#draw", 72),
        ("size", 1),
        ("(anonymous)", 62),
        ("exported", 5),
    ]
    assert too_long(javascript_functions(source)) == [
        "wrapped (63 lines)",
        "#draw (72 lines)",
        "(anonymous) (62 lines)",
    ]


def test_every_javascript_file_has_its_functions_seen():
    """The stage's modules are read whole: as many functions as the word "function" and "=>"
    appear in code (a reader that lost its place would find fewer)."""
    for path in APP_FILES:
        if path.suffix == ".js":
            code = blank_literals(path.read_text(encoding="utf-8"))
            heads = len(re.findall(r"\bfunction\b|=>", code))
            assert len(javascript_functions(path.read_text(encoding="utf-8"))) >= heads, path


def imported_modules(path: Path) -> set[str]:
    """The modules a Python file imports by absolute name (at any depth of the file), dotted
    in full: "tests.support.machine" for ``from tests.support.machine import percentile``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def within(module: str, packages: set[str]) -> bool:
    """True if ``module`` is one of ``packages`` or inside one ("tests.support.x" in "tests")."""
    return any(module == package or module.startswith(package + ".") for package in packages)


def wrong_imports(modules: set[str], forbidden: set[str], allowed: set[str]) -> list[str]:
    """The modules in ``forbidden`` packages, those in ``allowed`` ones aside."""
    return sorted(m for m in modules if within(m, forbidden) and not within(m, allowed))


SUPPORT = {"tests.support"}  # what tests and bench share: the one floor both may import
ONE_WAY = [  # (folder, the packages it must not import, the ones inside those it may)
    ("tests/support", {"bench", "tests"}, SUPPORT),
    ("bench", {"tests"}, SUPPORT),
    ("tests", {"bench"}, set()),
    ("scripts", {"bench", "tests"}, set()),
    *(
        (app, {"bench", "tests"}, set())
        for app in ("core", "common", "ui", "pages", "poll_data", "server")
    ),
]


@pytest.mark.parametrize(("folder", "forbidden", "allowed"), ONE_WAY, ids=[r[0] for r in ONE_WAY])
def test_shared_code_is_imported_one_way(folder, forbidden, allowed):
    """bench -> tests.support and tests -> tests.support, never back nor between the two:
    tests/support is the one shared floor; scripts (a host's tools: make cluster) import no
    test, and the app (which the container ships without tests/) never imports it."""
    wrong = {
        relative(path): found
        for path in sorted((REPO / folder).rglob("*.py"))
        if (found := wrong_imports(imported_modules(path), forbidden, allowed))
    }
    assert wrong == {}


def test_the_one_way_check_tells_the_support_from_the_rest_of_tests():
    modules = {"tests.support.machine", "tests.support", "tests.app.app_pages", "tests", "core"}
    assert wrong_imports(modules, {"tests"}, SUPPORT) == ["tests", "tests.app.app_pages"]
    assert wrong_imports({"testsuite", "bench_x"}, {"tests", "bench"}, set()) == []
