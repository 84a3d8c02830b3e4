"""Lesson: the story in plain words, a snippet that prints the lesson's table, what to try."""

import streamlit as st

import core
from ui import compute, glossary, layout, state, story

state.settle_url("lesson", ())  # no sliders here; it notes the visit
layout.page_style()

st.title("The lesson in plain words")
st.caption(
    "Words used below. "
    + glossary.line("RLHF", "reward model", "Bradley–Terry", "sigmoid", "PPO", "KL", "β")
    + " · "
    + glossary.line("DPO", "true quality", "best-of-n", "n", "b", "σ")
)
st.markdown(
    """
**A reward from comparisons.** Nobody can write a formula for "a helpful, honest answer", but
people can say which of two answers is better. RLHF turns such comparisons into a score:
a *reward model* learns to rate preferred answers higher (the Bradley–Terry model of 1952
says the chance one answer beats another is the sigmoid of their score difference). Christiano
and colleagues showed it in 2017 on Atari games and simulated robots (a backflip from about
900 human judgments); Ouyang and colleagues used it in 2022 to make InstructGPT: fine-tune on
human-written answers, train a reward model on people's rankings, then optimize the language
model against that reward model with PPO.

**A leash.** The reward model learned from ordinary answers and is only trustworthy near
them. So RLHF maximizes the score *minus* β times the KL divergence from the starting model.
That problem has an exact answer: the starting model re-weighted by exp(reward/β) (the
starting point of DPO, too). A large β barely moves the model; a small β lets it chase the
reward model's favourites.

**Goodhart's law, in miniature.** "When a measure becomes a target, it ceases to be a good
measure." In this toy every answer has a length and a substance. The true goal rewards
substance and some length but punishes padding; the reward model learned only "longer is
better". Optimize against it and true quality first rises, then peaks (best-of-n: about
n = 49; the KL penalty: β = 1), then falls: by about n = 590 the chosen answers are worse than
the base model's average, and at β = 0.3 true quality is down 4.4 while the reward model
reports +6.7. The reward model's own score never turns down, so it cannot tell you when to
stop. Gao, Schulman and Hilton (2022) measured the same rise and fall in real language models;
Singhal and colleagues (2023) found that much of RLHF's reward gain came from longer answers.

**Living with it.** Teach the reward model a fifth of the padding penalty (b = 0.2) and the
decline vanishes, because this toy has exactly one flaw and we can see it. Real reward models
have many small flaws nobody has mapped (σ in the Playground), which is why RLHF keeps the KL
penalty, prefers rewards that can be checked (tests, known answers), and measures the real goal
some other way than the reward itself.
"""
)

st.header("The lesson's table, from core")
st.markdown(
    "Run this from the repository's root (`python -m core` prints the same table). "
    "Everything in the app is computed by the same `core` package: numpy only, no Streamlit."
)
st.code(story.SNIPPET, language="python")
st.code(core.format_lesson_table(compute.lesson_table(0.0, 0.0)), language=None)

st.header("What to try next")
st.markdown("Each link opens the Playground at the setting it describes.")
for step, preset in enumerate(story.TRIES, start=1):
    st.page_link(
        "pages/playground.py",
        label=f"{step}. {preset.name}",
        icon=":material/play_arrow:",
        query_params=state.full_query(preset.values),
    )
    st.caption(preset.story)
