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
- ``format``: every number and "name = value" the screen writes (gains +0.52, -0.001, never
  -0.00; KL; percents; "β = 0.3", "n = 10,000"; ticks), pure; import it as ``fmt``.

Playground: ``stage`` with ``stage_assets/`` (the live stage: one world per (b, σ), drawn in the
browser), ``world_store`` (those worlds on disk), ``steps`` (the story bar: Back, the numbered
steps, Next, and the step's line).
Best-of-n: ``best_of_n_charts``. KL penalty: ``kl_penalty_charts``. Lesson: ``story`` (the
runnable snippet and the steps to try).
Reward model and Compare: ``beyond_settings`` (their own settings table), ``beyond_compute``,
``beyond_figures``, ``compare_text``.
Defenses: ``defense_settings`` (its own settings table), ``defense_compute``, ``defense_store``
(results at the sections' defaults on disk), ``defense_view`` (readouts and sentences),
``defense_figures`` and ``defense_charts``.
Class poll: ``poll_db`` (which database), ``poll_views`` (its three screens), ``poll_figures``.
"""
