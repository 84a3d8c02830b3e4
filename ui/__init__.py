"""The app's helpers between the pages and core: settings, cached results, figures, layout.

- ``state``: the four settings (one table), their sliders and their URL form; presets.
- ``compute``: cached calls into core, keyed by the settings rounded to the slider stops.
- ``figures``: small figure builders, data in and ``go.Figure`` out, one palette.
- ``charts``: the figures each page shows, built once per setting and shared by all sessions.
- ``layout``: page CSS, stacked chart layers, and how a chart is handed to Streamlit.
"""
