"""Best-of-n: the ranked answers, each one's chance of being kept, and how far it moves.

Everything is exact (order statistics over the answer set), not simulated.
"""

import streamlit as st

from common import format as fmt
from ui import (
    charts,
    compute,
    draws_text,
    glossary,
    notes,
    page_css,
    presenter,
    share,
    sliders,
    sources,
    state,
)
from ui.best_of_n import answers, figures, research, text, win_rate
from ui.best_of_n import compute as best_of_n_compute
from ui.settings import SETTINGS

# Beside the redraw button: what it does (the lesson's set, or fresh set no. k, in the link).
REDRAW_WORDS = "600 fresh draws from the base model; each draw's seed is kept in the link."

state.settle_url("best-of-n")
page_css.page_style()
seed = answers.answer_seed()

st.title("Best-of-n, exactly")
notes.show_notes()
# The page's own slider (n) and the main chart first, on a phone's and a projector's first
# screen; the world's settings (b, σ) and the answer set's buttons right under the chart, then
# the words. With all three sliders and the buttons above it, a phone's first screen was 24%
# chart.
n_slot, _ = st.columns(2, gap="medium")
main_chart = charts.main_chart_slot()  # ui/page_frame.py waits for it (drawn at once)
b_slot, sigma_slot, answers_slot = st.columns([1, 1, 2], gap="medium")  # buttons: one line
# The words' place; written after the main chart (below), so they arrive after it
# and are not pushed down by it (CLS on a first visit at 1.5 Mbit/s); the readouts after both.
words = presenter.words("How best-of-n is computed, exactly")

n = sliders.slider("n", container=n_slot)
b = sliders.slider("b", container=b_slot)
sigma = sliders.slider("sigma", container=sigma_slot)
with answers_slot:
    # The explanation stands beside the buttons, not in a tooltip: a tooltip stayed up over
    # the page after the click (the button keeps the pointer and the focus).
    with st.container(horizontal=True):
        st.button(
            "Draw another 600 answers",
            on_click=answers.set_answer_seed,
            args=(1 if seed is None else seed + 1,),
        )
        st.button(
            "Back to the lesson's 600",
            on_click=answers.set_answer_seed,
            args=(None,),
            disabled=seed is None,
        )
    st.caption(REDRAW_WORDS)

point = compute.best_of_n_point(n, b, sigma, seed)
curve = compute.best_of_n_curve(b, sigma, seed)
peak_at, peak_words = text.peak_texts(curve.peak_pressure, end=SETTINGS["n"].high)

charts.chart(
    figures.scores_against_n(n, b, sigma, seed),
    key="scores-against-n",
    description=f"The reward model's gain keeps rising with n; true quality peaks "
    f"{peak_words}. At {fmt.named('n', n)}: reward model {fmt.signed(point.proxy_gain)}, "
    f"true quality {fmt.signed(point.gold_gain)}.",
    container=main_chart,
    fit=True,
)
with words:
    st.markdown(
        "Draw **n** answers from the base model, with replacement, and keep the one the "
        "**:blue[reward model]** scores highest. Rank the 600 answers by that score, 1 the "
        "worst and 600 the best: the answer of rank *i* is kept with probability"
    )
    st.latex(
        r"P(\text{rank } i \text{ is kept}) = "
        r"\left(\tfrac{i}{600}\right)^{n} - \left(\tfrac{i-1}{600}\right)^{n}"
    )
    st.markdown(
        "(the chance that all n draws rank at most *i*, minus the chance that they all rank "
        "below *i*). So every number on this page is exact, for "
        + ("**the lesson's fixed 600 answers**." if seed is None else f"**fresh set no. {seed}**.")
    )
    glossary.explain("reward model", "true quality", "n", "KL", "nats")
# The readouts after the chart and the words above them: the page arrives top to bottom
# (tests/app/test_drawing_order.py).
kl_exact, kl_bound, proxy_gain, gold_gain, peak = st.columns(5)
kl_exact.metric("KL, exact (nats)", fmt.kl(point.kl), help="Σ p·log(600·p) over the answers")
kl_bound.metric(
    "log n − (n−1)/n",
    fmt.kl(point.kl_bound),
    help="The continuous formula in use since Stiennon et al. (2020); Beirami et al. (2024) "
    "showed it is only an upper bound on the exact KL",
)
proxy_gain.metric("reward model gain", fmt.signed(point.proxy_gain))
gold_gain.metric("true quality gain", fmt.signed(point.gold_gain))
peak.metric(
    "true quality peaks at",
    peak_at,
    help="For this answer set. The lesson's set peaks at n = 49.",
)
left, right = st.columns(2, gap="medium")
with left:
    charts.chart(
        figures.ranked_scores(b, sigma, seed),
        key="ranked-scores",
        hover=True,
        description=figures.ranked_scores_description(b, sigma, seed),
    )
    charts.chart(
        figures.win_chances(n, b, sigma, seed),
        key="win-chances",
        hover=True,
        description=text.win_chances_words(n, *best_of_n_compute.kept_shares(n)),
    )
with right:
    charts.chart(
        figures.kl_against_bound(n, b, sigma, seed),
        key="kl-against-bound",
        description=f"The exact KL stays below log n − (n−1)/n and levels off at log 600 "
        f"≈ 6.40 nats. At {fmt.named('n', n)}: exact {fmt.kl(point.kl)}, formula "
        f"{fmt.kl(point.kl_bound)} nats.",
    )
    win_words = win_rate.words_at(n, b, sigma, seed)
    charts.chart(
        win_rate.win_rate_chart(n, b, sigma, seed),
        key="win-rate",
        hover=True,
        description=win_words,
    )
    st.caption(f"{win_words} {win_rate.WIN_RATE_NOTE}")
# Best-of-Poisson, soft best-of-n and noise alone at the page's settings: one movable block.
research.show(n, b, sigma, seed, last_n=SETTINGS["n"].high)

answers.show(n, b, sigma, seed)
st.markdown("**How far the peak moves between draws of 600 answers**")
charts.chart(
    figures.peak_spread(b, sigma, seed),
    key="peak-spread",
    description="Where true quality peaks, for 30 fresh sets of 600 answers, the lesson's "
    f"set and the set shown (peak {peak_words}); the text below says what it shows.",
)
presenter.words("What the peak's spread shows").caption(
    "Each faint dot is one of 30 fresh sets of 600 answers (seeds 1 to 30); the star is the "
    "lesson's set; the ring is the set shown above. Some sets never turn down before "
    "n = 10,000: the top of 600 answers is a handful of answers, and whether they happen to "
    "be padded is luck. The lesson's set was the first seed found that tells its story "
    f"(seeds 1 to 200, b = σ = 0): {draws_text.spread_words(compute.fresh_story(0.0, 0.0))}. "
    "The exact KL can never pass "
    "log 600: best-of-n only re-weights the 600 "
    "answers it has. The continuous formula assumes infinitely many distinct answers, so it "
    "overstates the KL, more so as n grows (Beirami et al., 2024)."
)
share.share_box({"n": n, "b": b, "sigma": sigma, "seed": seed})
presenter.switch()
sources.footer(
    "stiennon2020",
    "beirami2024",
    "gui2024",
    "khalaf2025",
    "verdun2025",
    "gao2022",
    container=presenter.words("Sources"),
)
