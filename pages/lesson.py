"""Lesson: the story in plain words, a snippet that prints the lesson's table, what to try."""

import streamlit as st

import core
from ui import compute, draws_text, glossary, page_css, presenter, sources, state
from ui.lesson import pack, text
from ui.settings import full_query

PACK_OPEN = "open-lecturers-pack"  # the session key of the pack's expander (True: open)

state.settle_url("lesson", ())  # no sliders here; it notes the visit
page_css.page_style()

st.title("The lesson in plain words")
story = presenter.words("The story in plain words")
story.caption(
    "Words used below. "
    + glossary.line("RLHF", "reward model", "Bradley–Terry", "sigmoid", "PPO", "KL", "β")
    + " · "
    + glossary.line("DPO", "true quality", "best-of-n", "n", "b", "σ")
)
# Best-of-n's numbers are the lesson's one draw of 600 answers': said beside how many of 200
# fresh draws they hold on (ui/draws_text.py, counted by core.fresh_draws; ~1 s of a core on a
# process's first Lesson, then cached).
draw_words = draws_text.lesson_draw_words(
    compute.lesson_story(0.0, 0.0), compute.fresh_story(0.0, 0.0)
)
fix_words = draws_text.fix_words(
    compute.kl_largest_fall(0.2, 0.0), compute.lesson_story(0.2, 0.0), compute.fresh_story(0.2, 0.0)
)
story.markdown(
    """
**A reward from comparisons.** Nobody can write a formula for "a helpful, honest answer", but
people can say which of two answers is better. RLHF turns such comparisons into a score:
a *reward model* learns to rate preferred answers higher (the Bradley–Terry model of 1952
says the chance one answer beats another is the sigmoid of their score difference). Christiano
and colleagues showed it in 2017 on Atari games and simulated robots (a backflip from about
900 human judgments); Ouyang and colleagues used it in 2022 to make InstructGPT: fine-tune on
human-written answers, train a reward model on people's rankings, then optimize the language
model against that reward model with PPO (Schulman and colleagues, 2017).

**A leash.** The reward model learned from ordinary answers and is only trustworthy near
them. So RLHF maximizes the score *minus* β times the KL divergence from the starting model.
That problem has an exact answer: the starting model re-weighted by exp(reward/β), which is
also where DPO starts (Rafailov and colleagues, 2023). A large β barely moves the model; a
small β lets it chase the reward model's favourites.

**Gaming the specification.** In OpenAI's boat-racing game CoastRunners the agent was paid
the game's score, which came from hitting targets, not from finishing: it learned to circle one
lagoon, on fire and crashing, scoring more than any finisher (Clark and Amodei, 2016).
Krakovna and colleagues at DeepMind (2020) collected dozens of such cases under the name
*specification gaming*: meeting the letter of an objective and missing its point. When the
gap is in a reward model, it is called reward hacking.

**Goodhart's law, in miniature.** "When a measure becomes a target, it ceases to be a good
measure": Marilyn Strathern's wording (Strathern, 1997) of what the economist Charles Goodhart
observed about monetary targets (Goodhart, 1975).
In this toy every answer has a length and a substance. The true goal rewards
substance and some length but punishes padding; the reward model learned only "longer is
better". Optimize against it and true quality first rises, then peaks, then falls. With the
KL penalty the peak is at β = 1, and at β = 0.3 true quality is down 4.37 while the reward
model reports +6.65 (the table below): always, for the grid's exact optimum has no draw to be
lucky in. {DRAW_WORDS} The reward model's own score never turns down, so it cannot tell you
when to stop.

**The same in real models.** Gao, Schulman and Hilton (2022) let a large "gold" reward model
(6B parameters) stand in for people, trained smaller reward models on its preferences and
optimized against those: the gold score rose, then fell, while the smaller model's score kept
rising, along smooth curves in the KL from the starting model. Singhal and colleagues (2023)
found the toy's flaw in real RLHF: much of the reward models' score gain came from longer
answers, and optimizing a reward for length alone reproduced much of RLHF's improvement.
Manheim and Garrabrant (2018) sort such failures: σ in the Playground is *regressional*
Goodhart (the top-scored answers are partly the errors' luck), b is *extremal* (the reward
model agrees near typical answers and parts far from them).

**Living with it.** {FIX_WORDS} The fix works because this toy has exactly one flaw and we can
see it. Real fixes work less cleanly: length penalties did not help uniformly in Singhal and
colleagues' (2023) experiments, unlike the toy's λ. Real reward models also have many small
flaws nobody has mapped (σ). The KL penalty does not cure them: Gao and colleagues (2022) found
it acts much like stopping early, with no better true quality at a given KL, and Kwa, Thomas and
Garriga-Alonso (2024) show that with heavy-tailed errors it cannot prevent a policy that scores
arbitrarily high at a small KL with no gain in true quality (the reward models they examined
looked light-tailed). Rewards that can be checked (a known answer, a test suite: RL with
verifiable rewards) are harder to fool, not impossible: a test suite that misses a case rewards
code that only passes the tests. So measure the real goal some other way than the reward itself.
""".replace("{DRAW_WORDS}", draw_words).replace("{FIX_WORDS}", fix_words)
)
story.page_link("pages/checker.py", label="Rewards you can check", icon=":material/fact_check:")

