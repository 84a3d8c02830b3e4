"""``python -m core``: print the lesson's table (b = 0, sigma = 0)."""

from core.table import format_lesson_table, lesson_table

print(format_lesson_table(lesson_table()))
