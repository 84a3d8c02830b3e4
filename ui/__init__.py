"""The app's helpers between the pages and core, grouped here by the page they serve.

Every page:
- ``settings``: the Playground's four settings and the story's steps in one table, their stops
  and URL form (pure); ``state``: those settings on the page (sliders bound to the address, the
  address cleaned with notes, links); ``history``: one browser-history entry per action.
- ``style``: the look every chart shares; ``layout``: page CSS, lean charts, readouts, the
  presenter and predict switches; ``glossary``: one visible line per symbol; ``sources``: the
  papers cited and each page's "Sources" list; ``edge_note``: what the screen says where the
  grid's edge caps a KL optimum (pure); ``not_found``: the page for an unknown address.
- ``compute``: cached calls into core, keyed by the settings rounded to the slider stops.

Lesson: ``lesson_text`` (the runnable snippet and the steps to try). Best-of-n:
``best_of_n_charts``. KL penalty: ``kl_penalty_charts``.

Sub-packages, one per page or group of pages, each with its own map in its docstring:
- ``playground/``: the live stage (``stage``, ``stage_assets/``, ``world_store``) and the story
  bar (``story_bar``).
- ``beyond/``: Reward model and Compare (``settings``, ``compute``, ``figures``,
  ``compare_text``).
- ``defenses/``: the Defenses page (``settings``, ``compute``, ``store``, ``view``, ``figures``,
  ``charts``).
- ``class_poll/``: the class poll's screens (``db``, ``views``, ``figures``).
"""
