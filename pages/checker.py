"""Rewards you can check: a checker that can be fooled, at two difficulties side by side, and a
monitor that reads the reasoning (core/checker.py)."""

import streamlit as st

from ui import charts, glossary, notes, page_css, presenter, screen, sliders, sources, state
from ui.checker import compute, curriculum_text, figures, guess_text, text

GUESS_KEY = "checker-guess"  # the reader's guess of the β where the solve rate is highest
REVEALED_KEY = "checker-revealed"  # True once the guess is revealed (this session only)


def toggle_reveal() -> None:
    st.session_state[REVEALED_KEY] = not st.session_state.get(REVEALED_KEY, False)


state.settle_url("checker")
page_css.page_style()

st.title("Rewards you can check")
notes.show_notes()
# β, the page's own slider, the guess and the main chart first, on a phone's and a
# projector's first screen; the two tasks' settings under the chart, then the words. With all
# six controls above it, a phone's first screen was 7 sliders and a switch (0.2% chart).
beta_slot, _ = st.columns(2, gap="medium")
beta = sliders.slider("check_beta", container=beta_slot)
guess_box = st.container(horizontal=True, vertical_alignment="bottom", gap="medium")
revealed = st.session_state.get(REVEALED_KEY, False)
guess = guess_box.select_slider(
    guess_text.QUESTION,
    options=guess_text.OPTIONS,
    value=0.1,
    format_func=guess_text.guess_text,
    help=guess_text.HELP,
    key=GUESS_KEY,
    disabled=revealed,
    width=520,
)
guess_box.button(
    "Guess again (hide the solve rate)" if revealed else "Reveal the solve rate",
    key="checker-reveal",
    on_click=toggle_reveal,
    icon=":material/visibility:",
)
# Drawn from the start (an empty container is not), so the sliders sent before the chart wait
# unseen under it (ui/charts.py).
main_chart = charts.main_chart_slot()
controls = st.columns([1, 1, 1, 1, 1.3], gap="small")  # the switch's two buttons in one line
pass_left = sliders.slider("pass1", container=controls[0])
pass_right = sliders.slider("pass1_other", container=controls[1])
looseness = sliders.slider("h", container=controls[2])
hack_rate = sliders.slider("q", container=controls[3])
against = sliders.switch("against", container=controls[4])

views = tuple(
    compute.task_view(beta, pass_rate, looseness, hack_rate)
    for pass_rate in (pass_left, pass_right)
)
# On a phone the two tasks stacked, each with its title (side by side each was ~170 px wide).
known = screen.known("checker-tasks")
stacked = known is not None and known.width < figures.STACK_BELOW_PX
titles = tuple(
    figures.task_title(pass_rate, side)
    for pass_rate, side in zip((pass_left, pass_right), ("Left", "Right"), strict=True)
)
charts.chart(
    figures.tasks_chart(views, titles, against=against, reveal=revealed, stacked=stacked),
    key="checker-tasks",
    description=" ".join(
        text.task_sentence(view, side, reveal=revealed).replace("**", "")
        for view, side in zip(views, ("left", "right"), strict=True)
    ),
    container=main_chart,
    fit=True,
    # Side by side until the screen is known, then stacked on a phone: what follows waits for
    # the stacked chart (the task sliders under it dropped 146 px, CLS 0.15-0.16 on a phone).
    provisional=known is None,
)
if revealed:
    st.success(guess_text.reveal_sentence(guess, views), icon=":material/check_circle:")
for view, side in zip(views, ("left", "right"), strict=True):
    st.markdown(text.task_sentence(view, side, reveal=revealed))
st.markdown(text.hacks_sentence(views))
st.markdown(text.pass_at_k_sentence(tuple(map(compute.odds, views)), reveal=revealed))
if revealed:
    st.markdown(text.early_sentence(views))
# The curriculum question (core.curriculum): which mix of the two tasks, at one KL budget.
mixes = compute.curriculum_view(beta, pass_left, pass_right, looseness, hack_rate)
mix_words = curriculum_text.curriculum_sentence(mixes, reveal=revealed)
presenter.words("Which mix of the two tasks to train on").markdown(mix_words)
if revealed:
    charts.chart(figures.curriculum_chart(mixes), key="checker-curriculum", description=mix_words)

with presenter.words("The price of skill and of a hack"):
    pass_rates, world = (pass_left, pass_right), (looseness, hack_rate)
    st.markdown(text.cost_sentence(views, looseness, compute.prices(pass_rates, *world)))
    groups = compute.groups(pass_rates, *world)
    st.markdown(text.reinforced_sentence(groups))
    st.markdown(text.group_sentence(groups))
with presenter.words("The model"):
    st.markdown(text.MODEL)
    glossary.explain("pass@1", "sigmoid", "KL", "nats", "β", "π_ref", "GRPO")

st.header("A monitor that reads the reasoning")
with presenter.words("The monitor's rules"):
    st.markdown(text.monitor_rules(compute.MONITOR_RULES))
monitor = sliders.switch("monitor")
monitored = compute.monitor_view(beta, pass_left, looseness, hack_rate, monitor == "penalize")
monitor_title = f"Left task, caught hacks {'penalized' if monitor == 'penalize' else 'counted'}"
charts.chart(
    figures.monitor_chart(monitored, monitor_title, against=against),
    key="checker-monitor",
    description=text.monitor_sentence(monitored).replace("**", ""),
)
st.markdown(text.monitor_sentence(monitored))
penalized = compute.monitor_view(beta, pass_left, looseness, hack_rate, True)
with presenter.words("What Baker et al. found"):
    st.markdown(f"{text.MONITOR_FINDING} {text.turn_sentence(penalized)}")

st.header("What this shows, and what it does not")
with presenter.words("Assumptions, the essay's claim, the research"):
    st.markdown(text.ASSUMPTIONS)
    st.markdown(text.ESSAY_CLAIM)
    st.markdown(text.FINDINGS)
presenter.switch()
sources.footer(*text.SOURCE_KEYS, container=presenter.words("Sources"))
