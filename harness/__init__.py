"""What the browser tests and the benchmarks share to run the app and drive it in Chromium.

- server: start and stop a real `streamlit run` on a free loopback port.
- chromium: choose and launch the headless Chromium (and its flags).
- app_page: open a page and wait until it is drawn (Playwright's `expect`), sliders, readouts,
  charts, screenshots, the viewports the app is shown on.
- observer: a script inside the page that records when a rerun finished and charts redrew.
"""
