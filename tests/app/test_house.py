"""The house stays small: no app module over 400 lines, no function over 60 (issue 7)."""

import ast
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
APP_FILES = sorted(
    [REPO / "app.py", *(REPO / "pages").glob("*.py"), *(REPO / "ui").glob("*.py")],
    key=str,
)
MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 60


@pytest.mark.parametrize("path", APP_FILES, ids=lambda path: str(path.relative_to(REPO)))
def test_app_modules_and_functions_stay_small(path):
    source = path.read_text(encoding="utf-8")
    assert source.count("\n") <= MAX_MODULE_LINES, f"{path.name}: split it by what it does"
    long_functions = [
        f"{node.name} ({node.end_lineno - node.lineno + 1} lines)"
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.end_lineno - node.lineno + 1 > MAX_FUNCTION_LINES
    ]
    assert long_functions == [], f"{path.name}: {long_functions}"
