"""Defenses: what each one does to the peak and to the collapse, for both methods.

Each defense is set against the undefended reward model (b, σ): a better reward model (b),
an ensemble of k reward models, a length penalty λ, early stopping from m spot checks, and
the slack readout.
"""

import streamlit as st

from common import format as fmt
from ui import (
    charts,
    compute,
    glossary,
    notes,
    page_css,
    presenter,
    share,
    slack_text,
    sliders,
    sources,
    state,
    swamp_text,
)
from ui.defenses import (
    cached_figures,
    research_text,
)
from ui.defenses import (
    compute as defense_compute,
)
from ui.defenses import (
    text as defense_text,
)
from ui.defenses import (
    view as defense_view,
)
from ui.settings import BETA_STOPS, keys_for

state.settle_url("defenses")  # b, σ and every defense's settings; σ opens at 0.5
page_css.page_style()

st.title("Defenses against reward hacking")
notes.show_notes()
# Section 1's own slider (b′, the better reward model) and its chart first, on a phone's and
# a projector's first screen; the undefended world's b and σ right under the chart, then the
# words. With all three sliders above it, a phone's first screen was 24-39% chart.
better_slot, _ = st.columns(2, gap="medium")
main_chart = st.container(key="main-chart")  # ui/page_css.py waits for it
# Something in it at once: Streamlit draws no empty container, and ui/page_css.py's wait keys
# on it, so the b and σ row under it showed before the chart and was pushed down 420 px when
# it came (CLS 0.17-0.19 on a phone's first visit at 1.5 Mbit/s).
main_chart.empty()
b_slot, sigma_slot = st.columns(2, gap="medium")
intro = presenter.words("The four defenses, and the words")
b = sliders.slider("b", container=b_slot)
sigma = sliders.slider("sigma", container=sigma_slot)
better = sliders.slider("fix", container=better_slot)
undefended = defense_compute.summary(b, sigma)


def chart_key(chart) -> str:
    """The session key of the expander that holds ``chart`` (True: open)."""
    return f"open-{chart.__name__}"


def opens(chart):
    """A callback for a section's own controls: moving one opens the section's chart, since
    the reader is looking at what it does."""
    return lambda: st.session_state.update({chart_key(chart): True})


CHART_DESCRIPTION = (
    "Best-of-n on the left, the KL penalty on the right. The readouts just above give its "
    "numbers, with and without the defense."
)


def both_methods(chart, *args, shows: str = "") -> None:
    """One figure per defense: best-of-n on the left, the KL penalty on the right.

    One chart, not two side by side: the browser draws one two-plot figure faster than two.
    Only the first section's chart is always drawn; the others open on request (an expander
    that reruns when opened, so a closed one costs nothing): a b or σ change redraws every
    chart on the screen from scratch, and four of them took twice the time of a peer page
    (bench.defenses_latency). The readouts above each chart always follow.
    """
    if not shows:
        charts.chart(chart(*args), key=chart.__name__, description=CHART_DESCRIPTION)
        return
    box = st.expander(
        f"Chart: {shows}, both methods",
        key=chart_key(chart),
        on_change="rerun",
        icon=":material/show_chart:",
    )
    if box.open:
        charts.chart(chart(*args), key=chart.__name__, description=CHART_DESCRIPTION, container=box)


