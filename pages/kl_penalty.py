"""KL penalty: the optimum in closed form, as a heat map, against the grid, and as a table."""

import streamlit as st

from common import format as fmt
from ui import (
    charts,
    compute,
    edge_note,
    glossary,
    notes,
    page_css,
    presenter,
    readouts,
    share,
    sliders,
    sources,
    state,
)
from ui.kl_penalty import compute as kl_compute
from ui.kl_penalty import figures, text

state.settle_url("kl-penalty", ("beta", "b", "sigma"))
page_css.page_style()

st.title("The KL penalty, solved exactly")
notes.show_notes()
# The page's own slider (β) and the main chart first, on a phone's and a projector's first
# screen; the world's settings (b, σ) right under the chart, then the words. With all three
# sliders above it, a phone's first screen was 39% chart.
beta_slot, _ = st.columns(2, gap="medium")
main_chart = charts.main_chart_slot()  # ui/page_frame.py waits for it
b_slot, sigma_slot = st.columns(2, gap="medium")
# The words' place is here; they are written after the main chart (below), so their formulas'
# code (KaTeX, ~0.3 MB) is asked for after the chart's sketch has come, not before it.
words = presenter.words("The KL penalty, in words and formulas")

beta = sliders.slider("beta", container=beta_slot)
b = sliders.slider("b", container=b_slot)
sigma = sliders.slider("sigma", container=sigma_slot)

point = compute.kl_point(beta, b, sigma)
readout_box = st.container()
at_beta = fmt.named("β", beta)

# The main chart before the heat map in the run (its place on the page is main_chart's): the
# heat map's 241 x 241 values came first over the websocket, and the main chart's sketch
# waited for them (first chart at 10.8-11.7 s at a lecture hall's 1.5 Mbit/s).
main_chart.markdown("**Grid (solid) against the closed form (dashed), past the slider's end**")
charts.chart(
    figures.grid_against_closed_form(beta, b, sigma),
    key="grid-vs-closed-form",
    description=text.curves_description(compute.kl_curve(b, sigma, past_edge=True)),
    container=main_chart,
    fit=True,
)
with words:
    st.markdown(
        "RLHF does not simply maximize the **:blue[reward model]**'s score *r*. It maximizes the "
        "expected score minus β times the KL divergence from the starting model π_ref, so the "
        "policy π pays for every nat it moves away from π_ref (the reward model is trusted only "
        "near the ordinary answers it learned from, and π_ref writes answers like those):"
    )
    st.latex(
        r"\max_\pi\; \mathbb{E}_{y\sim\pi}\,[\,r(y)\,] \;-\; "
        r"\beta\,\mathrm{KL}(\pi \,\|\, \pi_{\text{ref}})"
    )
    st.markdown("is solved exactly by")
    st.latex(r"\pi^*(y) \;\propto\; \pi_{\text{ref}}(y)\,\exp\!\big(r(y)/\beta\big)")
    st.markdown(
        "The best policy is the starting model re-weighted by exp(r/β): a large β barely changes "
        "it, a small β piles the probability onto whatever the reward model likes best. Here y "
        "is an answer (length, substance), π_ref is a bell curve centred on (0, 0), and with "
        "b = σ = 0 the reward is r = length + substance, so π\\* is the same bell curve moved to "
        "(1/β, 1/β): KL = 1/β², reward gain 2/β, true quality gain 2/β − 1/β². With b > 0 its "
        "mean length is 1/(β + 2b) and its length variance β/(β + 2b). InstructGPT trained with "
        "this objective (Ouyang et al., 2022), and the closed form is where DPO starts (Rafailov "
        "et al., 2023). It is what the objective asks for, not what PPO reaches: in Gao et al.'s "
        "(2022) runs a stronger penalty acted much like stopping earlier."
    )
    glossary.explain("reward model", "true quality", "β", "KL", "nats", "π_ref")
# The readouts (their place: readout_box, under the words) after the words: the page arrives
# top to bottom (tests/app/test_drawing_order.py).
readouts.readouts(
    readout_box,
    f"**:green[The optimum at {at_beta}, on the grid]**",
    point,
    at_beta,
    compute.kl_edge_check(beta, b, sigma),
)
heat_column, curves_column = st.columns(2, gap="medium")
with heat_column:
    st.markdown(f"**π\\* at {at_beta}, on the 241 × 241 grid**")
    charts.chart(
        figures.policy_heatmap(beta, b, sigma),
        key="policy-heatmap",
        hover=True,
        description=text.heatmap_description(at_beta, point),
    )
with curves_column:
    if sigma > 0:
        st.info(
            "With σ > 0 the reward model's errors make π\\* lumpy: there is no closed form, "
            "so only the grid's answer is drawn."
        )
    presenter.words("Why the grid bends away").caption(
        text.edge_caption(kl_compute.edge_reading(b, sigma))
    )

st.header("The lesson's table, computed by core")
table = compute.lesson_table(b, sigma)
last_row = compute.kl_edge_check(float(table["beta"][-1]), b, sigma)
readouts.edge_box(
    edge_note.edge_note(table["edge_mass"][-1], "β = 0.3, the table's last row", last_row)
)
frame = compute.lesson_frame(b, sigma)
st.dataframe(
    frame,
    hide_index=True,
    column_config={
        "β": st.column_config.NumberColumn(format="%.2f"),
        "KL (nats)": st.column_config.NumberColumn(format="%.1f", help="KL(π\\* ‖ π_ref)"),
        "reward model gain": st.column_config.NumberColumn(format="%+.2f"),
        "true quality gain": st.column_config.NumberColumn(format="%+.2f"),
        "mean length": st.column_config.NumberColumn(format="%+.2f"),
    },
)
st.download_button(
    "Download the table (CSV)",
    frame.to_csv(index=False).encode(),
    file_name=f"lesson_table_b{b:g}_sigma{sigma:g}.csv",
    mime="text/csv",
    on_click="ignore",
)
st.caption(
    f"Rows are the β values the lesson prints, for the reward model set by the sliders above "
    f"({fmt.named('b', b)}, {fmt.named('σ', sigma)}); with b = σ = 0 they are the lesson's numbers."
)
share.share_box({"beta": beta, "b": b, "sigma": sigma})
presenter.switch()
sources.footer("ouyang2022", "rafailov2023", "gao2022", container=presenter.words("Sources"))
