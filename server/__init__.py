"""The app's server: what it adds to Streamlit's HTTP answers, beside app.py and above every page.

app.py hands ``serving.middleware()`` to ``st.App``; nothing in ui/ or pages/ imports this
package (tests/app/test_layers.py ranks it with app.py).

- ``serving``: the first paint, gzip of Streamlit's bundles, the device cookie, and the order of
  the middleware (the worlds' first, then the lecturer's cookie route, gzip, the page).
- ``world_files``: the stage's worlds over HTTP, ``/worlds/<fingerprint>/<b>_<sigma>.json``,
  immutable (their addresses and gzipped bytes are ui/playground/world_files.py's).
"""
