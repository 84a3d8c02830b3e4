"""docs/CONTRACT.md lists core's public names as core exports them (scripts/contract.py)."""

from pathlib import Path

import core
from scripts import contract

CONTRACT = Path(__file__).resolve().parents[2] / "docs" / "CONTRACT.md"


def test_the_contract_lists_core_as_it_is():
    text = CONTRACT.read_text(encoding="utf-8")
    assert contract.written(text) == text, "stale: run python -m scripts.contract"


def test_every_public_name_is_in_the_contract_once_with_its_module():
    listed = contract.public_names()
    entries = [line.removeprefix("- ").removeprefix("class ") for line in listed.splitlines()]
    named = [line[1:].split("`")[0].split("(")[0] for line in entries if line.startswith("`")]
    assert sorted(named) == sorted(core.__all__)  # each once
    assert (
        "### `core.answer_counts`" in listed
        and "- `sentence_counts(*, length, substance)" in listed
    )


def test_a_name_added_to_core_makes_the_contract_stale(monkeypatch):
    text = CONTRACT.read_text(encoding="utf-8")
    monkeypatch.setattr(core, "__all__", [name for name in core.__all__ if name != "kl_optimum"])
    assert "`kl_optimum(" in text and "`kl_optimum(" not in contract.written(text)
