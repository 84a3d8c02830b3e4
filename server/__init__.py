"""The app's server: what it adds to Streamlit's HTTP answers, beside app.py and above every page.

app.py hands ``serving.middleware()`` to ``st.App``; nothing in ui/ or pages/ imports this
package (tests/app/test_layers.py ranks it with app.py).

- ``serving``: the first paint, the device cookie, the first visit's bundles, and the order of
  the middleware (the worlds' first, then the lecturer's cookie route, the bundles, the page).
- ``bundles``: Streamlit's ``/static/`` bundles in zstd or gzip, each compressed once per process
  and coding (the first visit's at start, in a thread) and kept within STATIC_CACHE_BYTES.
- ``codings``: which content coding a request gets from its ``Accept-Encoding`` (q-values;
  zstd before gzip on a tie, identity when neither is accepted), and the bytes in it (zstd 19,
  gzip 9).
- ``world_files``: the stage's worlds over HTTP, ``/worlds/<fingerprint>/<b>_<sigma>.json``,
  immutable (their addresses and gzipped bytes are ui/playground/world_files.py's); in zstd
  once this machine has it (compressed in a thread, never while a browser waits, and stored
  beside the .gz), else gzip as stored.
"""
