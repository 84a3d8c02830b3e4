"""The app's helpers between the pages and core, grouped here by the page they serve.

Every page:
- ``pages_table``: the one table of the pages (file, title, icon, address, ui package; pure):
  app.py's menu, ``settings``' page names and the tests' come from it, and the layer test reads
  which folders below are page packages.
- ``settings``: every page's settings in one table, a row each (key, label, stops, options or a
  seed's range, default, URL form, pages; pure); ``rows``: the kinds of row (a slider's ``Setting``,
  a switch's ``Choice``, a ``Seed``; pure); ``url_values``: a URL value read into the nearest stop,
  option or seed, with a plain note (pure); ``story_steps``: the story's seven steps (pure);
  ``step_questions``: a question per story step, its right answer computed from core at the
  setting (pure; for the class poll, the Lesson's pack and predict-then-reveal);
  ``address``: every parameter of the address resolved at once, and the address as it should read
  (pure; and ``ask_query``, the class poll's address that asks a story step's question);
  ``pin_url``: the Playground's pin in the address, ``?pin=b_σ_β_n``, read like every setting
  (pure); ``language_url``: the reader's language in the address, ``?lang=de``, and which
  language a run reads in (pure); ``state``: the address bar and the session's settings
  (one ``settle_url``,
  the one module that reads and writes the address bar, one value per setting per session,
  how the page was reached); ``sliders``: one slider and one switch builder bound to the
  address; ``notes``: the plain notes about a corrected address, shown; ``history``: one
  browser-history entry per action; ``share``: the link to the page's settings, in a box to
  copy; ``lecturer_cookie``: the poll lecturer's token kept on their device; ``language``:
  the reader's language for the run (``?lang=``, the session's, the browser's), for ``tr``.
- ``style``: the look every chart shares, and the palette as CSS variables for the stage;
  ``themes``: the dark theme's counterpart of each palette colour (CSS and figures);
  ``page_css``: every page's CSS (presenter mode's and the Playground's compact CSS too) and
  the page shell's script; ``charts``: a chart drawn lean, its room held before plotly comes,
  with a text alternative; ``readouts``: one method's metrics, and the note where the grid's
  edge caps a KL optimum; ``presenter``: presenter mode (on or off, carried from page to
  page), its button and the words it folds;
  ``glossary``: one visible line per symbol; ``sources``: the papers
  cited and each page's "Sources" list;
  ``edge_note``: what the screen says where the grid's edge caps a KL optimum (pure);
  ``edge_traces``: a KL curve's capped stretch drawn dotted, faded and marked "edge";
  ``chart_sketch``: a page's main chart as plain SVG and HTML, shown until plotly's code has
  come and drawn it (pure);
  ``gain_charts``: the frame and gain line of the Reward model's, Compare's and the class
  poll's charts;
  ``slack_text``: the slack sentence, the stage's and the Defenses page's (pure);
  ``swamp_text``: the sentence where σ swamps b, and its rule, from numbers (pure; for
  Defenses and the stage; ``compute.swamping`` asks core for them);
  ``draws_text``: what holds always and what on the lesson's one draw of 600 answers, with how
  many of 200 fresh draws it holds on (pure; for the Lesson and Best-of-n);
  ``fitted_model_figures``: a fitted reward model's plane and both optimizers' curves on it
  (the Reward model page's, and the class poll's rating room's);
  ``js_modules``: ES modules joined into the one script a component takes (the stage's, and
  the class poll's downloads); ``shared_assets/``: the ES modules several pages' scripts
  import (``save_file.js``: an SVG drawn into a PNG, a file saved), below every page's;
  ``reading_text``: an answer's sentences as a careful reader counts them (pure; for the
  Best-of-n page's answers and the stage's answer panel);
  ``not_found``: the page for an unknown address; ``link_box``: a link to copy, in plain HTML
  (no syntax highlighter fetched).
- ``page_frame``: the title's size and the room above it, CSS both the first paint and every
  page's CSS carry (pure).
- ``history_assets/``: the script behind ``history``, ``history.js`` (server/serving.py puts
  it in the page itself; the server, beside app.py, is no part of ui/); ``screen``: the window's
  size and a chart's place on it, as the browser reports them (a page's main chart fitted to a
  projector), its script ``screen.js`` in ``screen_assets/`` (with the page shell's:
  ``menu.js``, ``sliders.js``, ``finger_intent.js``).
- ``compute``: cached calls into core, keyed by the settings rounded to the slider stops, in
  plain bounded caches (no Streamlit: scripts/build_worlds.py builds on them too).
- ``disk_store``: what is built once per machine and kept on disk (the stage's worlds, the
  Defenses page's results) under a fingerprint of the code that builds it (the modules with a
  function marked ``@disk_store.builder``, and all they import), written atomically.
- ``module_graph``: which of the repository's modules import which (read with ``ast``, pure):
  the stored worlds' fingerprint covers every file they are built from, and no circle closes.

Sub-packages, one per page that needs more than its page file (``pages_table`` names them; a
folder it does not name is shared), each with its own map in its docstring, the same module
name for the same job (``compute``, ``figures``, ``text``):
- ``lesson/``: the Lesson page (``text``: the runnable snippets and the steps to try; ``pack``:
  the lecturer's pack, the step questions written out).
- ``best_of_n/``: the Best-of-n page (``figures``, ``answers``: what it keeps, written out,
  ``win_rate``: the win rate against a random answer, ``compute``: Best-of-Poisson, soft
  best-of-n and noise alone at the page's settings, ``research``: their block).
- ``kl_penalty/``: the KL penalty page (``figures``, ``compute``, ``text``).
- ``playground/``: the live stage (``stage``, ``stage_assets/``, ``worlds``, ``world_store``) and
  the story bar (``story_bar``).
- ``reward_model/``: the Reward model page (``compute``, ``text``; its figures are shared).
- ``compare/``: the Compare page (``compute``, ``figures``, ``text``, ``selections_text``).
- ``defenses/``: the Defenses page (``compute``, ``store``, ``text``, ``view``, ``research_text``,
  ``figures``, ``cached_figures``).
- ``class_poll/``: the class poll's screens (``db``, ``views``, ``figures``).
- ``checker/``: Rewards you can check (``compute``, ``figures``, ``text``, ``guess_text``,
  ``curriculum_text``); its
  rows of the settings table are ``checker_rows`` (pure), joined into ``settings``.
"""
