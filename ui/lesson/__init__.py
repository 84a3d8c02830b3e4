"""The Lesson page's parts.

- ``text``: the fixed text, the runnable snippets (core's and plain numpy's) and the steps to
  try in the Playground.
"""