charts.chart(
    cached_figures.padding_learned(b, better, sigma),
    key=cached_figures.padding_learned.__name__,
    description="Best-of-n on the left, the KL penalty on the right. The readouts in section 1 "
    "below give its numbers, with and without the better reward model.",
    container=main_chart,
    fit=True,
)
# The words under the main chart after it in the run, and both before section 1: the page
# arrives top to bottom, so nothing lands above words already shown. Section 1 first had its
# words pushed below a phone's screen by these (CLS 0.13 on a first visit at 1.5 Mbit/s).
with intro:
    st.markdown(
        "Four ways to keep optimization from running away with a flawed **:blue[reward model]**, "
        "each shown against the undefended one for both methods: **:violet[best-of-n]** and the "
        "**:green[KL penalty]**. The numbers are **:orange[true quality]** gains over the base "
        "model: at each method's *peak* (its best slider stop) and at its *strongest* setting "
        f"clear of the grid's edge ({defense_text.strongest_text(undefended)}). Undefended, "
        f"at {fmt.named('b', b)} and {fmt.named('σ', sigma)}: "
        f"{defense_text.fate_sentence('best_of_n', undefended.best_of_n)} "
        f"{defense_text.fate_sentence('kl', undefended.kl)}"
    )
    swamped = compute.swamping(b, sigma)
    if swamped is not None:
        st.info(swamp_text.swamped_sentence(swamped), icon=":material/waves:")
    glossary.explain("reward model", "true quality", "best-of-n", "n", "β")
    st.caption(glossary.GOODHART_KINDS)
    noisy, clean, variance = defense_compute.noise_alone(sigma)  # core.regression
    st.caption(
        research_text.noise_alone_sentence(
            sigma,
            noisy_gain=noisy,
            clean_gain=clean,
            gold_variance=variance,
            n=defense_compute.NOISE_N,
        )
    )


st.header("1 · A better reward model: learn the padding penalty", divider="gray")
presenter.words("A better reward model, in words").markdown(
    f"The page's reward model learned the fraction {fmt.named('b', b)} of the padding penalty "
    "(the **b** slider above; b = 0 is the lesson's). A better one learned "
    f"{fmt.named('b′', better)} (the **b′** slider), at the same σ: the chart at the top of "
    "the page."
)
defense_view.peak_and_collapse(st, undefended, defense_compute.summary(better, sigma))


def ensemble_section(b: float, sigma: float, undefended) -> dict:
    """Section 2; returns its settings (k, ρ, the combination)."""
    st.header("2 · An ensemble of reward models", divider="gray")
    k_slot, rho_slot, aggregate_slot = st.columns(3, gap="medium")
    opened = opens(cached_figures.ensemble)
    k = sliders.slider("k", container=k_slot, on_change=opened)
    rho = sliders.slider("rho", container=rho_slot, on_change=opened)
    aggregate = sliders.switch("agg", container=aggregate_slot, on_change=opened)
    measured = defense_compute.ensemble_error_sizes(rho)[int(k) - 1]
    formula = defense_compute.error_size(sigma, k, rho)
    presenter.words("How the ensemble combines").markdown(
        defense_text.ensemble_words(aggregate, k, formula, sigma * measured, sigma=sigma, rho=rho)
    )
    if sigma == 0:
        st.info(
            "σ is 0: every member is the same reward model, so the ensemble changes nothing. "
            "Move σ up to give the members errors to average out."
        )
    defended = defense_compute.summary(b, sigma, k, rho, aggregate)
    defense_view.peak_and_collapse(st, undefended, defended)
    both_methods(
        cached_figures.ensemble,
        b,
        sigma,
        k,
        rho,
        aggregate,
        shows="true quality with the ensemble",
    )
    return {"k": k, "rho": rho, "agg": aggregate}


def length_section(b: float, sigma: float, undefended) -> dict:
    """Section 3; returns its setting (λ)."""
    st.header("3 · A length penalty", divider="gray")
    penalty = sliders.slider("lam", on_change=opens(cached_figures.length_penalty))
    presenter.words("What a length penalty does").markdown(
        f"Subtract λ·length from the reward model's score, here {fmt.named('λ', penalty)}. λ = 1 "
        "cancels its liking for length, so padding no longer pays; a bigger λ makes it prefer "
        "answers shorter than true quality wants. Real length bias is less tidy: Singhal et al. "
        "(2023) found that much of RLHF's reward gain was length (optimizing length alone "
        "reproduced much of RLHF's improvement), yet length penalties did not help uniformly: "
        "real length is not one flaw cleanly apart from what people value."
    )
    defense_view.peak_and_collapse(
        st, undefended, defense_compute.summary(b, sigma, length_penalty=penalty)
    )
    both_methods(
        cached_figures.length_penalty,
        b,
        sigma,
        penalty,
        shows="true quality with the penalty",
    )
    return {"lam": penalty}


