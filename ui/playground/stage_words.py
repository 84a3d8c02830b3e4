"""The stage's words in the reader's language: the catalogue entries its JavaScript asks for.

The stage's scripts wrap every visible string in ``t("...")`` (``stage_assets/words.js``: the
English text looks itself up in the words the stage was sent, else stays English). This sends
only those: the entries of the reader's catalogue (``common.i18n``) whose English a ``t()`` of
``stage_assets/`` names, read from the scripts once per language (a few KB), nothing for English.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from common import i18n

ASSETS = Path(__file__).with_name("stage_assets")
# t("..."), t('...') or t(`...`) with a literal first argument (tests/app/test_translations.py
# reads the scripts' strings the same way).
JS_CALL = re.compile(r"""\bt\(\s*(["'`])((?:\\.|(?!\1).)*)\1""", re.DOTALL)


@functools.cache
def script_strings() -> frozenset[str]:
    """Every string the stage's scripts wrap in ``t()``."""
    return frozenset(
        json.loads(f'"{match.group(2)}"')
        for path in sorted(ASSETS.glob("*.js"))
        for match in JS_CALL.finditer(path.read_text(encoding="utf-8"))
    )


@functools.cache
def words(language: str) -> dict[str, str]:
    """English -> ``language`` for the stage's strings ({} for English: its keys are its words)."""
    catalogue = i18n.catalogue(language)
    return {text: catalogue[text] for text in sorted(script_strings()) if text in catalogue}
