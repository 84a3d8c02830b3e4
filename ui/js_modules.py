"""ES modules joined into the one script ``st.components.v2`` takes, no build step: the
Playground's stage, the class poll's downloads (both take ``ui/shared_assets/save_file.js``)
and the page shell's script (``ui/screen_assets/menu.js``); shared, so it sits below both page
packages.

A v2 component's inline ``js`` runs from a ``blob:`` URL, where ``import "./scales.js"`` has
nothing to resolve against; file-backed ``js`` (served at ``/_stcore/bidi-components/``)
needs the app installed as a package with a ``pyproject.toml`` manifest. So Python joins
them, once per process: each module becomes a function scope that returns its exports, in
the order the imports need, and the entry's default export stays the script's. The modules
themselves stay real ES modules, which ``node --test`` imports directly (tests/js/).

Whole-line comments, blank lines and indentation are left out of the joined script (comments
were 8 KB of 55; indentation grew with the formatter's wrapped lines), so what Streamlit sends
stays close to the 47 KB of the one file it replaced. The modules keep to two forms, checked here:
``import { a, b as c } from "./x.js";`` (or ``"../folder/x.js"``: the class poll's downloads
take ``../shared_assets/save_file.js``), on one line or a name a line as the formatter wraps it, and
``export`` before a ``function``, ``const``, ``let`` or ``class`` declaration (the entry's
``export default function name``).
No template string may span lines (one of its lines starting with ``//`` would be dropped).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

IMPORT = re.compile(
    r'^import \{(?P<names>[^}]*)\} from "(?P<module>\.\.?/(?:(?:\.\.|[\w-]+)/)*[\w-]+\.js)";$'
)
EXPORT = re.compile(r"^export (?P<default>default )?(?:function|const|let|class) (?P<name>[\w$]+)")
IMPORT_NAME = re.compile(r"^(?P<name>[\w$]+)(?: as (?P<alias>[\w$]+))?$")


class ModuleError(ValueError):
    """A stage module outside the forms the joiner reads."""


def _scope_name(module: str) -> str:
    # scales.js -> module_scales_js; ../shared_assets/save_file.js ->
    # module_shared_assets_save_file_js
    return "module_" + re.sub(r"\W+", "_", module).strip("_")


def _statements(lines: list[str]) -> list[tuple[int, str]]:
    """(line number, line) with an import wrapped over lines (``import {``, a name a line,
    ``} from "./x.js";``, as prettier writes one past 100 columns) put back on one line."""
    joined, waiting = [], None
    for number, line in enumerate(lines, start=1):
        if waiting is not None:
            waiting = (waiting[0], f"{waiting[1]} {line.strip()}")
            if line.startswith("}"):
                joined.append(waiting)
                waiting = None
        elif line == "import {":
            waiting = (number, line)
        else:
            joined.append((number, line))
    return joined if waiting is None else [*joined, waiting]


def _parse(path: Path) -> tuple[list[tuple[Path, list[tuple[str, str]]]], list[str], dict]:
    """(imports [(module's path, [(name, alias)])], body lines, exports {exported: local})."""
    imports, body, exports = [], [], {}
    for number, line in _statements(path.read_text(encoding="utf-8").splitlines()):
        where = f"{path.name}:{number}"
        if match := IMPORT.match(line):
            names = []
            for part in filter(None, (item.strip() for item in match["names"].split(","))):
                if not (found := IMPORT_NAME.match(part)):
                    raise ModuleError(f"{where}: cannot read the imported name {part!r}")
                names.append((found["name"], found["alias"] or found["name"]))
            imports.append(((path.parent / match["module"]).resolve(), names))
        elif match := EXPORT.match(line):
            exports["default" if match["default"] else match["name"]] = match["name"]
            body.append(line.removeprefix("export ").removeprefix("default "))
        elif line.count("`") % 2:
            raise ModuleError(f"{where}: a template string across lines (keep each to one)")
        elif line.startswith(("import", "export")):
            raise ModuleError(f"{where}: write imports and exports in the joiner's forms")
        elif line.strip() and not line.lstrip().startswith(
            "//"
        ):  # comments: for the modules' readers
            body.append(line.lstrip())  # indentation too (no string spans lines: see above)
    return imports, body, exports


def _ordered(folder: Path, entry: str) -> list[Path]:
    """Every module the entry needs, each after the ones it imports."""
    order: list[Path] = []
    visiting: list[Path] = []

    def visit(module: Path) -> None:
        if module in order:
            return
        if module in visiting:
            names = " -> ".join(_name(folder, path) for path in [*visiting, module])
            raise ModuleError(f"import cycle: {names}")
        if not module.is_file():
            raise ModuleError(
                f"{_name(folder, visiting[-1])} imports {_name(folder, module)}, which is not there"
            )
        visiting.append(module)
        for imported, _ in _parse(module)[0]:
            visit(imported)
        visiting.pop()
        order.append(module)

    visit((folder / entry).resolve())
    return order


def _name(folder: Path, module: Path) -> str:
    """A module as the entry's folder sees it: "scales.js", "../playground/…/export.js"."""
    return Path(os.path.relpath(module, folder.resolve())).as_posix()


def joined(folder: Path, entry: str = "stage.js") -> str:
    """The entry module (in ``folder``) and everything it imports, as one ES module with the
    entry's default."""
    parts = []
    exported: dict[Path, dict[str, str]] = {}
    order = _ordered(folder, entry)
    for module in order:
        imports, body, exports = _parse(module)
        name = _name(folder, module)
        lines = [f"// --- {name}", f"const {_scope_name(name)} = (() => {{"]
        for imported, names in imports:
            missing = [found for found, _ in names if found not in exported[imported]]
            if missing:
                raise ModuleError(
                    f"{name} imports {missing} from {_name(folder, imported)}, which has none"
                )
            pairs = ", ".join(
                found if found == alias else f"{found}: {alias}" for found, alias in names
            )
            lines.append(f"const {{ {pairs} }} = {_scope_name(_name(folder, imported))};")
        returned = ", ".join(
            f"{exported_name}: {local}" for exported_name, local in exports.items()
        )
        parts.append("\n".join([*lines, *body, f"return {{ {returned} }};", "})();"]))
        exported[module] = exports
    if "default" not in exported[order[-1]]:
        raise ModuleError(f"{entry} has no default export for Streamlit to call")
    parts.append(f"export default {_scope_name(entry)}.default;")
    return "\n".join(parts) + "\n"
