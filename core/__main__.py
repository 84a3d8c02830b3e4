"""``python -m core``: print the lesson's table (b = 0, sigma = 0); ``python -m core checker``
prints the checker's table too (solve rate / hack share, core/checker.py)."""

import sys

from core.checker import checker_table, format_checker_table
from core.table import format_lesson_table, lesson_table

print(format_lesson_table(lesson_table()))
if sys.argv[1:] == ["checker"]:
    print()
    print(format_checker_table(checker_table()))
