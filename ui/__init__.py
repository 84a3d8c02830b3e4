"""The app's helpers between the pages and core: settings, cached results, figures, layout.

- ``state``: the four settings (one table), their sliders and their URL form; presets.
- ``compute``: cached calls into core, keyed by the settings rounded to the slider stops.
- ``style``: the look every chart shares: palette, fonts, frames (fixed size and margins), axes.
- ``best_of_n_charts``, ``kl_penalty_charts``: what each page draws; each chart's builder
  (data in, ``go.Figure`` out) beside its cached version, shared by all sessions.
- ``figures``, ``charts``: the Playground's layered figures and their caches.
- ``layout``: page CSS, stacked chart layers, and how a chart is handed to Streamlit.
- ``edge_note``: what the screen says where the grid's edge caps a KL optimum (pure).
"""
