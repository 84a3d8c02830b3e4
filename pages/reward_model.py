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

state.settle_url("reward-model")
page_css.page_style()

st.title("Where the reward model comes from")
notes.show_notes()
# The page's own slider (how many comparisons) and the charts first, on a phone's and a
# projector's first screen; the raters' other settings right under the charts, then the words.
# With all four sliders above it, a phone's first screen was 24-39% chart.
first_slot, _ = st.columns(2, gap="medium")
main_chart = st.container(key="main-chart")  # ui/page_css.py waits for it
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
        description=f"The learned reward model's contour lines over true quality's filled "
        f"contours; its padding penalty b is {said['b']}. The caption below explains it.",
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
    st.markdown(
        "Before anything is optimized, people compare pairs of answers. Each pair is two answers "
        "from the base model; the rater prefers the first with probability "
        "sigmoid((true quality₁ − true quality₂)/T). A **:blue[reward model]** "
        "r = w\\_s·substance + w\\_l·length − w\\_pad·(length² − 1) is then fitted to their "
        "choices by maximum likelihood (Bradley–Terry, Newton's method). What it learned "
        "about padding is **b = w\\_pad ÷ w\\_s**: 1 is the whole penalty, 0 is the lesson's "
        "reward model, which believes longer is always better. The curves optimize this "
        "fitted model itself, exactly: the KL optimum on the grid, best-of-n over the 600 "
        "answers it ranks."
    )
    glossary.explain("sigmoid", "Bradley–Terry", "true quality", "reward model", "b")
    glossary.explain("n", "β", "π_ref", "DPO")
row = st.container(horizontal=True, gap="small")
row.metric("learned b", said["b"], help="w\\_pad ÷ w\\_s: the padding penalty learned")
row.metric(
    "90% interval of b",
    said["interval"],
    help="b ± 1.645 standard errors, by the delta method from the inverse Hessian; "
    "conditional on the prior: with a prior it can exclude the true b = 1",
)
row.metric(
    "length weight ÷ substance weight",
    said["length weight"],
    help="What the model pays for one unit of length, per unit of substance; the truth is 1",
)
row.metric(
    "comparisons' share of b",
    said["share"],
    help="Of what the fit knows about b (its precision), the part the comparisons carry; "
    "the prior carries the rest",
)
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
    st.markdown(
        "Many comparisons of widely varying lengths teach the whole penalty (b → 1) and the "
        "decline disappears. Few comparisons of typical answers pin b down badly, in either "
        "direction: 200 pairs at spread 0.3 (rater noise 1) give b = 2.71 with no prior "
        "(interval 0.70 to 4.73); only a prior pulls b toward 0, and then its interval is "
        "conditional on that prior: at prior 30 the same pairs give b = 0.19, interval -0.47 "
        "to 0.85, which excludes the true b = 1. A likelier reason a real reward model misses "
        "the penalty is that it cannot express it: fitted without the padding feature, on "
        "200,000 pairs at spread 1, it learns b = 0 by construction and pays 0.75 per unit of "
        "length against 1 for substance, believing longer is always better."
    )
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
presenter.words("DPO learns the same b").info(
    "DPO (Rafailov et al., 2023) skips the separate reward model but fits the same "
    "Bradley–Terry model of the choices implicitly: its policy π stands for the reward "
    "β·log(π/π_ref) (up to a constant), and that is what it fits to the choices. In the ideal "
    "limit (unlimited comparisons, exact optimization) that reward is the fitted reward "
    "model r, so DPO lands on the same optimum, π ∝ π_ref·exp(r/β), and inherits the same "
    "learned b; with finite data it need not, and "
    "can drift far from π_ref where the choices are nearly certain (Azar et al., 2023, "
    "whose IPO keeps it closer).",
    icon=":material/info:",
)
presenter.switch()
sources.footer("rafailov2023", "azar2023", "zhu2023", container=presenter.words("Sources"))
