"""The Playground page's parts: the live stage, its pin and downloads, and the story bar.

- ``stage``: the live stage, a ``st.components.v2`` component drawn in the browser, mounted
  with the world Python last asked for; b and σ swap worlds in the browser
  (``stage_assets/worlds.js``); its settled report comes back once.
- ``worlds``: one world (JSON) per (b, σ) carries everything β and n move, so they glide
  without a rerun; shaped from ``world_numbers`` (every number of one world, asked of
  ui.compute in one pass; the modules that word it get numbers, not b), kept in memory, and
  prewarmed (no Streamlit import).
- ``stage_words``: the reader's catalogue entries the stage's scripts ask for (``t("...")``
  in ``stage_assets/``, looked up by ``words.js``); a world's own sentences are built in the
  reader's language (``worlds``; one world per language, at its own address).
- ``reports``: what the browser reports, read safely (each setting snapped to a stop).
- ``predict``: predict-then-reveal (?predict=1): on or off in the address, the guesses, the
  reveal, what stays hidden, and the button into it and out.
- ``stage_request``: where Python last asked the stage to move (a story step, an arrival).
- ``stage_assets/``: the stage's HTML, CSS and JavaScript, small ES modules (``stage.js`` the
  entry with the ``Stage`` class; the pure parts tested by ``node --test`` in tests/js/);
  docs/code.md says what each does: ``stage_assets/annotations.js``,
  ``stage_assets/answer_writer.js``, ``stage_assets/answers.css``, ``stage_assets/answers.js``,
  ``stage_assets/controls.js``, ``stage_assets/curves.js``, ``stage_assets/curves_hover.js``,
  ``stage_assets/curves_world.js``, ``stage_assets/drawing.js``, ``stage_assets/export.js``,
  ``stage_assets/field.js``, ``stage_assets/format.js``, ``stage_assets/guessing.js``,
  ``stage_assets/marks.js``, ``stage_assets/motion.js``, ``stage_assets/moving.js``,
  ``stage_assets/pin.js``, ``stage_assets/pin_controls.js``, ``stage_assets/pin_drawing.js``,
  ``stage_assets/plane.js``, ``stage_assets/predict.js``, ``stage_assets/profile.js``,
  ``stage_assets/scales.js``, ``stage_assets/settling.js``, ``stage_assets/sizes.js``,
  ``stage_assets/stage.css``, ``stage_assets/stage.html``, ``stage_assets/svg.js``,
  ``stage_assets/touch.js``, ``stage_assets/words.js``, ``stage_assets/worlds.js``.
- those modules are joined into the one script the component takes by ``ui/js_modules.py``
  (no build; shared: the class poll's downloads are joined by it too); the downloads' PNG and
  saving are shared with the poll's (``ui/shared_assets/save_file.js``).
- ``world_store``: those worlds' files in the app's disk store (``ui/disk_store.py``: under the
  code's fingerprint, shared by every replica and restart; built by ``scripts/build_worlds.py``).
- ``world_files``: those worlds as immutable files: their addresses,
  ``/worlds/<fingerprint>/<b>_<sigma>.json`` (another language's under ``de/``), and their
  gzipped bytes in the store (served by
  ``server/world_files.py``, the middleware ``server/serving.py`` puts first).
- ``pin``: the stage's pin (?pin=b_σ_β_n), a picture kept faded beside the current one (its
  URL form is ``ui/pin_url.py``, shared: the address table reads it).
- ``csv_numbers``: each stop's numbers for the stage's CSV download.
- ``answer_panel``: answers you can read: the cloud point the stage's panel writes out at
  each stop (from numbers it is given), and the writer's banks (core/answer_text.py) that
  ``stage_assets/answers.js`` fetches once and writes from (``answer_writer.js``, its twin).
- ``story_bar``: the story's numbered steps with Back and Next (and ← →), and the step's line.
"""
