"""The repository stands alone: a short README, docs/ beside it, every link and command real.

A newcomer reads the README in five minutes and follows its links; a comment that cites a
document cites one that is in the repository (docs/design.md), never a spec, an issue tracker
or a course file that a clone does not have.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
DOCS = sorted((REPO / "docs").glob("*.md"))
MAX_README_LINES = 200
# Citations of documents a clone does not have: the design spec the project started from, the
# issue tracker, the course's own files.
OUTSIDE_REFERENCE = re.compile(
    r"\bSPEC\b|\b[Ii]ssue \d+|reference/(?:lesson|glossary)\.txt|shared/(?:SPEC|STYLE)"
)
MARKDOWN_LINK = re.compile(r"\]\((?!https?://|#|mailto:)([^)#\s]+)")
SOURCE_SUFFIXES = {
    ".py",
    ".js",
    ".mjs",
    ".css",
    ".html",
    ".toml",
    ".yml",
    ".yaml",
    ".cfg",
    ".template",
    ".md",
    ".txt",
    "",
}


def tracked_files() -> list[Path]:
    listed = subprocess.run(
        ["git", "ls-files"], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split("\n")
    return [REPO / name for name in listed if name]


def test_the_readme_reads_in_five_minutes() -> None:
    lines = README.read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_README_LINES, f"README.md is {lines} lines; move details to docs/"


@pytest.mark.parametrize("document", [README, *DOCS], ids=lambda path: path.name)
def test_every_relative_link_names_a_file_in_the_repository(document: Path) -> None:
    text = document.read_text(encoding="utf-8")
    missing = [
        target
        for target in MARKDOWN_LINK.findall(text)
        if not (document.parent / target).resolve().exists()
    ]
    assert not missing, f"{document.name} links to files that are not here: {missing}"


def test_the_readme_links_every_document_in_docs() -> None:
    text = README.read_text(encoding="utf-8")
    unlinked = [path.name for path in DOCS if f"docs/{path.name}" not in text]
    assert not unlinked, f"docs/ files the README never points to: {unlinked}"


def test_no_file_cites_a_document_outside_the_repository() -> None:
    citing = []
    for path in tracked_files():
        if path.suffix not in SOURCE_SUFFIXES or path == Path(__file__).resolve():
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, FileNotFoundError):
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            if OUTSIDE_REFERENCE.search(line):
                citing.append(f"{path.relative_to(REPO)}:{number}: {line.strip()[:90]}")
    assert not citing, "cite docs/design.md instead:\n" + "\n".join(citing)


def test_every_make_target_the_docs_name_exists() -> None:
    makefile = (REPO / "Makefile").read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][a-z-]*):", makefile, flags=re.MULTILINE))
    named = set()
    for document in [README, *DOCS]:
        named |= set(re.findall(r"`make ([a-z][a-z-]*)", document.read_text(encoding="utf-8")))
    assert named, "the README names no make target"
    assert named <= targets, f"make targets named but not in the Makefile: {named - targets}"


def test_every_module_the_docs_run_exists() -> None:
    named = set()
    for document in [README, *DOCS]:
        text = document.read_text(encoding="utf-8")
        named |= set(re.findall(r"python -m ((?:bench|scripts)\.[a-z_]+)", text))
        named |= set(re.findall(r"\b(scripts/[a-z_]+\.py)", text))
    missing = [
        name
        for name in sorted(named)
        if not (REPO / (name if name.endswith(".py") else name.replace(".", "/") + ".py")).exists()
    ]
    assert not missing, f"commands in the docs that name no module: {missing}"


def test_the_readmes_python_snippet_prints_what_its_comments_say() -> None:
    """Each `expression  # value: ...` line of the README's first Python block, run for real."""
    block = re.search(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
    assert block, "the README has no Python snippet"
    checks = []
    for line in block.group(1).splitlines():
        code, _, comment = line.partition("#")
        claimed = re.match(r"\s*(-?[\d.]+):", comment)
        if code.strip() and claimed and not code.lstrip().startswith(("import", "from")):
            checks.append((code.strip(), claimed.group(1)))
    assert len(checks) >= 2, f"too few checkable lines in the snippet: {checks}"
    imports = "\n".join(
        line for line in block.group(1).splitlines() if line.startswith(("import", "from"))
    )
    program = imports + "\n" + "\n".join(f"print(repr(float({code})))" for code, _ in checks)
    printed = subprocess.run(
        [sys.executable, "-c", program], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.split()
    for (code, claimed), shown in zip(checks, printed, strict=True):
        assert float(shown) == pytest.approx(float(claimed), abs=5e-3), code


def test_the_readmes_test_command_is_what_ci_runs() -> None:
    readme = README.read_text(encoding="utf-8")
    assert "make test" in readme
    assert re.search(r"^make test$", (REPO / ".ci/run").read_text(encoding="utf-8"), re.M)


def test_ci_lints_before_it_tests() -> None:
    run = (REPO / ".ci/run").read_text(encoding="utf-8")
    assert re.search(r"^make lint$", run, re.M), "CI runs make lint"
    assert run.index("\nmake lint\n") < run.index("\nmake test\n")


def _packages(command_text: str) -> set[str]:
    """The package names after `apt-get install` (its options left out)."""
    words = command_text.replace("\\\n", " ").split()
    return {word for word in words if not word.startswith("-")}


def test_the_readme_names_every_debian_package_ci_installs_and_no_other() -> None:
    """A machine set up from the README runs what CI runs: the lists are the same set."""
    run = (REPO / ".ci/run").read_text(encoding="utf-8")
    installed = set()
    for command in re.findall(r"apt-get install -y ((?:[^\n\\]|\\\n)*)", run):
        installed |= _packages(command)
    readme = " ".join(README.read_text(encoding="utf-8").split())
    listed = re.search(r"on a fresh Debian 12, `apt-get install ([^`]*)`", readme)
    assert listed, "the README's one apt-get line"
    assert installed, ".ci/run's apt-get lines"
    assert _packages(listed.group(1)) == installed
