"""Which of this repository's modules import which, read from their source with ``ast`` (pure).

Every import statement counts, a function-local one too (it runs when called), except those
under ``if TYPE_CHECKING:`` (they never run), unless ``types=True`` asks for them too: a circle
closed only for the type checker is still a circle for a reader (ui.rows and ui.url_values
were one). Only the repository's own modules are followed:
a name whose top-level package is not a folder (or file) of ``root`` is someone else's.
Used for the stored worlds' fingerprint (every file a world's bytes can come from, from the
functions marked as their builders) and by the test that no import circle closes among ui/'s
modules.

Parsing is serialized by a lock: Python 3.11's ``ast`` keeps one recursion counter that all
threads share, and two threads parsing at once (a server's prewarm and a page run) raised
``SystemError: AST constructor recursion depth mismatch``.
"""

from __future__ import annotations

import ast
import functools
import threading
from collections.abc import Iterable
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
_PARSE_LOCK = threading.Lock()  # one ast.parse at a time in this module (see above)


def module_path(name: str, root: Path = REPO_ROOT) -> Path | None:
    """The file of module ``name`` (``ui.state`` -> ui/state.py, a package's __init__.py)."""
    base = root.joinpath(*name.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _is_type_checking(node: ast.AST) -> bool:
    test = node.test if isinstance(node, ast.If) else None
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _import_nodes(node: ast.AST, types: bool = False) -> Iterable[ast.Import | ast.ImportFrom]:
    """Every import in ``node``, at any depth, but none under ``if TYPE_CHECKING:`` unless
    ``types``."""
    if isinstance(node, ast.Import | ast.ImportFrom):
        yield node
        return
    skip = _is_type_checking(node) and not types
    for child in node.orelse if skip else ast.iter_child_nodes(node):
        yield from _import_nodes(child, types)


def _absolute(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The module a ``from ... import`` names, relative dots resolved against ``module``."""
    if not node.level:
        return node.module or ""
    parts = module.split(".")
    base = parts if is_package else parts[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join([*base, *([node.module] if node.module else [])])


def _statements(name: str, root: Path, types: bool) -> list[tuple[str | None, list[str]]]:
    """Each import statement of module ``name``: (None, its names) for ``import a, b``, (the
    absolute package, its names) for ``from package import a, b``; none if it is not ours."""
    path = module_path(name, root)
    if path is None:
        return []
    with _PARSE_LOCK:
        tree = ast.parse(path.read_text(encoding="utf-8"))
    return [
        (
            None
            if isinstance(node, ast.Import)
            else _absolute(node, name, path.name == "__init__.py"),
            [alias.name for alias in node.names],
        )
        for node in _import_nodes(tree, types)
    ]


@functools.cache
def imports_of(name: str, root: Path = REPO_ROOT, *, types: bool = False) -> tuple[str, ...]:
    """The repository's modules that module ``name`` imports, sorted (empty if not ours); with
    ``types``, those imported under ``if TYPE_CHECKING:`` too."""
    found = set()
    for package, names in _statements(name, root, types):
        # from package import module, or from module import name: whichever is a file
        candidates = (
            names
            if package is None
            else [
                f"{package}.{alias}" if module_path(f"{package}.{alias}", root) else package
                for alias in names
            ]
        )
        found.update(found_name for found_name in candidates if module_path(found_name, root))
    found.discard(name)
    return tuple(sorted(found))


def imported_names(name: str, root: Path = REPO_ROOT, *, types: bool = False) -> tuple[str, ...]:
    """Every module name module ``name`` imports, ours or not, absolute and sorted: "streamlit"
    for ``import streamlit as st``, "ui" and "ui.compute" for ``from ui import compute`` (a
    name that may be a module); with ``types``, those under ``if TYPE_CHECKING:`` too."""
    found = set()
    for package, names in _statements(name, root, types):
        found.update(names if package is None else [package, *(f"{package}.{n}" for n in names)])
    return tuple(sorted(found))


def dependencies(names: Iterable[str], root: Path = REPO_ROOT) -> set[str]:
    """``names`` and every module of ours they import, transitively, with the packages above
    each (importing ``ui.playground.worlds`` runs ``ui/__init__.py`` and ``ui/playground/``'s)."""
    seen: set[str] = set()
    waiting = list(names)
    while waiting:
        name = waiting.pop()
        if name in seen or module_path(name, root) is None:
            continue
        seen.add(name)
        parents = [".".join(name.split(".")[:end]) for end in range(1, name.count(".") + 1)]
        waiting.extend([*imports_of(name, root), *parents])
    return seen


def package_modules(package: str, root: Path = REPO_ROOT) -> list[str]:
    """Every module in ``package``'s folder and its sub-folders, as dotted names."""
    folder = root.joinpath(*package.split("."))
    names = []
    for path in sorted(folder.rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def decorated(package: str, decorator: str, root: Path = REPO_ROOT) -> list[str]:
    """The modules of ``package`` in which some function is decorated ``@<decorator>``
    (e.g. "disk_store.builder", written so), sorted: a module's own word that it is one of a
    kind, read without importing it. Files that never mention it are not parsed."""
    found = []
    for name in package_modules(package, root):
        text = module_path(name, root).read_text(encoding="utf-8")
        if f"@{decorator}" not in text:
            continue
        with _PARSE_LOCK:
            tree = ast.parse(text)
        if any(
            ast.unparse(mark) == decorator
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            for mark in node.decorator_list
        ):
            found.append(name)
    return sorted(found)


def cycles(names: Iterable[str], root: Path = REPO_ROOT, *, types: bool = False) -> list[list[str]]:
    """Import circles among ``names``, each as a path that ends where it starts (["a", "b",
    "a"]): at least one wherever modules import each other in a circle; empty if none do.
    ``types``: count the imports under ``if TYPE_CHECKING:`` too."""
    inside = set(names)
    graph = {
        name: [item for item in imports_of(name, root, types=types) if item in inside]
        for name in inside
    }
    found: list[list[str]] = []
    done: set[str] = set()
    for start in sorted(inside):
        _walk(start, graph, [], done, found)
    return found


def _walk(name: str, graph: dict, path: list[str], done: set[str], found: list) -> None:
    """Depth first from ``name``: an import back onto ``path`` closes a circle."""
    if name in done:
        return
    path.append(name)
    for imported in graph[name]:
        if imported in path:
            found.append([*path[path.index(imported) :], imported])
        else:
            _walk(imported, graph, path, done, found)
    path.pop()
    done.add(name)
