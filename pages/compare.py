"""Compare: Gao, Schulman & Hilton's laws for both methods on one axis, the methods at equal KL,
and what heavy-tailed reward-model errors do to best-of-n and to the KL optimum (catastrophic
Goodhart)."""

import pandas as pd
import streamlit as st

from common import format as fmt
from ui import (
    charts,
    edge_note,
    glossary,
    notes,
    page_css,
    presenter,
    readouts,
    sliders,
    sources,
    state,
)
from ui.compare import compute as compare_compute
from ui.compare import figures as compare_figures
from ui.compare import selections_text
from ui.compare import text as compare_text
from ui.compare.compute import KL_TAILS_BETAS

KL_TAILS_OPEN = "open-kl-tails"  # the session key of the KL tails expander (True: open)

state.settle_url("compare")
page_css.page_style()

st.title("Compare the methods, and heavier tails")
notes.show_notes()
# The sliders and the main chart first, on a projector's first screen; the words below them.
b_slot, sigma_slot = st.columns(2, gap="medium")
main_chart = charts.main_chart_slot()  # ui/page_frame.py waits for it
# The words' place; written after the main chart (below), so they arrive after it
# and are not pushed down by it (CLS on a first visit at 1.5 Mbit/s).
words = presenter.words("Gao et al.'s two laws")

b = sliders.slider("b", container=b_slot)
sigma = sliders.slider("sigma", container=sigma_slot)
panel = compare_compute.gao_panel(b, sigma)
charts.chart(
    compare_figures.gao_chart(panel),
    key="gao-chart",
    hover=True,
    description=compare_text.GAO_CHART,
    container=main_chart,
    fit=True,
)
with words:
    st.markdown(compare_text.GAO_LAWS)
    glossary.explain("true quality", "best-of-n", "KL", "nats", "d", "reward model")
edge = edge_note.curve_note(
    panel.kl_beta, panel.kl_edge_mass, panel.kl_capped, panel.kl_wide_gold - panel.kl_gold
)
readouts.edge_box(edge)

st.dataframe(pd.DataFrame(compare_text.gao_rows(panel)), hide_index=True, width="stretch")
with presenter.words("Why the KL optimum follows the best-of-n law"):
    st.markdown(compare_text.KL_FOLLOWS_BEST_OF_N)
    st.markdown(compare_text.why_best_of_n_law(panel))
with presenter.words("Best-of-Poisson and soft best-of-n, on the same 600"):
    st.markdown(selections_text.selections_sentences(compare_compute.selections(b, sigma)))

st.header("Both methods at equal KL")
equal = compare_compute.equal_kl(b, sigma)
st.dataframe(pd.DataFrame(compare_text.equal_kl_rows(equal)), hide_index=True, width="stretch")
readouts.edge_box(compare_text.equal_kl_edge_note(equal))
with presenter.words("What equal KL says"):
    st.markdown(compare_text.equal_kl_sentence(equal))
    st.markdown(compare_text.method_and_support(equal))
    st.markdown(compare_text.EQUAL_KL_CAVEATS)
    st.markdown(compare_text.GAO_PENALTY_AND_SIZE)

st.header("Heavy-tailed errors: catastrophic Goodhart")
presenter.words("Light and heavy tails").markdown(compare_text.LIGHT_AND_HEAVY)
tails = sliders.switch("tails")
light, heavy = compare_compute.averaged_tails("light"), compare_compute.averaged_tails("heavy")
shown, other = (heavy, light) if tails == "heavy" else (light, heavy)
row = st.container(horizontal=True, gap="small")
row.metric("true quality at n = 10,000", fmt.signed(shown.last_gold_gain))
row.metric("share of its peak", fmt.percent(shown.last_gold_gain / shown.peak_gold_gain))
row.metric("reward model at n = 10,000", fmt.signed(shown.last_proxy_gain))
charts.chart(
    compare_figures.tails_chart(shown, other, heavy=tails == "heavy"),
    key="tails-chart",
    description=f"At n = 10,000: true quality {fmt.signed(shown.last_gold_gain)}, reward model "
    f"{fmt.signed(shown.last_proxy_gain)}; the sentence below the chart says what it shows.",
)
st.markdown(compare_text.best_of_n_tails_sentence(shown, other, heavy=tails == "heavy"))

st.subheader("The KL optimum, light or heavy tails")
presenter.words("Kwa, Thomas & Garriga-Alonso's theorem").markdown(compare_text.KWA_THEOREM)
# 40 KL problems on the grid (~1 s of two cores the first time in a process; best-of-n's 200
# runs take 0.3 s): computed only when a reader opens it, then shared by every session.
box = st.expander(
    "The KL optimum with these tails in every grid cell: its numbers and chart",
    key=KL_TAILS_OPEN,
    on_change="rerun",
    icon=":material/show_chart:",
)
if box.open:
    with box:
        light_kl, heavy_kl = compare_compute.kl_tails("light"), compare_compute.kl_tails("heavy")
        shown_kl, other_kl = (heavy_kl, light_kl) if tails == "heavy" else (light_kl, heavy_kl)
        row = st.container(horizontal=True, gap="small")
        probe, last_beta = shown_kl.probe, fmt.named("β", KL_TAILS_BETAS[-1])
        row.metric(
            f"KL at {fmt.named('β', KL_TAILS_BETAS[probe], digits=3)}",
            fmt.kl(shown_kl.mean_kl[probe]),
        )
        row.metric("reward model there", fmt.signed(shown_kl.mean_proxy[probe]))
        row.metric("true quality there", fmt.signed(shown_kl.mean_gold[probe]))
        row.metric(f"true quality at {last_beta}", fmt.signed(shown_kl.mean_gold[-1]))
        readouts.edge_box(compare_text.tails_edge_note(shown_kl))
        charts.chart(
            compare_figures.kl_tails_chart(shown_kl, other_kl, heavy=tails == "heavy"),
            key="kl-tails-chart",
            description="True quality of the KL optimum against d with errors in every grid cell: "
            f"{fmt.signed(shown_kl.mean_gold[-1])} at {last_beta}; the sentence below the "
            "chart says what it shows.",
        )
        st.markdown(
            f"{compare_text.kl_tails_sentence(light_kl, heavy_kl, heavy_shown=tails == 'heavy')} "
            "The switch above picks the tails for both methods."
        )
presenter.switch()
sources.footer(
    "gao2022",
    "beirami2024",
    "gui2024",
    "khalaf2025",
    "verdun2025",
    "kwa2024",
    "thomas2023",
    container=presenter.words("Sources"),
)
