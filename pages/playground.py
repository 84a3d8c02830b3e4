"""Playground: the whole story on one screen.

All four settings live on the stage, which draws in the browser: β and n from the world it
holds for the reward model (b, σ), and b and σ by fetching that world over HTTP (/worlds/), so a
drag or the play button moves any of them at animation speed. The settled setting comes back
once, for the address, the link and the story.
"""

import streamlit as st

from common.i18n import tr
from ui import glossary, language, notes, page_css, presenter, share, sources, state
from ui.address import PREDICT_KEY
from ui.playground import pin, predict, stage, stage_request, story_bar
from ui.settings import STAGE_KEYS

TOASTED_NOTES = "_playground_toasted_notes"  # session key: the notes last said in a toast
url_keys = STAGE_KEYS  # the address sets all four on arrival; the page writes them back
# The address decides the settings and the pin (?pin=b_σ_β_n), or the session carries them.
state.settle_url("playground", stage_keys=url_keys)
present = presenter.presenter_mode()
page_css.page_style(present=present, compact=True)

with st.container(horizontal=True, vertical_alignment="center", gap="medium", key="title-row"):
    st.title(tr("Reward hacking, live"), width="content")
    steps_slot = st.container(width="content", key="story-steps")
# What the picture is, in one sentence, on every first screen (presenter mode leaves it to
# the lecturer: ui/page_css.py).
st.container(key="intro").markdown(
    tr(
        "Each dot is an answer a model might write, placed by its **length** and "
        "**substance**; drag **β** or **n** to push toward what the **:blue[reward model]** "
        "likes."
    )
)
story_slot = st.container()


@st.fragment(key=stage_request.LIVE_STAGE)
def live_stage() -> None:
    """The stage; when it settles on a new setting only this reruns (address, link, story)."""
    settings = stage.show(present=present)
    pinned = pin.url()
    state.write_url({key: settings[key] for key in url_keys}, predict.prediction_url() | pinned)
    # Predicting, the story waits for Reveal: step 2 is the peak, and its line names it.
    story_on = not predict.hiding_truth()
    story_bar.keep_steps_current(settings, story_on=story_on)
    # Written on every run, even empty: a fragment may only fill a slot outside it that the
    # last full run wrote to.
    with story_slot:
        line = st.empty()
        if story_on:
            story_bar.step_line(settings, line, always=present)
    if story_on and not present:  # under the stage: its charts keep the first screen's room
        story_bar.step_quote(settings)
    if not present:  # predicting, the link asks its reader to predict too (not the answer)
        share.share_box(
            settings, extra=pinned | {PREDICT_KEY: predict.prediction_url()[PREDICT_KEY]}
        )


@st.fragment(key=stage_request.STORY_STEPS)
def story_steps() -> None:
    """The story's steps, in the title's row; a settle redraws them only where they change."""
    with steps_slot:
        story_bar.steps(stage.settled(), story_on=not predict.hiding_truth())


live_stage()
story_steps()  # after the stage, which decides whether the truth is hidden
# The address's notes (a value set to its nearest stop) under the stage, said at once in a
# toast over the page: above the stage a note took ~60 px from the charts, which the stage
# fits to the first screen (24% of 1280x720 with a step's line, 40% wanted).
url_notes = notes.show_notes()
if url_notes and st.session_state.get(TOASTED_NOTES) != url_notes:
    st.session_state[TOASTED_NOTES] = url_notes
    st.toast(" ".join(url_notes), icon=":material/link_off:", duration="long")

if not present:
    st.markdown(
        tr(
            "Answers differ in **length** and **substance**. The **:blue[reward model]** thinks "
            "longer is always better; **:orange[true quality]** wants substance, and length "
            "only up to a point. Push harder against the reward model with "
            "**:violet[best-of-n]** or a weaker **:green[KL penalty]**: true quality rises, "
            "peaks, then falls, while the reward model's score keeps climbing."
        )
    )
    st.caption(
        tr(
            "Gains are measured from the base model: 0 is no better than an answer it writes "
            "at random. KL(π ‖ π_ref), in nats, says how far the chosen answers have moved from "
            "the base model's. Length and substance are in standard units: the base model writes "
            "both as independent bell curves centred on 0 with spread 1. The grid ends at 6: "
            "where 5% or more of the KL optimum sits within 0.5 of that edge (β = 0.3 or 0.25 "
            "for some b and σ), its numbers describe the edge, and a note beside them says so."
        )
    )
with st.container(horizontal=True, gap="small"):
    presenter.switch(present)
    predict.switch(predict.prediction_in_url()["on"])
    # Beside the page's other switches, on the first screen of a phone's scroll past the
    # stage; its label reads in every language (ui/language.py).
    language.menu()
if not present:
    st.caption(glossary.GOODHART_KINDS)
    st.page_link(
        "pages/checker.py", label=tr("When the reward is a test suite: rewards you can check")
    )
    sources.footer("gao2022", "singhal2023", "manheim2018")
