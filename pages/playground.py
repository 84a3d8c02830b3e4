"""Playground: the whole story on one screen.

What does not change with β or n (true quality, the answers, the reward model's lines, both
whole curves) is drawn by the full page run, at most once per (b, σ). β and n live in a
fragment: moving either reruns only the fragment, which redraws the readouts and the small
transparent layers holding the moving clouds and the current marks, stacked exactly on top
of the still charts.
"""

import streamlit as st

from ui import charts, compute, layout, state

state.settle_url("playground")
layout.page_style()

st.title("Reward hacking, live")
st.markdown(
    "Answers differ in **length** and **substance**. The **:blue[reward model]** thinks "
    "longer is always better; **:orange[true quality]** wants substance, and length only up "
    "to a point. Optimize against the reward model with **:violet[best-of-n]** or the "
    "**:green[KL penalty]**: true quality rises, peaks, then falls, while the reward "
    "model's score keeps climbing."
)
state.show_notes()
state.preset_buttons()
beta_slot, n_slot, b_slot, sigma_slot = st.columns(4, gap="medium")
b = state.slider("b", container=b_slot)
sigma = state.slider("sigma", container=sigma_slot)
story_slot = st.container()
kl_readouts, bon_readouts = st.columns(2, gap="large")

curves_column, plane_column = st.columns(2, gap="medium")
with curves_column, layout.stack("curves"):
    layout.chart(charts.curves_base(b, sigma), key="curves-base")
    bon_marks_slot = st.container(key="layer-bon-marks")
    kl_marks_slot = st.container(key="layer-kl-marks")
with plane_column, layout.stack("plane"):
    layout.chart(charts.plane_base(), key="plane-base")
    layout.chart(charts.plane_proxy_lines(b, sigma), key="plane-proxy")
    kl_cloud_slot = st.container(key="layer-kl-cloud")
    bon_cloud_slot = st.container(key="layer-bon-cloud")
    layout.chart(charts.plane_legend(), key="plane-legend")

st.caption(
    "Gains are measured from the base model: 0 is no better than an answer it writes at "
    "random. KL(π ‖ π_ref), in nats, says how far the chosen answers have moved from the base "
    "model's. Length and substance are in standard units: the base model writes both as "
    "independent bell curves centred on 0 with spread 1. β stops at 0.25 because below about "
    "0.15 the edge of the computed grid (substance 6), not the lesson, would cap the optimum."
)
link_slot = st.container()


@st.fragment
def moving_parts(b: float, sigma: float) -> None:
    """β and n, and everything that moves with them."""
    beta = state.slider("beta", container=beta_slot)
    n = state.slider("n", container=n_slot)
    settings = {"beta": beta, "n": n, "b": b, "sigma": sigma}
    with link_slot:
        state.share_box(settings)
    with story_slot:
        state.preset_story(settings)
    layout.readouts(
        kl_readouts,
        f"**:green[KL penalty at β = {beta:g}]**",
        compute.kl_point(beta, b, sigma),
        f"β = {beta:g}",
    )
    layout.readouts(
        bon_readouts,
        f"**:violet[Best-of-n at n = {n:g}]**",
        compute.best_of_n_point(n, b, sigma),
        f"n = {n:g}",
    )
    layout.chart(charts.best_of_n_marks(n, b, sigma), key="bon-marks", container=bon_marks_slot)
    layout.chart(charts.kl_marks(beta, b, sigma), key="kl-marks", container=kl_marks_slot)
    layout.chart(charts.plane_kl_cloud(beta, b, sigma), key="kl-cloud", container=kl_cloud_slot)
    layout.chart(
        charts.plane_best_of_n_cloud(n, b, sigma), key="bon-cloud", container=bon_cloud_slot
    )


moving_parts(b, sigma)
