"""What the tests and the benchmarks share to run the app and measure it (``tests.support``).

Imports go one way: tests/ and bench/ import tests.support, and it imports neither bench nor any
other part of tests (tests/app/test_house.py checks it), only the app's own packages (ui, core)
where it must, and scripts/: its loopback ports and child processes (scripts/ports.py,
scripts/processes.py, standard library only) are shared with scripts/cluster.py, a host's tool
that imports nothing from tests. Its own tests are in tests/support_tests/.

- ``machine``: the machine's load line, percentiles (statistics.quantiles), a process's memory
  and CPU (psutil), processes found by their command line.
- ``server``: start and stop a real `streamlit run` on a free loopback port.
- ``chromium``: choose and launch the headless Chromium (and its flags).
- ``app_page``: open a page and wait until it is drawn (Playwright's `expect`), sliders, readouts,
  charts, screenshots, the viewports the app is shown on.
- ``observer``: a script inside the page that records when a rerun finished and charts redrew.
- ``stage_in_browser``, ``stage_root_js``: drive and read the Playground's live stage in Chromium.
- ``app_test``: the one timeout of every AppTest run (a hang guard, not a speed).
- ``event_loop``: run a coroutine to its end from synchronous test code.
- ``asgi``: one HTTP request through an ASGI app in memory (the tests of the app's middleware).
- ``load_client``, ``stage_over_websocket``, ``poll_client``, ``session_probe``: browser-less
  visitors that speak Streamlit's websocket protocol (the load benchmarks and the cluster tests).
- ``cluster_run``: start `make cluster` (scripts/cluster.py) and stop it, leaving nothing behind.
- ``release``: this tree's app and an older release's served side by side (same-run ratios).
- ``trace_split``: a Chromium trace's main-thread time between two marks, split by kind
  (bench.stage_profile).
- ``screen_checks``: what a screen shows, measured in the browser (text boxes, font sizes, touch
  targets) for the projector and phone tests.
"""
