"""Defenses: what each one does to the peak and to the collapse, for both methods.

Each defense is set against the undefended reward model (b, σ): a better reward model (b),
an ensemble of k reward models, a length penalty λ, early stopping from m spot checks, and
the slack readout.
"""

import streamlit as st

from ui import (
    charts,
    compute,
    glossary,
    notes,
    page_css,
    presenter,
    share,
    sliders,
    sources,
    state,
    swamp_text,
)
from ui.defenses import cached_figures, research_text
from ui.defenses import compute as defense_compute
from ui.defenses import text as defense_text
from ui.defenses import view as defense_view
from ui.settings import keys_for

state.settle_url("defenses")  # b, σ and every defense's settings; σ opens at 0.5
page_css.page_style()

st.title("Defenses against reward hacking")
notes.show_notes()
# Section 1's own slider (b′, the better reward model) and its chart first, on a phone's and
# a projector's first screen; the undefended world's b and σ right under the chart, then the
# words. With all three sliders above it, a phone's first screen was 24-39% chart.
better_slot, _ = st.columns(2, gap="medium")
main_chart = charts.main_chart_slot()  # ui/page_frame.py waits for it (drawn at once)
b_slot, sigma_slot = st.columns(2, gap="medium")
intro = presenter.words("The four defenses, and the words")
b = sliders.slider("b", container=b_slot)
sigma = sliders.slider("sigma", container=sigma_slot)
better = sliders.slider("fix", container=better_slot)
undefended = defense_compute.summary(b, sigma)


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
    st.markdown(defense_text.intro_words(b, sigma, undefended))
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
presenter.words("A better reward model, in words").markdown(defense_text.better_words(b, better))
defense_view.peak_and_collapse(st, undefended, defense_compute.summary(better, sigma))


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
    section(defense_view.ensemble_section, b, sigma, undefended, link_slot=link)
    section(defense_view.length_section, b, sigma, undefended, link_slot=link)
    section(defense_view.spot_check_section, b, sigma, link_slot=link)
with slack_box:
    defense_view.slack_section(b, sigma)
presenter.switch()
sources.footer(
    "coste2023",
    "eisenstein2023",
    "singhal2023",
    "manheim2018",
    "khalaf2025",
    container=presenter.words("Sources"),
)
