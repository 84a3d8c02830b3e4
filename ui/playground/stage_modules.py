"""The stage's ES modules joined into the one script ``st.components.v2`` takes, no build step.

A v2 component's inline ``js`` runs from a ``blob:`` URL, where ``import "./scales.js"`` has
nothing to resolve against; file-backed ``js`` (served at ``/_stcore/bidi-components/``)
needs the app installed as a package with a ``pyproject.toml`` manifest. So Python joins
them, once per process: each module becomes a function scope that returns its exports, in
the order the imports need, and the entry's default export stays the script's. The modules
themselves stay real ES modules, which ``node --test`` imports directly (tests/js/).

Whole-line comments are left out of the joined script (8 KB of 55), so what Streamlit sends
stays the 47 KB of the one file it replaced. The modules keep to two forms, checked here:
``import { a, b as c } from "./x.js";`` on one line, and ``export`` before a ``function``,
``const``, ``let`` or ``class`` declaration (the entry's ``export default function name``).
No template string may span lines (one of its lines starting with ``//`` would be dropped).
"""

from __future__ import annotations

import re
from pathlib import Path

IMPORT = re.compile(r'^import \{(?P<names>[^}]*)\} from "\./(?P<module>[\w-]+\.js)";$')
EXPORT = re.compile(r"^export (?P<default>default )?(?:function|const|let|class) (?P<name>[\w$]+)")
IMPORT_NAME = re.compile(r"^(?P<name>[\w$]+)(?: as (?P<alias>[\w$]+))?$")


class ModuleError(ValueError):
    """A stage module outside the forms the joiner reads."""


def _scope_name(module: str) -> str:
    return "module_" + re.sub(r"\W", "_", module)  # scales.js -> module_scales_js


def _parse(path: Path) -> tuple[list[tuple[str, list[tuple[str, str]]]], list[str], dict]:
    """(imports [(module, [(name, alias)])], body lines, exports {exported: local name})."""
    imports, body, exports = [], [], {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        where = f"{path.name}:{number}"
        if match := IMPORT.match(line):
            names = []
            for part in filter(None, (item.strip() for item in match["names"].split(","))):
                if not (found := IMPORT_NAME.match(part)):
                    raise ModuleError(f"{where}: cannot read the imported name {part!r}")
                names.append((found["name"], found["alias"] or found["name"]))
            imports.append((match["module"], names))
        elif match := EXPORT.match(line):
            exports["default" if match["default"] else match["name"]] = match["name"]
            body.append(line.removeprefix("export ").removeprefix("default "))
        elif line.count("`") % 2:
            raise ModuleError(f"{where}: a template string across lines (keep each to one)")
        elif line.startswith(("import", "export")):
            raise ModuleError(f"{where}: write imports and exports in the joiner's forms")
        elif not line.lstrip().startswith("//"):  # comments are for readers of the modules
            body.append(line)
    return imports, body, exports


def _ordered(folder: Path, entry: str) -> list[str]:
    """Every module the entry needs, each after the ones it imports."""
    order: list[str] = []
    visiting: list[str] = []

    def visit(module: str) -> None:
        if module in order:
            return
        if module in visiting:
            raise ModuleError(f"import cycle: {' -> '.join([*visiting, module])}")
        if not (folder / module).is_file():
            raise ModuleError(f"{visiting[-1]} imports {module}, which is not in {folder.name}/")
        visiting.append(module)
        for imported, _ in _parse(folder / module)[0]:
            visit(imported)
        visiting.pop()
        order.append(module)

    visit(entry)
    return order


def joined(folder: Path, entry: str = "stage.js") -> str:
    """The entry module and everything it imports, as one ES module with the entry's default."""
    parts = []
    exported: dict[str, dict[str, str]] = {}
    for module in _ordered(folder, entry):
        imports, body, exports = _parse(folder / module)
        lines = [f"// --- {module}", f"const {_scope_name(module)} = (() => {{"]
        for imported, names in imports:
            missing = [name for name, _ in names if name not in exported[imported]]
            if missing:
                raise ModuleError(f"{module} imports {missing} from {imported}, which has none")
            pairs = ", ".join(
                name if name == alias else f"{name}: {alias}" for name, alias in names
            )
            lines.append(f"const {{ {pairs} }} = {_scope_name(imported)};")
        returned = ", ".join(f"{name}: {local}" for name, local in exports.items())
        parts.append("\n".join([*lines, *body, f"return {{ {returned} }};", "})();"]))
        exported[module] = exports
    if "default" not in exported[entry]:
        raise ModuleError(f"{entry} has no default export for Streamlit to call")
    parts.append(f"export default {_scope_name(entry)}.default;")
    return "\n".join(parts) + "\n"
