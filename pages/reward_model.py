"""Reward model: people compare answers, Bradley–Terry learns from their choices, then it is
optimized. Where b (the padding penalty it learned) comes from."""

import streamlit as st

from ui import (
    charts,
    compute,
    edge_note,
    fitted_model_figures,
    glossary,
    notes,
    page_css,
    presenter,
    readouts,
    sliders,
    sources,
    state,
)
from ui.reward_model import compute as reward_model_compute
from ui.reward_model import text as reward_text
from ui.settings import keys_for
from ui.url_values import url_form

FRESH_OPEN = "open-fresh-comparisons"  # the session key of the fresh draws' expander
READOUTS = (  # the fit's readouts, by their key in ui.reward_model.text.readouts, and labels
    ("b", "learned b"),
    ("interval", "90% interval of b"),
    ("length weight", "length weight ÷ substance weight"),
    ("share", "comparisons' share of b"),
)

state.settle_url("reward-model")
page_css.page_style()

st.title("Where the reward model comes from")
notes.show_notes()
# The page's own slider (how many comparisons) and the charts first, on a phone's and a
# projector's first screen; the raters' other settings right under the charts, then the words.
# With all four sliders above it, a phone's first screen was 24-39% chart.
first_slot, _ = st.columns(2, gap="medium")
main_chart = charts.main_chart_slot()  # ui/page_frame.py waits for it
slots = [first_slot, *st.columns(3, gap="medium")]
# The words' place; written after the main chart (below), so they arrive after it
# and are not pushed down by it (CLS on a first visit at 1.5 Mbit/s).
words = presenter.words("How the reward model is fitted")

pairs, spread, noise, prior = (
    sliders.slider(key, container=slot)
    for key, slot in zip(keys_for("reward-model"), slots, strict=True)
)

fit = reward_model_compute.reward_model_fit(pairs, spread, noise, prior)
fitted = reward_model_compute.fitted_model(fit)
said = reward_text.readouts(fitted)
best, kl = fitted.best_of_n_read, fitted.kl_read
bon_peak, kl_peak = reward_text.peak_texts(best, kl)

pessimistic = reward_model_compute.pessimistic(pairs, spread, noise, prior)  # core.pessimism
pessimistic_kappa = reward_model_compute.KAPPA
plane_column, curves_column = main_chart.columns(2, gap="medium")
with plane_column:
    field = reward_model_compute.fitted_field(pairs, spread, noise, prior)
    figure = fitted_model_figures.fitted_plane(
        reward_model_compute.GRID, compute.gold_field(), field, length_spread=spread
    )
    charts.chart(
        figure,
        key="fitted-plane",
        description=reward_text.plane_description(said["b"]),
        fit=True,
    )
    presenter.words("How to read the lines").caption(reward_text.plane_caption(fitted))
with curves_column:
    if fitted.defined:
        for curve, read, is_best_of_n, key in (
            (fitted.best_of_n, best, True, "rm-bon"),
            (fitted.kl, kl, False, "rm-kl"),
        ):
            figure = fitted_model_figures.overoptimization(
                curve, best_of_n=is_best_of_n, b=fit.b, model="the fitted model"
            )
            said_of_curve = reward_text.curve_sentence(read, best_of_n=is_best_of_n)
            if not is_best_of_n and pessimistic is not None:  # r_LCB's optimum, dotted
                figure = fitted_model_figures.with_pessimistic_line(
                    figure, curve.pressure, pessimistic.curve.gold_gain, kappa=pessimistic_kappa
                )
            charts.chart(figure, key=key, description=said_of_curve)
        readouts.edge_box(edge_note.curve_note(fitted.kl.pressure, fitted.kl.edge_mass))
    else:
        st.info(reward_text.undefined_sentence(fit), icon=":material/block:")

with words:
    st.markdown(reward_text.HOW_IT_IS_FITTED)
    glossary.explain("sigmoid", "Bradley–Terry", "true quality", "reward model", "b")
    glossary.explain("n", "β", "π_ref", "DPO")
row = st.container(horizontal=True, gap="small")
for key, label in READOUTS:
    row.metric(label, said[key], help=reward_text.READOUT_HELP[key])
row.metric("best-of-n: true quality peaks at", bon_peak)
row.metric("KL optimum: true quality peaks at", kl_peak)
if fit.information is None:  # no finite fit: separable choices, or no convergence
    st.warning(f"The fit did not converge: {fit.message}.", icon=":material/warning:")
with presenter.words("What the curves show, and why b is hard to learn"):
    if fitted.defined:
        st.markdown(
            f"{reward_text.curve_sentence(best, best_of_n=True)} "
            f"{reward_text.curve_sentence(kl, best_of_n=False)}"
        )
    st.markdown(reward_text.narrow_sentence(fitted, spread=spread))
    if pessimistic is not None:
        st.markdown(
            reward_text.pessimistic_sentence(
                pessimistic.plain,
                pessimistic.pessimistic,
                kappa=pessimistic_kappa,
                beta=reward_model_compute.PESSIMISTIC_BETA,
            )
        )
    st.markdown(reward_text.share_sentence(fitted))
    st.markdown(reward_text.WHY_B_IS_HARD)
# 30 more fits and 60 curves (~1.5 s at 10,000 pairs, ~6 s at 200,000): on request only.
fresh_box = st.expander(
    "Other draws of the same comparisons: how often this holds",
    key=FRESH_OPEN,
    on_change="rerun",
    icon=":material/casino:",
)
if fresh_box.open:
    fresh = reward_model_compute.fresh_draws(pairs, spread, noise, prior)
    fresh_box.markdown(reward_text.fresh_sentence(fresh, pairs=pairs, this_draw=fitted))
b_stop = reward_model_compute.playground_b(fit)
st.page_link(
    "pages/playground.py",
    label=reward_text.playground_label(fit, b_stop, defined=fitted.defined),
    icon=":material/tune:",
    query_params={"b": url_form(b_stop)},
)
st.caption(reward_text.playground_caption(fit, b_stop, defined=fitted.defined))
presenter.words("DPO learns the same b").info(reward_text.DPO, icon=":material/info:")
presenter.switch()
sources.footer("rafailov2023", "azar2023", "zhu2023", container=presenter.words("Sources"))