st.header("The whole model, in a few lines of numpy")
st.markdown(
    "Nothing is hidden: the grid of answers, the base model, true quality, the reward model "
    "and the exact KL-penalized optimum fit in these lines, which print the lesson's table."
)
st.code(text.NUMPY_SNIPPET, language="python")

st.header("The lesson's table, from core")
st.markdown(
    "Run this from the repository's root (`python -m core` prints the same table). "
    "Everything in the app is computed by the same `core` package: numpy only, no Streamlit."
)
st.code(text.SNIPPET, language="python")
st.code(core.format_lesson_table(compute.lesson_table(0.0, 0.0)), language=None)

st.header("What to try next")
st.markdown("Each link opens the Playground at the setting it describes.")
for step, preset in enumerate(text.TRIES, start=1):
    st.page_link(
        "pages/playground.py",
        label=f"{step}. {preset.name}",
        icon=":material/play_arrow:",
        query_params=full_query(preset.values),
    )
    st.caption(preset.story)

# The lecturer's pack: the class poll's step questions, their answers and links, to read, save
# as Markdown or print (a standalone page: the app's menu and buttons do not print with it).
app_url = st.context.url or ""
app_root = app_url.rsplit("/lesson", 1)[0] + "/" if "/lesson" in app_url else ""
# Drawn only when opened (a closed expander's contents still laid out under the sources on a
# phone, and a lecturer asks for the pack; a student need not load it).
box = st.expander(pack.TITLE, key=PACK_OPEN, on_change="rerun", icon=":material/quiz:")
if box.open:
    with box:
        st.markdown(pack.INTRO)
        st.markdown(pack.markdown(link_base=app_root or "./"))
        save_markdown, save_page = st.columns(2)
        save_markdown.download_button(
            "Download the pack (Markdown)",
            pack.markdown(link_base=app_root or None).encode(),
            file_name="lecturers_pack.md",
            mime="text/markdown",
            on_click="ignore",
            icon=":material/download:",
        )
        save_page.download_button(
            "A page to print (HTML)",
            pack.printable_html(app_address=app_root).encode(),
            file_name="lecturers_pack.html",
            mime="text/html",
            on_click="ignore",
            icon=":material/print:",
        )

presenter.switch()
sources.footer(
    "clark2016",
    "krakovna2020",
    "goodhart1975",
    "strathern1997",
    "christiano2017",
    "ouyang2022",
    "schulman2017",
    "ahmadian2024",
    "shao2024",
    "rafailov2023",
    "gao2022",
    "singhal2023",
    "manheim2018",
    "kwa2024",
    container=presenter.words("Sources"),
)
