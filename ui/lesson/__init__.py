"""The Lesson page's parts.

- ``text``: the fixed text, the runnable snippets (core's and plain numpy's) and the steps to
  try in the Playground.
- ``pack``: the lecturer's pack, every story step's question (``ui.step_questions``) as Markdown
  (the page's, its download, docs/teaching.md's) and as a standalone page to print, each with
  the link that asks it as a class poll (``ui.address.ask_query``; pure).
"""
