"""docs/CONTRACT.md's list of core's public names, written from ``core.__all__`` itself.

Every name core exports, grouped by the module that defines it, with its signature (or, for a
constant, its value or shape) and the first sentence of its docstring, between the file's two
markers (scripts/markers.py). tests/app/test_contract.py fails while it is stale.

    python -m scripts.contract      # rewrite docs/CONTRACT.md's list
"""

from __future__ import annotations

import ast
import inspect
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run as a file too: python scripts/contract.py

import core  # noqa: E402
from scripts import markers  # noqa: E402

CONTRACT = ROOT / "docs" / "CONTRACT.md"
START = "<!-- core's public names: written by `python -m scripts.contract`, do not edit -->"
END = "<!-- end of core's public names -->"
SHORT_TUPLE = 8  # a tuple constant of up to 8 plain items is written out; longer: its length


def defining_modules() -> dict[str, str]:
    """Each public name and the core module core/__init__.py imports it from."""
    tree = ast.parse((ROOT / "core" / "__init__.py").read_text(encoding="utf-8"))
    return {
        alias.asname or alias.name: node.module
        for node in tree.body
        if isinstance(node, ast.ImportFrom) and node.module
        for alias in node.names
    }


def first_sentence(value) -> str:
    """The docstring's first paragraph, on one line."""
    text = inspect.getdoc(value) or ""
    return " ".join(text.split("\n\n")[0].split())


def plain(value) -> str:
    """A constant as the contract writes it: its repr if short, else its type and size."""
    if isinstance(value, np.ndarray):
        return f"ndarray of shape {value.shape}"
    if isinstance(value, np.generic):
        return repr(value.item())
    simple = isinstance(value, tuple | list) and len(value) <= SHORT_TUPLE
    if simple and all(isinstance(item, int | float | str | np.generic) for item in value):
        return repr(tuple(item.item() if isinstance(item, np.generic) else item for item in value))
    if isinstance(value, tuple | list | dict | frozenset | set):
        return f"{type(value).__name__} of {len(value)}"
    return repr(value)


def signature(value) -> str:
    """The call's parameters without their annotations, and what it returns."""
    found = inspect.signature(value)
    parameters = [
        parameter.replace(annotation=inspect.Parameter.empty)
        for parameter in found.parameters.values()
    ]
    returned = found.return_annotation
    text = str(found.replace(parameters=parameters, return_annotation=inspect.Signature.empty))
    if returned not in (inspect.Signature.empty, None, "None"):
        text += f" -> {returned if isinstance(returned, str) else returned.__name__}"
    return text


def entry(name: str) -> str:
    value = getattr(core, name)
    if inspect.isclass(value):
        return f"- class `{name}{signature(value)}`: {first_sentence(value)}"
    if callable(value):
        return f"- `{name}{signature(value)}`: {first_sentence(value)}"
    return f"- `{name}` = {plain(value)}"


def public_names() -> str:
    """The generated list: core's public names by defining module, in core/__init__.py's order
    of modules, constants first, then classes, then functions, each group alphabetical."""
    modules = defining_modules()
    missing = sorted(set(core.__all__) - set(modules))
    if missing:
        raise SystemExit(f"core.__all__ names {missing}, which core/__init__.py does not import")
    order = list(dict.fromkeys(modules[name] for name in modules if name in core.__all__))
    sections = [f"{len(core.__all__)} names, as `from core import ...` gives them.\n"]
    for module in order:
        names = [name for name in core.__all__ if modules[name] == module]

        def kind(name: str) -> tuple[int, str]:
            value = getattr(core, name)
            return (2 if inspect.isfunction(value) else 1 if inspect.isclass(value) else 0), name

        lines = [entry(name) for name in sorted(names, key=kind)]
        sections.append(f"### `{module}`\n\n" + "\n".join(lines) + "\n")
    return "\n".join(sections)


def written(text: str) -> str:
    """``text`` (the contract) with its generated part replaced by today's."""
    return markers.between(text, START, END, public_names())


def main() -> int:
    markers.rewrite(CONTRACT, START, END, public_names())
    print(f"{CONTRACT}: {len(core.__all__)} of core's public names")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
