"""The Playground drawn naively: the baseline that bench.browser_latency compares the app with.

Same four sliders (the app's own, from ui.state), same readouts, same core, but drawn the
obvious way: no caching, the full 241 x 241 float64 gold field as filled contours and the proxy
field as lines in the same figure as the 600 answers and both moving clouds, curves recomputed
every rerun, plotly's default settings. Served by its own `streamlit run` in the benchmark; not
part of the app."""

import numpy as np
import plotly.graph_objects as go
import streamlit as st

import core
from ui import state  # the app's own sliders (same stops, labels and URL binding)

CURVE_BETAS = np.geomspace(state.SETTINGS["beta"].high, state.SETTINGS["beta"].low, 200)
CURVE_NS = np.unique(np.geomspace(1, state.SETTINGS["n"].high, 200).round())

st.title("Playground (naive rendering)")
beta = state.slider("beta")
n = state.slider("n")
b = state.slider("b")
sigma = state.slider("sigma")

kl_result = core.kl_optimum(beta, b=b, sigma=sigma)
best_result = core.best_of_n(n, b=b, sigma=sigma)
kl_column, best_column = st.columns(2)
for column, name, result in (
    (kl_column, "KL optimum", kl_result),
    (best_column, "best-of-n", best_result),
):
    column.metric(f"{name}: KL (nats)", f"{result.kl:.2f}")
    column.metric(f"{name}: proxy gain", f"{result.proxy_gain:+.2f}")
    column.metric(f"{name}: gold gain", f"{result.gold_gain:+.2f}")
    column.metric(f"{name}: mean length", f"{result.mean_length:+.2f}")

kl_curve = core.kl_optimum(CURVE_BETAS, b=b, sigma=sigma)
best_curve = core.best_of_n(CURVE_NS, b=b, sigma=sigma)
curves_kl = go.Figure()
curves_kl.add_scatter(x=kl_curve.kl, y=kl_curve.proxy_gain, name="proxy")
curves_kl.add_scatter(x=kl_curve.kl, y=kl_curve.gold_gain, name="gold")
curves_kl.add_scatter(x=[kl_result.kl], y=[kl_result.gold_gain], mode="markers", name="now")
curves_kl.update_layout(title="KL optimum", xaxis_title="KL (nats)")
curves_best = go.Figure()
curves_best.add_scatter(x=CURVE_NS, y=best_curve.proxy_gain, name="proxy")
curves_best.add_scatter(x=CURVE_NS, y=best_curve.gold_gain, name="gold")
curves_best.add_scatter(x=[n], y=[best_result.gold_gain], mode="markers", name="now")
curves_best.update_layout(title="Best-of-n", xaxis_title="n", xaxis_type="log")
left, right = st.columns(2)
left.plotly_chart(curves_kl, key="naive_curves_kl")
right.plotly_chart(curves_best, key="naive_curves_best")

the_answers = core.answers(b=b, sigma=sigma)
kl_points = core.kl_cloud(beta, b=b, sigma=sigma)
best_points = core.best_of_n_cloud(n, b=b, sigma=sigma)
plane = go.Figure()
plane.add_contour(x=core.GRID, y=core.GRID, z=core.gold_field(), name="gold")
plane.add_contour(
    x=core.GRID,
    y=core.GRID,
    z=core.proxy_field(b=b, sigma=sigma),
    contours_coloring="lines",
    showscale=False,
    name="proxy",
)
plane.add_scatter(
    x=the_answers.length, y=the_answers.substance, mode="markers", name="answers", opacity=0.3
)
plane.add_scatter(x=kl_points.length, y=kl_points.substance, mode="markers", name="KL optimum")
plane.add_scatter(x=best_points.length, y=best_points.substance, mode="markers", name="best-of-n")
plane.update_layout(xaxis_title="length", yaxis_title="substance", height=600)
st.plotly_chart(plane, key="naive_plane")