def spot_check_section(b: float, sigma: float) -> dict:
    """Section 4; returns its setting (m)."""
    st.header("4 · Stop early, from spot checks", divider="gray")
    m = sliders.slider("m", on_change=opens(cached_figures.spot_checks))
    presenter.words("How the spot checks stop").markdown(
        f"At every stop of the n and β sliders, check **{fmt.count(m)}** answers by hand against "
        "true quality and stop where their average looks best. Repeated "
        f"{defense_compute.SPOT_REPEATS} times with fresh checks (seed "
        f"{defense_compute.SPOT_SEED}): where did it stop, and how much true quality did that "
        "lose against the real peak? The checks here are perfect: each reads an answer's true "
        "quality exactly, with no noise. Real checkers (people, or a stronger model) are noisy "
        "and can share the reward model's biases, such as a liking for length, so read these "
        "numbers as a best case."
    )
    spot_bon, spot_kl = defense_compute.spot_checks(m, b, sigma)
    bon_column, kl_column = st.columns(2, gap="medium")
    defense_view.spot_check_readouts(bon_column, spot_bon, "best_of_n")
    defense_view.spot_check_readouts(kl_column, spot_kl, "kl")
    both_methods(cached_figures.spot_checks, m, b, sigma, shows="where the spot checks stop")
    peak, estimates = defense_compute.hedge_tune(b, sigma)  # core.hedging
    st.caption(research_text.hedge_tune_sentence(peak, estimates, m_values=defense_compute.HEDGE_M))
    return {"m": m}


def slack_section(b: float, sigma: float) -> None:
    """Section 5: the slack sentence for both methods."""
    st.header("5 · The slack: stop at the peak", divider="gray")
    slack = defense_compute.slack(b, sigma)
    st.markdown(
        "Where true quality peaks, how much of the reward model's score is given up against the "
        "slider's strongest setting, and what that buys:\n\n"
        f"- **Best-of-n**: {slack_text.slack_sentence('n', slack.best_of_n)}\n"
        f"- **KL penalty**: {slack_text.slack_sentence('β', slack.kl, stops=BETA_STOPS)}\n\n"
        "Finding the peak takes an oracle that sees true quality, which is what the spot "
        "checks above try to be. “Slack” is the word of the essay this demo grew from, not a "
        "term of the research literature."
    )
    presenter.words("What no defense removes").caption(
        "None of these removes the flaw the reward model shares everywhere: an ensemble cannot "
        "average away b or ρ, and a length penalty only fixes the one flaw it names."
    )


def section(draw, *args, link_slot) -> None:
    """One defense as a fragment: moving its own sliders reruns only it (and the link)."""

    @st.fragment
    def fragment() -> None:
        draw(*args)
        share.share_box(state.current_values(keys_for("defenses")), slot=link_slot)

    fragment()


# On the screen: the sections, the slack, the link. Run in that order too, the slack last: its
# numbers are not needed before the sections' charts, which the browser can draw meanwhile.
sections, slack_box = st.container(), st.container()
link = st.empty()
with sections:
    section(ensemble_section, b, sigma, undefended, link_slot=link)
    section(length_section, b, sigma, undefended, link_slot=link)
    section(spot_check_section, b, sigma, link_slot=link)
with slack_box:
    slack_section(b, sigma)
presenter.switch()
sources.footer(
    "coste2023",
    "eisenstein2023",
    "singhal2023",
    "manheim2018",
    "khalaf2025",
    container=presenter.words("Sources"),
)
